"""The Era adapter: campaign rows into the Era engine's inputs (seed 001), and nothing else.

This is the one module outside rules/ that imports rules.era for the bout and the race: the
services, selectors and pages go through it. A bout's setup is stored as JSON (`setup_data`)
when it begins, so it replays exactly from its seed whatever changes in the campaign later.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from dataclasses import fields as dataclass_fields

from arena.errors import BoutError
from arena.models import Bout, BoutEntry, Race, RaceEntry
from arena.rulesets.base import EntrantEnd, Fought, InjuryDone, Ruling, Stepped
from arena.selectors.records import is_known
from economy.models import SESTERCES_PER_PURSE
from ludus.models import Gladiator
from ludus.selectors.people import carried_injuries
from rules.core.errors import RulesError
from rules.core.seeds import APPEAL, sub_seed
from rules.era import bout as engine
from rules.era import decision
from rules.era import race as race_engine
from rules.era.decision import appeal_pool
from rules.era.dice import MAX_DICE_PER_KIND, Pool, distribution
from rules.era.injuries import INJURY_STEP, characteristic_loss, entries_named, injured_wound_points
from rules.era.injuries import Injury as TableInjury
from rules.era.kits import Kit
from rules.era.odds import OddsResult, bout_odds
from rules.era.orders import (
    PRESETS,
    BoonSpend,
    Choice,
    DecisionKind,
    Orders,
    orders_by_name,
)
from rules.era.race import exact_race_odds
from rules.era.sheet import (
    CHARACTERISTIC_RANGE,
    CHARACTERISTICS,
    SKILLS,
    EraSheet,
    Fighter,
    half_up,
)

__all__ = [  # besides its own functions, the engine's names the Era-only pages use
    "MAX_DICE_PER_KIND",
    "OddsResult",
    "PRESETS",
    "Pool",
    "bout_odds",
    "distribution",
    "exact_race_odds",
    "race_engine",
    # and for the Era engine's own commands (bout_odds, race_odds, dice), by module
    "dice_engine",
    "engine",
    "exact_engine",
    "kit_table",
    "odds_engine",
]

# The commands are the Era engine's by nature, but take it from here, so that nothing outside
# rules/ but this adapter imports rules.era (issue 9).
from rules.era import dice as dice_engine
from rules.era import exact as exact_engine
from rules.era import kits as kit_table
from rules.era import odds as odds_engine

ENGINE_REFUSED = "The engine refused: {error}"
NOT_A_PAIR = "An Era bout is fought by a pair, sides a and b; this one has {count} entrants."
NOT_A_MAN = (
    "An Era bout is fought between the campaign's men; {name} is a hired opponent with no sheet "
    "the Era rules can read."
)


ORDERS_FIELDS = {f.name for f in dataclass_fields(Orders)}


def orders_from_data(data: dict | None, standing: str) -> Orders:
    """A bout's orders: {} means the man's standing orders (a preset name).

    Otherwise {"name": preset, ...overrides}: any Orders field may be given, e.g.
    {"name": "cautious", "ask": ["fight_on"]} to have the GM answer the first-injury choice.
    """
    data = dict(data or {})
    base = orders_by_name(data.pop("name", None) or standing)
    unknown = set(data) - ORDERS_FIELDS
    if unknown:
        raise RulesError(f"unknown orders fields: {', '.join(sorted(unknown))}")
    if "ask" in data:
        data["ask"] = frozenset(data["ask"])
    return replace(base, **data)


def orders_as_data(orders: Orders) -> dict:
    return {
        "name": orders.name,
        "yield_after_first_injury_at_favor": orders.yield_after_first_injury_at_favor,
        "wound_yield": orders.wound_yield,
        "never_yield": orders.never_yield,
        "boon_spend": str(orders.boon_spend),
        "cut": orders.cut,
        "ask": sorted(str(kind) for kind in orders.ask),
    }


def era_sheet(gladiator: Gladiator) -> EraSheet:
    """His Era sheet, from the JSON the campaign keeps (checked when it was saved)."""
    return EraSheet.from_dict(gladiator.sheet)


def fighter_sheet(gladiator: Gladiator) -> Fighter:
    return era_sheet(gladiator).fighter(gladiator.name)


def table_entries(injuries) -> tuple[TableInjury, ...]:
    """The Critical Injury table's entries for these Injury rows, by name.

    A row whose name is not on the table (one the GM wrote by hand) has no effect on record:
    it still counts toward the +10 on Critical Injury rolls, but acts on no check.
    """
    return entries_named(injury.name for injury in injuries)


def carried_table_entries(gladiator: Gladiator) -> tuple[TableInjury, ...]:
    """The table entries of the Critical Injuries he carries unhealed."""
    return table_entries(carried_injuries(gladiator))


def wound_points_now(gladiator: Gladiator) -> int:
    """His Wound Points as his unhealed injuries leave them (Deep Gash: 1 fewer)."""
    return injured_wound_points(fighter_sheet(gladiator), carried_table_entries(gladiator))


def _entrant_data(gladiator: Gladiator, orders: dict, city: str) -> dict:
    known = is_known(gladiator, city)
    carried = list(carried_injuries(gladiator))
    return {
        "gladiator": gladiator.pk,
        "fighter": fighter_sheet(gladiator).as_dict(),
        "kit": gladiator.armatura,
        "known": known,
        "favor": engine.starting_favor(known),
        "carried_injuries": len(carried),
        "injuries": [entry.name for entry in table_entries(carried)],
        "wounds": gladiator.wounds,
        "orders": orders_as_data(orders_from_data(orders, gladiator.orders)),
    }


def pair_setup_data(
    *, city: str, first: str, a: Gladiator, orders_a: dict, b: Gladiator, orders_b: dict
) -> dict:
    """The engine inputs for two of the campaign's men at a venue in `city`, as JSON."""
    return {
        "engine_version": engine.ENGINE_VERSION,
        "city": city,
        "first": None if first == "random" else first,
        "a": _entrant_data(a, orders_a, city),
        "b": _entrant_data(b, orders_b, city),
    }


