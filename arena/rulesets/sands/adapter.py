"""The Sands adapter: campaign rows into the Sands engine's inputs (seed 000), and its results
back in the terms of arena.rulesets.base. The one module outside rules/ that imports
rules.sands.

A bout's setup is stored as JSON when it begins (`setup_data`): each man's kind (his
armatura), his orders as the engine reads them (his standing preset and the bout's own), the
names of his unhealed injuries (their wound marks fill his boxes), so it replays from its seed
and the table's turn choices whatever changes in the campaign later.

The GM fights a bout a turn at a time: the engine plays the whole bout (or up to the choice it
waits for) and the adapter keeps what happened up to the turn asked, so a bout fought turn by
turn ends exactly as one fought at once. The loser's fate is settled on the sand (the appeal to
the crowd), so nothing waits for the editor: `verdict_due` is always False.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from arena.errors import BoutError
from arena.models import Bout, BoutEntry
from arena.rulesets.base import EntrantEnd, Fought, InjuryDone, Ruling, Stepped, Words
from ludus.models import Gladiator
from ludus.selectors.people import carried_injuries
from rules.core.errors import RulesError
from rules.core.events import Decision
from rules.core.ruleset import EntrantInput, Played
from rules.sands import bout as engine
from rules.sands.board import RADIUS as BOARD_RADIUS
from rules.sands.dice import POOL_SIZE
from rules.sands.kinds import KINDS, WOUND_BOXES, Location
from rules.sands.orders import PRESETS
from rules.sands.ruleset import (
    CROWD_MAX,
    CROWD_START,
    SandsRuleset,
    SandsSheet,
    carried_marks,
    orders_mapping,
    spec_of,
)

ENGINE_VERSION = engine.ENGINE_VERSION
FATIGUE_BOXES = engine.FATIGUE_BOXES
FATIGUED_AT = engine.FATIGUED_AT
ENGINE_VERSIONS = engine.ENGINE_VERSIONS  # sands/1's bouts replay under sands/1
SIDES = ("a", "b")
TURN = engine.TURN
ENGINE_REFUSED = "The engine refused: {error}"
NOT_A_PAIR = "A Sands bout is fought by a pair, sides a and b; this one has {count} entrants."
NOT_A_MAN = (
    "A Sands bout is fought between the campaign's men; {name} is a hired opponent with no "
    "class the Sands rules can read."
)
INCAPACITATED = (
    "{name} has a location with no free wound box: he is incapacitated and cannot fight until "
    "the medicus heals a wound there."
)
NOT_WAITING = "This bout is not waiting for a choice."
NO_LIVE_ODDS = "There are no live odds for Sands: its odds are reckoned by Monte Carlo."
NO_VERDICT = "A Sands bout settles the loser's fate on the sand (the appeal to the crowd)."
# The engine's ends in the campaign's words (Bout.EndReason); the log keeps the engine's own.
END_REASONS = {
    engine.END_KILLED: Bout.EndReason.KILLED,
    engine.END_DISABLED: Bout.EndReason.INCAPACITATED,
    engine.END_TRIPPED: Bout.EndReason.INCAPACITATED,
    engine.END_NO_DICE: Bout.EndReason.INCAPACITATED,
    engine.END_EXHAUSTED: Bout.EndReason.INCAPACITATED,
    engine.END_APATHY: Bout.EndReason.YIELD,
    engine.END_FINGER: Bout.EndReason.YIELD,
    engine.END_STANS: Bout.EndReason.DRAW,
    engine.END_TURN_LIMIT: Bout.EndReason.DRAW,
}
FATES = {
    engine.KILLED_ON_SAND: BoutEntry.Fate.DEAD,
    engine.IUGULA: BoutEntry.Fate.DEAD,
    engine.MITTE: BoutEntry.Fate.SPARED,
    engine.WON: BoutEntry.Fate.WALKED_OUT,
    engine.DRAW: BoutEntry.Fate.WALKED_OUT,
}
# What the card offers: the table may choose each turn's orders.
ASK_CHOICES = [(TURN, "Each turn's orders (after the roll)")]
TURN_LABELS = {
    engine.OWN_ORDERS: "His own orders",
    "cautious": "Cautious this turn",
    "steady": "Steady this turn",
    "aggressive": "Aggressive this turn",
    "showman": "Play to the crowd this turn",
    engine.FINGER: "Raise the finger (yield)",
}
RULESET = SandsRuleset()
# A Sands bout is fought in turns, and a man's standing is the crowd's mood (docs/rules.md,
# "Standing and the purse"): the reports say so (play_show, the purse's memo).
WORDS = Words(round="turn", rounds="turns", standing="the crowd's mood")

__all__ = [  # the engine's names the Sands pages draw with
    "BOARD_RADIUS",
    "KINDS",
    "POOL_SIZE",
    "PRESETS",
    "WOUND_BOXES",
    "Location",
    "carried_marks",
]


# --- inputs ------------------------------------------------------------------------------------


def sands_pair(bout: Bout) -> tuple[BoutEntry, BoutEntry]:
    entries = sorted(bout.entrants, key=lambda entry: entry.side)
    if [entry.side for entry in entries] != list(SIDES):
        raise BoutError(NOT_A_PAIR.format(count=len(entries)))
    for entry in entries:
        if entry.gladiator is None:
            raise BoutError(NOT_A_MAN.format(name=entry.name))
    return entries[0], entries[1]


def man_data(man: Gladiator, orders: Mapping[str, str]) -> dict:
    """A campaign man as a bout's setup keeps him (JSON): his class (his armatura), these
    orders (the engine's mapping) and the names of the injuries he carries, unhealed (their
    wound marks fill his boxes)."""
    return {
        "gladiator": man.pk,
        "name": man.name,
        "kind": man.armatura,
        "orders": dict(orders),
        "injuries": [injury.name for injury in carried_injuries(man)],
        "wounds": man.wounds,
    }


def _entrant_data(man: Gladiator, orders: dict | None) -> dict:
    try:
        mapping = orders_mapping(orders, man.orders)
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    return man_data(man, mapping)


def _entrant_input(side: str, data: dict) -> EntrantInput:
    return EntrantInput(
        name=data["name"],
        sheet=SandsSheet(),
        side=side,
        orders=dict(data.get("orders", {})),
        injuries=tuple(data.get("injuries", ())),
        equipment=data["kind"],
    )


def setup_data(bout: Bout) -> dict:
    """The engine inputs from the campaign, as JSON (what Bout.setup keeps)."""
    a, b = sands_pair(bout)
    return {
        "engine_version": ENGINE_VERSION,
        "a": _entrant_data(a.gladiator, a.orders),
        "b": _entrant_data(b.gladiator, b.orders),
        "turn_limit": None,
    }


def setup_from_data(data: dict) -> engine.Setup:
    try:
        entrants = [_entrant_input(side, data[side]) for side in SIDES]
        limit = data.get("turn_limit")
        return RULESET.setup(entrants, **({} if limit is None else {"turn_limit": limit}))
    except (RulesError, KeyError, TypeError) as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error


def man_spec(man: Gladiator, orders: Mapping[str, str]) -> engine.FighterSpec:
    """A campaign man as his bout's setup takes him (`man_data`, then the ruleset's
    `spec_of`): his class and the wound marks of the injuries he carries, on these orders
    (the odds page's: no man's own). A BoutError names a location too full to fight with."""
    try:
        return spec_of(_entrant_input(SIDES[0], man_data(man, orders)))
    except (RulesError, KeyError, TypeError) as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error


def bout_setup(bout: Bout) -> engine.Setup:
    """The bout's inputs: as it was begun, or as it would be set up now."""
    return setup_from_data(bout.setup or setup_data(bout))


