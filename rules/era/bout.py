"""The Era bout (seed 001, THE BOUT I–V and CROWD FAVOR I), with design.md's binding readings.

Two fighters, Engaged, attack in turn each round until one yields, takes a second Critical
Injury, dies of one, or is incapacitated by Wounds. Crowd Favor (0–6) moves by the seed's lines,
applied at round end or when the bout ends early; the loser's favor feeds the editor's decision
(decision.py).

`fight_bout` is deterministic from its seed: it replays the whole bout every call, taking the
GM's answers from `decisions` in order, and stops with `pending` set when a side's orders ask
for a choice that has no answer yet. So the same seed and decisions always give the same log.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from rules.era.dice import Difficulty, Pool, Roll, RulesError, check_range
from rules.era.injuries import (
    CritRoll,
    carried_entries,
    check_penalty,
    critical_injury,
    injured_sheet,
    injured_wound_points,
)
from rules.era.injuries import Injury as TableInjury
from rules.era.kits import Kit, kit_by_name
from rules.era.orders import (
    CAUTIOUS,
    Choice,
    DecisionKind,
    Orders,
    orders_by_name,
)
from rules.era.readings import CURRENT, Reading, reading_for
from rules.era.readings import ENGINE_VERSIONS as ENGINE_VERSIONS  # every version it replays
from rules.era.rolls import Dice, SeededDice
from rules.era.sheet import Fighter

# What new bouts are fought with: fight_bout and the odds read it at each call, so this one
# name is the version a server (or a test that replays a recording) fights new bouts under.
ENGINE_VERSION = CURRENT.version
ROUND_CAP = 200  # a safety net: no pair of sheets fights this long, but a loop must end
FAVOR_MIN, FAVOR_MAX = 0, 6
START_FAVOR, KNOWN_FAVOR = 2, 3  # Known here: at least five wins in this city (THE BOUT I)
MAX_CARRIED = 10  # Critical Injuries a man can carry into a bout
ATTACK_DIFFICULTY = Difficulty.AVERAGE


class Side(enum.StrEnum):
    A = "a"
    B = "b"

    @property
    def other(self) -> Side:
        return Side.B if self is Side.A else Side.A


class EndReason(enum.StrEnum):
    YIELD = "yield"
    SECOND_INJURY = "second_injury"
    INCAPACITATED = "incapacitated"
    KILLED = "killed"  # the Critical Injury table's top band
    DRAW = "draw"  # only at the safety cap


class EventKind(enum.StrEnum):
    START = "start"  # Wounds and named injuries carried in (logged only when there are some)
    FIRST = "first"
    ATTACK = "attack"
    INJURY = "injury"
    FAVOR = "favor"
    YIELD = "yield"
    FIGHT_ON = "fight_on"
    END = "end"


def starting_favor(known: bool) -> int:
    return KNOWN_FAVOR if known else START_FAVOR


def _clamp(favor: int) -> int:
    return min(FAVOR_MAX, max(FAVOR_MIN, favor))


# --- inputs -----------------------------------------------------------------------------


_DEFAULT_FIGHTER = Fighter()  # frozen: one default instance serves every Entrant


@dataclass(frozen=True, init=False)
class Entrant:
    """One side of a bout: the sheet, the kit, the starting Crowd Favor and the GM's orders.

    `injuries` are the unhealed Critical Injuries he carries in, as table entries, names or
    bands ("Broken Nose", "86–90"): their effects act on this bout's checks and figures (his
    attacks, his Wound Points, his appeal). `carried_injuries` counts every injury carried in,
    named or not (+10 each to rolls against him, THE BOUT V); it defaults to the number named,
    and a larger count is injuries with no effect on record (a setup stored with only a count
    still loads and replays as it did). `helm` overrides the kit's Helm rating when given.
    `wounds` are the Wounds he carries in (0 to his Wound Points): he starts the bout at them,
    so they count toward incapacitation, the wound yield and the unhurt yield like the bout's.
    Injuries taken in the bout itself never change its pools (design.md).
    """

    fighter: Fighter
    kit: Kit
    favor: int
    orders: Orders
    carried_injuries: int
    helm: int | None
    wounds: int
    injuries: tuple[TableInjury, ...]

    # An explicit __init__ (the dataclass gives eq, repr and hash): it takes a kit, orders or
    # injuries by name, and the attributes always hold the table's objects.
    def __init__(
        self,
        fighter: Fighter = _DEFAULT_FIGHTER,
        kit: Kit | str = "murmillo",
        favor: int = START_FAVOR,
        orders: Orders | str = CAUTIOUS,
        carried_injuries: int | None = None,
        helm: int | None = None,
        wounds: int = 0,
        injuries: Iterable[TableInjury | str] = (),
    ) -> None:
        if not isinstance(fighter, Fighter):
            raise RulesError(f"fighter must be a Fighter sheet; got {type(fighter).__name__}")
        # The checks in the order they have always run, so a bad setup names the same field.
        values: dict[str, object] = {"fighter": fighter}
        values["kit"] = kit if isinstance(kit, Kit) else kit_by_name(kit)
        values["orders"] = orders if isinstance(orders, Orders) else orders_by_name(orders)
        values["favor"] = check_range("crowd favor", favor, FAVOR_MIN, FAVOR_MAX)
        entries = values["injuries"] = carried_entries(injuries)
        check_range("injuries", len(entries), 0, MAX_CARRIED)
        count = len(entries) if carried_injuries is None else carried_injuries
        # At least one per injury named: the count is every injury carried, named or not.
        values["carried_injuries"] = check_range(
            "carried injuries", count, len(entries), MAX_CARRIED
        )
        if helm is not None:
            check_range("helm", helm, 0, 5)
        values["helm"] = helm
        values["wounds"] = wounds
        for name, value in values.items():
            object.__setattr__(self, name, value)
        # More than his Wound Points and he is incapacitated already under every reading;
        # fight_bout also refuses exactly his Wound Points where the reading drops him there.
        check_range("wounds", wounds, 0, self.wound_points)

    @property
    def sheet(self) -> Fighter:
        """His sheet as the injuries he carries in leave it (Cut Tendons: Might 1 lower)."""
        return injured_sheet(self.fighter, self.injuries)

    @property
    def wound_points(self) -> int:
        """10 + Might (after any Might lost), less Wound Points lost to carried injuries."""
        return injured_wound_points(self.fighter, self.injuries)

    @property
    def has_critical_injury(self) -> bool:
        """He carries an unhealed Critical Injury into the bout (named or only counted)."""
        return self.carried_injuries > 0

    @property
    def helm_rating(self) -> int:
        return self.kit.helm if self.helm is None else self.helm

    @property
    def resistance(self) -> int:
        return self.sheet.resistance(self.kit.resistance)

    @property
    def damage(self) -> int:
        """A hit's base damage: Might + the weapon's bonus (each extra Success adds 1)."""
        return self.sheet.might + self.kit.weapon.might_bonus

    def attack_pool(self, defender: Entrant | None = None) -> Pool:
        """Might + Melee, Accurate Boons, vs Average, Defensive Banes, Deflecting on a cut;
        then the dice his carried injuries add to Melee, Might and shield checks. With no
        defender, his own side of the attack (as his sheet shows it)."""
        kit, sheet = self.kit, self.sheet
        banes = 0
        if defender is not None:
            target = defender.kit
            banes = target.defensive + (target.deflecting_cut if self.orders.cut else 0)
        pool = sheet.attack_pool.with_difficulty(ATTACK_DIFFICULTY)
        pool = pool.add(boon=kit.accurate, bane=banes)
        short = max(0, kit.cumbersome - sheet.might)  # a Trial die per point short
        pool = replace(pool, trial=pool.trial + short)
        # Every arena kit carries a shield (the thraex's parma is the Buckler): a Cracked
        # Collarbone's "Melee checks with a shield" is every attack.
        injured = check_penalty(self.injuries, "might", "melee", shield=kit.shield is not None)
        return injured.apply(pool)


@dataclass(frozen=True)
class _Fixed:
    """What one side brings that does not change during a bout (worked out once per setup)."""

    pool: Pool
    damage: int
    crit: int
    resistance: int
    wound_points: int
    helm: int
    minimum_hit_taken: int
    yield_at: int | None  # the fewest Wounds at which his orders' wound yield fires


@dataclass(frozen=True)
class BoutSetup:
    a: Entrant
    b: Entrant
    first: Side | None = None  # None: decided once per bout at even odds

    def __post_init__(self) -> None:
        for side in Side:
            if not isinstance(self.entrant(side), Entrant):
                raise RulesError(f"side {side} must be an Entrant")
        if self.first is not None:
            try:
                object.__setattr__(self, "first", Side(self.first))
            except ValueError:
                raise RulesError(f"first must be a, b or None; got {self.first!r}") from None

    def entrant(self, side: Side | str) -> Entrant:
        return self.a if Side(side) is Side.A else self.b

    @property
    def fixed(self) -> dict[Side, _Fixed]:
        """Each side's unchanging figures under the engine version new bouts are fought with."""
        return self.fixed_under(reading_of(None))

    def fixed_under(self, reading: Reading) -> dict[Side, _Fixed]:
        """Each side's unchanging figures under `reading`, worked out once per setup and
        reading (the odds reuse them)."""
        cache = self._fixed_by_version
        if reading.version not in cache:
            cache[reading.version] = {
                side: _fixed_for(self.entrant(side), self.entrant(side.other), reading)
                for side in Side
            }
        return cache[reading.version]

    @cached_property
    def _fixed_by_version(self) -> dict[str, dict[Side, _Fixed]]:
        return {}