def era_pair(bout: Bout) -> tuple[BoutEntry, BoutEntry]:
    """The bout's two corners: the Era bout is fought by two of the campaign's men."""
    entries = sorted(bout.entrants, key=lambda entry: entry.side)
    if [entry.side for entry in entries] != ["a", "b"]:
        raise BoutError(NOT_A_PAIR.format(count=len(entries)))
    for entry in entries:
        if entry.gladiator is None:
            raise BoutError(NOT_A_MAN.format(name=entry.name))
    return entries[0], entries[1]


def setup_data(bout: Bout) -> dict:
    """The engine inputs from the campaign, as JSON (what Bout.setup keeps)."""
    a, b = era_pair(bout)
    return pair_setup_data(
        city=bout.show.city,
        first=bout.first,
        a=a.gladiator,
        orders_a=a.orders,
        b=b.gladiator,
        orders_b=b.orders,
    )


PUBLIC_ORDERS = "cautious"  # the seed's odds are reckoned for cautious men


def public_setup(bout: Bout) -> engine.BoutSetup:
    """The bout as the stands know it: the men, their kit, standing, Wounds and injuries, both
    on the seed's cautious orders. What a public line is priced on: never private orders."""
    a, b = era_pair(bout)
    try:
        return setup_from_data(
            pair_setup_data(
                city=bout.show.city,
                first=bout.first,
                a=a.gladiator,
                orders_a={"name": PUBLIC_ORDERS},
                b=b.gladiator,
                orders_b={"name": PUBLIC_ORDERS},
            )
        )
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error


TABLE_LINE = True  # the seed's table (BETS) prices an Era bout by the men's Melee


def engine_chances(bout: Bout) -> tuple[float, float, str]:
    """Fighter A's and B's chances to win by the exact odds on the public setup (a book's
    engine line, arena.book.services), and its basis."""
    exact = exact_engine.exact_odds(public_setup(bout))
    return exact.a_wins, exact.b_wins, "The engine: exact odds, both men cautious"


def setup_from_data(data: dict) -> engine.BoutSetup:
    def entrant(side: dict) -> engine.Entrant:
        orders = dict(side["orders"])
        orders["ask"] = frozenset(orders.get("ask", ()))
        return engine.Entrant(
            fighter=Fighter(**side["fighter"]),
            kit=side["kit"],
            favor=side["favor"],
            orders=Orders(**orders),
            carried_injuries=side["carried_injuries"],
            wounds=side.get("wounds", 0),  # setups stored before Wounds were carried in: 0
            # Setups stored before injuries were named keep only the count: +10 each, no
            # effects, so they replay as they were fought.
            injuries=tuple(side.get("injuries", ())),
        )

    return engine.BoutSetup(a=entrant(data["a"]), b=entrant(data["b"]), first=data["first"])