# --- playing -------------------------------------------------------------------------------


# --- the book's line --------------------------------------------------------------------------

BOOK_BOUTS = 2_000  # Monte Carlo bouts behind a book's engine line
PUBLIC_ORDERS = "steady"  # the stands do not know a man's orders: the line is priced on these
TABLE_LINE = False  # the seed's table of Melee ranks is the Era's: a Sands book is the engine's
NO_TABLE = "The seed's table prices Era bouts (by Melee); open a Sands bout's book on the engine."


def public_setup(bout: Bout) -> engine.Setup:
    """The bout as the stands know it: the two men, their class and their unhealed wounds, both
    on steady orders; their private orders never move the line."""
    data = setup_data(bout)
    for side in SIDES:
        data[side]["orders"] = orders_mapping({"name": PUBLIC_ORDERS}, PUBLIC_ORDERS)
    return setup_from_data(data)


def line_seed(bout: Bout) -> int:
    """The line's seed: the bout's own once it has one, else its id, so a line is stable."""
    return bout.seed if bout.seed is not None else bout.pk


def engine_chances(bout: Bout) -> tuple[float, float, str]:
    """Each man's chance to win (0-1) by Monte Carlo on the public setup, and the basis."""
    try:
        odds = RULESET.odds(public_setup(bout), BOOK_BOUTS, line_seed(bout))
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    basis = f"The engine: {BOOK_BOUTS:,} simulated bouts, both men on steady orders"
    return odds.wins[0] / 100, odds.wins[1] / 100, basis


