"""The Critical Injury table (ours: the seed keeps a Core table it does not print) and its roll.

The bands agree with the seed: 44 is a Cracked Rib, a Moderate (Average) injury; 47 a Wrenched
Limb; 72 a Damaged Leg. Severity never falls as the roll rises, so a worse roll is harder for
the medicus, and the top band kills. Rolls run past 100 with carried injuries and below 1 with
a helm: anything under 1 reads as the first band.
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from dataclasses import dataclass

from arena.rules.dice import Difficulty, RulesError, check_range

INJURY_STEP = 10  # each injury already carried adds 10; each point of Helm takes 10


class Severity(enum.IntEnum):
    """How hard the medicus's Medicine check is; the seed's 'Moderate' is Average."""

    EASY = 1
    AVERAGE = 2
    HARD = 3
    DAUNTING = 4

    @property
    def label(self) -> str:
        return self.name.title()

    @property
    def difficulty(self) -> Difficulty:
        return Difficulty(int(self))


@dataclass(frozen=True)
class Injury:
    """One band of the table: `low`..`high` inclusive (`high` None for the open top band)."""

    low: int
    high: int | None
    name: str
    severity: Severity
    effect: str
    fatal: bool = False

    def covers(self, total: int) -> bool:
        return total >= self.low and (self.high is None or total <= self.high)

    @property
    def band(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}–{self.high}"

    def as_dict(self) -> dict:
        return {
            "band": self.band,
            "name": self.name,
            "severity": self.severity.label,
            "effect": self.effect,
            "fatal": self.fatal,
        }


E, A, H, D = Severity.EASY, Severity.AVERAGE, Severity.HARD, Severity.DAUNTING
_BAND_ROWS = (
    (1, 5, "Grazed", E, "A shallow cut; 1 Strain when the wound is dressed."),
    (6, 10, "Winded", E, "Add 1 Bane die to the next Athletics check."),
    (11, 15, "Split Brow", E, "Blood in the eyes: add 1 Bane die to Vigilance checks."),
    (16, 20, "Jarred Arm", E, "Add 1 Bane die to the next Melee check out of the arena."),
    (21, 25, "Bruised Knee", E, "Add 1 Bane die to Athletics checks."),
    (26, 30, "Sprained Wrist", E, "Add 1 Bane die to Operate checks."),
    (31, 35, "Stunned", E, "Add 1 Bane die to Intellect checks until the next rest."),
    (36, 40, "Gashed Forearm", E, "Add 1 Bane die to Melee checks."),
    (41, 45, "Cracked Rib", A, "Every breath hurts: add 1 Trial die to Athletics checks."),
    (46, 50, "Wrenched Limb", A, "Add 1 Trial die to Athletics and Melee checks."),
    (51, 55, "Torn Shoulder", A, "Add 1 Trial die to Might checks."),
    (56, 60, "Deep Gash", A, "Lose 1 Wound Point until healed."),
    (61, 65, "Concussion", A, "Add 1 Trial die to Intellect and Cunning checks."),
    (66, 70, "Broken Fingers", A, "Add 1 Trial die to Melee and Operate checks."),
    (71, 75, "Damaged Leg", A, "Limps: add 1 Trial die to Athletics and Agility checks."),
    (76, 80, "Cracked Collarbone", A, "Add 1 Trial die to Melee checks with a shield."),
    (81, 85, "Punctured Side", A, "Lose 2 Wound Points until healed."),
    (86, 90, "Broken Nose", A, "Add 1 Trial die to Charm checks."),
    (91, 95, "Broken Arm", H, "Upgrade the difficulty of Melee and Athletics checks once."),
    (96, 100, "Shattered Knee", H, "Upgrade the difficulty of Agility and Athletics checks once."),
    (101, 105, "Maimed Hand", H, "Upgrade the difficulty of Melee and Operate checks once."),
    (106, 110, "Ruined Eye", H, "Upgrade the difficulty of Vigilance and Melee checks once."),
    (111, 115, "Hamstrung", H, "Upgrade the difficulty of every Agility check once."),
    (116, 120, "Cracked Skull", H, "Upgrade the difficulty of every Intellect check once."),
    (121, 125, "Cut Tendons", H, "Lose 1 Might until healed."),
    (126, 130, "Gruesome Wound", D, "Lose 1 from a characteristic of the GM's choice."),
    (131, 140, "Bleeding Out", D, "Dies at the end of the day unless the medicus treats it."),
    (141, 150, "Mortal Wound", D, "Dies within the week unless the medicus treats it."),
)
TABLE: tuple[Injury, ...] = tuple(Injury(*row) for row in _BAND_ROWS) + (
    Injury(151, None, "Slain", D, "Dies on the sand.", fatal=True),
)


_LOWS = tuple(entry.low for entry in TABLE)


def injury_for(total: int) -> Injury:
    """The band a modified roll lands in; totals under 1 read as the first band."""
    return TABLE[max(0, bisect_right(_LOWS, total) - 1)]


@dataclass(frozen=True)
class CritRoll:
    """A Critical Injury roll with its arithmetic, so the log can show '54 − 10 = 44'."""

    d100: int
    carried: int
    helm: int
    injury: Injury

    @property
    def modifier(self) -> int:
        return INJURY_STEP * (self.carried - self.helm)

    @property
    def total(self) -> int:
        return self.d100 + self.modifier

    def arithmetic(self) -> str:
        parts = [str(self.d100)]
        if self.carried:
            parts.append(f"+ {INJURY_STEP * self.carried} (injuries carried: {self.carried})")
        if self.helm:
            parts.append(f"− {INJURY_STEP * self.helm} (Helm {self.helm})")
        return " ".join(parts) + f" = {self.total}"

    def as_dict(self) -> dict:
        return {
            "d100": self.d100,
            "carried": self.carried,
            "carried_bonus": INJURY_STEP * self.carried,
            "helm": self.helm,
            "helm_reduction": INJURY_STEP * self.helm,
            "total": self.total,
            "arithmetic": self.arithmetic(),
            "injury": self.injury.as_dict(),
        }


def critical_injury(d100: int, *, carried: int = 0, helm: int = 0) -> CritRoll:
    """d100 + 10 per injury already carried (this bout's first, old, untreated) − 10 × Helm."""
    check_range("d100", d100, 1, 100)
    check_range("carried injuries", carried, 0, 20)
    check_range("helm", helm, 0, 10)
    total = d100 + INJURY_STEP * (carried - helm)
    return CritRoll(d100=d100, carried=carried, helm=helm, injury=injury_for(total))


def severity_by_name(name: str) -> Severity:
    """'Moderate' (the seed's word) is Average."""
    key = name.strip().upper()
    if key == "MODERATE":
        return Severity.AVERAGE
    if key in Severity.__members__:
        return Severity[key]
    raise RulesError(
        f"severity must be one of Easy, Average (Moderate), Hard, Daunting; got {name!r}"
    )
