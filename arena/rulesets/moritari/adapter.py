"""The Moritari adapter: campaign rows into the skirmish of seed 002 (rules/moritari) and back.

The one module outside rules/ that imports rules.moritari: the bout service, the pages and
`manage.py bout_odds --ruleset moritari` go through it.

A fight is a bout of any number of entries. A man fights for his school (the entry's `side` is
his lanista's name: the player who may be Caesar), the GM's beasts for the side "beasts"
(an entry with a name, a `sheet` {"kind": "lion"} and no gladiator). The fighters are the
entries in the order they were written (by pk): fighter 0 is the first entry, and so on; that
order is what the stored setup, the decisions ("entrant": 2) and the log's indices mean, and
an exported campaign keeps it (entries are exported and imported in pk order).

The setup is stored as JSON when the fight begins (`setup_data`), so it replays from its seed
whatever happens to the men later. The fates are settled on the sand by Caesar's thumb, so a
finished fight never waits for the editor (`verdict_due=False`); each man of the winning side
on his feet takes his purse at once (`Fought.purses`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from arena.errors import BoutError
from arena.models import Bout, BoutEntry
from arena.rulesets.base import NO_MAN_SIDE_ID, EntrantEnd, Fought, Ruling, Stepped
from ludus.models import Gladiator
from rules.core.errors import RulesError
from rules.core.events import Decision, PendingDecision
from rules.core.registry import get_ruleset
from rules.core.ruleset import EntrantInput
from rules.core.seeds import seed_sequence
from rules.moritari import fight as engine
from rules.moritari import odds as odds_engine
from rules.moritari.board import DIRECTION_NAMES, SIZE
from rules.moritari.kinds import (
    BEAST_KINDS,
    GLADIATOR_KINDS,
    HIT_POINTS,
    KINDS,
    kind_for,
    kind_of,
)
from rules.moritari.readings import reading_for
from rules.moritari.ruleset import fight_outcome
from rules.moritari.sheet import MoritariSheet

BEASTS = engine.BEASTS
THUMB_ORDERS = engine.THUMB_ORDERS
MITTE, IUGULA = engine.MITTE, engine.IUGULA
ENGINE_VERSION = engine.ENGINE_VERSION
ENGINE_VERSIONS = engine.ENGINE_VERSIONS
MAX_TURNS = engine.MAX_TURNS
MAX_FIGHTS = odds_engine.MAX_FIGHTS
FATES = odds_engine.FATES
FighterSpec, Setup, Result = engine.FighterSpec, engine.Setup, engine.Result
MoritariOdds, fight_odds = odds_engine.MoritariOdds, odds_engine.fight_odds

__all__ = [
    "BEASTS",
    "BEAST_KINDS",
    "DIRECTION_NAMES",
    "ENGINE_VERSION",
    "FATES",
    "GLADIATOR_KINDS",
    "HIT_POINTS",
    "KINDS",
    "MAX_FIGHTS",
    "SIZE",
    "THUMB_ORDERS",
    "FighterSpec",
    "engine",
    "MoritariOdds",
    "Result",
    "Setup",
    "fight_odds",
    "kind_of",
    "one_fight",
]

ENGINE_REFUSED = "The engine refused: {error}"
NO_VERDICT = "A Moritari fight has no editor's decision: Caesar's thumb settles every fate."
NO_LIVE_ODDS = (
    "The Moritari skirmish has no exact odds to follow a fight by (its state is the whole "
    "board); its odds are sampled, on the odds page and in the book."
)
NOT_WAITING = "This fight is not waiting for Caesar."

# A book's side for the beasts: they have no man's id to be named by (a side of men is named by
# its first man's id, as a pair's sides are).
BEAST_SIDE_ID = NO_MAN_SIDE_ID
TABLE_LINE = False  # the seed's table prices an Era pair; a skirmish's line is the engine's
NO_TABLE = (
    "The seed's table prices a pair of the Era rules; open a Moritari fight's book on the "
    "engine's odds."
)

END_REASONS = {"last standing": "incapacitated", "none left": "draw", "time": "draw"}


def one_fight(setup: Setup, *, seed: int, engine_version: str | None = None) -> Result:
    """The first trial of a run of odds from `seed`, with its log (what `--log` prints)."""
    from_run = seed_sequence(seed, 1)[0]
    return engine.play(setup, from_run, record=True, engine_version=engine_version)


# --- the fighters -------------------------------------------------------------------------


def man_kind(man: Gladiator) -> str:
    """The kind his armatura fights as (a Gaul as a murmillo: rules.moritari.kinds)."""
    try:
        return kind_for(man.armatura).key
    except RulesError:
        return "murmillo"


def entry_kind(entry: BoutEntry) -> str:
    """The kind an entry fights as: a man's armatura, a beast's own kind (its sheet)."""
    if entry.gladiator is not None:
        return man_kind(entry.gladiator)
    return str((entry.sheet or {}).get("kind", ""))


def man_thumb(man: Gladiator | None) -> str:
    """A man's thumb orders: his standing orders when they are the skirmish's, else the crowd."""
    if man is not None and man.orders in THUMB_ORDERS:
        return man.orders
    return "crowd"


def entry_orders(entry: BoutEntry) -> dict:
    """His orders in the engine's terms: how Caesar's thumb falls when he is Caesar, and
    whether his player answers Caesar's choices in person ("caesar": "ask")."""
    orders = {"thumb": man_thumb(entry.gladiator), "caesar": "auto"}
    given = entry.orders or {}
    for key in ("thumb", "caesar"):
        if key in given:
            orders[key] = str(given[key])
    return orders


