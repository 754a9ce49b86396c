"""Golden recordings of the Sands engine: a stored bout must replay exactly, so the logged
engine gives the same dice, events and outcome for the same seed and orders whatever is done
to make it faster, and the no-log path (the odds') gives the same outcome.

For each setup below and each of SEEDS seeds, tests/rules/sands/data/golden.json holds a
digest (the first 64 bits of a SHA-256) of the whole logged result (every event as data: kind,
turn, phase, who, text, figures and the board and sheets after it; the winner, end reason,
fates, appeal and turns; both men's sheets at the end) and a digest of the no-log result (the
same without events).
data/golden.json was recorded under sands/1 before the fast path (issue 14) and is never
recorded again: a bout stored under sands/1 replays under it exactly. data/golden_sands_2.json
holds the same setups under sands/2 (issue 26); regenerate only the current engine's file, for
a deliberate change of the rules (a new ENGINE_VERSION gets a new file), with

    LUDUS_REGOLD=1 .venv/bin/pytest tests/rules/sands/test_golden.py
"""

import hashlib
import json
import os
from pathlib import Path

import pytest

from rules.sands.bout import ENGINE_VERSION, FighterSpec, Setup, play, standard_setup

DATA = {
    "sands/1": Path(__file__).parent / "data" / "golden.json",
    "sands/2": Path(__file__).parent / "data" / "golden_sands_2.json",
}
SEEDS = range(300)
SETUPS = {
    "standard": standard_setup(),
    "bold": standard_setup(
        {"press": "3", "crowd": "always", "keep_defence": "0", "bid": "3"},
        {"press": "2", "crowd": "never", "initiative": "pass", "quick_step": "no"},
    ),
    "cautious": standard_setup(
        {"press": "0", "keep_defence": "4", "finger": "2", "specials": "no"},
        {"press": "0", "keep_defence": "3", "finger": "3", "bid": "0"},
        turn_limit=10,
    ),
    "thraex_first": Setup(
        FighterSpec("Bithys", "thraex", {"crowd": "always", "finger": "4"}),
        FighterSpec("Priscus", "murmillo", {"press": "5", "initiative": "pass"}),
    ),
    "mirror": Setup(
        FighterSpec("Verus", "murmillo", {}),
        FighterSpec("Priscus", "murmillo", {"crowd": "never", "bid": "6"}),
    ),
}


def sha(value) -> str:
    """The first 64 bits of the SHA-256 of `value` as compact JSON."""
    text = json.dumps(value, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def event_data(event) -> list:
    s = event.state
    state = [s.hexes, s.pools, s.forfeited, s.surrendered, s.fatigue, s.wounds, s.tokens]
    return [event.kind, event.turn, event.phase, event.who, event.text, event.data, state]


# A sheet's fields as recorded (named, so a field added later does not change the digests).
SHEET = ("index", "pos", "pool", "forfeited", "surrendered", "defence_tokens", "laurel_token")
SHEET += ("fervour", "favour", "disfavour", "apathy", "fatigue", "fatigued", "bleed", "hurt")
SHEET += ("moved", "attacked", "wounded_opponent", "dead", "conceded")


def sheet(g) -> dict:
    data = {name: getattr(g, name) for name in SHEET}
    data["wounds"] = sorted((str(k), v) for k, v in g.wounds.items())
    data["specials_used"] = sorted(g.specials_used)
    return data


def outcome(result) -> dict:
    return {
        "turns": result.turns,
        "winner": result.winner,
        "loser": result.loser,
        "end_reason": result.end_reason,
        "fates": result.fates,
        "appeal": result.appeal,
        "sheets": [sheet(g) for g in result.gladiators],
    }


def digests(setup, seed, version) -> tuple[str, str]:
    logged = play(setup, seed, record=True, engine_version=version)
    events = [event_data(event) for event in logged.events]
    quiet = play(setup, seed, record=False, engine_version=version)
    assert quiet.events == []
    return sha({"events": events} | outcome(logged)), sha(outcome(quiet))


def record(version) -> dict:
    return {
        "engine_version": version,
        "setups": {
            name: {str(seed): " ".join(digests(setup, seed, version)) for seed in SEEDS}
            for name, setup in SETUPS.items()
        },
    }


@pytest.fixture(scope="module")
def golden():
    if os.environ.get("LUDUS_REGOLD"):  # only the current engine's: older ones never change
        text = json.dumps(record(ENGINE_VERSION), indent=1, sort_keys=True) + "\n"
        DATA[ENGINE_VERSION].write_text(text)
    return {version: json.loads(path.read_text()) for version, path in DATA.items()}


@pytest.mark.parametrize("version", sorted(DATA))
def test_each_recording_is_of_its_engine(golden, version):
    assert golden[version]["engine_version"] == version
    assert set(golden[version]["setups"]) == set(SETUPS)


def test_new_bouts_are_fought_under_sands_2():
    assert ENGINE_VERSION == "sands/2"


@pytest.mark.parametrize("version", sorted(DATA))
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_engine_replays_its_recorded_bouts(golden, name, version):
    recorded = golden[version]["setups"][name]
    changed = [
        seed
        for seed in SEEDS
        if " ".join(digests(SETUPS[name], seed, version)) != recorded[str(seed)]
    ]
    assert changed == [], f"{version} {name}: bouts that no longer replay: {changed[:10]}"


@pytest.mark.parametrize("version", sorted(DATA))
def test_the_no_log_path_has_the_logged_outcome(version):
    """The no-log result is the logged one without its events (a few seeds, every setup)."""
    for setup in SETUPS.values():
        for seed in range(20):
            logged = play(setup, seed, engine_version=version)
            quiet = play(setup, seed, record=False, engine_version=version)
            assert outcome(logged) == outcome(quiet)


def test_sands_2_fights_other_bouts_than_sands_1(golden):
    """The recordings differ where the readings do (the crowd above all), so a bout stored
    under one engine would not replay under the other."""
    old, new = golden["sands/1"]["setups"], golden["sands/2"]["setups"]
    differ = sum(old[name][str(s)] != new[name][str(s)] for name in SETUPS for s in SEEDS)
    assert differ > 0
