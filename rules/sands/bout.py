"""The Sands bout: turn by turn from one seed and the two gladiators' orders.

A turn has the seed's five phases:
1. Roll: each gladiator rolls his action dice (six, less those forfeited or surrendered).
2. Initiative: Manoeuvre dice counted (the Thraex's Special dice too: Dominant), Laurel dice
   converted to Manoeuvre to bid higher, a Laurel Token breaking a tie (+1), otherwise the tie
   goes to him who did not hold the Initiative Token last turn (turn 1: a d6 roll-off); the
   winner keeps the Initiative Token or passes it (his orders).
3. Activations: the holder of the token activates fully, then the other; each spends dice on
   actions in his own activation and on reactions in the other's.
4. Fatigue and bleeding: Hurt (a die surrendered each 3 wounds), 1 Fatigue and 1 a Bleed Token,
   Fatigued (a die surrendered, a floor) and Exhausted (concedes).
5. End of turn: the dice gathered, Fervour discarded, the once-a-turn special attacks renewed.

The bout ends at once when a man is killed or concedes (Disabled, Tripped, all dice lost, two
Apathy Tokens, raised finger), in phase four when a man is Exhausted (both at once: stans
missus, a draw), and after `turn_limit` turns when one is set (the optional ten-turn limit, a
draw). The living loser appeals to the crowd (2d6). docs/rules.md, "Sands", has every choice.

One `random.Random(seed)` draws every die in a fixed order, and orders never draw, so the same
seed and orders give the same bout. `play(..., record=False)` keeps no log (the odds' path).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import RulesError
from rules.core.events import Decider, Decision, PendingDecision
from rules.sands.board import (
    RADIUS,
    START,
    Hex,
    adjacent,
    back_to_the_wall,
    directly_away,
    distance,
    edge_distance,
    neighbours,
    on_grid,
    rear_hexes,
    rear_off_grid,
    step_towards,
)
from rules.sands.dice import FACE_OF, POOL_SIZE, Face, face_of
from rules.sands.kinds import (
    BODY_BONUS,
    HIT_LOCATION,
    LIMBS,
    WOUND_BOXES,
    Kind,
    Location,
    kind_of,
)
from rules.sands.orders import PRESETS, Orders

SANDS_1, SANDS_2 = "sands/1", "sands/2"
ENGINE_VERSION = SANDS_2  # what new bouts are fought with
ENGINE_VERSIONS = (SANDS_1, SANDS_2)
FATIGUE_BOXES = 14
FATIGUED_AT = 10  # the box marked F (ours)
EXHAUSTED_AT = 14  # the box marked X: the last
MAX_CROWD = 2  # Favour or Disfavour held at most; a third becomes Fervour or Apathy
APATHY_CONCEDES = 2
HURT_EVERY = 3  # wounds a Hurt
MAX_TURNS = 40  # a safety stop (a draw); fatigue ends every bout long before (docs/rules.md)
TEN_TURNS = 10  # the seed's optional limit
APPEAL_MITTE = 6  # 2d6 + modifiers: 2-5 Iugula, 6-12 Mitte
PLAY_TO_CROWD_FAVOUR = 4  # d6: 1 Disfavour, 2-3 nothing, 4-6 Favour (ours)
FORCED_OFF_SAFE = 4  # d6 + Manoeuvre dice: 1-3 collides with the wall
HEAVY_STRIKE_BONUS = 2  # on the wound roll (ours)
IMPETUS_MAX = 2  # +1 on the attack roll a hex moved this activation (ours)

# Wound table bands, on 2d6 + modifiers.
GLANCING, HARRIED, FLESH, DEEP, SLOW_KILL, KILLED = (
    "glancing",
    "harried",
    "flesh wound",
    "deep wound",
    "slow kill",
    "killed",
)
# Ends of a bout.
END_KILLED = "killed"
END_DISABLED = "disabled"
END_TRIPPED = "tripped"
END_EXHAUSTED = "exhausted"
END_NO_DICE = "no dice"
END_APATHY = "apathy"
END_FINGER = "raised the finger"
END_STANS = "stans missus"
END_TURN_LIMIT = "turn limit"
# Fates.
WON, KILLED_ON_SAND, IUGULA, MITTE, DRAW = "won", "killed", "iugula", "mitte", "draw"
# The table's choice of a man's orders for one turn (his orders say "ask": "turn"): his own
# orders, a preset for this turn, or raising the finger (offered at two conditions or more).
TURN = "turn"
OWN_ORDERS = "orders"
FINGER = "finger"


@dataclass(frozen=True)
class Readings:
    """Where the engine versions read the seed differently (docs/rules.md, "sands/2"): a bout
    stored under sands/1 replays under its readings, new bouts take sands/2's."""

    crowd_cancels: bool  # Favour and Disfavour cancel each other (sands/1)
    carried_blood: bool  # the appeal's +1 counts the winner's wounds carried in (sands/1)
    dominant_at_wall: bool  # Dominant's Special dice count in the wall roll, as at initiative
    stand_fast_outflank: bool  # the defender may Stand Fast against an Outflank


READINGS: dict[str, Readings] = {
    SANDS_1: Readings(
        crowd_cancels=True, carried_blood=True, dominant_at_wall=False, stand_fast_outflank=False
    ),
    SANDS_2: Readings(
        crowd_cancels=False, carried_blood=False, dominant_at_wall=True, stand_fast_outflank=True
    ),
}


def readings_of(engine_version: str) -> Readings:
    try:
        return READINGS[engine_version]
    except KeyError:
        known = ", ".join(ENGINE_VERSIONS)
        raise RulesError(
            f"Sands has no engine {engine_version!r}; the engines are {known}"
        ) from None


def wound_band(total: int) -> str:
    if total <= 2:
        return GLANCING
    if total <= 4:
        return HARRIED
    if total <= 7:
        return FLESH
    if total <= 10:
        return DEEP
    if total <= 12:
        return SLOW_KILL
    return KILLED