@dataclass(frozen=True)
class Decision:
    """The GM's answer to one asked choice, replayed in order."""

    kind: DecisionKind
    side: Side
    choice: Choice

    def __post_init__(self) -> None:
        for name, kind in (("kind", DecisionKind), ("side", Side), ("choice", Choice)):
            try:
                object.__setattr__(self, name, kind(getattr(self, name)))
            except ValueError:
                allowed = ", ".join(m.value for m in kind)
                raise RulesError(
                    f"decision {name} must be one of {allowed}; got {getattr(self, name)!r}"
                ) from None

    def as_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "side": str(self.side), "choice": str(self.choice)}


@dataclass(frozen=True)
class Pending:
    """A choice the engine needs from the GM before the bout can go on."""

    kind: DecisionKind
    side: Side
    options: tuple[Choice, ...]
    round: int
    prompt: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "side": str(self.side),
            "options": [str(o) for o in self.options],
            "round": self.round,
            "prompt": self.prompt,
        }


# --- outputs ----------------------------------------------------------------------------


@dataclass(frozen=True)
class FavorLine:
    side: Side
    change: int
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"side": str(self.side), "change": self.change, "reason": self.reason}


@dataclass(frozen=True)
class Event:
    """One entry of the bout's log; `as_dict` drops the fields that do not apply."""

    round: int
    kind: EventKind
    actor: Side | None = None
    text: str = ""
    roll: Roll | None = None
    hit: bool | None = None
    damage: int | None = None
    resistance: int | None = None
    wounds: int | None = None
    total_wounds: int | None = None
    spend: Choice | None = None
    crit: CritRoll | None = None
    lines: tuple[FavorLine, ...] = ()
    favor: int | None = None
    choice: Choice | None = None
    asked: bool = False
    end_reason: EndReason | None = None
    carried: tuple[TableInjury, ...] = ()  # the start: named injuries carried in

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"round": self.round, "kind": str(self.kind), "text": self.text}
        if self.actor is not None:
            out["actor"] = str(self.actor)
        if self.roll is not None:
            out["pool"] = self.roll.pool.describe()
            out["roll"] = self.roll.as_dict()
            out["net"] = {
                "successes": self.roll.outcome.net_successes,
                "boons": self.roll.outcome.net_boons,
            }
        for name in ("hit", "damage", "resistance", "wounds", "total_wounds", "favor"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        for name in ("spend", "choice", "end_reason"):
            if getattr(self, name) is not None:
                out[name] = str(getattr(self, name))
        if self.crit is not None:
            out["crit"] = self.crit.as_dict()
        if self.lines:
            out["favor_lines"] = [line.as_dict() for line in self.lines]
        if self.asked:
            out["asked"] = True
        if self.carried:
            out["carried_injuries"] = [entry.effects_dict() for entry in self.carried]
        return out


@dataclass(frozen=True)
class CornerState:
    """One side's state when the engine stopped."""

    side: Side
    name: str
    wounds: int
    wound_points: int
    injuries: tuple[CritRoll, ...]
    favor: int
    yielded: bool
    fought_on: bool
    dead: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "side": str(self.side),
            "name": self.name,
            "wounds": self.wounds,
            "wound_points": self.wound_points,
            "injuries": [crit.as_dict() for crit in self.injuries],
            "favor": self.favor,
            "yielded": self.yielded,
            "fought_on": self.fought_on,
            "dead": self.dead,
        }


