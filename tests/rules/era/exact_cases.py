"""Setups for checking the exact chain against figures recorded from an earlier version of it.

`exact_reference.json` beside this file holds `ExactOdds` of every case below as computed by
the chain before its speed-up (issue 14, 2026-12-05: the round-by-round chain over full Wound
axes, stopping at 1e-12); `tests/rules/era/test_exact_reference.py` asks the current chain
for the same cases. Run this module (`python -m tests.rules.era.exact_cases`) only to record
the figures anew from a chain known to be right.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from rules.core.errors import RulesError
from rules.era.bout import BoutSetup, Entrant, Side, fight_bout
from rules.era.exact import NAMES, BoutState, exact_odds
from rules.era.sheet import Fighter

REFERENCE = Path(__file__).with_name("exact_reference.json")
# The chain's own figures (rules.era.exact.NAMES) and what it reports beside them.
FIELDS = (*NAMES, "walk_out_a", "walk_out_b", "mean_rounds", "unresolved")
KITS = ("thraex", "murmillo", "samnite")
ORDERS = ("cautious", "fight-on", "never-yield")
NAMED = ("Broken Nose", "Cut Tendons", "Cracked Collarbone")
VERSIONS = ("era-bout/1", "era-bout/2")


def side_params(rng: random.Random) -> dict[str, Any]:
    injuries = rng.sample(NAMED, rng.choice((0, 0, 0, 1, 1, 2)))
    return {
        "might": rng.randint(2, 4),
        "melee": rng.randint(1, 4),
        "kit": rng.choice(KITS),
        "favor": rng.randint(0, 6),
        "orders": rng.choice(ORDERS),
        "wounds": rng.choice((0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 6, 8, 9, 10)),
        "carried": len(injuries) + rng.choice((0, 0, 0, 1, 2)),
        "helm": rng.choice((None, None, None, 0, 1, 2)),
        "injuries": injuries,
    }


def entrant(params: dict[str, Any]) -> Entrant:
    return Entrant(
        Fighter("a man", might=params["might"], melee=params["melee"]),
        params["kit"],
        params["favor"],
        params["orders"],
        carried_injuries=params["carried"],
        helm=params["helm"],
        wounds=params["wounds"],
        injuries=params["injuries"],
    )


def build(case: dict[str, Any]) -> tuple[BoutSetup, str, BoutState | None]:
    setup = BoutSetup(entrant(case["a"]), entrant(case["b"]), case["first"])
    state = None
    if isinstance(case["state"], dict):  # a state set out as it is (late rounds: the cap)
        fields = dict(case["state"], first=Side(case["state"]["first"]))
        state = BoutState(**fields)
    elif case["state"] is not None:
        seed, rounds = case["state"]
        result = fight_bout(setup, seed=seed, max_rounds=rounds, engine_version=case["version"])
        state = BoutState.of(result)
    return setup, case["version"], state


def figures(case: dict[str, Any]) -> dict[str, float]:
    setup, version, state = build(case)
    odds = exact_odds(setup, engine_version=version, state=state)
    return {name: getattr(odds, name) for name in FIELDS}


def cases(count: int = 260, seed: int = 14) -> list[dict[str, Any]]:
    """`count` setups that the chain accepts: random men, both readings, a third of them from
    a live state (a bout's first rounds fought from a seed)."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    while len(found) < count:
        case: dict[str, Any] = {
            "a": side_params(rng),
            "b": side_params(rng),
            "first": rng.choice((None, None, "a", "b")),
            "version": rng.choice(VERSIONS),
            "state": None,
        }
        roll = rng.random()
        if roll < 0.3:
            case["state"] = [rng.randrange(1_000_000), rng.randint(1, 6)]
        elif roll < 0.4:
            case["state"] = {
                "round": rng.choice((150, 190, 195, 198, 199, 200)),
                "first": rng.choice(("a", "b")),
                "wounds_a": rng.choice((0, 2, 3, 5)),
                "wounds_b": rng.choice((0, 2, 4, 7)),
                "injured_a": rng.random() < 0.3,
                "injured_b": rng.random() < 0.3,
                "favor_a": rng.randint(0, 6),
                "favor_b": rng.randint(0, 6),
                "idle": rng.randint(0, 3),
            }
        try:
            setup, version, state = build(case)
            exact_odds(setup, engine_version=version, state=state)
        except RulesError:
            continue  # a man carried in past his drop, a bout over before the state
        found.append(case)
    return found


def record() -> None:
    rows = [{"case": case, "figures": figures(case)} for case in cases()]
    REFERENCE.write_text(json.dumps(rows) + "\n")


if __name__ == "__main__":
    record()
