"""Grimdark Gladiators (seed 003) behind the seam, so the app can register it as "grimdark".

- sheet: `GrimdarkSheet` (rules/grimdark/sheet.py); the entrant's `side` is his team (none: he
  fights alone, a free-for-all); his `orders` his coaching orders (rules/grimdark/orders.py).
- setup: two gladiators or more; a Grimdark gladiator enters every match whole (HP are rolled
  at its start), so carried wounds and injuries change nothing.
- play: `rules.grimdark.match.play`; the death rules are rolled on the sand from the match's
  seed, so an outcome is never pending and `settle_fate` refuses.
- standing: Fame, wins and losses after the match (`fame`, `wins`, `losses`), and the CZ he
  ended with (`crowd_zeal`).
- odds: `rules.grimdark.odds.match_odds` (Monte Carlo, fast path); rest: a night heals all.
- check_sheet: the builder's report (`rules.grimdark.sheet.check_sheet`), every broken rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rules.core.errors import RulesError
from rules.core.events import Decision, Event
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
from rules.grimdark import match
from rules.grimdark.entrants import Entrant, entrant_from_sheet
from rules.grimdark.narrate import narrate
from rules.grimdark.odds import match_odds
from rules.grimdark.orders import STANCES, Orders
from rules.grimdark.sheet import GrimdarkSheet, SheetReport, check_sheet

FATES = {"dead": Fate.DEAD, "spared": Fate.SPARED, "walked_out": Fate.WALKED_OUT}
PURSES = 1  # each gladiator of the winning side (the seed's prizes are the GM's: docs/rules.md)


def entrant_of(entrant: EntrantInput) -> Entrant:
    sheet = entrant.sheet
    if not isinstance(sheet, GrimdarkSheet):
        raise RulesError(f"{entrant.name}: not a Grimdark sheet: {type(sheet).__name__}")
    data = dict(sheet.to_dict())
    data["name"] = entrant.name
    return entrant_from_sheet(data, side=entrant.side, orders=Orders.from_mapping(entrant.orders))


def _setup(setup: object) -> match.Setup:
    if not isinstance(setup, match.Setup):
        raise RulesError(f"not a Grimdark match's setup: {type(setup).__name__}")
    return setup


def event_of(event: Mapping[str, object], names: Mapping[str, int]) -> Event:
    """The engine's event as the app stores it: its words, and its data as it is."""
    who = event.get("who")
    entrant = names.get(who) if isinstance(who, str) else None
    data: JsonDict = {str(k): v for k, v in event.items()}  # type: ignore[misc]
    turn = event.get("turn", 0)
    return Event(
        str(event["kind"]), turn if isinstance(turn, int) else 0, narrate(event), entrant, data
    )


def match_outcome(setup: match.Setup, result: match.MatchResult) -> Outcome:
    entrants = []
    for index, fighter in enumerate(result.fighters):
        e = fighter.entrant
        if result.winner is None:
            outcome = Result.DREW
        else:
            outcome = Result.WON if fighter.side == result.winner else Result.LOST
        fame = result.fame.get(index, 0)
        won, lost = int(outcome is Result.WON), int(outcome is Result.LOST)
        entrants.append(
            EntrantOutcome(
                entrant=index,
                name=fighter.name,
                result=outcome,
                fate=FATES[result.fate(index)],
                standing={
                    "fame": e.fame + fame,
                    "wins": e.wins + won,
                    "losses": e.losses + lost,
                    "crowd_zeal": fighter.cz,
                },
                standing_change={"fame": fame, "wins": won, "losses": lost},
                purses=PURSES if won else 0,
            )
        )
    return Outcome(
        entrants=tuple(entrants),
        end_reason=result.end_reason,
        rounds=result.turns,
        engine_version=match.ENGINE_VERSION,
    )