@dataclass(frozen=True)
class FavorPoint:
    round: int  # 0 is the start; a bout ended mid-round gets that round's point too
    a: int
    b: int


@dataclass(frozen=True)
class BoutResult:
    seed: int
    first: Side | None
    events: tuple[Event, ...]
    a: CornerState
    b: CornerState
    finished: bool
    winner: Side | None
    loser: Side | None
    end_reason: EndReason | None
    rounds: int
    pending: Pending | None
    favor_by_round: tuple[FavorPoint, ...]
    decisions_used: int
    engine_version: str = ENGINE_VERSION

    def side(self, side: Side | str) -> CornerState:
        return self.a if Side(side) is Side.A else self.b

    @property
    def loser_favor(self) -> int | None:
        return None if self.loser is None else self.side(self.loser).favor

    @property
    def winner_favor(self) -> int | None:
        return None if self.winner is None else self.side(self.winner).favor

    def as_dict(self) -> dict[str, Any]:
        return {
            "engine_version": self.engine_version,
            "seed": self.seed,
            "first": None if self.first is None else str(self.first),
            "finished": self.finished,
            "winner": None if self.winner is None else str(self.winner),
            "loser": None if self.loser is None else str(self.loser),
            "end_reason": None if self.end_reason is None else str(self.end_reason),
            "loser_favor": self.loser_favor,
            "winner_favor": self.winner_favor,
            "rounds": self.rounds,
            "pending": None if self.pending is None else self.pending.as_dict(),
            "a": self.a.as_dict(),
            "b": self.b.as_dict(),
            "favor_by_round": [[p.round, p.a, p.b] for p in self.favor_by_round],
            "events": [event.as_dict() for event in self.events],
        }