def side_of(man: Gladiator) -> str:
    """The side a man fights for: his school's player (the lanista's name), else himself."""
    name = man.owner.name if man.owner_id else man.name
    return name[: BoutEntry._meta.get_field("side").max_length]


def fight_entries(bout: Bout) -> list[BoutEntry]:
    """The bout's entries in fighter order (as written: by pk)."""
    return sorted(bout.entrants, key=lambda entry: entry.pk)


def _spec_input(row: dict) -> EntrantInput:
    return EntrantInput(
        name=row["name"],
        sheet=MoritariSheet(),
        side=row["side"],
        orders=dict(row.get("orders", {})),
        wounds=int(row.get("wounds", 0)),
        equipment=row["kind"],
    )


def setup_from_data(data: dict) -> Setup:
    """The engine's setup from the stored JSON, through the ruleset seam."""
    ruleset = get_ruleset("moritari")
    setup = ruleset.setup([_spec_input(row) for row in data["fighters"]])
    if not isinstance(setup, Setup):  # the seam's setup is opaque; ours is the engine's
        raise RulesError("the Moritari ruleset gave no Moritari setup")
    return setup


def fighters_data(entries: Iterable[BoutEntry]) -> list[dict]:
    rows = []
    for entry in entries:
        man = entry.gladiator
        rows.append(
            {
                "name": str(entry),
                "kind": entry_kind(entry),
                "side": entry.side,
                "beast": man is None,
                "orders": entry_orders(entry),
                "wounds": man.wounds if man is not None else 0,
            }
        )
    return rows


def setup_data(bout: Bout) -> dict:
    """The engine inputs from the campaign, as JSON (what Bout.setup keeps); checked now."""
    data = {"engine_version": ENGINE_VERSION, "fighters": fighters_data(fight_entries(bout))}
    try:
        setup_from_data(data)
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    return data


def bout_setup(*, bout: Bout) -> Setup:
    """The fight's setup: as begun (stored), or as it would be built now."""
    try:
        return setup_from_data(bout.setup or setup_data(bout))
    except (RulesError, KeyError, TypeError) as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error


def public_setup(bout: Bout) -> Setup:
    """The fight as the stands know it: every man following the crowd, nobody asking (what a
    public line is priced on: never a player's private orders)."""
    data = {"fighters": fighters_data(fight_entries(bout))}
    for row in data["fighters"]:
        row["orders"] = {"thumb": "crowd", "caesar": "auto"}
    try:
        return setup_from_data(data)
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error


# --- the fight, as the bout service asks it ----------------------------------------------------