class GrimdarkRuleset:
    key: ClassVar[str] = "grimdark"
    name: ClassVar[str] = "Grimdark Gladiators (seed 003)"
    title: ClassVar[str] = "Grimdark Gladiators"
    engine_version: ClassVar[str] = match.ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = (match.ENGINE_VERSION,)
    sheet_type: ClassVar[type[Sheet]] = GrimdarkSheet
    templates: ClassVar[Mapping[str, str]] = {
        "bout": "arena/grimdark/bout_detail.html",
        "replay": "arena/grimdark/bout_replay.html",
        "sheet": "desk/grimdark/sheet.html",
    }
    order_presets: ClassVar[tuple[str, ...]] = STANCES
    armaturae: ClassVar[tuple[str, ...]] = ()

    def setup(self, entrants: Sequence[EntrantInput], **options: object) -> match.Setup:
        if options:
            raise RulesError(f"a Grimdark match takes no options; got {', '.join(options)}")
        return match.Setup(tuple(entrant_of(entrant) for entrant in entrants))

    def play(
        self,
        setup: object,
        seed: int,
        decisions: Sequence[Decision] = (),
        *,
        engine_version: str | None = None,
    ) -> Played:
        if engine_version not in (None, match.ENGINE_VERSION):
            raise RulesError(f"Grimdark has no engine {engine_version!r}")
        if decisions:
            raise RulesError("a Grimdark match asks no decisions: the orders fight it")
        grimdark = _setup(setup)
        result = match.play(grimdark, seed)
        names = {e.name: i for i, e in enumerate(grimdark.entrants)}
        events = tuple(event_of(event, names) for event in result.events)
        record: JsonDict = {
            "turns": result.turns,
            "winner": result.winner,
            "reason": result.end_reason,
        }
        return Played(events, None, match_outcome(grimdark, result), record)

    def odds(
        self, setup: object, trials: int, seed: int, *, engine_version: str | None = None
    ) -> Odds:
        grimdark = _setup(setup)
        run = match_odds(grimdark, matches=trials, seed=seed)
        wins = tuple(run.share(run.wins.get(side, 0)) for side in grimdark.sides)
        return Odds(run.method, trials, seed, wins, run.share(run.draws), run.as_dict())

    def settle_fate(
        self, setup: object, outcome: Outcome, seed: int, choices: Mapping[str, object]
    ) -> FateSettled:
        raise RulesError("a Grimdark match settles every fate on the sand: the death rules")

    def treat(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool, seed: int
    ) -> Treatment:
        raise RulesError("Grimdark has no injuries to treat: a gladiator enters each match whole")

    def treatment_odds(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool
    ) -> TreatmentOdds:
        raise RulesError("Grimdark has no injuries to treat: a gladiator enters each match whole")

    def rest(self, sheet: Sheet, wounds: int) -> int:
        return max(0, wounds)

    def figures(self, sheet: Sheet, injuries: Sequence[str] = (), equipment: str = "") -> Figures:
        if not isinstance(sheet, GrimdarkSheet):
            raise RulesError(f"not a Grimdark sheet: {type(sheet).__name__}")
        hp_low = sheet.hp_base + 1
        hp_high = sheet.hp_base + sheet.hp_die
        init_low, init_high = sheet.init_base + 1, sheet.init_base + sheet.init_die
        return Figures(
            (
                # Keyed as every ruleset's hurt limit is: the lowest HP he can start with.
                Figure("wound_points", "HP (lowest start)", hp_low, hp_low),
                Figure("hp_max", "HP (highest start)", hp_high, hp_high),
                Figure("init_low", "Init (lowest)", init_low, init_low),
                Figure("init_high", "Init (highest)", init_high, init_high),
                Figure("fame", "Fame", sheet.fame, sheet.fame),
            )
        )

    def check_sheet(self, data: object) -> SheetReport:
        """The builder's own check: every broken rule at once, and the derived figures."""
        return check_sheet(data)


# mypy checks here that the Grimdark ruleset implements the whole protocol.
_IMPLEMENTS: Ruleset = GrimdarkRuleset()