# --- the engine -------------------------------------------------------------------------


def _fixed_for(me: Entrant, them: Entrant, reading: Reading) -> _Fixed:
    wound_points = me.wound_points
    minimum_hit = reading.minimum_hit(them.damage, me.resistance)
    yield_at = next(
        (
            wounds
            for wounds in range(wound_points + 1)
            if me.orders.yields_for_wounds(wounds, wound_points, minimum_hit, reading)
        ),
        None,
    )
    return _Fixed(
        pool=me.attack_pool(them),
        damage=me.damage,
        crit=me.kit.weapon.crit,
        resistance=me.resistance,
        wound_points=wound_points,
        helm=me.helm_rating,
        minimum_hit_taken=minimum_hit,
        yield_at=yield_at,
    )


@dataclass(eq=False)
class _Corner:
    """One side's changing state inside the engine."""

    side: Side
    entrant: Entrant
    fixed: _Fixed
    favor: int
    orders: Orders
    wounds: int = 0
    injuries: list[CritRoll] = field(default_factory=list)
    idle: int = 0  # rounds in a row in which he neither hit nor was hit
    touched: bool = False  # hit or was hit this round
    new_injury: bool = False  # took his first Critical Injury this round
    fought_on: bool = False
    yielded: bool = False
    dead: bool = False

    @property
    def name(self) -> str:
        return self.entrant.fighter.name

    def state(self) -> CornerState:
        return CornerState(
            side=self.side,
            name=self.name,
            wounds=self.wounds,
            wound_points=self.fixed.wound_points,
            injuries=tuple(self.injuries),
            favor=self.favor,
            yielded=self.yielded,
            fought_on=self.fought_on,
            dead=self.dead,
        )


def _corner(side: Side, entrant: Entrant, fixed: _Fixed) -> _Corner:
    return _Corner(side, entrant, fixed, entrant.favor, entrant.orders, wounds=entrant.wounds)


class _BoutOver(Exception):
    pass


class _Asked(Exception):
    def __init__(self, pending: Pending) -> None:
        self.pending = pending


# The Crowd Favor line of a yield without a Critical Injury or half his Wound Points in Wounds
# (CROWD FAVOR: an unhurt yield costs 1 unless he stands at 5 or more).
UNHURT_YIELD = "he yields unhurt"

_PROMPTS = {
    DecisionKind.YIELD: "{name}'s turn: yield to the editor, or fight?",
    DecisionKind.FIGHT_ON: "{name} has his first Critical Injury: yield honorably, or fight on?",
    DecisionKind.BOONS: "{name} hits with {boons} spare Boons: how does he spend them?",
}


