"""Fighter orders: the GM's policy for every choice a fighter makes in a bout, as frozen data.

The engine asks the orders at each choice. A side whose orders list a choice in `ask` is not
decided automatically: the engine takes the GM's answer from the replayed decisions, or stops
and reports the choice as pending (design.md: policies are data).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import TypeVar

from rules.era.dice import RulesError, check_range
from rules.era.readings import CURRENT, Reading


class DecisionKind(enum.StrEnum):
    YIELD = "yield"  # at the start of his turn: concede or fight
    FIGHT_ON = "fight_on"  # at the end of the round of his first Critical Injury
    BOONS = "boons"  # on a hit with 2 or more spare Boons: how to spend them


# What each question asks, as the bout page says it ("asks the table whether to yield").
DECISION_LABELS = {
    DecisionKind.YIELD: "whether to yield",
    DecisionKind.FIGHT_ON: "whether to fight on after his first Critical Injury",
    DecisionKind.BOONS: "how to spend spare Boons",
}


class Choice(enum.StrEnum):
    FIGHT = "fight"
    YIELD = "yield"
    FIGHT_ON = "fight_on"
    CRIT = "crit"
    FLOURISH = "flourish"
    NONE = "none"


class BoonSpend(enum.StrEnum):
    CRIT = "crit"  # a Critical Injury when the Boons reach Crit, else a flourish (the default)
    FLOURISH = "flourish"  # always the flourish, never a Critical Injury from Boons


@dataclass(frozen=True)
class Orders:
    """When to yield, whether to fight on after a first Critical Injury, and how to spend Boons.

    `yield_after_first_injury_at_favor`: after his first Critical Injury, yield at round end when
    his Crowd Favor is at least this; None: always fight on. `wound_yield`: past half his Wound
    Points, yield at the start of his turn when the opponent's minimum hit would incapacitate
    him (both as the engine version's `Reading` has them). `never_yield` overrides both.
    `cut`: declare cuts instead of thrusts (only a cut meets mail's Deflecting die).
    """

    name: str = "cautious"
    yield_after_first_injury_at_favor: int | None = 4
    wound_yield: bool = True
    never_yield: bool = False
    boon_spend: BoonSpend = BoonSpend.CRIT
    cut: bool = False
    ask: frozenset[DecisionKind] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.yield_after_first_injury_at_favor is not None:
            check_range(
                "yield after first injury at favor", self.yield_after_first_injury_at_favor, 0, 7
            )
        object.__setattr__(self, "boon_spend", _enum(BoonSpend, self.boon_spend, "boon spend"))
        asked = frozenset(_enum(DecisionKind, kind, "ask") for kind in self.ask)
        object.__setattr__(self, "ask", asked)

    def yields_after_first_injury(self, favor: int) -> bool:
        if self.never_yield or self.yield_after_first_injury_at_favor is None:
            return False
        return favor >= self.yield_after_first_injury_at_favor

    def yields_for_wounds(
        self, wounds: int, wound_points: int, minimum_hit: int, reading: Reading = CURRENT
    ) -> bool:
        """Past half his Wound Points, and the opponent's smallest hit would drop him (as the
        bout's engine version reads "drop": reaching his Wound Points, or exceeding them)."""
        if self.never_yield or not self.wound_yield or minimum_hit <= 0:
            return False
        dropped = reading.incapacitated(wounds + minimum_hit, wound_points)
        return 2 * wounds >= wound_points and dropped

    def spend(self, boons: int, crit: int) -> Choice:
        """One spend per hit: a Critical Injury at Boons >= Crit, else a flourish at 2 or more."""
        if boons >= crit and self.boon_spend is BoonSpend.CRIT:
            return Choice.CRIT
        return Choice.FLOURISH if boons >= 2 else Choice.NONE

    def asking(self, *kinds: DecisionKind | str) -> Orders:
        return replace(self, ask=self.ask | {DecisionKind(kind) for kind in kinds})


E = TypeVar("E", bound=enum.StrEnum)


def _enum(kind: type[E], value: object, name: str) -> E:
    if isinstance(value, str):  # members are texts: nothing else can be one
        try:
            return kind(value)
        except ValueError:
            pass
    allowed = ", ".join(member.value for member in kind)
    raise RulesError(f"{name} must be one of {allowed}; got {value!r}")


CAUTIOUS = Orders(name="cautious")
FIGHT_ON = Orders(name="fight-on", yield_after_first_injury_at_favor=None)
NEVER_YIELD = Orders(
    name="never-yield", yield_after_first_injury_at_favor=None, wound_yield=False, never_yield=True
)
PRESETS: dict[str, Orders] = {o.name: o for o in (CAUTIOUS, FIGHT_ON, NEVER_YIELD)}


def orders_by_name(name: str) -> Orders:
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in PRESETS:
        raise RulesError(f"orders must be one of {', '.join(PRESETS)}; got {name!r}")
    return PRESETS[key]