def fought_under(bout: Bout) -> str:
    return bout.engine_version or (bout.setup or {}).get("engine_version") or ENGINE_VERSION


def can_replay(version: str) -> bool:
    return version in ENGINE_VERSIONS


def incapacitated(wounds: int, wound_points: int) -> bool:
    """A man carrying as many Wounds as he has hit points has none left to fight with."""
    return wounds >= wound_points


ANSWERED_BY_GM = "gm"  # a decision's "by": the GM answered for Caesar


def decision_data(decisions) -> list[dict]:
    """Caesar's answers as the bout keeps them ({"kind", "entrant", "choice"}), each checked;
    one the GM gave for Caesar keeps {"by": "gm"} (the engine reads only the three keys, so a
    replay is the same whoever answered)."""
    out = []
    for given in decisions:
        try:
            decision = given if isinstance(given, Decision) else Decision.from_dict(given)
        except (TypeError, RulesError) as error:
            raise BoutError(ENGINE_REFUSED.format(error=error)) from error
        out.append(decision.to_dict() | _marks(given))
    return out


def _marks(given) -> dict:
    """Who answered, kept beside the engine's decision: only the GM's mark and its turn."""
    if isinstance(given, dict) and given.get("by") == ANSWERED_BY_GM:
        return {"by": ANSWERED_BY_GM}
    return {}


def _kept(used: Sequence[Decision], given: Sequence) -> list[dict]:
    """The decisions the engine used (the first of those given, in order), with their marks."""
    return [d.to_dict() | _marks(given[i]) for i, d in enumerate(used) if i < len(given)]


def any_order(bout: Bout) -> bool:
    """Whether Caesar may give the fights and moves in any order (moritari/2 on), or only the
    orders the engine offers (a fight stored under moritari/1)."""
    try:
        return reading_for(fought_under(bout)).caesar_orders_all
    except RulesError:
        return False


def _decisions(data: Sequence[dict]) -> list[Decision]:
    return [Decision.from_dict(row) for row in data]


def replay(bout: Bout, *, decisions=None, turns: int | None = None) -> Result:
    """The engine's result for the fight from its records, stopped after `turns` (None: on)."""
    if bout.seed is None:
        raise BoutError("This fight has no seed yet: it has not begun.")
    return engine.play(
        bout_setup(bout=bout),
        bout.seed,
        _decisions(bout.decisions if decisions is None else decisions),
        stop_after=turns,
        engine_version=fought_under(bout),
    )


def _turns_to(bout: Bout, turns: int) -> int:
    """The turn to stop after: `turns` more than are done (a turn the fight stopped in to ask
    Caesar is not done yet)."""
    done = bout.rounds
    fighting = done and bout.status == Bout.Status.FIGHTING
    if fighting and replay(bout, turns=done).pending is not None:
        done -= 1
    return min(done + turns, MAX_TURNS)


def fight(bout: Bout, decisions: list[dict], rounds: int | None = None) -> Fought:
    """Play the fight from its seed with these answers (to its end, or `rounds` more turns)."""
    try:
        stop = None if rounds is None else _turns_to(bout, rounds)
        setup = bout_setup(bout=bout)
        version = fought_under(bout)
        result = engine.play(
            setup, bout.seed, _decisions(decisions), stop_after=stop, engine_version=version
        )
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    entries = fight_entries(bout)
    carried = [row.get("wounds", 0) for row in (bout.setup or {}).get("fighters", [])]
    outcome = fight_outcome(setup, result) if result.finished else None
    ends = []
    for index, (entry, fighter) in enumerate(zip(entries, result.fighters, strict=True)):
        ends.append(
            EntrantEnd(
                side=entry.side,
                standing=fighter.hit_points,
                wounds=HIT_POINTS - fighter.hit_points,
                dead=fighter.state in ("dead", "out"),
                entry=entry.pk,
                wounds_in=carried[index] if index < len(carried) else 0,
                fate=result.fate(index) if result.finished else "",
            )
        )
    purses = None
    if outcome is not None:
        purses = {
            entries[row.entrant].pk: row.purses
            for row in outcome.entrants
            if row.purses and entries[row.entrant].gladiator_id is not None
        }
    return Fought(
        engine_version=result.engine_version,
        decisions=_kept(result.decisions, decisions),
        events=[event.to_dict() for event in result.events],
        rounds=result.turns,
        finished=result.finished,
        entrants=tuple(ends),
        end_reason=END_REASONS.get(result.end_reason, "draw") if result.finished else "",
        winner=result.winner,
        verdict_due=False,
        purses=purses,
    )