class _Bout:
    def __init__(
        self,
        setup: BoutSetup,
        seed: int,
        dice: Dice,
        decisions: Sequence[Decision],
        max_rounds: int | None,
        record: bool,
        reading: Reading,
    ) -> None:
        self.setup, self.seed, self.dice, self.record = setup, seed, dice, record
        self.decisions, self.used = decisions, [False] * len(decisions)
        self.max_rounds = max_rounds
        self.reading = reading
        fixed = setup.fixed_under(reading)
        self.corners = {side: _corner(side, setup.entrant(side), fixed[side]) for side in Side}
        self.round = 0
        self.first: Side | None = None
        self.turn_order: tuple[_Corner, ...] = ()
        self.lines: list[FavorLine] = []  # this round's Crowd Favor lines, not yet applied
        self.events: list[Event] = []
        self.favor_by_round: list[FavorPoint] = []
        self.end: tuple[Side | None, Side | None, EndReason] | None = None
        self.pending: Pending | None = None

    # the loop

    def run(self) -> BoutResult:
        self._note_favor()
        if self.record:
            self._log_start()
        try:
            self._choose_first()
            while True:
                if self.round >= ROUND_CAP:
                    self._finish(None, EndReason.DRAW)
                if self.max_rounds is not None and self.round >= self.max_rounds:
                    break
                self._fight_round()
        except _BoutOver:
            pass
        except _Asked as asked:
            self.pending = asked.pending
        return self._result()

    def _log_start(self) -> None:
        """What each side carries in: Wounds, and the injuries named with what they do here.

        One event per side that carries some (none: the log is unchanged). Injuries carried
        only as a count (setups stored before they were named) show in the Critical Injury
        rolls' arithmetic, as they always did.
        """
        for side in Side:
            corner = self.corners[side]
            named = corner.entrant.injuries
            if not corner.wounds and not named:
                continue
            carrying = []
            if corner.wounds:
                carrying.append(
                    f"{_count(corner.wounds, 'Wound')} "
                    f"({corner.wounds} of {corner.fixed.wound_points})"
                )
            if named:
                carrying.append(_carried_words(named, corner.entrant.carried_injuries))
            text = f"{corner.name} comes out carrying {' and '.join(carrying)}."
            if named:
                each = "It adds" if corner.entrant.carried_injuries == 1 else "Each adds"
                text += f" {each} +10 to Critical Injury rolls against him."
            event = Event(
                0,
                EventKind.START,
                side,
                text,
                total_wounds=corner.wounds or None,
                carried=named,
            )
            self.events.append(event)

    def _choose_first(self) -> None:
        self.first = self.setup.first
        if self.first is None:
            self.first = Side.A if self.dice.coin() else Side.B
        first = self.corners[self.first]
        self.turn_order = (first, self.corners[self.first.other])
        if self.record:
            text = f"{first.name} acts first each round."
            self.events.append(Event(0, EventKind.FIRST, self.first, text))

    def _fight_round(self) -> None:
        self.round += 1
        first, second = self.turn_order
        self._turn(first, second)
        self._turn(second, first)
        self._end_round()

    def _turn(self, me: _Corner, them: _Corner) -> None:
        yield_at = me.fixed.yield_at  # checked here first: the odds fight many turns
        if DecisionKind.YIELD in me.orders.ask or (yield_at is not None and me.wounds >= yield_at):
            self._turn_start(me)
        self._attack(me, them)

    def _turn_start(self, me: _Corner) -> None:
        """THE BOUT II: at the start of his turn he may yield (his orders, or the GM, say)."""
        fixed = me.fixed
        auto = me.orders.yields_for_wounds(
            me.wounds, fixed.wound_points, fixed.minimum_hit_taken, self.reading
        )
        options = (Choice.FIGHT, Choice.YIELD)
        choice = self._decide(
            DecisionKind.YIELD, me, options, Choice.YIELD if auto else Choice.FIGHT
        )
        if choice is Choice.YIELD:
            self._yield(me)

    # the attack

    def _attack(self, me: _Corner, them: _Corner) -> None:
        rolled = self.dice.roll(me.fixed.pool) if self.record else None
        if rolled is None:
            successes, boons, breakthrough, calamity = self.dice.outcome(me.fixed.pool)
        else:
            o = rolled.outcome
            successes, boons, breakthrough = o.net_successes, o.net_boons, o.breakthroughs
            calamity = o.calamities
        if calamity:
            self._line(me, -1, "a Calamity on his attack")
        if breakthrough:
            self._line(me, 2, "a Breakthrough on his attack")
        if successes < 1:
            self._log_attack(me, them, rolled, None, None, None)
            return
        me.touched = them.touched = True
        damage = me.fixed.damage + successes - 1
        wounds = max(0, damage - them.fixed.resistance)
        them.wounds += wounds
        spend = self._spend(me, boons, breakthrough)
        if spend is Choice.FLOURISH:
            self._line(me, 1, "a flourish")
        elif spend is Choice.CRIT and not breakthrough:
            self._line(me, 1, "a Critical Injury he inflicts")
        self._log_attack(me, them, rolled, damage, wounds, spend)
        if spend is Choice.CRIT:
            self._injure(them)
        if self.reading.incapacitated(them.wounds, them.fixed.wound_points):
            self._finish(them, EndReason.INCAPACITATED)

    def _spend(self, me: _Corner, boons: int, breakthrough: int) -> Choice:
        """A Breakthrough on a hit buys the Critical Injury; otherwise the spare Boons."""
        if breakthrough:
            return Choice.CRIT
        if boons < 2:
            return Choice.NONE
        crit = me.fixed.crit
        options: tuple[Choice, ...] = (Choice.CRIT,) if boons >= crit else ()
        options += (Choice.FLOURISH, Choice.NONE)
        return self._decide(DecisionKind.BOONS, me, options, me.orders.spend(boons, crit), boons)

    def _injure(self, them: _Corner) -> None:
        carried = len(them.injuries) + them.entrant.carried_injuries
        crit = critical_injury(self.dice.d100(), carried=carried, helm=them.fixed.helm)
        them.injuries.append(crit)
        if self.record:
            text = (
                f"{them.name} takes a Critical Injury: {crit.arithmetic()}, {crit.injury.name} "
                f"({crit.injury.severity.label})."
            )
            self.events.append(Event(self.round, EventKind.INJURY, them.side, text, crit=crit))
        if crit.injury.fatal:
            them.dead = True
            self._finish(them, EndReason.KILLED)
        if len(them.injuries) >= 2:
            self._finish(them, EndReason.SECOND_INJURY)
        them.new_injury = True

    # the yield and the round's end

    def _yield(self, me: _Corner) -> None:
        # THE BOUT II: "If you have a Critical Injury": one taken here or carried in unhealed.
        honorable = (
            bool(me.injuries)
            or me.entrant.has_critical_injury
            or 2 * me.wounds >= me.fixed.wound_points
        )
        if not honorable and me.favor < 5:
            self._line(me, -1, UNHURT_YIELD)
        me.yielded = True
        if self.record:
            how = "honorably" if honorable else "unhurt"
            text = f"{me.name} lowers his shield and yields {how}."
            self.events.append(Event(self.round, EventKind.YIELD, me.side, text))
        self._finish(me, EndReason.YIELD)

    def _end_round(self) -> None:
        for corner in self.corners.values():
            corner.idle = 0 if corner.touched else corner.idle + 1
            if corner.idle and corner.idle % 2 == 0:
                self._line(corner, -1, "a second round in a row without a hit given or taken")
        self._apply_lines()
        choosing = [c for c in self.corners.values() if c.new_injury]
        if len(choosing) == 2 and not self.dice.coin():
            choosing.reverse()  # both face the choice: the order between them is random
        for corner in choosing:
            self._first_injury_choice(corner)
        for corner in self.corners.values():
            corner.touched = corner.new_injury = False
        self._note_favor()

    def _first_injury_choice(self, me: _Corner) -> None:
        auto = Choice.YIELD if me.orders.yields_after_first_injury(me.favor) else Choice.FIGHT_ON
        options = (Choice.FIGHT_ON, Choice.YIELD)
        if self._decide(DecisionKind.FIGHT_ON, me, options, auto) is Choice.YIELD:
            self._yield(me)
        me.fought_on = True
        if self.record:
            text = f"{me.name} fights on after his first Critical Injury."
            self.events.append(Event(self.round, EventKind.FIGHT_ON, me.side, text))
        self._line(me, 1, "he fights on after his first Critical Injury")
        self._apply_lines()

    # Crowd Favor

    def _line(self, corner: _Corner, change: int, reason: str) -> None:
        self.lines.append(FavorLine(corner.side, change, reason))

    def _apply_lines(self) -> None:
        """All of a side's matching lines at once, then kept between 0 and 6 (CROWD FAVOR I)."""
        if not self.lines:
            return
        for side, corner in self.corners.items():
            mine = tuple(line for line in self.lines if line.side is side)
            if not mine:
                continue
            before = corner.favor
            corner.favor = _clamp(before + sum(line.change for line in mine))
            if self.record:
                reasons = "; ".join(f"{line.change:+d} {line.reason}" for line in mine)
                text = f"{corner.name}'s Crowd Favor {before} → {corner.favor} ({reasons})."
                event = Event(
                    self.round, EventKind.FAVOR, side, text, lines=mine, favor=corner.favor
                )
                self.events.append(event)
        self.lines.clear()

    def _note_favor(self) -> None:
        a, b = self.corners[Side.A].favor, self.corners[Side.B].favor
        self.favor_by_round.append(FavorPoint(self.round, a, b))

    # choices

    def _decide(
        self,
        kind: DecisionKind,
        me: _Corner,
        options: tuple[Choice, ...],
        auto: Choice,
        boons: int = 0,
    ) -> Choice:
        """The orders' choice, or the GM's replayed answer when the orders say to ask."""
        if kind not in me.orders.ask:
            return auto
        for index, decision in enumerate(self.decisions):
            if self.used[index] or decision.kind is not kind or decision.side is not me.side:
                continue
            if decision.choice not in options:
                allowed = ", ".join(options)
                raise RulesError(
                    f"decision {index + 1} ({kind} for side {me.side}) must be one of "
                    f"{allowed}; got {decision.choice}"
                )
            self.used[index] = True
            return decision.choice
        prompt = _PROMPTS[kind].format(name=me.name, boons=boons)
        raise _Asked(Pending(kind, me.side, options, self.round, prompt))

    # the end

    def _finish(self, loser: _Corner | None, reason: EndReason) -> None:
        self._apply_lines()  # the round's lines for both, before the loser's favor is read
        if loser is None:
            self.end = (None, None, reason)
            text = f"No decision after {self.round} rounds: the editor parts them (draw)."
        else:
            winner = self.corners[loser.side.other]
            self.end = (winner.side, loser.side, reason)
            text = (
                f"{winner.name} wins: {loser.name} {_ENDINGS[reason]}, and has lost at Crowd "
                f"Favor {loser.favor}."
            )
        if self.favor_by_round[-1].round != self.round:
            self._note_favor()
        if self.record:
            actor = None if loser is None else loser.side
            self.events.append(Event(self.round, EventKind.END, actor, text, end_reason=reason))
        raise _BoutOver

    def _log_attack(
        self,
        me: _Corner,
        them: _Corner,
        rolled: Roll | None,
        damage: int | None,
        wounds: int | None,
        spend: Choice | None,
    ) -> None:
        if rolled is None:
            return
        o = rolled.outcome
        net = _net(o.net_successes, o.net_boons)
        breakthrough = ", a Breakthrough" if o.breakthroughs else ""
        text = f"{me.name} attacks ({rolled.pool.describe()}): {net}{breakthrough}"
        if damage is None:
            text += ": a miss."
        else:
            text += (
                f": a hit, {damage} damage less Resistance {them.fixed.resistance} is "
                f"{_count(wounds or 0, 'Wound')} ({them.wounds} of {them.fixed.wound_points})"
                f"{_SPENDS.get(spend, '')}."
            )
        self.events.append(
            Event(
                self.round,
                EventKind.ATTACK,
                me.side,
                text,
                roll=rolled,
                hit=damage is not None,
                damage=damage,
                resistance=None if damage is None else them.fixed.resistance,
                wounds=wounds,
                total_wounds=None if damage is None else them.wounds,
                spend=None if spend is Choice.NONE else spend,
            )
        )

    def _result(self) -> BoutResult:
        winner, loser, reason = self.end if self.end else (None, None, None)
        return BoutResult(
            seed=self.seed,
            first=self.first,
            events=tuple(self.events),
            a=self.corners[Side.A].state(),
            b=self.corners[Side.B].state(),
            finished=self.end is not None,
            winner=winner,
            loser=loser,
            end_reason=reason,
            rounds=self.round,
            pending=self.pending,
            favor_by_round=tuple(self.favor_by_round),
            decisions_used=sum(self.used),
            engine_version=self.reading.version,
        )


