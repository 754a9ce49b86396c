"""Golden recordings of the Sands engine: a stored bout must replay exactly, so the logged
engine gives the same dice, events and outcome for the same seed and orders whatever is done
to make it faster, and the no-log path (the odds') gives the same outcome.

For each setup below and each of SEEDS seeds, tests/rules/sands/data/golden.json holds a
digest (the first 64 bits of a SHA-256) of the whole logged result (every event as data: kind,
turn, phase, who, text, figures and the board and sheets after it; the winner, end reason,
fates, appeal and turns; both men's sheets at the end) and a digest of the no-log result (the
same without events).
Recorded from the engine before the fast path (issue 14); regenerate only for a deliberate
change of the rules (a new ENGINE_VERSION), with

    LUDUS_REGOLD=1 .venv/bin/pytest tests/rules/sands/test_golden.py
"""

import hashlib
import json
import os
from pathlib import Path

import pytest

from rules.sands.bout import ENGINE_VERSION, FighterSpec, Setup, play, standard_setup

DATA = Path(__file__).parent / "data" / "golden.json"
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


def digests(setup, seed) -> tuple[str, str]:
    logged = play(setup, seed, record=True)
    events = [event_data(event) for event in logged.events]
    quiet = play(setup, seed, record=False)
    assert quiet.events == []
    return sha({"events": events} | outcome(logged)), sha(outcome(quiet))


def record() -> dict:
    return {
        "engine_version": ENGINE_VERSION,
        "setups": {
            name: {str(seed): " ".join(digests(setup, seed)) for seed in SEEDS}
            for name, setup in SETUPS.items()
        },
    }


@pytest.fixture(scope="module")
def golden():
    if os.environ.get("LUDUS_REGOLD"):
        DATA.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    return json.loads(DATA.read_text())


def test_the_recording_is_of_this_engine(golden):
    assert golden["engine_version"] == ENGINE_VERSION
    assert set(golden["setups"]) == set(SETUPS)


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_engine_replays_its_recorded_bouts(golden, name):
    recorded = golden["setups"][name]
    changed = [
        seed for seed in SEEDS if " ".join(digests(SETUPS[name], seed)) != recorded[str(seed)]
    ]
    assert changed == [], f"{name}: bouts that no longer replay: {changed[:10]}"


def test_the_no_log_path_has_the_logged_outcome():
    """The no-log result is the logged one without its events (a few seeds, every setup)."""
    for setup in SETUPS.values():
        for seed in range(20):
            logged, quiet = play(setup, seed), play(setup, seed, record=False)
            assert outcome(logged) == outcome(quiet)
