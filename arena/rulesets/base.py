"""The plug-in base of a ruleset on the app side, and the plain results it gives the services.

The bout service (arena.services.bouts) fights a bout through the plug-in of its campaign's
ruleset (arena.rulesets.plugin_for) and writes what comes back to the campaign: each entry's
result, standing and fate, the injuries taken, the Wounds carried out, the deaths; then the
verdict, the purse and the book. It never reads an engine's own types, so a ruleset that
fights its bouts differently only has to answer in these terms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from arena.errors import BoutError
from rules.core.errors import RulesError

if TYPE_CHECKING:
    from django.urls import URLPattern

    from arena.models import Bout
    from ludus.models import Gladiator

# A bout's stored inputs, an answer or a result as JSON: what the engine reads and writes.
Data = dict[str, Any]

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
    decisions: list[Data]
    events: list[Data]
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
    decisions: list[Data]
    events: list[Data]
    standings: dict[str, int]
    entry_standings: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Ruling:
    """The editor's decision on the loser, as the Verdict row keeps it."""

    crowd_call: str  # "release", "divided" or "sword"
    act: str  # "missio" or "sword"
    dignitas_change: int  # what defying the crowd cost him (0 or -1)
    appeal: Data | None = None
    appeal_success: bool | None = None
    extra: Data = field(default_factory=dict)


# --- the plug-in -------------------------------------------------------------------------------

# Said when a man is too hurt to be sent out; a ruleset may say it in its own words.
FIGHTER_INCAPACITATED = (
    "{name} carries {wounds} Wounds against his {wound_points} Wound Points: he is "
    "incapacitated and cannot fight until rest brings him back under."
)
ENGINE_REFUSED = "The engine refused: {error}"
NO_VERDICT = (
    "A bout of these rules has no editor's decision: the loser's fate is settled on the sand."
)
NO_LIVE_ODDS = "There are no live odds for these rules."
NO_FIGHTS = "These rules put no fight of several entrants on a card."
NO_RACES = "These rules run no chariot races."
NO_TABLE_LINE = "The seed's table prices Era bouts (by Melee); open this bout's book on the engine."