_ENDINGS = {
    EndReason.YIELD: "yields",
    EndReason.SECOND_INJURY: "takes a second Critical Injury and the editor's man parts them",
    EndReason.INCAPACITATED: "is incapacitated by his Wounds",
    EndReason.KILLED: "is killed by his Critical Injury",
}
_SPENDS: dict[Choice | None, str] = {
    Choice.CRIT: "; a Critical Injury",
    Choice.FLOURISH: "; a flourish for the crowd",
}


def _carried_words(named: Sequence[TableInjury], count: int) -> str:
    """'an old Critical Injury: Broken Nose (1 Trial die on his appeal)'."""
    what = "; ".join(f"{entry.name} ({entry.arena_effect})" for entry in named)
    if count == 1:
        return f"an old Critical Injury: {what}"
    more = count - len(named)
    extra = f"; and {_count(more, 'other')} with no effect on record" if more else ""
    return f"{count} old Critical Injuries: {what}{extra}"


def _count(number: int, noun: str) -> str:
    plural = "es" if noun.endswith("ss") else "s"
    return f"{number} {noun}{'' if number == 1 else plural}"


def _net(successes: int, boons: int) -> str:
    """A roll's net result as the seed words it: "2 net Banes", never "-2 net Boons"."""
    hits = _count(successes, "net Success") if successes >= 0 else _count(-successes, "net Failure")
    luck = _count(boons, "net Boon") if boons >= 0 else _count(-boons, "net Bane")
    return f"{hits}, {luck}"


