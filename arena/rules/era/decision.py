"""THE EDITOR'S DECISION I–III: the crowd's call, the editor's act, the appeal and his standing."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from arena.rules.dice import Difficulty, Pool, Roll, RulesError, check_range
from arena.rules.era.rolls import Dice, SeededDice
from arena.rules.era.sheet import Fighter

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


def appeal_pool(loser: Fighter) -> Pool:
    """A Hard Charm check: Charisma + Charm against 3 Trial dice (Bithys: 28 in 100)."""
    return loser.appeal_pool.with_difficulty(APPEAL_DIFFICULTY)


@dataclass(frozen=True)
class Verdict:
    crowd: CrowdCall
    act: EditorAct
    appeal: Roll | None  # rolled only when the crowd calls for the sword
    appeal_succeeded: bool
    defied_crowd: bool
    dignitas_change: int  # -1 for defying the crowd, unless an appeal moved him
    winner_earns_dignitas: bool  # winner at Crowd Favor 6; once a session is the campaign's job

    @property
    def loser_dies(self) -> bool:
        return self.act is EditorAct.SWORD

    def as_dict(self) -> dict:
        return {
            "crowd": str(self.crowd),
            "act": str(self.act),
            "appeal": None if self.appeal is None else self.appeal.as_dict(),
            "appeal_succeeded": self.appeal_succeeded,
            "loser_dies": self.loser_dies,
            "defied_crowd": self.defied_crowd,
            "dignitas_change": self.dignitas_change,
            "winner_earns_dignitas": self.winner_earns_dignitas,
        }


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
    rng: random.Random | None = None,
    *,
    winner_favor: int | None = None,
    dice: Dice | None = None,
) -> Verdict:
    """The loser's fate from his Crowd Favor.

    `editor_choice` is the editor's own will: in the divided band it decides (default missio,
    since a dead man costs him the lanista's price); against a crowd calling for release or the
    sword it defies the crowd. At 0–2 the appeal is rolled first: a success moves the editor to
    missio at no cost. Give `rng` (or scripted `dice`) for the appeal roll.
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
    appeal = _roll_appeal(loser, rng, dice)
    if appeal.outcome.success:
        return Verdict(crowd, EditorAct.MISSIO, appeal, True, False, 0, earns)
    act = choice or EditorAct.SWORD
    return Verdict(crowd, act, appeal, False, act is EditorAct.MISSIO, _cost(act, crowd), earns)


def _cost(act: EditorAct, crowd: CrowdCall) -> int:
    defied = (crowd is CrowdCall.RELEASE and act is EditorAct.SWORD) or (
        crowd is CrowdCall.SWORD and act is EditorAct.MISSIO
    )
    return -1 if defied else 0


def _roll_appeal(loser: Fighter, rng: random.Random | None, dice: Dice | None) -> Roll:
    if dice is None:
        if rng is None:
            raise RulesError("the appeal needs a random generator (rng) or dice")
        dice = SeededDice(rng)
    return dice.roll(appeal_pool(loser))
