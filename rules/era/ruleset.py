"""The Era ruleset (seed 001) behind the seam: the existing engines, wrapped, unchanged.

- sheet: `EraSheet` (the thirteen ratings); the kit is the entrant's `equipment` (armatura).
- setup: two entrants (the Era bout is a pair): index 0 is side a, index 1 side b.
- play: `rules.era.bout.fight_bout`, its BoutResult mapped to the shared `Outcome`; the
  loser's fate is PENDING until `settle_fate` (the crowd, the editor and the appeal).
- odds: `rules.era.odds.bout_odds`; fate: `rules.era.decision.decide`, its appeal seeded
  with `sub_seed(seed, APPEAL)` as stored bouts are; figures: `rules.era.injuries`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from rules.core.errors import RulesError, check_range
from rules.core.events import Decider, Decision, Event, PendingDecision
from rules.core.json import require_int
from rules.core.outcome import EntrantOutcome, Fate, InjuryTaken, Outcome, Result
from rules.core.ruleset import (
    EntrantInput,
    FateSettled,
    Figure,
    Figures,
    Odds,
    Played,
    Ruleset,
    Sheet,
    Treatment,
    TreatmentOdds,
)
from rules.core.seeds import APPEAL, sub_rng
from rules.core.sheet_report import SheetReport, sheet_report
from rules.era import bout, decision, odds
from rules.era.dice import Pool, distribution, roll
from rules.era.injuries import (
    entries_named,
    injured_sheet,
    injured_wound_points,
    severity_by_name,
)
from rules.era.kits import KIT_NAMES, kit_by_name
from rules.era.orders import PRESETS, Orders, orders_by_name
from rules.era.sheet import EraSheet

SIDES = (bout.Side.A, bout.Side.B)  # entrant index -> side
FAVORED_AT = 5  # a winner at Crowd Favor 5 or 6 earns two purses and a palm (seed 001)
PURSES, FAVORED_PURSES = 1, 2


def side_index(side: bout.Side | None) -> int | None:
    return None if side is None else SIDES.index(side)


def shared_event(event: bout.Event) -> Event:
    """An Era log entry in the shared shape; its full Era dict (`as_dict`) is the data."""
    return Event(
        kind=str(event.kind),
        round=event.round,
        text=event.text,
        entrant=side_index(event.actor),
        data=event.as_dict(),
    )


def era_event_dict(event: Event) -> dict[str, Any]:
    """The Era log entry's own dict back from the shared shape (what `Event.as_dict` gave)."""
    return dict(event.data)


def orders_from(data: Mapping[str, object]) -> Orders:
    """Orders from data: {"name": preset, ...any Orders field to override}; {} is cautious."""
    values = dict(data)
    name = values.pop("name", None) or "cautious"
    base = orders_by_name(str(name))
    if "ask" in values:
        asked = values["ask"]
        if not isinstance(asked, list | tuple | set | frozenset):
            raise RulesError(f"orders ask must be a list of decision kinds; got {asked!r}")
        values["ask"] = frozenset(asked)
    try:
        return replace(base, **values)  # type: ignore[arg-type]  # Orders checks each field
    except TypeError:
        raise RulesError(f"unknown orders fields: {', '.join(sorted(values))}") from None


def _era_sheet(sheet: Sheet) -> EraSheet:
    if not isinstance(sheet, EraSheet):
        raise RulesError(f"an Era entrant needs an EraSheet; got {type(sheet).__name__}")
    return sheet


def _bout_setup(setup: object) -> bout.BoutSetup:
    if not isinstance(setup, bout.BoutSetup):
        raise RulesError(f"not an Era bout's setup: {type(setup).__name__}")
    return setup


def treatment_pool(severity: str, intellect: int, medicine: int, at_home: bool) -> Pool:
    """The medicus's pool: his Intellect + Medicine against the injury's severity (Easy 1 to
    Daunting 4 Trial dice), one Trial die upgraded to Crisis away from the ludus."""
    pool = Pool.check(intellect, medicine, severity_by_name(severity).difficulty)
    return pool if at_home else pool.upgrade_difficulty()


def _medicine_check(severity: str) -> str:
    return f"{severity_by_name(severity).difficulty.name.title()} Medicine check"


