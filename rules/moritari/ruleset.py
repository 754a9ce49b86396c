"""Moritari te salutamus (seed 002) behind the seam.

- sheet: `MoritariSheet` (no ratings); the kind (armatura or beast) is the entrant's
  `equipment`; the side is the entrant's `side` (a player, or `beasts` for the GM's beasts).
- setup: any number of entrants, two sides or more; a man carrying Wounds starts with fewer
  hit points (3 less the Wounds; one who carries 3 cannot fight).
- play: `rules.moritari.fight.play`; the fates are settled on the sand (Caesar's thumb), so an
  outcome is never pending and `settle_fate` has nothing to do.
- odds: `rules.moritari.odds.fight_odds`; rest: a night heals 1 hit point (docs/rules.md);
  the skirmish has no injuries, so no treatment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rules.core.errors import RulesError
from rules.core.events import Decision
from rules.core.json import JsonDict
from rules.core.outcome import EntrantOutcome, Fate, Outcome, Result
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
from rules.core.sheet_report import SheetReport, sheet_report
from rules.moritari import fight
from rules.moritari.kinds import ARMATURAE, HIT_POINTS, kind_for
from rules.moritari.odds import fight_odds
from rules.moritari.sheet import MoritariSheet

PURSES = 1  # each gladiator of the winning side still standing (docs/rules.md)
REST_HEALS = 1  # hit points a night's rest gives back
FATES = {"dead": Fate.DEAD, "spared": Fate.SPARED, "walked_out": Fate.WALKED_OUT}


def spec_of(entrant: EntrantInput) -> fight.FighterSpec:
    kind = kind_for(entrant.equipment)
    side = fight.BEASTS if kind.beast else entrant.side
    if entrant.wounds >= HIT_POINTS:
        raise RulesError(f"{entrant.name} carries {entrant.wounds} Wounds: he cannot fight")
    return fight.FighterSpec(
        name=entrant.name,
        kind=kind.key,
        side=side,
        orders={str(k): str(v) for k, v in entrant.orders.items()},
        hit_points=HIT_POINTS - max(0, entrant.wounds),
    )


def _setup(setup: object) -> fight.Setup:
    if not isinstance(setup, fight.Setup):
        raise RulesError(f"not a Moritari fight's setup: {type(setup).__name__}")
    return setup


def fight_outcome(setup: fight.Setup, result: fight.Result) -> Outcome:
    entrants = []
    for index, fighter in enumerate(result.fighters):
        if result.winner is None:
            outcome = Result.DREW
        else:
            outcome = Result.WON if fighter.side == result.winner else Result.LOST
        standing_winner = outcome is Result.WON and fighter.standing and not fighter.kind.beast
        entrants.append(
            EntrantOutcome(
                entrant=index,
                name=fighter.name,
                result=outcome,
                fate=FATES[result.fate(index)],
                wounds=HIT_POINTS - fighter.hit_points,
                standing={"hit_points": fighter.hit_points, "put_out": fighter.put_out},
                standing_change={"put_out": fighter.put_out},
                purses=PURSES if standing_winner else 0,
            )
        )
    overruled = sum(result.overruled.values())
    return Outcome(
        entrants=tuple(entrants),
        end_reason=result.end_reason,
        rounds=result.turns,
        engine_version=result.engine_version,
        others={"caesar_overruled": overruled} if overruled else {},
    )


class MoritariRuleset:
    key: ClassVar[str] = "moritari"
    name: ClassVar[str] = "Moritari te salutamus (seed 002)"
    title: ClassVar[str] = "Moritari te salutamus"
    engine_version: ClassVar[str] = fight.ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = fight.ENGINE_VERSIONS
    sheet_type: ClassVar[type[Sheet]] = MoritariSheet
    templates: ClassVar[Mapping[str, str]] = {
        "bout": "arena/moritari/bout_detail.html",
        "replay": "arena/moritari/bout_replay.html",
        "sheet": "desk/moritari/sheet.html",
    }
    order_presets: ClassVar[tuple[str, ...]] = fight.THUMB_ORDERS
    armaturae: ClassVar[tuple[str, ...]] = ARMATURAE

    def setup(self, entrants: Sequence[EntrantInput], **options: object) -> fight.Setup:
        if options:
            raise RulesError(f"a Moritari fight takes no options; got {', '.join(options)}")
        return fight.Setup(tuple(spec_of(entrant) for entrant in entrants))

    def play(
        self,
        setup: object,
        seed: int,
        decisions: Sequence[Decision] = (),
        *,
        engine_version: str | None = None,
    ) -> Played:
        moritari = _setup(setup)
        result = fight.play(moritari, seed, decisions, engine_version=engine_version)
        record: JsonDict = {
            "turns": result.turns,
            "winner": result.winner,
            "reason": result.end_reason,
        }
        if result.pending is not None:
            return Played(tuple(result.events), result.pending, None, record)
        return Played(tuple(result.events), None, fight_outcome(moritari, result), record)

    def odds(
        self, setup: object, trials: int, seed: int, *, engine_version: str | None = None
    ) -> Odds:
        moritari = _setup(setup)
        run = fight_odds(moritari, fights=trials, seed=seed, engine_version=engine_version)
        wins = tuple(run.share(run.wins.get(f.side, 0)) for f in moritari.fighters)
        return Odds(run.method, trials, seed, wins, run.share(run.draws), run.as_dict())

    def settle_fate(
        self, setup: object, outcome: Outcome, seed: int, choices: Mapping[str, object]
    ) -> FateSettled:
        raise RulesError("a Moritari fight settles every fate on the sand: Caesar's thumb")

    def treat(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool, seed: int
    ) -> Treatment:
        raise RulesError("Moritari has no injuries to treat: hit points come back with rest")

    def treatment_odds(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool
    ) -> TreatmentOdds:
        raise RulesError("Moritari has no injuries to treat: hit points come back with rest")

    def rest(self, sheet: Sheet, wounds: int) -> int:
        return min(max(0, wounds), REST_HEALS)

    def figures(self, sheet: Sheet, injuries: Sequence[str] = (), equipment: str = "") -> Figures:
        kind = kind_for(equipment)
        save = kind.save or 0
        return Figures(
            (
                # Keyed as every ruleset's hurt limit is (the pages and the bout service read
                # "wound_points"): a man carrying 3 Wounds has no hit point left to fight with.
                Figure("wound_points", "Hit points", HIT_POINTS, HIT_POINTS),
                Figure("dice", "Dice to hit", kind.dice, kind.dice),
                Figure("wound_on", "Wounds on", kind.wound_on, kind.wound_on),
                Figure("save", "Armour save", save, save, "" if save else "no save"),
                Figure("move", "Move", kind.move, kind.move),
            )
        )

    def check_sheet(self, data: object) -> SheetReport:
        """The shared check: the sheet type's first broken rule, or the figures."""
        return sheet_report(self.sheet_type, self.figures, data)


# mypy checks here that the Moritari ruleset implements the whole protocol.
_IMPLEMENTS: Ruleset = MoritariRuleset()
