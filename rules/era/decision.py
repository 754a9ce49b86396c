"""THE EDITOR'S DECISION I–III: the crowd's call, the editor's act, the appeal and his standing.

The appeal is made by "the loser or his lanista" (II): whichever of the two has the better Hard
Charm pool, by its exact chance of success; on a tie the loser speaks for himself. Without a
lanista (a man of no school, or the odds, which know none) the loser appeals alone. The loser's
carried injuries act on his own pool (Broken Nose: 1 Trial die on Charm checks).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.core.dice import Rng
from rules.era.dice import Difficulty, Pool, Roll, RulesError, check_range, distribution
from rules.era.injuries import Injury, carried_entries, check_penalty, injured_sheet
from rules.era.rolls import Dice, SeededDice
from rules.era.sheet import CHARACTERISTIC_RANGE, SKILL_RANGE, Fighter

APPEAL_DIFFICULTY = Difficulty.HARD
DIGNITAS_FAVOR = 6  # a winner at this Crowd Favor earns the editor 1 Dignitas (III)


class CrowdCall(enum.StrEnum):
    RELEASE = "release"  # 5 or 6: shouts for his release
    DIVIDED = "divided"  # 3 or 4: the editor chooses
    SWORD = "sword"  # 0 to 2: calls for the sword


class EditorAct(enum.StrEnum):
    MISSIO = "missio"
    SWORD = "sword"


def crowd_call(loser_favor: int) -> CrowdCall:
    check_range("loser's crowd favor", loser_favor, 0, 6)
    if loser_favor >= 5:
        return CrowdCall.RELEASE
    return CrowdCall.DIVIDED if loser_favor >= 3 else CrowdCall.SWORD


def appeal_pool(loser: Fighter, injuries: Iterable[Injury | str] = ()) -> Pool:
    """A Hard Charm check: Charisma + Charm against 3 Trial dice (Bithys: 28 in 100), with the
    dice his carried injuries add to Charm and Charisma checks (Broken Nose: 1 Trial die)."""
    injuries = carried_entries(injuries)
    pool = injured_sheet(loser, injuries).appeal_pool.with_difficulty(APPEAL_DIFFICULTY)
    return check_penalty(injuries, "charisma", "charm").apply(pool)


class Role(enum.StrEnum):
    LOSER = "loser"
    LANISTA = "lanista"


@dataclass(frozen=True)
class Appellant:
    """Who may make the appeal (II: "the loser or his lanista") and the pool he would roll."""

    role: Role
    name: str
    pool: Pool

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "role", Role(self.role))
        except ValueError:
            raise RulesError(
                f"appellant role must be loser or lanista; got {self.role!r}"
            ) from None
        if not isinstance(self.pool, Pool):
            raise RulesError(f"appellant pool must be a Pool; got {self.pool!r}")

    @classmethod
    def loser(cls, fighter: Fighter, injuries: Iterable[Injury | str] = ()) -> Appellant:
        return cls(Role.LOSER, fighter.name, appeal_pool(fighter, injuries))

    @classmethod
    def lanista(cls, name: str, charisma: int, charm: int) -> Appellant:
        """His lanista's Hard Charm check: his own Charisma + Charm (ranges of the sheet)."""
        check_range("lanista charisma", charisma, *CHARACTERISTIC_RANGE)
        check_range("lanista charm", charm, *SKILL_RANGE)
        pool = Pool.check(charisma, charm, APPEAL_DIFFICULTY)
        return cls(Role.LANISTA, name, pool)

    @property
    def chance(self) -> Fraction:
        """The exact chance that his appeal succeeds."""
        return distribution(self.pool).p_success

    def as_dict(self) -> dict[str, Any]:
        return {
            "role": str(self.role),
            "name": self.name,
            "pool": self.pool.describe(),
            "chance": str(self.chance),
            "in_100": round(float(self.chance) * 100, 1),
        }


def choose_appellant(loser: Appellant, lanista: Appellant | None = None) -> Appellant:
    """The better pool of the two, by exact chance of success; a tie leaves it to the loser."""
    if lanista is not None and lanista.chance > loser.chance:
        return lanista
    return loser