class EraRuleset:
    key: ClassVar[str] = "era"
    name: ClassVar[str] = "Era (seed 001)"
    title: ClassVar[str] = "Era (50 BC Rome)"
    engine_version: ClassVar[str] = bout.ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = bout.ENGINE_VERSIONS
    sheet_type: ClassVar[type[Sheet]] = EraSheet
    # The templates that show what only the Era rules have (tests/arena/test_ruleset_templates.py
    # checks that each exists).
    templates: ClassVar[Mapping[str, str]] = {
        "bout": "arena/era/bout_detail.html",
        "replay": "arena/era/bout_replay.html",
        "odds": "arena/era/odds.html",
        "corner": "arena/partials/corner.html",
        "dice": "arena/partials/dice.html",
    }
    order_presets: ClassVar[tuple[str, ...]] = tuple(PRESETS)
    armaturae: ClassVar[tuple[str, ...]] = KIT_NAMES

    # setting up and playing

    def entrant(self, entrant: EntrantInput) -> bout.Entrant:
        """The engine's entrant: `standing` {"crowd_favor": n} or {"known": 1} (3, else 2)."""
        sheet = _era_sheet(entrant.sheet)
        standing = entrant.standing
        favor = standing.get("crowd_favor", bout.starting_favor(bool(standing.get("known"))))
        return bout.Entrant(
            fighter=sheet.fighter(entrant.name),
            kit=entrant.equipment or "murmillo",
            favor=favor,
            orders=orders_from(entrant.orders),
            carried_injuries=len(entrant.injuries),  # every one counts: +10 each
            wounds=entrant.wounds,
            injuries=entries_named(entrant.injuries),  # only the table's act on his checks
        )

    def setup(self, entrants: Sequence[EntrantInput], **options: object) -> bout.BoutSetup:
        """A pair of entrants; `first` ("a", "b" or None: a coin at the bout's start)."""
        if len(entrants) != 2:
            raise RulesError(f"an Era bout is fought by two entrants; got {len(entrants)}")
        unknown = set(options) - {"first"}
        if unknown:
            raise RulesError(f"unknown Era bout options: {', '.join(sorted(unknown))}")
        first = options.get("first")
        if first is not None and first not in ("a", "b"):
            raise RulesError(f"first must be a, b or None; got {first!r}")
        a, b = (self.entrant(e) for e in entrants)
        return bout.BoutSetup(a, b, None if first is None else bout.Side(first))

    def play(
        self,
        setup: object,
        seed: int,
        decisions: Sequence[Decision] = (),
        *,
        engine_version: str | None = None,
    ) -> Played:
        bout_setup = _bout_setup(setup)
        answers = [_era_decision(d) for d in decisions]
        result = bout.fight_bout(
            bout_setup, seed=seed, decisions=answers, engine_version=engine_version
        )
        events = tuple(shared_event(e) for e in result.events)
        if result.pending is not None:
            p = result.pending
            pending = PendingDecision(
                Decider.GM, side_index(p.side), str(p.kind), p.options, p.prompt, p.round
            )
            return Played(events, pending, None, result.as_dict())
        return Played(events, None, bout_outcome(bout_setup, result), result.as_dict())

    def odds(
        self, setup: object, trials: int, seed: int, *, engine_version: str | None = None
    ) -> Odds:
        figures = odds.bout_odds(
            _bout_setup(setup), bouts=trials, seed=seed, engine_version=engine_version
        )
        return Odds(
            method=figures.method,
            trials=figures.bouts,
            seed=figures.seed,
            wins=(figures.percent(figures.a_wins), figures.percent(figures.b_wins)),
            draws=figures.percent(figures.draws),
            detail=figures.as_dict(),
        )

    # the loser's fate

    def settle_fate(
        self, setup: object, outcome: Outcome, seed: int, choices: Mapping[str, object]
    ) -> FateSettled:
        """THE EDITOR'S DECISION: the crowd's call from the loser's Crowd Favor, the editor's
        act (`choices["editor"]`: "missio", "sword" or None for his default) and, when the
        crowd calls for the sword, the appeal, by the loser or by his lanista
        (`choices["lanista"]`: {"name", "charisma", "charm"}) if his pool is better."""
        bout_setup = _bout_setup(setup)
        losers = [e for e in outcome.entrants if e.fate is Fate.PENDING]
        if len(losers) != 1:
            raise RulesError("the outcome has no loser whose fate awaits the editor")
        loser = losers[0]
        winner = outcome.entrant(1 - loser.entrant)
        entrant = bout_setup.entrant(SIDES[loser.entrant])
        editor = choices.get("editor")
        if editor is not None and not isinstance(editor, str):
            raise RulesError(f"editor choice must be missio, sword or None; got {editor!r}")
        verdict = decision.decide(
            loser.standing["crowd_favor"],
            entrant.fighter,
            editor,
            sub_rng(seed, APPEAL),
            winner_favor=winner.standing["crowd_favor"],
            injuries=entrant.injuries,
            lanista=_lanista(choices.get("lanista")),
        )
        fate = Fate.DEAD if verdict.loser_dies else Fate.SPARED
        settled = outcome.with_entrant(replace(loser, fate=fate))
        settled = replace(
            settled, others=dict(settled.others) | {"editor_dignitas": verdict.dignitas_change}
        )
        return FateSettled(settled, verdict.as_dict())

    # between fights

    def treat(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool, seed: int
    ) -> Treatment:
        """The medicus's Medicine check: his Intellect + Medicine against the injury's
        severity (Easy 1 … Daunting 4 Trial dice), upgraded once away from the ludus."""
        pool = treatment_pool(severity, healer["intellect"], healer["medicine"], at_home)
        rolled = roll(pool, random.Random(seed))
        return Treatment(rolled.outcome.success, _medicine_check(severity), rolled.as_dict())

    def treatment_odds(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool
    ) -> TreatmentOdds:
        pool = treatment_pool(severity, healer["intellect"], healer["medicine"], at_home)
        return TreatmentOdds(
            _medicine_check(severity), pool.describe(), distribution(pool).p_success
        )

    def rest(self, sheet: Sheet, wounds: int) -> int:
        """A night's rest heals Wounds equal to his Might (the sheet's), never more than he has."""
        check_range("wounds", wounds, 0, 100)
        return min(wounds, _era_sheet(sheet).might)

    def figures(self, sheet: Sheet, injuries: Sequence[str] = (), equipment: str = "") -> Figures:
        """Wound Points, Resistance (with the kit's, when `equipment` names one), Might and the
        Strain threshold, as the injuries he carries leave them (names off the table act on
        nothing). A Punctured Side: 2 Wound Points fewer."""
        fighter = _era_sheet(sheet).fighter("figures")
        entries = entries_named(injuries)
        now = injured_sheet(fighter, entries)
        kit = kit_by_name(equipment).resistance if equipment else 0
        lost = {entry.name for entry in entries if entry.arena_modifiers}
        note = ", ".join(sorted(lost))

        def figure(key: str, label: str, value: int, base: int) -> Figure:
            return Figure(key, label, value, base, note if value != base else "")

        return Figures(
            (
                figure(
                    "wound_points",
                    "Wound Points",
                    injured_wound_points(fighter, entries),
                    fighter.wound_points,
                ),
                figure("resistance", "Resistance", now.resistance(kit), fighter.resistance(kit)),
                figure("might", "Might", now.might, fighter.might),
                figure(
                    "strain_threshold",
                    "Strain threshold",
                    now.strain_threshold,
                    fighter.strain_threshold,
                ),
            )
        )

    def check_sheet(self, data: object) -> SheetReport:
        """The shared check: the sheet type's first broken rule, or the figures."""
        return sheet_report(self.sheet_type, self.figures, data)