class RulesetPlugin:
    """A ruleset on the app side: what shared code asks of it, each hook with its default.

    A subclass lives in its own package (`arena/rulesets/<key>/plugin.py`) and is registered
    by one line in `arena.rulesets.PLUGINS`. The bout service fights through `fight`, the undo
    through `step_back` (written once here: a subclass says how to replay to a step), the
    verdict through `crowd_call`/`decide`, the book through `engine_chances`/`book_sides`, the
    pages through `pages` and `odds_page`.
    """

    key: ClassVar[str]
    engine_version: ClassVar[str]  # what new bouts are fought with
    engine_versions: ClassVar[tuple[str, ...]]  # every version a stored bout may replay with
    # A campaign may be played under it (arena.rulesets.is_served): False for a ruleset whose
    # package serves only the command line so far (its odds, its bench), not a campaign's bouts.
    serves_campaigns: ClassVar[bool] = True
    words: ClassVar[Words] = ERA_WORDS
    incapacitated_message: ClassVar[str] = FIGHTER_INCAPACITATED
    # The standing orders a man may be given, and the choices a bout may ask each turn.
    presets: ClassVar[tuple[str, ...]] = ()
    ask_choices: ClassVar[tuple[tuple[str, str], ...]] = ()
    # The questions a man's orders may leave to the table, as a page says them (kind: words).
    ask_words: ClassVar[dict[str, str]] = {}
    # A man may declare cuts (against mail): the card's form offers it.
    declares_cuts: ClassVar[bool] = False
    # The seed's table of Melee ranks prices a bout's book (the Era's); else the engine's line.
    table_line: ClassVar[bool] = False
    no_table: ClassVar[str] = NO_TABLE_LINE
    # A fight of several entrants a side (the book prices each side by `book_sides`).
    many_sides: ClassVar[bool] = False
    has_live_odds: ClassVar[bool] = False
    # Chariot races (the Circus) are fought under this ruleset.
    has_races: ClassVar[bool] = False
    # Where the demo campaign of this ruleset is kept (a campaign file) and its name.
    demo_file: ClassVar[str] = ""
    demo_name: ClassVar[str] = ""

    # --- the bout --------------------------------------------------------------------------

    def can_replay(self, version: str) -> bool:
        return version in self.engine_versions

    def incapacitated(self, wounds: int, wound_points: int) -> bool:
        """Whether a man carrying these Wounds is too hurt to be sent out."""
        return wounds >= wound_points

    def setup_data(self, bout: Bout) -> Data:
        """The bout's inputs as stored on it when it is first fought."""
        raise NotImplementedError

    def decision_data(self, decisions: Sequence[Any]) -> list[Data]:
        """The answers as the bout keeps them, each checked by the engine."""
        raise NotImplementedError

    def fight(self, bout: Bout, decisions: list[Data], rounds: int | None = None) -> Fought:
        """Play the bout from its seed with these answers (to its end, or `rounds` more)."""
        raise NotImplementedError

    def bout_pending(self, bout: Bout) -> Any | None:
        """The choice the bout waits for, if any."""
        raise NotImplementedError

    def pending_default(self, bout: Bout) -> Data:
        """What the orders would answer to the pending choice."""
        raise NotImplementedError

    def choice_costs(self, bout: Bout) -> dict[str, str]:
        """What each answer to the pending choice costs, in words (none by default)."""
        return {}

    def live_odds(self, bout: Bout) -> Any:
        raise BoutError(NO_LIVE_ODDS)

    def end_words(self, bout: Bout) -> str:
        """How the bout ended, in words, as its log's last end line says it."""
        end = next((e for e in reversed(bout.log or []) if e.get("kind") == "end"), None)
        return str(end.get("text", "")) if end else ""

    def most_cost(self, bout: Bout) -> int | None:
        """The most the bout's purses may take from the editor, in purses (None: the winner's
        purse at its dearest and the sword's price, the Era's reckoning)."""
        return None

    # --- the verdict -----------------------------------------------------------------------

    def crowd_call(self, loser_favor: int) -> str:
        raise BoutError(NO_VERDICT)

    def appeal_appellant(self, bout: Bout) -> Any | None:
        return None

    def decide(self, bout: Bout, loser: Gladiator, editor_choice: str | None) -> Ruling:
        raise BoutError(NO_VERDICT)

    # --- one step back (a template method) -------------------------------------------------

    def step_back(self, bout: Bout) -> Stepped:
        """The bout before its last step: before the last answer when it was given in the step
        the bout stands in (the choice is asked again); else before the last step, with the
        answers given in it. Replayed from the seed, so nothing is drawn again."""
        decisions = list(bout.decisions)
        steps = bout.rounds
        try:
            if decisions:
                before = self.replay_to(bout, decisions[:-1], steps)
                if self.pending_step(before) == steps:
                    return self.stepped(bout, before, decisions[:-1])
            if steps <= 1:
                return Stepped(rounds=0, decisions=[], events=[], standings={})
            before = self.replay_to(bout, decisions, steps - 1)
        except RulesError as error:
            raise BoutError(ENGINE_REFUSED.format(error=error)) from error
        return self.stepped(bout, before, self.decisions_used(before, decisions))

    def replay_to(self, bout: Bout, decisions: list[Data], steps: int) -> Any:
        """The engine's state of the bout played with `decisions`, stopped after `steps`."""
        raise NotImplementedError

    def pending_step(self, replayed: Any) -> int | None:
        """The step of the choice a replay stopped for (None: it did not stop for one)."""
        raise NotImplementedError

    def decisions_used(self, replayed: Any, decisions: list[Data]) -> list[Data]:
        """The answers a replay used, of those it was given."""
        raise NotImplementedError

    def stepped(self, bout: Bout, replayed: Any, decisions: list[Data]) -> Stepped:
        """The step back as the undo service writes it."""
        raise NotImplementedError

    # --- the book --------------------------------------------------------------------------

    def engine_chances(self, bout: Bout) -> tuple[float, float, str] | None:
        """Each side's chance by the engine, and how it was reckoned (None: no engine line)."""
        return None

    def book_sides(self, bout: Bout, *, fights: int, seed: int) -> list[tuple[int, str, float]]:
        """A fight of several sides: each side's (id, name, chance)."""
        raise NotImplementedError

    def table_rank(self, man: Gladiator) -> int:
        """A man's rank on the seed's table of Melee ranks (with `table_line`)."""
        raise NotImplementedError

    def race_win_chances(self, entries: Sequence[Any]) -> list[float]:
        """Each driver's chance to win a race of this field (with `has_races`)."""
        raise BoutError(NO_RACES)

    # --- the pages -------------------------------------------------------------------------

    @property
    def pages(self) -> Any:
        """The bout's pages: a module with bout_detail, respond, report, bout_choose and
        bout_replay (arena.views.bouts hands every bout to its ruleset's)."""
        raise NotImplementedError

    # The `bout_odds` command's part for this ruleset (a module: OWN_OPTIONS,
    # CHECKS_FOREIGN_OPTIONS, add_arguments(parser), run(options, defaults) -> text); None: none.
    odds_cli: ClassVar[Any] = None

    @property
    def odds_page(self) -> Any:
        """The odds page of a campaign of this ruleset (arena.views.mc_odds's shape)."""
        raise NotImplementedError

    # A show's card: the row of a fight of several entrants, and the planner's form that adds
    # one (beside the pair's "Add a pair"); none where the ruleset fights pairs only.
    card_row_template: ClassVar[str] = ""
    # The side of a fight's entrants who are no man of the campaign (Moritari: the beasts).
    no_man_side: ClassVar[str] = ""
    card_add_template: ClassVar[str] = ""

    def card_add_form(self, show: Any, fighters: Any, data: Any = None) -> Any | None:
        return None

    def fight_from_file(self, show: Any, spec: Data, *, man: Any) -> Bout:
        """A card's fight of several entrants as a campaign file writes it (`man(name)` finds
        a man of the file by name)."""
        raise BoutError(NO_FIGHTS)

    # Sections of a campaign only this ruleset has: (its address under c/<id>/, its URLconf).
    campaign_sections: ClassVar[tuple[tuple[str, str], ...]] = ()

    def urls(self) -> list[URLPattern]:
        """The pages only this ruleset has, in the arena's namespace."""
        return []

    def pair_sheet(self, man: Gladiator) -> Any | None:
        """A man's sheet as the page of a pair's man draws it (None: the ruleset's own sheet
        template, `rules.core` Ruleset.templates["sheet"], draws it)."""
        return None