def bout_setup(*, bout: Bout) -> engine.BoutSetup:
    """Engine inputs for a bout: sheets, kits, starting Crowd Favor (3 if Known in the show's
    city), Critical Injuries carried in (+10 each to rolls against him; those on the table act
    on his checks and Wound Points until healed), the Wounds he carries in (he starts the bout
    at them), orders, who is first.

    A bout already begun keeps the inputs it was begun with.
    """
    try:
        return setup_from_data(bout.setup or setup_data(bout))
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error


def driver_injuries(gladiator: Gladiator) -> tuple[TableInjury, ...]:
    """The table entries of the Critical Injuries he carries unhealed into the race.

    A row whose name is not on the table (written by hand) has no effect on record.
    """
    return entries_named(injury.name for injury in carried_injuries(gladiator))


def driver_resistance(gladiator: Gladiator, injuries: tuple[TableInjury, ...] | None = None) -> int:
    """Resistance at the Circus: half Might rounded up, after any Might his carried injuries
    take (Cut Tendons); no arena kit on a chariot."""
    if injuries is None:
        injuries = driver_injuries(gladiator)
    might = max(
        CHARACTERISTIC_RANGE[0], era_sheet(gladiator).might - characteristic_loss(injuries, "might")
    )
    return half_up(might)


def _push(entry: RaceEntry) -> tuple[bool, ...]:
    pushes = [bool(p) for p in (entry.push_legs or [])][: race_engine.LEGS]
    return tuple(pushes + [False] * (race_engine.LEGS - len(pushes)))


def race_drivers(
    entries: Iterable[RaceEntry], *, with_orders: bool = True
) -> list[race_engine.Driver]:
    """The engine's drivers, in stall order: Agility, Operate, Resistance, push orders, and the
    Critical Injuries each carries unhealed (they act on his legs and saves)."""
    drivers = []
    for entry in entries:
        man = entry.driver
        injuries = driver_injuries(man)
        drivers.append(
            race_engine.Driver(
                name=man.name,
                agility=era_sheet(man).agility,
                operate=era_sheet(man).operate,
                resistance=driver_resistance(man, injuries),
                push=_push(entry) if with_orders else (False,) * race_engine.LEGS,
                injuries=injuries,
            )
        )
    return drivers


def _entries(race: Race) -> list[RaceEntry]:
    return list(race.entries.select_related("driver").order_by("lane", "pk"))


def race_setup(race: Race, entries: list[RaceEntry]) -> race_engine.RaceSetup:
    """Engine inputs: the field as the race was begun (ratings, injuries carried in, and the
    orders of legs already run, from the log), with the current orders and Peril Points for the
    legs still to run."""
    done = race.legs_run
    begun = race.log if isinstance(race.log, dict) and done else None
    drivers = race_drivers(entries)
    peril = set()
    for index, entry in enumerate(entries):
        for leg in entry.peril_legs or []:
            if leg > done:
                peril.add((index, leg - 1))
    if begun is not None:
        drivers = [
            race_engine.Driver(
                name=old["name"],
                agility=old["agility"],
                operate=old["operate"],
                resistance=old["resistance"],
                push=tuple(old["push"][:done]) + new.push[done:],
                # As begun: a log without injuries (none carried, or an older log) has none.
                injuries=tuple(old.get("injuries", ())),
            )
            for old, new in zip(begun["drivers"], drivers, strict=True)
        ]
        peril |= {(d, leg) for d, leg in begun["peril"] if leg < done}
    return race_engine.RaceSetup(tuple(drivers), frozenset(peril))


def replay(bout: Bout, *, decisions=None, max_rounds: int | None = None) -> engine.BoutResult:
    """The engine's result for a bout that has been (or is being) fought, from its records."""
    return engine.fight_bout(
        bout_setup(bout=bout),
        seed=bout.seed,
        decisions=bout.decisions if decisions is None else decisions,
        max_rounds=max_rounds,
        engine_version=fought_under(bout),
    )


def live_odds(bout: Bout) -> tuple[exact_engine.LivePoint, ...]:
    """Each man's exact chance to win and to walk out, at the start and after every round
    fought so far, under the men's own orders (the line the GM may share, issue 14). A
    BoutError says why there is none (orders that ask the GM, a setup the engine refuses)."""
    try:
        return exact_engine.live_odds(
            bout_setup(bout=bout),
            seed=bout.seed,
            decisions=bout.decisions,
            rounds=bout.rounds,
            engine_version=fought_under(bout),
        )
    except RulesError as error:
        raise BoutError(str(error)) from error