@dataclass(frozen=True)
class Verdict:
    crowd: CrowdCall
    act: EditorAct
    appeal: Roll | None  # rolled only when the crowd calls for the sword
    appeal_succeeded: bool
    defied_crowd: bool
    dignitas_change: int  # -1 for defying the crowd, unless an appeal moved him
    winner_earns_dignitas: bool  # winner at Crowd Favor 6; once a session is the campaign's job
    appellant: Appellant | None = None  # who made the appeal, when one was rolled
    appellants: tuple[Appellant, ...] = ()  # who could have made it (the loser first)

    @property
    def loser_dies(self) -> bool:
        return self.act is EditorAct.SWORD

    def as_dict(self) -> dict[str, Any]:
        """The verdict as data; `appellant` (who appealed) only when an appeal was rolled."""
        out: dict[str, Any] = {
            "crowd": str(self.crowd),
            "act": str(self.act),
            "appeal": None if self.appeal is None else self.appeal.as_dict(),
            "appeal_succeeded": self.appeal_succeeded,
            "loser_dies": self.loser_dies,
            "defied_crowd": self.defied_crowd,
            "dignitas_change": self.dignitas_change,
            "winner_earns_dignitas": self.winner_earns_dignitas,
        }
        if self.appellant is not None:
            out["appellant"] = self.appellant.as_dict()
            out["appellants"] = [candidate.as_dict() for candidate in self.appellants]
        return out


def _editor_choice(value: str | EditorAct | None) -> EditorAct | None:
    if value is None:
        return None
    try:
        return EditorAct(value)
    except ValueError:
        raise RulesError(f"editor choice must be missio, sword or None; got {value!r}") from None


def decide(
    loser_favor: int,
    loser: Fighter,
    editor_choice: str | EditorAct | None = None,
    rng: Rng | None = None,
    *,
    winner_favor: int | None = None,
    dice: Dice | None = None,
    injuries: Iterable[Injury | str] = (),
    lanista: Appellant | None = None,
) -> Verdict:
    """The loser's fate from his Crowd Favor.

    `editor_choice` is the editor's own will: in the divided band it decides (default missio,
    since a dead man costs him the lanista's price); against a crowd calling for release or the
    sword it defies the crowd. At 0–2 the appeal is rolled first: a success moves the editor to
    missio at no cost. Give `rng` (or scripted `dice`) for the appeal roll. `injuries` are the
    loser's carried injuries (they act on his own pool); `lanista` his lanista's appeal, made
    instead of his when its chance is better (`choose_appellant`).
    """
    crowd = crowd_call(loser_favor)
    choice = _editor_choice(editor_choice)
    if winner_favor is not None:
        check_range("winner's crowd favor", winner_favor, 0, 6)
    earns = winner_favor == DIGNITAS_FAVOR
    if crowd is CrowdCall.RELEASE:
        act = choice or EditorAct.MISSIO
        return Verdict(crowd, act, None, False, act is EditorAct.SWORD, _cost(act, crowd), earns)
    if crowd is CrowdCall.DIVIDED:
        return Verdict(crowd, choice or EditorAct.MISSIO, None, False, False, 0, earns)
    if lanista is not None and not isinstance(lanista, Appellant):
        raise RulesError(f"lanista must be an Appellant; got {lanista!r}")
    candidates = (Appellant.loser(loser, injuries),) + (() if lanista is None else (lanista,))
    appellant = choose_appellant(*candidates)
    appeal = _roll_appeal(appellant.pool, rng, dice)
    if appeal.outcome.success:
        return Verdict(
            crowd, EditorAct.MISSIO, appeal, True, False, 0, earns, appellant, candidates
        )
    act = choice or EditorAct.SWORD
    defied = act is EditorAct.MISSIO
    cost = _cost(act, crowd)
    return Verdict(crowd, act, appeal, False, defied, cost, earns, appellant, candidates)


def _cost(act: EditorAct, crowd: CrowdCall) -> int:
    defied = (crowd is CrowdCall.RELEASE and act is EditorAct.SWORD) or (
        crowd is CrowdCall.SWORD and act is EditorAct.MISSIO
    )
    return -1 if defied else 0


def _roll_appeal(pool: Pool, rng: Rng | None, dice: Dice | None) -> Roll:
    if dice is None:
        if rng is None:
            raise RulesError("the appeal needs a random generator (rng) or dice")
        dice = SeededDice(rng)
    return dice.roll(pool)