@dataclass(frozen=True)
class FighterSpec:
    name: str
    kind: str
    orders: Mapping[str, str] = field(default_factory=dict)
    # Wound marks he carries in, by location (unhealed wounds of earlier bouts).
    carried: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        kind_of(self.kind)
        Orders.from_mapping(self.orders)
        for where, marks in self.carried.items():
            try:
                location = Location(where)
            except ValueError:
                raise RulesError(f"carried wounds: no location {where!r}") from None
            if not isinstance(marks, int) or isinstance(marks, bool) or marks < 0:
                raise RulesError(f"carried wounds: {where} must be a count, got {marks!r}")
            if marks >= WOUND_BOXES[location]:
                raise RulesError(
                    f"{self.name} carries {marks} wounds in the {where} of its "
                    f"{WOUND_BOXES[location]} boxes: he cannot fight"
                )


@dataclass(frozen=True)
class Setup:
    a: FighterSpec
    b: FighterSpec
    turn_limit: int | None = None  # TEN_TURNS for the seed's optional limit

    def __post_init__(self) -> None:
        if self.turn_limit is not None and not 1 <= self.turn_limit <= MAX_TURNS:
            raise RulesError(f"turn_limit must be 1 to {MAX_TURNS} (or none)")

    @property
    def fighters(self) -> tuple[FighterSpec, FighterSpec]:
        return self.a, self.b


@dataclass(frozen=True)
class Snapshot:
    """The board and both sheets at one moment: what a replay draws."""

    hexes: tuple[Hex, Hex]
    pools: tuple[tuple[str, ...], tuple[str, ...]]
    forfeited: tuple[int, int]
    surrendered: tuple[int, int]
    fatigue: tuple[int, int]
    wounds: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]
    tokens: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]


@dataclass(frozen=True)
class SandsEvent:
    """One entry of the log: its kind, the turn and phase, who it is about (0, 1, None), the
    text, the figures of the moment (a tuple of name and value pairs) and the state after."""

    kind: str
    turn: int
    phase: int
    who: int | None
    text: str
    data: tuple[tuple[str, Any], ...]
    state: Snapshot

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.data).get(key, default)


@dataclass
class Gladiator:
    index: int
    spec: FighterSpec
    kind: Kind
    orders: Orders
    pos: Hex
    pool: list[Face] = field(default_factory=list)
    forfeited: int = 0
    surrendered: int = 0
    defence_tokens: int = 0
    laurel_token: int = 0
    fervour: int = 0
    favour: int = 0
    disfavour: int = 0
    apathy: int = 0
    fatigue: int = 0
    fatigued: bool = False  # reached F: the floor, and a die surrendered
    bleed: int = 0
    hurt: int = 0  # Hurt instances (a die surrendered each)
    wounds: dict[Location, int] = field(default_factory=dict)
    specials_used: set[str] = field(default_factory=set)
    moved: int = 0  # hexes moved this activation
    attacked: bool = False  # attempted an attack this activation
    wounded_opponent: bool = False
    dead: bool = False
    conceded: str | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def dice_owned(self) -> int:
        """Dice he rolls each turn: six, less the forfeited and the surrendered."""
        return max(0, POOL_SIZE - self.forfeited - self.surrendered)

    @property
    def total_wounds(self) -> int:
        return sum(self.wounds.values())

    @property
    def out(self) -> bool:
        return self.dead or self.conceded is not None

    def count(self, face: Face) -> int:
        return self.pool.count(face)

    def has(self, trait: str) -> bool:
        return trait in self.kind.traits

    def fatigue_floor(self) -> int:
        return FATIGUED_AT if self.fatigued else 0


@dataclass
class Result:
    turns: int
    winner: int | None
    loser: int | None
    end_reason: str
    fates: tuple[str, str]
    appeal: int | None  # the loser's modified 2d6, when he appealed
    gladiators: tuple[Gladiator, Gladiator]
    events: list[SandsEvent]
    pending: PendingDecision | None = None  # the choice the bout stopped for (not over)
    decisions_used: int = 0

    def fate(self, index: int) -> str:
        return self.fates[index]


# Orders read from a mapping, by its items: a run of odds fights thousands of bouts on the same
# orders, and `Orders` is frozen, so one reading serves them all.
_ORDERS_READ: dict[tuple[tuple[str, Any], ...], Orders] = {}


def _orders_of(spec: FighterSpec) -> Orders:
    key = tuple(spec.orders.items())
    orders = _ORDERS_READ.get(key)
    if orders is None:
        orders = Orders.from_mapping(spec.orders)
        if len(_ORDERS_READ) < 1024:
            _ORDERS_READ[key] = orders
    return orders


def _gladiator(index: int, spec: FighterSpec) -> Gladiator:
    orders = _orders_of(spec)
    g = Gladiator(index, spec, kind_of(spec.kind), orders, START[index])
    g.wounds = {Location(where): marks for where, marks in spec.carried.items() if marks}
    return g


_LOCATION_NAMES = {location: str(location) for location in Location}


def _wounds(g: Gladiator) -> tuple[tuple[str, int], ...]:
    if not g.wounds:
        return ()
    return tuple([(_LOCATION_NAMES[k], v) for k, v in g.wounds.items()])


def _tokens(g: Gladiator) -> tuple[tuple[str, int], ...]:
    return (
        ("defence", g.defence_tokens),
        ("laurel", g.laurel_token),
        ("fervour", g.fervour),
        ("favour", g.favour),
        ("disfavour", g.disfavour),
        ("apathy", g.apathy),
        ("bleed", g.bleed),
    )


class BoutOver(Exception):
    """Raised inside a phase the moment the bout is decided."""


class Asked(Exception):
    """Raised when the bout must stop for a choice the table has not made yet."""


# Dice he gives up first when one must go (a forfeit, a surrender), and the dice he spends
# first on a move of two dice: those he needs least.
SHED_ORDER = (
    Face.RESPITE,
    Face.SPECIAL,
    Face.LAUREL,
    Face.MANOEUVRE,
    Face.DEFENCE,
    Face.ATTACK,
)


