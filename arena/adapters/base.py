"""What a ruleset's arena adapter gives the bout service: plain results, no engine types.

The bout service (arena.services.bouts) fights a bout through the adapter of its campaign's
ruleset (arena.adapters.adapter_for) and writes what comes back to the campaign: each entry's
result, standing and fate, the injuries taken, the Wounds carried out, the deaths; then the
verdict, the purse and the book. It never reads an engine's own types, so a ruleset that
fights its bouts differently only has to answer in these terms.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# A book's side that no man of the campaign names (the beasts of a skirmish): a side of men is
# named by its (first) man's id, which is never 0.
NO_MAN_SIDE_ID = 0


@dataclass(frozen=True)
class Words:
    """How a ruleset's reports name a bout's steps and a man's standing (the Era's by default:
    "3 rounds", "Crowd Favor 4"). An adapter that names them otherwise declares `WORDS`."""

    round: str = "round"
    rounds: str = "rounds"
    standing: str = "Crowd Favor"

    def steps(self, count: int) -> str:
        """'1 round', '3 rounds' ('1 turn', '3 turns')."""
        return f"{count} {self.round if count == 1 else self.rounds}"


ERA_WORDS = Words()


@dataclass(frozen=True)
class InjuryDone:
    """An injury taken in the bout, as the campaign's Injury row keeps it."""

    name: str
    severity: str  # the medicus's difficulty, lower case ("average")
    effect: str
    table_roll: int


@dataclass(frozen=True)
class EntrantEnd:
    """One entrant where the fight stopped: his standing and, once it is over, what he
    carries out (`wounds` is his total at the end, counted from what he carried in)."""

    side: str
    standing: int
    wounds: int = 0
    injuries: tuple[InjuryDone, ...] = ()
    dead: bool = False
    # A fight of several men a side (Moritari) names the entry itself (BoutEntry pk) and the
    # Wounds it carried in; a pair leaves them None and is found by its side, its Wounds in by
    # its setup. `fate` is his fate when the ruleset settles it on the sand (Sands: the appeal;
    # Moritari: Caesar's thumb), a BoutEntry.Fate; "" leaves it to the editor.
    entry: int | None = None
    wounds_in: int | None = None
    fate: str = ""


@dataclass(frozen=True)
class Fought:
    """A bout played as far as it could go (to its end, a pending choice or the rounds asked).

    `winner` is the winning side (None: a draw, or not over); `verdict_due` says the loser's
    fate waits for the editor (`decide`); when False a finished bout is done at once.
    """

    engine_version: str
    decisions: list[dict]
    events: list[dict]
    rounds: int
    finished: bool
    entrants: tuple[EntrantEnd, ...]
    end_reason: str = ""
    winner: str | None = None
    verdict_due: bool = False
    # Purses paid on the sand, by BoutEntry pk (Moritari: each man of the winning side on his
    # feet); None: the winner's purse by his standing, after the verdict (Era).
    purses: dict[int, int] | None = None


@dataclass(frozen=True)
class Stepped:
    """A bout one step back (arena.services.undo): where it stood before its last answer or
    round. `rounds` 0 is before the first round (the bout is planned again).

    `standings` names a pair's entries by side; a fight of several men a side (Moritari) names
    each entry by its BoutEntry pk in `entry_standings` instead (a side cannot name them)."""

    rounds: int
    decisions: list[dict]
    events: list[dict]
    standings: dict[str, int]
    entry_standings: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Ruling:
    """The editor's decision on the loser, as the Verdict row keeps it."""

    crowd_call: str  # "release", "divided" or "sword"
    act: str  # "missio" or "sword"
    dignitas_change: int  # what defying the crowd cost him (0 or -1)
    appeal: dict | None = None
    appeal_success: bool | None = None
    extra: dict = field(default_factory=dict)