def _era_decision(answer: Decision) -> bout.Decision:
    if answer.entrant is None or not 0 <= answer.entrant < len(SIDES):
        raise RulesError(f"an Era decision is for entrant 0 or 1; got {answer.entrant!r}")
    return bout.Decision(answer.kind, SIDES[answer.entrant], answer.choice)  # type: ignore[arg-type]  # texts in, enums after __post_init__


def _lanista(data: object) -> decision.Appellant | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise RulesError(f"lanista must be a mapping of name, charisma and charm; got {data!r}")
    charisma, charm = (require_int(data, key, "lanista") for key in ("charisma", "charm"))
    return decision.Appellant.lanista(str(data.get("name", "his lanista")), charisma, charm)


def bout_outcome(setup: bout.BoutSetup, result: bout.BoutResult) -> Outcome:
    """A finished bout's shared outcome. The loser's fate is PENDING (the editor decides)
    unless he died on the sand; a draw sends both out on their feet."""
    entrants = []
    for index, side in enumerate(SIDES):
        corner = result.side(side)
        if result.winner is None:
            outcome, fate = Result.DREW, Fate.WALKED_OUT
        elif result.winner is side:
            outcome, fate = Result.WON, Fate.WALKED_OUT
        else:
            outcome, fate = Result.LOST, Fate.DEAD if corner.dead else Fate.PENDING
        won = outcome is Result.WON
        favored = won and corner.favor >= FAVORED_AT
        entrants.append(
            EntrantOutcome(
                entrant=index,
                name=corner.name,
                result=outcome,
                fate=fate,
                wounds=corner.wounds,
                injuries=tuple(
                    InjuryTaken(
                        c.injury.name,
                        c.injury.severity.label,
                        c.injury.effect,
                        c.total,
                        c.injury.fatal,
                    )
                    for c in corner.injuries
                ),
                standing={"crowd_favor": corner.favor},
                standing_change={"crowd_favor": corner.favor - setup.entrant(side).favor},
                purses=(FAVORED_PURSES if favored else PURSES) if won else 0,
                prizes={"palm": 1} if favored else {},
            )
        )
    return Outcome(
        entrants=tuple(entrants),
        end_reason=str(result.end_reason),
        rounds=result.rounds,
        engine_version=result.engine_version,
    )


# mypy checks here that the Era ruleset implements the whole protocol.
_IMPLEMENTS: Ruleset = EraRuleset()