def fought_under(bout: Bout) -> str:
    """The engine a bout is fought and replayed with: the one it was begun under (its setup
    keeps it; a bout begun under sands/1 replays exactly as it was fought), else the current."""
    return bout.engine_version or (bout.setup or {}).get("engine_version") or ENGINE_VERSION


def can_replay(version: str) -> bool:
    return version in ENGINE_VERSIONS


def incapacitated(wounds: int, wound_points: int) -> bool:
    """Too hurt to be sent out: a location with no free box (the ruleset's `wound_points`
    figure is the fewest free boxes at any location); Sands keeps no Wounds count."""
    return wound_points <= 0


def _side_index(side: object) -> int:
    if side not in SIDES:
        raise BoutError(ENGINE_REFUSED.format(error=f"side must be a or b; got {side!r}"))
    return SIDES.index(str(side))


def decision_data(decisions) -> list[dict]:
    """The table's answers as the bout keeps them: {"kind": "turn", "side", "choice"}."""
    out = []
    for given in decisions:
        if not isinstance(given, dict):
            raise BoutError(ENGINE_REFUSED.format(error=f"a decision is a mapping: {given!r}"))
        kind, choice = given.get("kind"), given.get("choice")
        if kind != TURN or not isinstance(choice, str):
            raise BoutError(ENGINE_REFUSED.format(error=f"not a turn's choice: {given!r}"))
        _side_index(given.get("side"))
        out.append({"kind": TURN, "side": given["side"], "choice": choice})
    return out


def _decisions(data: list[dict]) -> list[Decision]:
    return [Decision(d["kind"], _side_index(d["side"]), d["choice"]) for d in data]


@dataclass(frozen=True)
class Replayed:
    """The bout played from its seed and decisions, kept up to a turn."""

    played: Played
    events: list[dict]
    turns: int  # the turns shown (the turn in progress counts when it waits for a choice)
    finished: bool
    pending: TurnChoice | None


@dataclass(frozen=True)
class TurnChoice:
    """The choice the bout waits for, as the bout pages read it (the Era's names)."""

    side: str
    kind: str
    options: tuple[str, ...]
    prompt: str
    round: int


def replay(bout: Bout, decisions: list[dict] | None = None, upto: int | None = None) -> Replayed:
    """Play the bout from its seed and decisions (to its end or its pending choice) and keep
    what happened up to turn `upto` (None: all of it)."""
    decisions = list(bout.decisions) if decisions is None else decisions
    try:
        played = RULESET.play(
            bout_setup(bout), bout.seed, _decisions(decisions), engine_version=fought_under(bout)
        )
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    events = [event.to_dict() for event in played.events]
    last = max((e["round"] for e in events), default=0)
    if upto is None or upto >= last:
        pending = None
        if played.pending is not None:
            p = played.pending
            pending = TurnChoice(SIDES[p.entrant or 0], p.kind, p.options, p.prompt, p.round)
        return Replayed(played, events, last, played.finished, pending)
    return Replayed(played, [e for e in events if e["round"] <= upto], upto, False, None)


