"""The coin-flip duel, the toy's rules engine (pure Python, as under rules/): each round a fair
coin names the side that scores; the first side to WINS_NEEDED scores wins. Deterministic given
the seed. The app fights it through the plug-in (plugin.py), so the engine declares only what
the app asks of a ruleset outside a bout: its names, sheet, figures, rest and treatment."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from rules.core.ruleset import Figure, Figures, Treatment, TreatmentOdds

KEY = "coin"
ENGINE_VERSION = "coin/1"
WINS_NEEDED = 2
SIDES = ("a", "b")


@dataclass(frozen=True)
class CoinSheet:
    """A coin-flipper has no ratings."""

    def to_dict(self) -> dict:
        return {}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> CoinSheet:
        return cls()

    @classmethod
    def form_fields(cls) -> tuple:
        return ()


def flips(seed: int) -> list[dict]:
    """The whole duel from its seed: one event a round, the side the coin names."""
    rng = random.Random(seed)
    scores = dict.fromkeys(SIDES, 0)
    events = []
    while max(scores.values()) < WINS_NEEDED:
        side = rng.choice(SIDES)
        scores[side] += 1
        events.append({"kind": "flip", "round": len(events) + 1, "side": side})
    return events


def scores(events: Sequence[dict]) -> dict[str, int]:
    return {side: sum(1 for e in events if e["side"] == side) for side in SIDES}


def winner(events: Sequence[dict]) -> str | None:
    """The side that reached WINS_NEEDED (None: not yet)."""
    return next((s for s, n in scores(events).items() if n >= WINS_NEEDED), None)


def odds(bouts: int, seed: int) -> dict[str, int]:
    """How many of `bouts` duels from the run's seed each side wins."""
    rng = random.Random(seed)
    wins = dict.fromkeys(SIDES, 0)
    for _ in range(bouts):
        wins[winner(flips(rng.randrange(2**32)))] += 1
    return wins


class CoinRuleset:
    key: ClassVar[str] = KEY
    name: ClassVar[str] = "Coin flip (a toy of the tests)"
    title: ClassVar[str] = "Coin flip"
    engine_version: ClassVar[str] = ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = (ENGINE_VERSION,)
    sheet_type: ClassVar[type] = CoinSheet
    templates: ClassVar[Mapping[str, str]] = {}
    order_presets: ClassVar[tuple[str, ...]] = ("steady",)
    armaturae: ClassVar[tuple[str, ...]] = ()

    def rest(self, sheet: CoinSheet, wounds: int) -> int:
        return wounds  # a coin-flipper is never hurt for long

    def figures(self, sheet: CoinSheet, injuries: Sequence[str] = (), equipment: str = ""):
        return Figures((Figure("wound_points", "Wound Points", 1, 1),))

    def treat(self, *, severity: str, healer: Mapping[str, int], at_home: bool, seed: int):
        heads = random.Random(seed).random() < 0.5
        return Treatment(success=heads, check="A coin", record={"heads": heads})

    def treatment_odds(self, *, severity: str, healer: Mapping[str, int], at_home: bool):
        return TreatmentOdds(check="A coin", pool="one coin", chance=Fraction(1, 2))