def fought_under(bout: Bout) -> str:
    """The engine version a bout is fought and replayed with: the one it was begun under
    (a bout stored under era-bout/1 replays exactly as it was fought), else the current."""
    return bout.engine_version or (bout.setup or {}).get("engine_version") or engine.ENGINE_VERSION


# --- a man's page ---------------------------------------------------------------------


@dataclass(frozen=True)
class Rating:
    name: str
    value: int


@dataclass(frozen=True)
class ArenaSheet:
    """A gladiator's sheet and the figures the Era rules derive from it and his kit."""

    characteristics: tuple[Rating, ...]
    skills: tuple[Rating, ...]
    kit: Kit
    wound_points: int
    resistance: int
    helm: int
    helm_penalty: int  # taken from Critical Injury rolls against him
    attack_pool: str
    damage: int
    appeal_pool: str
    price_purses: int
    price_sesterces: int


def arena_sheet(gladiator: Gladiator) -> ArenaSheet:
    """His figures as he would be sent out today: the unhealed Critical Injuries he carries act
    on them (Cut Tendons lowers Might, a Gashed Forearm adds a Bane die to his attack)."""
    carried = table_entries(carried_injuries(gladiator))
    era = era_sheet(gladiator)
    sheet = era.fighter(gladiator.name)
    entrant = engine.Entrant(fighter=sheet, kit=gladiator.armatura, injuries=carried)
    kit = entrant.kit
    return ArenaSheet(
        characteristics=tuple(Rating(n.title(), getattr(era, n)) for n in CHARACTERISTICS),
        skills=tuple(Rating(n.title(), getattr(era, n)) for n in SKILLS),
        kit=kit,
        wound_points=entrant.wound_points,
        resistance=entrant.resistance,
        helm=kit.helm,
        helm_penalty=kit.helm * INJURY_STEP,
        attack_pool=entrant.attack_pool().describe(),
        damage=entrant.damage,
        appeal_pool=appeal_pool(sheet, carried).describe(),
        price_purses=gladiator.price_purses,
        price_sesterces=gladiator.price_purses * SESTERCES_PER_PURSE,
    )


# --- the bout, fought and decided (what arena.services.bouts asks of a ruleset) ---------------

# The Era engine's pieces the Era-only pages use (the Circus, the odds page, the dice
# calculator): named here so that nothing else outside rules/ imports rules.era.
BoutSetup = engine.BoutSetup
Pending = engine.Pending
ENGINE_VERSION = engine.ENGINE_VERSION
ENGINE_VERSIONS = engine.ENGINE_VERSIONS  # every version a stored bout may be replayed with
START_FAVOR = engine.START_FAVOR
KILLED = str(engine.EndReason.KILLED)


def can_replay(version: str) -> bool:
    return version in ENGINE_VERSIONS


def incapacitated(wounds: int, wound_points: int) -> bool:
    """Whether a man carrying these Wounds is too hurt to be sent out (the current reading:
    when his Wounds reach his Wound Points)."""
    return engine.reading_of(None).incapacitated(wounds, wound_points)


def decision_data(decisions) -> list[dict]:
    """The GM's answers as the bout keeps them, each checked by the engine."""
    out = []
    for given in decisions:
        if isinstance(given, engine.Decision):
            out.append(given.as_dict())
        else:
            try:
                out.append(engine.Decision(**given).as_dict())
            except (TypeError, RulesError) as error:
                raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    return out


def _rounds_to(bout: Bout, rounds: int) -> int:
    """The round to stop after: `rounds` more than are done (a round the engine stopped in
    to ask a choice is not done yet)."""
    done = bout.rounds
    stopped_to_ask = (
        done
        and bout.status == Bout.Status.FIGHTING
        and replay(bout, max_rounds=done).pending is not None
    )
    if stopped_to_ask:
        done -= 1
    return min(done + rounds, engine.ROUND_CAP)


def _injury_done(crit) -> InjuryDone:
    return InjuryDone(
        name=crit.injury.name,
        severity=crit.injury.severity.name.lower(),
        effect=crit.injury.effect,
        table_roll=crit.total,
    )