def _crowd(tokens: dict) -> int:
    mood = CROWD_START + tokens.get("favour", 0) - tokens.get("disfavour", 0)
    return max(0, min(CROWD_MAX, mood - tokens.get("apathy", 0)))


def standings(events: list[dict]) -> dict[str, int]:
    """Each side's crowd standing (0-6) where the log stops."""
    if not events:
        return {side: CROWD_START for side in SIDES}
    tokens = events[-1]["data"]["state"]["tokens"]
    return {side: _crowd(tokens[i]) for i, side in enumerate(SIDES)}


def _turns_to(bout: Bout, turns: int) -> int:
    """The turn to stop after: `turns` more than are done (a turn the bout stopped in to ask
    a choice is not done yet)."""
    done = bout.rounds
    if done and bout.status == Bout.Status.FIGHTING and bout_pending(bout) is not None:
        done -= 1
    return done + turns


def _injury(taken) -> InjuryDone:
    return InjuryDone(
        name=taken.name, severity=taken.severity, effect=taken.effect, table_roll=taken.roll or 0
    )


def fight(bout: Bout, decisions: list[dict], rounds: int | None = None) -> Fought:
    """Play the bout from its seed with these decisions (to its end, or `rounds` more turns)."""
    upto = None if rounds is None else _turns_to(bout, rounds)
    state = replay(bout, decisions, upto)
    carried = {side: (bout.setup or {}).get(side, {}).get("wounds", 0) for side in SIDES}
    now = standings(state.events)
    outcome = state.played.outcome if state.finished else None
    record = state.played.record
    ends = []
    for index, side in enumerate(SIDES):
        if outcome is None:
            ends.append(EntrantEnd(side=side, standing=now[side], wounds=carried[side]))
            continue
        mine = outcome.entrant(index)
        fate = FATES[record["fates"][index]]
        ends.append(
            EntrantEnd(
                side=side,
                standing=int(mine.standing["crowd"]),
                wounds=carried[side],
                injuries=tuple(_injury(taken) for taken in mine.injuries),
                dead=fate == BoutEntry.Fate.DEAD,
                fate=str(fate),
            )
        )
    winner = record.get("winner") if state.finished else None
    return Fought(
        engine_version=fought_under(bout),
        decisions=decisions,
        events=state.events,
        rounds=state.turns,
        finished=state.finished,
        entrants=tuple(ends),
        end_reason=str(END_REASONS[record["reason"]]) if state.finished else "",
        winner=None if winner is None else SIDES[int(winner)],
        verdict_due=False,
    )


def stepped(state: Replayed, decisions: list[dict]) -> Stepped:
    return Stepped(
        rounds=state.turns,
        decisions=decisions,
        events=state.events,
        standings=standings(state.events),
    )


# --- between steps -----------------------------------------------------------------------------


def bout_pending(bout: Bout) -> TurnChoice | None:
    """The choice the bout waits for, if any (it stopped in the turn it stands in)."""
    if bout.status != Bout.Status.FIGHTING or bout.seed is None or not bout.setup:
        return None
    state = replay(bout)
    pending = state.pending
    return pending if pending is not None and pending.round <= bout.rounds else None


def pending_default(bout: Bout) -> dict:
    """What his orders choose at the pending choice: his own orders."""
    pending = bout_pending(bout)
    if pending is None:
        raise BoutError(NOT_WAITING)
    return {"kind": TURN, "side": pending.side, "choice": engine.OWN_ORDERS}


def choice_costs(bout: Bout) -> dict[str, str]:
    return {}


def live_odds(bout: Bout):
    raise BoutError(NO_LIVE_ODDS)


def crowd_call(loser_favor: int) -> str:
    """Never asked of a Sands bout (no verdict waits); the Era's bands, for a page that asks."""
    return "release" if loser_favor >= 5 else "sword" if loser_favor <= 2 else "divided"


def appeal_appellant(bout: Bout) -> None:
    return None


def decide(bout: Bout, loser: Gladiator, editor_choice: str | None) -> Ruling:
    raise BoutError(NO_VERDICT)