StoredDecision = Mapping[str, str]  # {"kind": ..., "side": ..., "choice": ...}, as stored


def _decisions(decisions: Iterable[Decision | StoredDecision]) -> tuple[Decision, ...]:
    return tuple(d if isinstance(d, Decision) else _stored_decision(d) for d in decisions)


def _stored_decision(data: StoredDecision) -> Decision:
    # Decision's __post_init__ turns the stored texts into the enums, or names the bad one.
    return Decision(**data)  # type: ignore[arg-type]  # texts in, enums after __post_init__


def fight_bout(
    setup: BoutSetup,
    *,
    seed: int,
    decisions: Sequence[Decision | StoredDecision] = (),
    max_rounds: int | None = None,
    dice: Dice | None = None,
    record: bool = True,
    engine_version: str | None = None,
) -> BoutResult:
    """Fight (or replay) a bout from its seed.

    `decisions` answers the choices the sides' orders ask for, in the order asked; when one is
    missing the result comes back unfinished with `pending` set. `max_rounds` stops after that
    many rounds. `dice` replaces the seeded dice (worked examples); `record=False` skips the
    event log (the odds' fast path; the outcome is the same). `engine_version` is the reading
    the bout is fought under (one of ENGINE_VERSIONS; None: the current one): a stored bout
    passes the version it was begun with, so it replays as it was fought.
    """
    reading = reading_of(engine_version)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"seed must be a whole number; got {seed!r}")
    if max_rounds is not None:
        check_range("max rounds", max_rounds, 0, ROUND_CAP)
    _check_not_incapacitated(setup, reading)
    source = dice if dice is not None else SeededDice(random.Random(seed))
    bout = _Bout(setup, seed, source, _decisions(decisions), max_rounds, record, reading)
    return bout.run()


def reading_of(engine_version: str | None) -> Reading:
    """The reading a bout is fought under: that of `engine_version`, or of ENGINE_VERSION."""
    return reading_for(ENGINE_VERSION if engine_version is None else engine_version)


def _check_not_incapacitated(setup: BoutSetup, reading: Reading) -> None:
    """A man whose carried Wounds already drop him under this reading cannot be sent out
    (era-bout/2: Wounds equal to his Wound Points; era-bout/1 allowed that and dropped him
    at the next Wound)."""
    for side, fixed in setup.fixed_under(reading).items():
        wounds = setup.entrant(side).wounds
        if reading.incapacitated(wounds, fixed.wound_points):
            raise RulesError(
                f"side {side} carries {wounds} Wounds of his {fixed.wound_points} Wound "
                f"Points: under {reading.version} he is incapacitated and cannot fight"
            )