def fight(bout: Bout, decisions: list[dict], rounds: int | None = None) -> Fought:
    """Play the bout from its seed with these decisions (to its end, or `rounds` more)."""
    try:
        max_rounds = None if rounds is None else _rounds_to(bout, rounds)
        result = engine.fight_bout(
            bout_setup(bout=bout),
            seed=bout.seed,
            decisions=decisions,
            max_rounds=max_rounds,
            engine_version=fought_under(bout),
        )
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    killed = result.end_reason == engine.EndReason.KILLED
    return Fought(
        engine_version=result.engine_version,
        decisions=decisions,
        events=[event.as_dict() for event in result.events],
        rounds=result.rounds,
        finished=result.finished,
        entrants=tuple(
            EntrantEnd(
                side=str(corner.side),
                standing=corner.favor,
                wounds=corner.wounds,
                injuries=tuple(_injury_done(crit) for crit in corner.injuries),
                dead=corner.dead,
            )
            for corner in (result.a, result.b)
        ),
        end_reason=str(result.end_reason) if result.finished else "",
        winner=None if result.winner is None else str(result.winner),
        verdict_due=result.finished and result.winner is not None and not killed,
    )


def stepped(result: engine.BoutResult, decisions: list[dict]) -> Stepped:
    return Stepped(
        rounds=result.rounds,
        decisions=decisions,
        events=[event.as_dict() for event in result.events],
        standings={str(corner.side): corner.favor for corner in (result.a, result.b)},
    )


CALL_WORDS = {
    "release": "shout for his release",
    "divided": "be divided",
    "sword": "call for the sword",
}


def choice_costs(bout: Bout) -> dict[str, str]:
    """What each answer to the pending choice costs, said before the click, from the engine
    itself: the answer is played from the seed (nothing is stored) and its Crowd Favor and the
    crowd's call read off. Only the answers that end or change something get a line: a yield
    reads "Yield now: unhurt, he loses 1 Crowd Favor and the crowd will call for the sword"."""
    result = bout_replay(bout)
    if result is None or result.pending is None:
        return {}
    pending = result.pending
    costs: dict[str, str] = {}
    before = result.side(pending.side).favor
    for option in pending.options:
        answer = engine.Decision(kind=pending.kind, side=pending.side, choice=option)
        try:
            after = replay(bout, decisions=[*bout.decisions, answer.as_dict()], max_rounds=None)
        except RulesError:
            continue
        if option is Choice.YIELD and after.finished and str(after.loser) == str(pending.side):
            costs[str(option)] = _yield_words(after, pending.side, before)
        elif option is Choice.FIGHT_ON:
            costs[str(option)] = _fight_on_words(bout, answer, pending, before)
    return costs


def _yield_words(after: engine.BoutResult, side, before: int) -> str:
    """The engine's own figures: the Crowd Favor he ends at and the crowd's call on it. An
    unhurt yield is the one that draws the engine's "yields unhurt" line; below 5 a yield
    without it is an honorable one (at 5 or more neither costs, so neither is named)."""
    now = after.side(side).favor
    unhurt = any(
        line.reason == engine.UNHURT_YIELD and line.side is side
        for event in after.events
        for line in event.lines
    )
    how = "unhurt, " if unhurt else ("honorably, " if before < 5 else "")
    if now < before:
        cost = f"he loses {before - now} Crowd Favor"
    elif now > before:
        cost = f"he gains {now - before} Crowd Favor"
    else:
        cost = f"he keeps his Crowd Favor {now}"
    return f"Yield now: {how}{cost} and the crowd will {CALL_WORDS[crowd_call(now)]}"


def _fight_on_words(bout: Bout, answer, pending, before: int) -> str:
    """Fighting on after a first Critical Injury: the Crowd Favor it gains in this round."""
    step = replay(bout, decisions=[*bout.decisions, answer.as_dict()], max_rounds=pending.round)
    now = step.side(pending.side).favor
    if now > before:
        return f"Fight on: he gains {now - before} Crowd Favor (at {now}) and fights hurt"
    return f"Fight on: his Crowd Favor stays at {now}, and he fights hurt"


def crowd_call(loser_favor: int) -> str:
    """THE EDITOR'S DECISION I: 5-6 shouts for release, 3-4 divided, 0-2 calls for the sword."""
    return str(decision.crowd_call(loser_favor))


def appeal_seed(seed: int) -> str:
    """The appeal's dice come from the bout's seed, so the decision replays like the bout."""
    return sub_seed(seed, APPEAL)