def stepped(bout: Bout, result: Result) -> Stepped:
    """The step back, each entry's standing (his hit points) as it stood: by entry, since a
    side of a skirmish may hold several men."""
    entries = fight_entries(bout)
    return Stepped(
        rounds=result.turns,
        decisions=_kept(result.decisions, bout.decisions),
        events=[event.to_dict() for event in result.events],
        standings={},
        entry_standings={
            entry.pk: fighter.hit_points
            for entry, fighter in zip(entries, result.fighters, strict=True)
        },
    )


def bout_replay(bout: Bout) -> Result | None:
    """The engine's state where the fight stopped (None before the first turn)."""
    if bout.status == Bout.Status.PLANNED or bout.seed is None or not bout.setup:
        return None
    try:
        return replay(bout, turns=bout.rounds or None)
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error


def bout_pending(bout: Bout) -> PendingDecision | None:
    """The choice the fight waits for from Caesar, if any."""
    if bout.status != Bout.Status.FIGHTING:
        return None
    result = bout_replay(bout)
    return None if result is None else result.pending


def pending_default(bout: Bout) -> dict:
    """What Caesar's orders would answer (the engine offers it first): the fight order as
    listed, his own men's fights first; the thumb as his thumb orders say."""
    pending = bout_pending(bout)
    if pending is None:
        raise BoutError(NOT_WAITING)
    return Decision(pending.kind, pending.entrant, pending.options[0]).to_dict()


def pending_entry(bout: Bout, pending: PendingDecision) -> BoutEntry | None:
    """The entry through whom Caesar answers (his player's first man)."""
    entries = fight_entries(bout)
    if pending.entrant is None or not 0 <= pending.entrant < len(entries):
        return None
    return entries[pending.entrant]


def pending_fights(bout: Bout) -> list[tuple[int, int]]:
    """The fights Caesar is ordering (the fighters' indices), where the fight stopped."""
    result = bout_replay(bout)
    return [] if result is None else list(result.fights)


def choice_costs(bout: Bout) -> dict[str, str]:
    return {}


def live_odds(bout: Bout):
    raise BoutError(NO_LIVE_ODDS)


def crowd_call(loser_favor: int) -> str:
    raise BoutError(NO_VERDICT)


def appeal_appellant(bout: Bout) -> None:
    return None


def decide(bout: Bout, loser: Gladiator, editor_choice: str | None) -> Ruling:
    raise BoutError(NO_VERDICT)


def most_cost(bout: Bout) -> int:
    """The most a fight's purses can take from the editor's purse, in purses: one for each man
    (the winning side's men on their feet are paid; at most all of them)."""
    return sum(1 for entry in bout.entrants if entry.gladiator_id is not None)


# --- the book ----------------------------------------------------------------------------------


def book_sides(bout: Bout, *, fights: int, seed: int) -> list[tuple[int, str, float]]:
    """Each side's share of the fights it wins, by sampling the public setup: (side id, name,
    chance). A side of men is named by its first man's id; the beasts by BEAST_SIDE_ID."""
    setup = public_setup(bout)
    try:
        run = fight_odds(setup, fights=fights, seed=seed)
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    rows = []
    for side in setup.sides:
        men = [e for e in fight_entries(bout) if e.side == side]
        ident = BEAST_SIDE_ID if side == BEASTS else men[0].gladiator_id
        names = ", ".join(str(entry) for entry in men)
        label = f"The beasts ({names})" if side == BEASTS else f"{side} ({names})"
        rows.append((ident, label[:120], run.wins.get(side, 0) / run.fights))
    return rows