class Bout:
    """One bout in progress. `dice` (tests) replaces the generator's d6 with a script."""

    def __init__(
        self,
        setup: Setup,
        seed: int,
        *,
        record: bool = True,
        dice: Callable[[], int] | None = None,
        radius: int = RADIUS,
        decisions: Sequence[Decision] = (),
        engine_version: str = ENGINE_VERSION,
    ) -> None:
        self.readings = readings_of(engine_version)
        self.engine_version = engine_version
        self.setup = setup
        self.rng = random.Random(seed)
        self.record = record
        self.radius = radius
        self.events: list[SandsEvent] = []
        self.turn = 0
        self.phase = 0
        self.token: int | None = None  # who held the Initiative Token this turn
        self.g: tuple[Gladiator, Gladiator] = (_gladiator(0, setup.a), _gladiator(1, setup.b))
        self._scripted = dice
        self.winner: int | None = None
        self.end_reason = ""
        self.stans_missus = False
        self.decisions = tuple(decisions)
        self.used = 0  # decisions replayed so far
        self.pending: PendingDecision | None = None
        self.standing = (self.g[0].orders, self.g[1].orders)  # his own orders, between turns

    # --- dice ----------------------------------------------------------------------------

    def d6(self) -> int:
        if self._scripted is not None:
            return self._scripted()
        return int(self.rng.random() * 6) + 1

    def roll2(self, advantage: int = 0, disadvantage: int = 0) -> tuple[int, tuple[int, ...]]:
        """2d6, or 3d6 keeping the higher two (Advantage) or the lower two (Disadvantage); one
        of each cancels, and more of one kind count once."""
        mode = (advantage > 0) - (disadvantage > 0)
        if mode == 0:
            if self._scripted is None:  # the d6 inlined: the same draws, fewer calls
                rng = self.rng.random
                first, second = int(rng() * 6) + 1, int(rng() * 6) + 1
                return first + second, (first, second)
            dice: tuple[int, ...] = (self.d6(), self.d6())
            return dice[0] + dice[1], dice
        dice = (self.d6(), self.d6(), self.d6())
        ordered = sorted(dice)
        kept = ordered[1:] if mode > 0 else ordered[:2]
        return kept[0] + kept[1], dice

    # --- the log -------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        a, b = self.g
        return Snapshot(
            hexes=(a.pos, b.pos),
            pools=(tuple(a.pool), tuple(b.pool)),
            forfeited=(a.forfeited, b.forfeited),
            surrendered=(a.surrendered, b.surrendered),
            fatigue=(a.fatigue, b.fatigue),
            wounds=(_wounds(a), _wounds(b)),
            tokens=(_tokens(a), _tokens(b)),
        )

    def log(self, kind: str, who: int | None, text: str, **data: Any) -> None:
        if self.record:
            self.events.append(
                SandsEvent(
                    kind, self.turn, self.phase, who, text, tuple(data.items()), self.snapshot()
                )
            )

    # --- the end -------------------------------------------------------------------------

    def concede(self, g: Gladiator, reason: str) -> None:
        if g.out:
            return
        g.conceded = reason
        if self.record:
            self.log("concede", g.index, f"{g.name} concedes: {reason}", reason=reason)
        raise BoutOver

    def kill(self, g: Gladiator) -> None:
        g.dead = True
        if self.record:
            self.log("killed", g.index, f"{g.name} is killed")
        raise BoutOver

    # --- dice on the sheet ---------------------------------------------------------------

    def _trim(self, g: Gladiator) -> None:
        while len(g.pool) > g.dice_owned:
            for face in SHED_ORDER:
                if face in g.pool:
                    g.pool.remove(face)
                    break

    def forfeit(self, g: Gladiator, why: str) -> None:
        """A die to the forfeited area (back with a LAUREL die); he concedes with none left."""
        if g.dice_owned == 0:
            return
        g.forfeited += 1
        self._trim(g)
        if self.record:
            self.log("forfeit", g.index, f"{g.name} forfeits a die ({why})", why=why)
        if g.dice_owned == 0:
            self.concede(g, END_NO_DICE)

    def surrender(self, g: Gladiator, why: str) -> None:
        """A die lost for the match; he concedes with none left."""
        if g.dice_owned == 0:
            return
        g.surrendered += 1
        self._trim(g)
        if self.record:
            self.log("surrender", g.index, f"{g.name} surrenders a die ({why})", why=why)
        if g.dice_owned == 0:
            self.concede(g, END_NO_DICE)

    def tire(self, g: Gladiator, amount: int, why: str) -> None:
        g.fatigue = min(FATIGUE_BOXES, g.fatigue + amount)
        if self.record:
            self.log(
                "fatigue", g.index, f"{g.name} +{amount} Fatigue ({why})", amount=amount, why=why
            )

    def take(self, g: Gladiator, face: Face, *, wild: bool = False) -> str | None:
        """Spend a die showing `face`, or one his class makes interchangeable with it (Resolute:
        Defence and Respite; Dominant: Manoeuvre and Special), or with `wild` a LAUREL die or a
        Fervour Token (1 Fatigue). Returns what he spent, or None."""
        if face in g.pool:
            g.pool.remove(face)
            return str(face)
        swap = None
        if g.has("resolute"):
            swap = {Face.DEFENCE: Face.RESPITE, Face.RESPITE: Face.DEFENCE}.get(face)
        elif g.has("dominant"):
            swap = {Face.MANOEUVRE: Face.SPECIAL, Face.SPECIAL: Face.MANOEUVRE}.get(face)
        if swap is not None and swap in g.pool:
            g.pool.remove(swap)
            return f"{swap} as {face}"
        if wild and Face.LAUREL in g.pool and face is not Face.LAUREL:
            g.pool.remove(Face.LAUREL)
            return f"laurel as {face}"
        if wild and g.fervour:
            g.fervour -= 1
            self.tire(g, 1, "Fervour")
            return f"fervour as {face}"
        return None

    def can(self, g: Gladiator, face: Face) -> int:
        """Dice he could spend as `face` without wild dice."""
        pool, traits = g.pool, g.kind.traits
        if face is Face.DEFENCE or face is Face.RESPITE:
            if "resolute" in traits:
                return pool.count(Face.DEFENCE) + pool.count(Face.RESPITE)
        elif (face is Face.MANOEUVRE or face is Face.SPECIAL) and "dominant" in traits:
            return pool.count(Face.MANOEUVRE) + pool.count(Face.SPECIAL)
        return pool.count(face)

    # --- the crowd -----------------------------------------------------------------------

    def favour(self, g: Gladiator, why: str) -> None:
        """Favour; at two, a third becomes a Fervour Token (sands/1: a Disfavour cancelled
        first)."""
        if g.disfavour and self.readings.crowd_cancels:
            g.disfavour -= 1
            if self.record:
                self.log("crowd", g.index, f"the crowd forgives {g.name} ({why})", why=why)
        elif g.favour < MAX_CROWD:
            g.favour += 1
            if self.record:
                self.log("favour", g.index, f"{g.name} gains Favour ({why})", why=why)
        else:
            g.fervour += 1
            if self.record:
                self.log("fervour", g.index, f"{g.name} gains a Fervour Token ({why})", why=why)

    def disfavour(self, g: Gladiator, why: str) -> None:
        """Disfavour; at two, a third becomes an Apathy Token, and the second Apathy Token
        concedes the match (sands/1: a Favour cancelled first)."""
        if g.favour and self.readings.crowd_cancels:
            g.favour -= 1
            if self.record:
                self.log("crowd", g.index, f"{g.name} loses Favour ({why})", why=why)
        elif g.disfavour < MAX_CROWD:
            g.disfavour += 1
            if self.record:
                self.log("disfavour", g.index, f"{g.name} gains Disfavour ({why})", why=why)
        else:
            g.apathy += 1
            if self.record:
                self.log("apathy", g.index, f"{g.name} gains an Apathy Token ({why})", why=why)
            if g.apathy >= APATHY_CONCEDES:
                self.concede(g, END_APATHY)

    def play_to_crowd(self, g: Gladiator) -> None:
        source = self.take(g, Face.RESPITE)
        if source is None:
            raise RulesError(f"{g.name} has no RESPITE die to play to the crowd")
        roll = self.d6()
        if self.record:
            self.log("play_to_crowd", g.index, f"{g.name} plays to the crowd: {roll}", roll=roll)
        if roll >= PLAY_TO_CROWD_FAVOUR:
            self.favour(g, "played to the crowd")
        elif roll == 1:
            self.disfavour(g, "played to the crowd and rolled a 1")

    # --- conditions and the finger -------------------------------------------------------

    def conditions(self, g: Gladiator) -> int:
        """Apathy, Back to the Wall, Bleeding (each Bleed Token), Fatigued, Hurt (each)."""
        other = self.g[1 - g.index]
        wall = back_to_the_wall(g.pos, other.pos, self.radius)
        return (g.apathy > 0) + wall + g.bleed + g.fatigued + g.hurt

    def check_finger(self, g: Gladiator) -> None:
        count = self.conditions(g)
        if count < 2:
            return
        if g.orders.finger and count >= g.orders.finger:
            if self.record:
                self.log("finger", g.index, f"{g.name} raises the finger ({count} conditions)")
            self.concede(g, END_FINGER)
        roll = self.d6()
        forced = roll < count
        if self.record:
            self.log(
                "finger_roll",
                g.index,
                f"{g.name}, {count} conditions, rolls {roll}" + (": must yield" if forced else ""),
                roll=roll,
                conditions=count,
            )
        if forced:
            self.concede(g, END_FINGER)

    # --- movement ------------------------------------------------------------------------

    def occupied(self, h: Hex, mover: Gladiator) -> bool:
        return self.g[1 - mover.index].pos == h

    def move(self, g: Gladiator, to: Hex, how: str) -> None:
        if (
            to == self.g[1 - g.index].pos
            or not on_grid(to, self.radius)
            or distance(g.pos, to) != 1
        ):
            raise RulesError(f"{g.name} cannot move from {g.pos} to {to}")
        frm, g.pos = g.pos, to
        g.moved += 1
        if self.record:
            self.log(
                "move", g.index, f"{g.name} moves {frm} -> {to} ({how})", frm=frm, to=to, how=how
            )

    def close_in(self, g: Gladiator, hexes: int, how: str) -> bool:
        """Step towards the opponent up to `hexes` times (never into him); False if stuck."""
        other = self.g[1 - g.index]
        stepped = False
        for _ in range(hexes):
            if adjacent(g.pos, other.pos):
                break
            to = step_towards(g.pos, other.pos, other.pos, self.radius)
            if to is None:
                break
            self.move(g, to, how)
            stepped = True
        return stepped

    def two_dice(self, g: Gladiator) -> list[Face] | None:
        """Two dice for a one-hex move: the ones he needs least, never an ATTACK die nor the
        DEFENCE dice he keeps for reactions."""
        pool = g.pool
        spare: list[Face] = []
        for face in SHED_ORDER:
            if face is Face.ATTACK:
                continue
            n = pool.count(face)
            if face is Face.DEFENCE:
                n = min(n, max(0, n - g.orders.keep_defence))
            if n:
                spare += [face] * n
                if len(spare) >= 2:
                    return spare[:2]
        return None

    # --- withdrawal and the wall ---------------------------------------------------------

    def forced_off(self, g: Gladiator) -> None:
        """Forced off the grid: d6 + 1 for each MANOEUVRE die in his pool; 1-3 collides with
        the wall: d6, 1 Tripped (concedes), 2-4 a die forfeited, 5-6 1 Fatigue. He stays.
        sands/2: Dominant's Special dice count as Manoeuvre dice here too, as at initiative."""
        if self.readings.dominant_at_wall:
            bonus = self.initiative_score(g)
        else:
            bonus = g.count(Face.MANOEUVRE)
        roll = self.d6()
        total = roll + bonus
        collides = total < FORCED_OFF_SAFE
        if self.record:
            self.log(
                "wall",
                g.index,
                f"{g.name} is forced against the wall: {roll}+{bonus}"
                + (", collides" if collides else ", keeps his feet"),
                roll=roll,
                bonus=bonus,
                collides=collides,
            )
        if not collides:
            return
        effect = self.d6()
        if self.record:
            self.log("collision", g.index, f"{g.name} hits the wall: {effect}", roll=effect)
        if effect == 1:
            self.concede(g, END_TRIPPED)
        elif effect <= 4:
            self.forfeit(g, "wall collision")
        else:
            self.tire(g, 1, "wall collision")

    def withdraw(self, defender: Gladiator, attacker: Gladiator, hit: bool, driven: bool) -> None:
        rear = rear_hexes(defender.pos, attacker.pos)
        # the rear hexes are two hexes from the attacker: only the grid can refuse them
        radius = self.radius
        free = [h for h in rear if on_grid(h, radius)]
        if driven:
            # the attacker's choice: against the wall if he can, else nearest it
            if any(not on_grid(h, self.radius) for h in rear):
                self.forced_off(defender)
                return
            to = min(free, key=lambda h: edge_distance(h, self.radius))
            self.move(defender, to, "driven back")
            return
        if hit:
            away = directly_away(defender.pos, attacker.pos)
            if away in free:
                self.move(defender, away, "withdraws")
            else:
                self.forced_off(defender)
            return
        if not free:
            self.forced_off(defender)
            return
        # his choice: the rear hex farthest from the wall (the first of equals)
        to = max(free, key=lambda h: edge_distance(h, self.radius))
        self.move(defender, to, "withdraws")

    # --- wounds --------------------------------------------------------------------------

    def wound(
        self, attacker: Gladiator, defender: Gladiator, special: str | None, tie: bool
    ) -> None:
        loc_roll, loc_dice = self.roll2()
        total = loc_roll
        if special == "aimed_strike":
            total = max(
                (t for t in (loc_roll - 1, loc_roll, loc_roll + 1) if 2 <= t <= 12),
                key=lambda t: self._location_value(defender, HIT_LOCATION[t]),
            )
        location = HIT_LOCATION[total]
        advantage = 0
        if defender.apathy:
            defender.apathy -= 1
            advantage = 1
            if self.record:
                self.log("apathy_spent", attacker.index, f"{attacker.name} spends an Apathy Token")
        roll, dice = self.roll2(advantage, 1 if tie else 0)
        modifier = (
            (1 if attacker.has("strong") else 0)
            + (2 if location in BODY_BONUS else 0)
            + (HEAVY_STRIKE_BONUS if special == "heavy_strike" else 0)
            - defender.kind.armour[location]
        )
        band = wound_band(roll + modifier)
        if self.record:
            self.log(
                "wound_roll",
                defender.index,
                f"{location} ({loc_roll}{'->' + str(total) if total != loc_roll else ''}): "
                f"{roll}{modifier:+d} = {roll + modifier}, {band}",
                location=str(location),
                location_roll=loc_roll,
                location_dice=loc_dice,
                roll=roll,
                dice=dice,
                modifier=modifier,
                band=band,
            )
        if band == GLANCING:
            return
        if band == HARRIED:
            self.tire(defender, 1, "harried")
            return
        if band == KILLED:
            self.kill(defender)
        marks = {FLESH: 1, DEEP: 1, SLOW_KILL: 2}[band]
        before = defender.wounds.get(location, 0)
        defender.wounds[location] = before + marks
        attacker.wounded_opponent = True
        if band in (DEEP, SLOW_KILL):
            defender.bleed += 1
        if self.record:
            self.log(
                "wound",
                defender.index,
                f"{defender.name}: {band} to the {location}",
                location=str(location),
                marks=marks,
            )
        self.favour(attacker, "wounded his opponent")
        boxes = WOUND_BOXES[location]
        if before + marks > boxes:
            self.kill(defender)
        if before + marks == boxes:
            self.concede(defender, END_DISABLED)
        if band == SLOW_KILL:
            if location in (Location.HEAD, Location.VITALS):
                self.concede(defender, END_DISABLED)
            elif location is Location.TORSO:
                self.concede(defender, END_TRIPPED)
            elif location in LIMBS:
                self.forfeit(defender, f"slow kill to the {location}" if self.record else "")

    @staticmethod
    def _location_value(defender: Gladiator, location: Location) -> tuple[int, int]:
        return (
            (2 if location in BODY_BONUS else 0) - defender.kind.armour[location],
            defender.wounds.get(location, 0) - WOUND_BOXES[location],
        )

    # --- an attack -----------------------------------------------------------------------

    def attack(self, g: Gladiator, special: str | None = None) -> None:
        """An attack (or a special attack) by `g` on the other, who must end adjacent."""
        o = self.g[1 - g.index]
        if special is None:
            source = self.take(g, Face.ATTACK, wild=True)
        else:
            if special in g.specials_used:
                raise RulesError(f"{g.name} has used {special} this turn")
            source = self.take(g, Face.SPECIAL)
        if source is None:
            raise RulesError(f"{g.name} has no die for {special or 'an attack'}")
        if special is not None:
            g.specials_used.add(special)
        g.attacked = True
        if special == "rush":
            self.tire(g, 1, "Rush")
            self.close_in(g, 2, "rush")
        elif special == "outflank":
            self.tire(g, 1, "Outflank")
            self.outflank_step(g, o)
        elif special == "shield_lunge":
            self.tire(g, 1, "Shield Lunge")
        if not adjacent(g.pos, o.pos):
            if self.record:
                self.log("attack_short", g.index, f"{g.name}'s {special} falls short")
            return
        press = 0
        while press < g.orders.press and Face.ATTACK in g.pool:
            g.pool.remove(Face.ATTACK)
            press += 1
        impetus = min(IMPETUS_MAX, g.moved) if special == "impetus" else 0
        roll, dice = self.roll2(advantage=1 if special == "shield_lunge" else 0)
        attack_total = roll + press + impetus
        # the defender's reactions, declared before his roll, having seen the attack
        wall = back_to_the_wall(o.pos, g.pos, self.radius)
        stand_fast = False
        may_stand = special != "outflank" or self.readings.stand_fast_outflank
        if wall and may_stand and self.defence_available(o) >= 2:
            stand_fast = self.spend_defence(o)
        parry = 0
        dodge = 0
        if self.spend_defence(o):
            parry = 0 if special == "elusive_strike" else o.kind.parry_bonus
            if parry == 0:
                dodge += 1  # a DEFENCE die under Elusive Strike still dodges
        while 7 + parry + dodge <= attack_total and self.spend_defence(o):
            dodge += 1
        d_roll, d_dice = self.roll2(disadvantage=1 if wall else 0)
        defence_total = d_roll + parry + dodge
        # Focus: LAUREL dice after the defence roll, +1 each, only if they turn the attack
        sword = g.has("thracian_sword")
        need = defence_total - attack_total + (0 if sword else 1)
        focus = 0
        if 0 < need <= g.count(Face.LAUREL):
            if sword and need + 1 <= g.count(Face.LAUREL):
                need += 1  # a clean hit, not a tie at disadvantage
            for _ in range(need):
                g.pool.remove(Face.LAUREL)
            focus = need
        attack_total += focus
        hit = attack_total > defence_total
        tie = sword and attack_total == defence_total
        if self.record:
            self.log(
                "attack",
                g.index,
                f"{g.name} {special or 'attacks'}: {roll}+{press + impetus + focus} = "
                f"{attack_total} against {d_roll}+{parry + dodge} = {defence_total}"
                + (": hit" if hit else ": a tie, the sica hits" if tie else ": missed"),
                special=special,
                source=source,
                roll=roll,
                dice=dice,
                press=press,
                impetus=impetus,
                focus=focus,
                attack=attack_total,
                defence_roll=d_roll,
                defence_dice=d_dice,
                parry=parry,
                dodge=dodge,
                defence=defence_total,
                back_to_the_wall=wall,
                stand_fast=stand_fast,
                hit=hit or tie,
            )
        if hit or tie:
            self.wound(g, o, special, tie)
        if stand_fast:
            if self.record:
                self.log("stand_fast", o.index, f"{o.name} stands fast")
        else:
            self.withdraw(o, g, hit or tie, special == "driven_attack")

    def defence_available(self, g: Gladiator) -> int:
        return self.can(g, Face.DEFENCE) + g.defence_tokens

    def spend_defence(self, g: Gladiator) -> bool:
        """A DEFENCE die (Resolute: a RESPITE die too), else a banked Defence Token."""
        if self.take(g, Face.DEFENCE) is not None:
            return True
        if g.defence_tokens:
            g.defence_tokens -= 1
            return True
        return False

    def outflank_step(self, g: Gladiator, o: Gladiator) -> None:
        """Outflank: step to another hex beside the defender (and beside where he stands),
        choosing one that puts the defender's back to the wall if any does."""
        options = [
            h
            for h in neighbours(g.pos)
            if on_grid(h, self.radius) and h != o.pos and adjacent(h, o.pos)
        ]
        if not options:
            return
        best = max(
            options,
            key=lambda h: (back_to_the_wall(o.pos, h, self.radius), -edge_distance(h, self.radius)),
        )
        self.move(g, best, "outflank")

    # --- an activation (the orders) ------------------------------------------------------

    def special_to_use(self, g: Gladiator) -> str | None:
        """Which special attack he makes now, if any (adjacent to his opponent)."""
        if not g.orders.specials or self.can(g, Face.SPECIAL) == 0:
            return None
        o = self.g[1 - g.index]
        # a Thraex never spends his last Manoeuvre-or-Special die that way if it leaves him
        # nothing to close with; otherwise the preference below
        order: list[str] = []
        if rear_off_grid(o.pos, g.pos, self.radius):  # Back to the Wall, or a rear hex off
            order.append("driven_attack")
        if "shield_lunge" in g.kind.specials and g.fatigue < FATIGUED_AT - 2:
            order.append("shield_lunge")
        if "impetus" in g.kind.specials and g.moved:
            order.append("impetus")
        if "elusive_strike" in g.kind.specials:
            order.append("elusive_strike")
        if "outflank" in g.kind.specials and g.fatigue < FATIGUED_AT - 2:
            order.append("outflank")
        order += ["heavy_strike", "aimed_strike"]
        for special in order:
            if special not in g.specials_used:
                return special
        return None

    def activate(self, g: Gladiator) -> None:
        o = self.g[1 - g.index]
        g.moved = 0
        g.attacked = False
        start = distance(g.pos, o.pos)
        if self.record:
            self.log("activation", g.index, f"{g.name} activates")
        self.check_finger(g)
        while g.forfeited and Face.LAUREL in g.pool:
            g.pool.remove(Face.LAUREL)
            g.forfeited -= 1
            if self.record:
                self.log("recover", g.index, f"{g.name} spends a LAUREL die to recover a die")
        for _ in range(4 * POOL_SIZE):  # every pass spends a die or stops
            if not self.act(g, o):
                break
        self.finish_activation(g, o, start)

    def act(self, g: Gladiator, o: Gladiator) -> bool:
        """One action by his orders; False when he has nothing more to do."""
        if adjacent(g.pos, o.pos):
            special = self.special_to_use(g)
            if special is not None and special != "rush":
                self.attack(g, special)
                return True
            if Face.ATTACK in g.pool or Face.LAUREL in g.pool or g.fervour:
                self.attack(g)
                return True
            return False
        far = distance(g.pos, o.pos)
        if g.count(Face.RESPITE) and g.fatigue > g.fatigue_floor():
            self.take(g, Face.RESPITE)
            g.fatigue -= 1
            if self.record:
                self.log("catch_breath", g.index, f"{g.name} catches his breath")
            return True
        if (
            g.orders.specials
            and far <= 3
            and "rush" not in g.specials_used
            and self.can(g, Face.SPECIAL)
            and g.fatigue < FATIGUED_AT - 2
            and self.can(g, Face.MANOEUVRE) < far - 1
        ):
            self.attack(g, "rush")
            return True
        if self.can(g, Face.MANOEUVRE):
            if (
                far >= 3
                and g.orders.quick_step
                and g.fatigue < FATIGUED_AT - 2
                and self.can(g, Face.MANOEUVRE) < far - 1
            ):
                self.take(g, Face.MANOEUVRE)
                self.tire(g, 1, "Quick Step")
                self.close_in(g, 2, "quick step")
                return True
            self.take(g, Face.MANOEUVRE)
            self.close_in(g, 1, "manoeuvre")
            return True
        pair = self.two_dice(g)
        if pair is not None and step_towards(g.pos, o.pos, o.pos, self.radius) is not None:
            for face in pair:
                g.pool.remove(face)
            self.close_in(g, 1, f"two dice ({pair[0]}, {pair[1]})" if self.record else "")
            return True
        return False

    def finish_activation(self, g: Gladiator, o: Gladiator, start: int) -> None:
        crowd = g.orders.crowd
        safe = not adjacent(g.pos, o.pos)
        while Face.RESPITE in g.pool and (crowd == "always" or (crowd == "safe" and safe)):
            self.play_to_crowd(g)
        second = self.token is not None and self.token != g.index
        keep = 0 if second else g.orders.keep_defence
        while g.count(Face.DEFENCE) > keep and g.defence_tokens < g.kind.defence_tokens:
            g.pool.remove(Face.DEFENCE)
            g.defence_tokens += 1
            if self.record:
                self.log("bank", g.index, f"{g.name} banks a Defence Token")
        if Face.LAUREL in g.pool and not g.laurel_token and second:
            g.pool.remove(Face.LAUREL)
            g.laurel_token = 1
            if self.record:
                self.log("bank", g.index, f"{g.name} banks a Laurel Token")
        entertained = g.attacked or distance(g.pos, o.pos) < start or adjacent(g.pos, o.pos)
        if not entertained:
            self.disfavour(g, "failed to entertain")

    # --- the phases ----------------------------------------------------------------------

    def roll_phase(self) -> None:
        self.phase = 1
        for g in self.g:
            if self._scripted is None:  # the d6 inlined: the same draws, fewer calls
                rng = self.rng.random
                g.pool = [FACE_OF[int(rng() * 6) + 1] for _ in range(g.dice_owned)]
            else:
                g.pool = [face_of(self.d6()) for _ in range(g.dice_owned)]
            if self.record:
                self.log("roll", g.index, f"{g.name} rolls {', '.join(g.pool)}")

    def turn_options(self, g: Gladiator) -> tuple[str, ...]:
        """What the table may choose for his turn: his own orders, a preset, or (at two
        conditions or more) to raise the finger."""
        finger = (FINGER,) if self.conditions(g) >= 2 else ()
        return (OWN_ORDERS, *PRESETS, *finger)

    def ask_phase(self) -> None:
        """After the roll, the table chooses the turn's orders of each man whose orders ask
        it; with no answer left the bout stops (`Asked`). Choices draw no dice."""
        for g in self.g:
            standing = self.standing[g.index]
            if not standing.ask:
                continue
            g.orders = standing
            options = self.turn_options(g)
            if self.used >= len(self.decisions):
                self.pending = PendingDecision(
                    Decider.GM,
                    g.index,
                    TURN,
                    options,
                    f"{g.name}'s orders for turn {self.turn}",
                    round=self.turn,
                )
                raise Asked
            answer = self.decisions[self.used]
            if answer.kind != TURN or answer.entrant != g.index or answer.choice not in options:
                raise RulesError(
                    f"decision {self.used + 1}: expected {g.name}'s orders for turn "
                    f"{self.turn} (one of {', '.join(options)}); got {answer.choice!r}"
                )
            self.used += 1
            choice = answer.choice
            self.log(
                "orders", g.index, f"{g.name} fights turn {self.turn}: {choice}", choice=choice
            )
            if choice == FINGER:
                self.concede(g, END_FINGER)
            if choice != OWN_ORDERS:
                g.orders = Orders.from_mapping(PRESETS[choice])

    def initiative_score(self, g: Gladiator) -> int:
        pool = g.pool
        if "dominant" in g.kind.traits:
            return pool.count(Face.MANOEUVRE) + pool.count(Face.SPECIAL)
        return pool.count(Face.MANOEUVRE)

    def initiative_phase(self) -> None:
        self.phase = 2
        a, b = self.g
        bids = [0, 0]
        for _ in range(2 * POOL_SIZE):
            sa, sb = self.initiative_score(a), self.initiative_score(b)
            if sa == sb:
                break
            behind = a if sa < sb else b
            if bids[behind.index] >= behind.orders.bid or Face.LAUREL not in behind.pool:
                break
            behind.pool[behind.pool.index(Face.LAUREL)] = Face.MANOEUVRE
            bids[behind.index] += 1
            if self.record:
                self.log("bid", behind.index, f"{behind.name} turns a LAUREL die to MANOEUVRE")
        scores = [self.initiative_score(a), self.initiative_score(b)]
        if scores[0] == scores[1] and a.laurel_token != b.laurel_token:
            holder = a if a.laurel_token else b
            holder.laurel_token = 0
            scores[holder.index] += 1
            if self.record:
                self.log("laurel_token", holder.index, f"{holder.name} spends his Laurel Token")
        if scores[0] != scores[1]:
            winner = 0 if scores[0] > scores[1] else 1
        elif self.token is not None:
            winner = 1 - self.token
        else:
            while True:
                ra, rb = self.d6(), self.d6()
                if ra != rb:
                    break
            winner = 0 if ra > rb else 1
        w = self.g[winner]
        first = winner if w.orders.initiative == "keep" else 1 - winner
        self.token = first
        if self.record:
            self.log(
                "initiative",
                winner,
                f"{w.name} wins the initiative ({scores[0]} to {scores[1]})"
                + ("" if first == winner else " and passes the Initiative Token"),
                scores=tuple(scores),
                first=first,
            )

    def activation_phase(self) -> None:
        self.phase = 3
        assert self.token is not None
        for index in (self.token, 1 - self.token):
            self.activate(self.g[index])

    def fatigue_phase(self) -> None:
        self.phase = 4
        exhausted: list[Gladiator] = []
        conceding: list[tuple[Gladiator, str]] = []
        for g in self.g:
            try:
                while g.total_wounds // HURT_EVERY > g.hurt:
                    g.hurt += 1
                    if self.record:
                        self.log("hurt", g.index, f"{g.name} is Hurt ({g.total_wounds} wounds)")
                    self.surrender(g, "Hurt")
                self.tire(g, 1 + g.bleed, "the turn" + (" and bleeding" if g.bleed else ""))
                if g.fatigue >= FATIGUED_AT and not g.fatigued:
                    g.fatigued = True
                    if self.record:
                        self.log("fatigued", g.index, f"{g.name} is Fatigued")
                    self.surrender(g, "Fatigued")
                if g.fatigue >= EXHAUSTED_AT:
                    exhausted.append(g)
            except BoutOver:
                conceding.append((g, g.conceded or ""))
                g.conceded = None
        for g in exhausted:
            g.conceded = END_EXHAUSTED
            if self.record:
                self.log("concede", g.index, f"{g.name} is Exhausted and concedes")
        for g, reason in conceding:
            if g.conceded is None:
                g.conceded = reason
        if exhausted or conceding:
            raise BoutOver

    def end_phase(self) -> None:
        self.phase = 5
        for g in self.g:
            g.pool = []
            g.fervour = 0
            g.specials_used.clear()
        if self.record:
            self.log("end_turn", None, f"end of turn {self.turn}")

    def run(self) -> Result:
        limit = self.setup.turn_limit or MAX_TURNS
        try:
            while self.turn < limit:
                self.turn += 1
                self.roll_phase()
                self.ask_phase()
                self.initiative_phase()
                self.activation_phase()
                self.fatigue_phase()
                self.end_phase()
            self.end_reason = END_TURN_LIMIT
        except BoutOver:
            pass
        except Asked:
            return self.stopped()
        return self.result()

    def stopped(self) -> Result:
        """The bout where it waits for the table's choice: not over."""
        return Result(
            turns=self.turn,
            winner=None,
            loser=None,
            end_reason="",
            fates=("", ""),
            appeal=None,
            gladiators=(self.g[0], self.g[1]),
            events=self.events,
            pending=self.pending,
            decisions_used=self.used,
        )

    def result(self) -> Result:
        out = [g for g in self.g if g.out]
        fates = [DRAW, DRAW]
        winner = loser = appeal = None
        if len(out) == 2:
            self.end_reason = END_STANS
            for g in self.g:
                if g.dead:
                    fates[g.index] = KILLED_ON_SAND
        elif len(out) == 1:
            lost = out[0]
            loser, winner = lost.index, 1 - lost.index
            self.end_reason = END_KILLED if lost.dead else str(lost.conceded)
            fates[winner] = WON
            if lost.dead:
                fates[loser] = KILLED_ON_SAND
            else:
                appeal = self.appeal(lost, self.g[winner])
                fates[loser] = MITTE if appeal >= APPEAL_MITTE else IUGULA
        self.phase = 0
        if self.record:
            self.log(
                "end",
                winner,
                f"the bout ends ({self.end_reason})",
                reason=self.end_reason,
                fates=tuple(fates),
            )
        return Result(
            turns=self.turn,
            winner=winner,
            loser=loser,
            end_reason=self.end_reason,
            fates=(fates[0], fates[1]),
            appeal=appeal,
            gladiators=(self.g[0], self.g[1]),
            events=self.events,
            decisions_used=self.used,
        )

    def drew_blood(self, winner: Gladiator) -> bool:
        """Whether the loser marked a wound box of the winner in this bout (sands/1: any mark
        the winner bore, those he carried in too)."""
        if self.readings.carried_blood:
            return winner.total_wounds > 0
        return winner.total_wounds > sum(winner.spec.carried.values())

    def appeal(self, loser: Gladiator, winner: Gladiator) -> int:
        """2d6 + 1 a Favour - 1 a Disfavour - 1 an Apathy Token + 1 if he drew the winner's
        blood in this bout (ours, the seed's "etc."): 2-5 Iugula, 6 or more Mitte."""
        roll, dice = self.roll2()
        modifier = loser.favour - loser.disfavour - loser.apathy + self.drew_blood(winner)
        total = roll + modifier
        self.phase = 0
        if self.record:
            self.log(
                "appeal",
                loser.index,
                f"{loser.name} appeals to the crowd: {roll}{modifier:+d} = {total}, "
                + ("Mitte" if total >= APPEAL_MITTE else "Iugula"),
                roll=roll,
                dice=dice,
                modifier=modifier,
                total=total,
            )
        return total


def play(
    setup: Setup,
    seed: int,
    *,
    record: bool = True,
    decisions: Sequence[Decision] = (),
    engine_version: str = ENGINE_VERSION,
) -> Result:
    """Fight a whole bout from `seed` by the two gladiators' orders and the table's
    `decisions` (the turns its orders leave to the table), or until a choice is pending, under
    the readings of `engine_version` (a stored bout replays under the one it was fought with)."""
    bout = Bout(setup, seed, record=record, decisions=decisions, engine_version=engine_version)
    return bout.run()


def standard_setup(
    a_orders: Mapping[str, str] | None = None,
    b_orders: Mapping[str, str] | None = None,
    turn_limit: int | None = None,
) -> Setup:
    """The quick-start's pair: a Murmillo (a) against a Thraex (b)."""
    return Setup(
        FighterSpec("Murmillo", "murmillo", a_orders or {}),
        FighterSpec("Thraex", "thraex", b_orders or {}),
        turn_limit,
    )