def _appeal_parties(bout: Bout, loser: Gladiator) -> dict:
    """Who may appeal (THE EDITOR'S DECISION II: "the loser or his lanista").

    The loser's pool carries the injuries he carried into the bout (as frozen in its setup:
    Broken Nose, 1 Trial die on Charm). His lanista appeals with his own Charisma + Charm when
    that pool is better; a man of no school (or whose lanista is not in the campaign) appeals
    alone.
    """
    side = bout.losing_entry.side
    injuries = tuple((bout.setup or {}).get(side, {}).get("injuries", ()))
    lanista = loser.owner
    if lanista is None or lanista.campaign_id != loser.campaign_id:
        return {"injuries": injuries}
    speaker = decision.Appellant.lanista(lanista.name, lanista.charisma, lanista.charm)
    return {"injuries": injuries, "lanista": speaker}


def appeal_appellant(bout: Bout) -> decision.Appellant | None:
    """Who would appeal for the loser of a bout awaiting its verdict, as `decide` picks him
    (the same pools), so the editor's panel can name him and his exact chance before the roll."""
    loser = bout.loser
    if loser is None:
        return None
    parties = _appeal_parties(bout, loser)
    speaker = decision.Appellant.loser(fighter_sheet(loser), parties["injuries"])
    return decision.choose_appellant(speaker, parties.get("lanista"))


def decide(bout: Bout, loser: Gladiator, editor_choice: str | None) -> Ruling:
    """The editor's decision on the loser: the crowd's call by his Crowd Favor, the appeal at
    0-2 (the loser or his lanista, the better pool), the editor's act and what defiance cost."""
    try:
        ruling = decision.decide(
            bout.losing_entry.standing,
            fighter_sheet(loser),
            editor_choice,
            random.Random(appeal_seed(bout.seed)),
            winner_favor=bout.winning_entry.standing,
            **_appeal_parties(bout, loser),
        )
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    appeal = None
    if ruling.appeal is not None:
        appeal = ruling.appeal.as_dict() | {
            "seed": appeal_seed(bout.seed),
            "check": "Hard Charm",
            "appellant": ruling.appellant.as_dict(),
            "appellants": [candidate.as_dict() for candidate in ruling.appellants],
        }
    return Ruling(
        crowd_call=str(ruling.crowd),
        act=str(ruling.act),
        dignitas_change=ruling.dignitas_change,
        appeal=appeal,
        appeal_success=None if appeal is None else ruling.appeal_succeeded,
    )


# --- a bout between steps: replayed, never stored ---------------------------------------------


def bout_replay(bout: Bout) -> engine.BoutResult | None:
    """The engine's state where the bout stopped (None before the first round is fought)."""
    if bout.status == Bout.Status.PLANNED or bout.seed is None or not bout.setup:
        return None
    return replay(bout, max_rounds=bout.rounds or None)


def bout_pending(bout: Bout) -> engine.Pending | None:
    """The choice the engine is waiting for from the GM, if any."""
    if bout.status != Bout.Status.FIGHTING:
        return None
    result = bout_replay(bout)
    return None if result is None else result.pending


def pending_default(bout: Bout) -> dict:
    """What the asking fighter's orders would choose at the pending choice (as a decision):
    exactly what the engine would have chosen had the orders not asked the table."""
    result = bout_replay(bout)
    if result is None or result.pending is None:
        raise BoutError("This bout is not waiting for a choice.")
    pending = result.pending
    inputs = bout_setup(bout=bout)
    me = inputs.entrant(pending.side)
    corner = result.side(pending.side)
    orders = me.orders
    if pending.kind is DecisionKind.FIGHT_ON:
        yields = orders.yields_after_first_injury(corner.favor)
        choice = Choice.YIELD if yields else Choice.FIGHT_ON
    elif pending.kind is DecisionKind.YIELD:
        # The engine's own minimum hit for this pair under the bout's reading, so the answer
        # is the one it would give.
        reading = engine.reading_of(fought_under(bout))
        minimum_hit = inputs.fixed_under(reading)[pending.side].minimum_hit_taken
        yields = orders.yields_for_wounds(
            corner.wounds, corner.wound_points, minimum_hit, reading=reading
        )
        choice = Choice.YIELD if yields else Choice.FIGHT
    else:  # Boons: the Critical Injury when the Boons reach Crit and the orders say so
        crit = Choice.CRIT in pending.options and orders.boon_spend is BoonSpend.CRIT
        choice = Choice.CRIT if crit else Choice.FLOURISH
    return {"kind": str(pending.kind), "side": str(pending.side), "choice": str(choice)}
