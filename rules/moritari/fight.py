"""The Moritari fight: turn by turn, from a seed and the decisions taken so far.

A turn (seed 002, "Sequence de Tour"), as the current engine (`moritari/2`) reads it; where
`moritari/1` read it otherwise, `rules.moritari.readings` says how (a stored fight replays
under the version it was fought with):
1. Initiative: each player with a man still in the fight rolls 2D6; the highest is Caesar for
   the turn; the tied highest roll again, among themselves, until one is highest. A player who
   overruled the crowd last turn rolls but cannot be Caesar (the highest of the others is).
   Beasts belong to no player and roll nothing.
2. Movement, in the order Caesar gives (by default, and for a Caesar who is not there to say:
   his men first, then the other players' by their first initiative roll, beasts last): a man
   in contact with an enemy does not move but may pivot to face one; any other turns freely,
   moves in a straight line towards the nearest enemy (stopping when his base touches one, or
   at a man or the board's edge) and pivots to face him. A man reached may pivot at once to
   face the newcomer, unless he has pivoted this turn or was already in contact with another
   enemy. One pivot a turn; a man who did not turn has not pivoted.
3. Melee, in the order Caesar chooses (any order): every pair of enemies in contact fights
   once. Each rolls his dice; the dice are compared highest with highest, as at Risk (a tie
   hits nobody); each pair won is a hit, which wounds on the attacker's target (4+, beasts 3+)
   unless the armour saves; a wound costs 1 of 3 hit points. At 0 a man is out of action: a
   gladiator appeals to the crowd (2D6, +1 if he himself put another out, a double knock-out
   counting for both: 8+ and the crowd spares him) and Caesar shows the thumb, following the
   crowd or overruling it (he then loses the title next turn); a spared man lies still through
   the next turn and rises with 1 hit point, but the beasts ignore the crowd's verdict: a beast
   in contact mauls him (one hit; a wound kills him). A beast at 0 is dead and never appeals.
The fight ends when the fighters still in it (standing or lying spared) are of one side or
none, or after MAX_TURNS turns (a draw; the seed has no limit, we need every fight to end).

Decisions (`Decision`s, replayed in order): "move_order" (Caesar's order of the turn's moves:
the fighters' indices, "2,0,1"), "fight_order" (his order of the turn's fights, the indices of
the listed fights, "2,0,1"; any order of them) and "thumb" ("mitte" spares, "iugula" kills). A
side whose orders say {"caesar": "ask"} answers them itself (the fight waits with a
`PendingDecision`, its prompt numbering the choices from 1); otherwise its orders answer:
{"thumb": "crowd" | "mercy" | "sword"}, and the default orders. Decisions never draw dice, so
a fight replays the same whoever answered.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import RulesError
from rules.core.events import Decider, Decision, Event, PendingDecision
from rules.moritari.board import (
    DIRECTION_NAMES,
    SIZE,
    Square,
    distance,
    facing_towards,
    in_contact,
    in_front,
    on_board,
    start_squares,
    step,
)
from rules.moritari.kinds import HIT_POINTS, Kind, kind_of
from rules.moritari.readings import CURRENT, Reading, reading_for
from rules.moritari.readings import ENGINE_VERSIONS as ENGINE_VERSIONS  # all it replays

ENGINE_VERSION = CURRENT.version  # what new fights are fought with
MAX_TURNS = 30
APPEAL_TARGET = 8  # 2D6 (+1) at or above this: the crowd spares him (docs/rules.md)
REAR_BONUS = 1  # added to the attacker's best die when he strikes from outside the front arc
THUMB_ORDERS = ("crowd", "mercy", "sword")
MITTE, IUGULA = "mitte", "iugula"
BEASTS = "beasts"  # the side of the GM's beasts


@dataclass(frozen=True)
class FighterSpec:
    name: str
    kind: str
    side: str  # the player (or team) he fights for; beasts: BEASTS
    orders: Mapping[str, str] = field(default_factory=dict)
    hit_points: int = HIT_POINTS  # what he starts with (a man carrying wounds starts lower)

    def __post_init__(self) -> None:
        kind = kind_of(self.kind)
        if not self.side:
            raise RulesError(f"{self.name} needs a side")
        if kind.beast != (self.side == BEASTS):
            raise RulesError(f"{self.name}: beasts, and only beasts, fight on the side {BEASTS!r}")
        if not 1 <= self.hit_points <= HIT_POINTS:
            raise RulesError(f"{self.name}: hit points must be 1 to {HIT_POINTS}")
        thumb = self.orders.get("thumb", "crowd")
        if thumb not in THUMB_ORDERS:
            raise RulesError(f"{self.name}: thumb orders must be one of {', '.join(THUMB_ORDERS)}")
        if self.orders.get("caesar", "auto") not in ("auto", "ask"):
            raise RulesError(f"{self.name}: caesar orders must be auto or ask")


@dataclass(frozen=True)
class Setup:
    fighters: tuple[FighterSpec, ...]
    size: int = SIZE

    def __post_init__(self) -> None:
        if len(self.fighters) < 2:
            raise RulesError("a Moritari fight needs at least two fighters")
        if len({f.side for f in self.fighters}) < 2:
            raise RulesError("a Moritari fight needs at least two sides")
        if all(kind_of(f.kind).beast for f in self.fighters):
            raise RulesError("a Moritari fight needs at least one gladiator")
        if len(self.fighters) > self.size * 2:
            raise RulesError(f"at most {self.size * 2} fighters on a board of {self.size}")

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f.side for f in self.fighters))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(side for side in self.sides if side != BEASTS)

    def side_orders(self, side: str) -> Mapping[str, str]:
        """A player's orders: those of his first man."""
        return next(f.orders for f in self.fighters if f.side == side)


@dataclass
class Fighter:
    index: int
    spec: FighterSpec
    kind: Kind
    square: Square
    facing: int
    hit_points: int
    state: str = "standing"  # standing, lying (spared, rises next turn), dead, out (beast)
    lying_since: int = 0
    put_out: int = 0  # others he has put out of action
    pivoted: bool = False
    charged: bool = False  # moved into contact this turn

    @property
    def standing(self) -> bool:
        return self.state == "standing"

    @property
    def in_fight(self) -> bool:
        return self.state in ("standing", "lying")

    @property
    def side(self) -> str:
        return self.spec.side

    @property
    def name(self) -> str:
        return self.spec.name


@dataclass
class Result:
    """A fight played as far as it could go."""

    turns: int
    finished: bool
    winner: str | None  # the winning side (None: a draw or not over)
    end_reason: str
    fighters: list[Fighter]
    events: list[Event]
    decisions: list[Decision]
    pending: PendingDecision | None = None
    overruled: dict[str, int] = field(default_factory=dict)  # side -> times it overruled
    fights: list[tuple[int, int]] = field(default_factory=list)  # the last melee's, as listed
    engine_version: str = ENGINE_VERSION

    def fate(self, index: int) -> str:
        """dead, spared (lived through a thumb), or walked_out."""
        fighter = self.fighters[index]
        if fighter.state in ("dead", "out"):
            return "dead"
        return "spared" if fighter.lying_since else "walked_out"


class _Waiting(Exception):
    def __init__(self, pending: PendingDecision) -> None:
        self.pending = pending


class _Fight:
    def __init__(
        self,
        setup: Setup,
        seed: int,
        decisions: Sequence[Decision],
        record: bool,
        reading: Reading = CURRENT,
    ):
        self.setup = setup
        self.reading = reading
        self.rng = random.Random(seed)
        self.given = list(decisions)
        self.used: list[Decision] = []
        self.record = record
        self.events: list[Event] = []
        self.turn = 0
        self.caesar: str | None = None
        self.barred: str | None = None  # overruled the crowd last turn
        self.overruled: dict[str, int] = {}
        self.pairs: list[tuple[int, int]] = []  # the turn's fights, as listed
        self.fighters = self._place()

    def d6(self) -> int:
        return int(self.rng.random() * 6) + 1

    # --- the log --------------------------------------------------------------------------

    def log(self, kind: str, text: str, entrant: int | None = None, **data: Any) -> None:
        if self.record:
            self.events.append(Event(kind, self.turn, text, entrant, data))

    def board(self) -> list[dict[str, Any]]:
        return [
            {"square": list(f.square), "facing": f.facing, "hp": f.hit_points, "state": f.state}
            for f in self.fighters
        ]

    # --- set up ---------------------------------------------------------------------------

    def _place(self) -> list[Fighter]:
        size = self.setup.size
        starts = dict(
            zip(self.setup.sides, start_squares(len(self.setup.sides), size), strict=True)
        )
        centre = (size // 2, size // 2)
        taken: set[Square] = set()
        fighters = []
        for index, spec in enumerate(self.setup.fighters):
            square = self._free_near(starts[spec.side], taken)
            taken.add(square)
            facing = facing_towards(square, centre) if square != centre else 0
            fighters.append(
                Fighter(
                    index,
                    spec,
                    kind_of(spec.kind, self.reading.kinds),
                    square,
                    facing,
                    spec.hit_points,
                )
            )
        return fighters

    def _free_near(self, start: Square, taken: set[Square]) -> Square:
        """The free square nearest `start` (rings outwards, scanned in a fixed order)."""
        size = self.setup.size
        for radius in range(size):
            for dy in range(-radius, radius + 1):
                for dx in range(-radius, radius + 1):
                    square = (start[0] + dx, start[1] + dy)
                    ring = distance(square, start) == radius and on_board(square, size)
                    if ring and square not in taken:
                        return square
        raise RulesError("no free square left on the board")

    # --- who is where ---------------------------------------------------------------------

    def enemies(self, fighter: Fighter) -> list[Fighter]:
        """Those he may go for and strike: the enemies on their feet, and for a beast under
        `moritari/2` the men lying spared too (the beasts ignore the crowd's verdict)."""
        return [f for f in self.fighters if f.side != fighter.side and self.strikable(fighter, f)]

    def strikable(self, fighter: Fighter, foe: Fighter) -> bool:
        if foe.standing:
            return True
        mauls = self.reading.beasts_maul_the_spared and fighter.kind.beast
        return mauls and foe.state == "lying"

    def contacts(self, fighter: Fighter) -> list[Fighter]:
        return [f for f in self.enemies(fighter) if in_contact(f.square, fighter.square)]

    def occupied(self) -> set[Square]:
        return {f.square for f in self.fighters if f.in_fight}

    def sides_left(self) -> set[str]:
        return {f.side for f in self.fighters if f.in_fight}

    # --- decisions ------------------------------------------------------------------------

    def decide(
        self,
        kind: str,
        entrant: int | None,
        options: Sequence[str],
        prompt: str,
        auto: str,
        order_of: Sequence[int] | None = None,
    ) -> str:
        """Caesar's decision: his orders answer it, unless he plays in person ({"caesar":
        "ask"}): then the next given decision (checked: one of the options, or with `order_of`
        any order of those numbers), or the fight waits for it. With no Caesar the default
        stands and nothing is asked."""
        if entrant is None or len(options) == 1:
            return auto  # no Caesar, or nothing to choose (a single fight this turn)
        side = self.fighters[entrant].side
        if self.setup.side_orders(side).get("caesar", "auto") != "ask":
            return auto
        if not self.given:
            raise _Waiting(
                PendingDecision(Decider.OWNER, entrant, kind, tuple(options), prompt, self.turn)
            )
        decision = self.given.pop(0)
        if decision.kind != kind:
            raise RulesError(f"decision {decision.kind!r} given where {kind!r} is asked")
        if order_of is not None:
            if not is_order_of(decision.choice, order_of):
                numbers = ", ".join(map(str, sorted(order_of)))
                raise RulesError(
                    f"{decision.choice!r} is not an order of {numbers}: give each once, "
                    "separated by commas"
                )
        elif decision.choice not in options:
            raise RulesError(f"{decision.choice!r} is not one of {', '.join(options)}")
        self.used.append(decision)
        return decision.choice

    def caesar_man(self) -> int | None:
        """The entrant through whom Caesar's player answers (his first man); None: no Caesar."""
        if self.caesar is None:
            return None
        return next(f.index for f in self.fighters if f.side == self.caesar)

    # --- the turn -------------------------------------------------------------------------

    def run(self, max_turns: int, stop_after: int | None = None) -> Result:
        if self.record:
            self.log("start", "The fighters take the sand.", board=self.board())
        pending = None
        stopped = False
        try:
            while len(self.sides_left()) > 1 and self.turn < max_turns:
                if stop_after is not None and self.turn >= stop_after:
                    stopped = True  # the turns asked are fought: the fight is not over
                    break
                self.turn += 1
                self.play_turn()
        except _Waiting as waiting:
            pending = waiting.pending
        return self.result(pending, stopped)

    def play_turn(self) -> None:
        for f in self.fighters:
            f.pivoted = f.charged = False
        self.rise()
        rolls = self.initiative()
        if self.record:
            self.log("board", f"Turn {self.turn}.", board=self.board())
        movers = self.movers(rolls)
        if self.reading.caesar_orders_all:
            movers = self.move_order(movers)
        for fighter in movers:
            if fighter.standing:
                self.move(fighter)
        self.melee()

    def rise(self) -> None:
        for f in self.fighters:
            if f.state == "lying" and f.lying_since < self.turn - 1:
                f.state, f.hit_points = "standing", 1
                if self.record:
                    self.log("rise", f"{f.name} rises with 1 hit point.", f.index)

    def initiative(self) -> dict[str, int]:
        """The turn's initiative and its Caesar: the players' rolls (which rank their moves)."""
        if self.reading.tied_reroll_alone:
            return self.initiative_among_the_tied()
        return self.initiative_v1()

    def initiative_v1(self) -> dict[str, int]:
        """`moritari/1`: each player still in the fight rolls 2D6 (the tied highest roll again,
        their new rolls compared with the others' first ones: issue 26). The highest
        who did not overrule the crowd last turn is Caesar; if that is nobody (he alone plays
        against beasts), the turn has no Caesar: the fights go in their listed order and the
        thumb follows the crowd."""
        players = [s for s in self.setup.players if s in self.sides_left()]
        allowed = [s for s in players if s != self.barred]
        if self.barred in players and self.record:
            self.log("barred", f"{self.barred} overruled the crowd: he cannot be Caesar this turn.")
        rolls: dict[str, int] = {}
        contenders = players
        top: list[str] = []
        while contenders and allowed:
            for side in contenders:
                rolls[side] = self.d6() + self.d6()
            if self.record:
                text = ", ".join(f"{side} {rolls[side]}" for side in contenders)
                self.log("initiative", f"Initiative: {text}.", rolls=dict(rolls))
            best = max(rolls[s] for s in allowed)
            top = [s for s in allowed if rolls[s] == best]
            if len(top) == 1:
                break
            contenders = top
        self.caesar = top[0] if len(top) == 1 else None
        self.barred = None
        if self.record and self.caesar is None:
            self.log("caesar", f"Nobody is Caesar for turn {self.turn}.", side=None)
        elif self.record:
            self.log("caesar", f"{self.caesar} is Caesar for turn {self.turn}.", side=self.caesar)
        return rolls

    def initiative_among_the_tied(self) -> dict[str, int]:
        """Each player still in the fight rolls 2D6; the highest who may be Caesar (not the
        one who overruled the crowd last turn) is; when several tie at the top, only they roll
        again, among themselves, until one is highest. The first rolls are returned (they
        rank the other players' moves by default). With nobody who may be Caesar (he alone
        plays against beasts) the turn has none: the default orders and the crowd's thumb."""
        players = [s for s in self.setup.players if s in self.sides_left()]
        allowed = [s for s in players if s != self.barred]
        if self.barred in players and self.record:
            self.log("barred", f"{self.barred} overruled the crowd: he cannot be Caesar this turn.")
        rolls = {side: self.d6() + self.d6() for side in players}
        if self.record and rolls:
            text = ", ".join(f"{side} {rolls[side]}" for side in players)
            self.log("initiative", f"Initiative: {text}.", rolls=dict(rolls))
        top = _highest(allowed, rolls)
        while len(top) > 1:
            again = {side: self.d6() + self.d6() for side in top}
            if self.record:
                text = ", ".join(f"{side} {again[side]}" for side in top)
                tied = listed(top)
                self.log("initiative", f"{tied} tie and roll again: {text}.", rolls=again)
            top = _highest(top, again)
        self.caesar = top[0] if top else None
        self.barred = None
        if self.record and self.caesar is None:
            self.log("caesar", f"Nobody is Caesar for turn {self.turn}.", side=None)
        elif self.record:
            self.log("caesar", f"{self.caesar} is Caesar for turn {self.turn}.", side=self.caesar)
        return rolls

    def move_order(self, default: Sequence[Fighter]) -> list[Fighter]:
        """Caesar's order of the turn's moves (`moritari/2`): the men on their feet, by
        default (and for a Caesar who is not there to say) as `movers` ranks them. He is asked
        only when the order can matter: two men or more on their feet, one of them free to
        move (when every one is engaged, nobody moves and each pivot is his own affair)."""
        standing = [f for f in default if f.standing]
        auto = ",".join(str(f.index) for f in standing)
        free = any(not self.contacts(f) for f in standing)
        if len(standing) < 2 or not free:
            return standing
        indices = [f.index for f in standing]
        options = _orders(indices)
        listed = "; ".join(f"{n}. {self.fighters[i].name}" for n, i in enumerate(indices, 1))
        order = self.decide(
            "move_order",
            self.caesar_man(),
            options,
            f"Caesar ({self.caesar}), order the moves: {listed}",
            auto,
            order_of=indices,
        )
        moving = [self.fighters[int(i)] for i in order.split(",")]
        if self.record:
            names = in_turn([f.name for f in moving])
            text = f"Caesar ({self.caesar}) orders the moves: {names}."
            if self.caesar is None:
                text = f"With no Caesar to order them, the moves go: {names}."
            self.log("move-order", text, order=[f.index for f in moving])
        return moving

    def movers(self, rolls: Mapping[str, int]) -> list[Fighter]:
        """Caesar's men first, the other players' by their initiative, beasts last."""

        def rank(f: Fighter) -> tuple[int, int, int]:
            if f.side == self.caesar:
                return (0, 0, f.index)
            if f.side == BEASTS:
                return (2, 0, f.index)
            return (1, -rolls.get(f.side, 0), f.index)

        return sorted(self.fighters, key=rank)

    def pivot(self, fighter: Fighter, towards: Fighter, why: str) -> None:
        facing = facing_towards(fighter.square, towards.square)
        if facing == fighter.facing and self.reading.pivot_only_when_turning:
            return  # he already faces him: no pivot, so he keeps the turn's one
        fighter.pivoted = True
        if facing != fighter.facing:
            fighter.facing = facing
            if not self.record:
                return
            self.log(
                "pivot",
                f"{fighter.name} pivots to face {towards.name}{why}.",
                fighter.index,
                facing=facing,
            )

    def line_towards(
        self, fighter: Fighter, target: Fighter, enemies: Sequence[Fighter]
    ) -> tuple[Square, int]:
        """The free turn and the straight line: of every square he can reach along one of the
        eight directions (stopping at a man, the edge, or when his base touches an enemy), the
        one nearest his target (then the shortest move, then the first direction clockwise)."""
        occupied = self.occupied() - {fighter.square}
        best = (distance(fighter.square, target.square), 0, fighter.facing)
        choice = (fighter.square, fighter.facing)
        for heading in range(8):
            square = fighter.square
            for steps in range(1, fighter.kind.move + 1):
                ahead = step(square, heading)
                if not on_board(ahead, self.setup.size) or ahead in occupied:
                    break
                square = ahead
                rank = (distance(square, target.square), steps, heading)
                if rank < best:
                    best, choice = rank, (square, heading)
                if any(in_contact(e.square, square) for e in enemies):
                    break
        return choice

    def move(self, fighter: Fighter) -> None:
        engaged = self.contacts(fighter)
        if engaged:
            if not fighter.pivoted and not any(
                in_front(fighter.square, fighter.facing, e.square) for e in engaged
            ):
                self.pivot(fighter, engaged[0], " (engaged, he only turns)")
            return
        enemies = self.enemies(fighter)
        if not enemies:
            return
        target = min(enemies, key=lambda e: (distance(e.square, fighter.square), e.index))
        start = fighter.square
        square, heading = self.line_towards(fighter, target, enemies)
        fighter.square, fighter.facing = square, heading
        if square != start and self.record:
            self.log(
                "move",
                f"{fighter.name} moves {distance(start, square)} {DIRECTION_NAMES[heading]}.",
                fighter.index,
                frm=list(start),
                to=list(square),
                facing=heading,
            )
        reached = self.contacts(fighter)
        if reached:
            fighter.charged = square != start
            self.pivot(fighter, min(reached, key=lambda e: e.index), "")
            for other in reached:
                engaged_before = [e for e in self.contacts(other) if e is not fighter]
                if other.standing and not other.pivoted and not engaged_before:
                    self.pivot(other, fighter, " as he arrives")
        else:
            new = facing_towards(square, target.square)
            if new != fighter.facing or not self.reading.pivot_only_when_turning:
                fighter.pivoted = True
            if new != fighter.facing:
                fighter.facing = new
                if self.record:
                    self.log(
                        "pivot",
                        f"{fighter.name} turns towards {target.name}.",
                        fighter.index,
                        facing=new,
                    )

    # --- melee ----------------------------------------------------------------------------

    def fights(self) -> list[tuple[int, int]]:
        return fight_pairs(self.fighters, beasts_maul=self.reading.beasts_maul_the_spared)

    def melee(self) -> None:
        pairs = self.pairs = self.fights()
        if not pairs:
            return
        caesars = [i for i, (a, b) in enumerate(pairs) if self.caesar in self.sides_of(a, b)]
        auto = caesars + [i for i in range(len(pairs)) if i not in caesars]
        options = [",".join(map(str, auto))]
        if len(pairs) > 1:
            options = _orders(auto)
        order = self.decide(
            "fight_order",
            self.caesar_man(),
            options,
            self.fight_order_prompt(pairs),
            options[0],
            order_of=auto if self.reading.caesar_orders_all else None,
        )
        if self.record:
            self.log_fight_order(pairs, [int(i) for i in order.split(",")])
        for i in map(int, order.split(",")):
            a, b = (self.fighters[j] for j in pairs[i])
            if a.standing and b.standing:
                self.combat(a, b)
            elif may_fight(a, b, self.reading.beasts_maul_the_spared):
                beast, man = (a, b) if a.standing else (b, a)
                self.maul(beast, man)

    def pair_names(self, pair: tuple[int, int]) -> str:
        a, b = pair
        return f"{self.fighters[a].name} v {self.fighters[b].name}"

    def fight_order_prompt(self, pairs: Sequence[tuple[int, int]]) -> str:
        if not self.reading.in_words:
            names = "; ".join(f"{i}: {self.pair_names(pair)}" for i, pair in enumerate(pairs))
            return f"Caesar ({self.caesar}) orders the fights: {names}"
        names = "; ".join(f"{n}. {self.pair_names(pair)}" for n, pair in enumerate(pairs, 1))
        return f"Caesar ({self.caesar}), order the fights: {names}"

    def log_fight_order(self, pairs: Sequence[tuple[int, int]], order: Sequence[int]) -> None:
        fights = [list(p) for p in pairs]
        if not self.reading.in_words:
            text = ",".join(map(str, order))
            self.log("order", f"Caesar orders the fights: {text}.", fights=fights)
            return
        names = in_turn([self.pair_names(pairs[i]) for i in order])
        if len(pairs) == 1:
            text = f"One fight this turn: {self.pair_names(pairs[0])}."
        elif self.caesar is None:
            text = f"With no Caesar to order them, the fights go: {names}."
        else:
            text = f"Caesar ({self.caesar}) orders the fights: {names}."
        self.log("order", text, fights=fights, order=list(order))

    def sides_of(self, a: int, b: int) -> set[str]:
        return {self.fighters[a].side, self.fighters[b].side}

    def dice(self, fighter: Fighter, foe: Fighter) -> list[int]:
        rolled = sorted((self.d6() for _ in range(fighter.kind.dice)), reverse=True)
        bonus = fighter.kind.best_die + (fighter.kind.charge_bonus if fighter.charged else 0)
        if not in_front(foe.square, foe.facing, fighter.square):
            bonus += REAR_BONUS
        rolled[0] += bonus
        return sorted(rolled, reverse=True)

    def combat(self, a: Fighter, b: Fighter) -> None:
        rolls_a, rolls_b = self.dice(a, b), self.dice(b, a)
        hits_on_b, hits_on_a = compare(rolls_a, rolls_b)
        if self.record:
            text = (
                f"{a.name} rolls {rolls_a}, {b.name} {rolls_b}: {a.name} hits {hits_on_b} time(s), "
                f"{b.name} {hits_on_a}."
            )
            if self.reading.in_words:
                text = (
                    f"{a.name} rolls {dice_words(rolls_a)}, {b.name} {dice_words(rolls_b)}: "
                    f"{hits_words(a.name, hits_on_b)}, {hits_words(b.name, hits_on_a)}."
                )
            self.log(
                "fight",
                text,
                a.index,
                foe=b.index,
                rolls=[rolls_a, rolls_b],
                hits=[hits_on_b, hits_on_a],
            )
        for _ in range(hits_on_b):
            self.strike(a, b)
        for _ in range(hits_on_a):
            self.strike(b, a)
        if not self.reading.both_earn_the_bonus:
            for victim, by in ((b, a), (a, b)):
                if victim.standing and victim.hit_points == 0:
                    self.out_of_action(victim, by)
            return
        # Both men put out at once have each put another out before either appeals (+1 each).
        downed = [(v, by) for v, by in ((b, a), (a, b)) if v.standing and v.hit_points == 0]
        for _, by in downed:
            by.put_out += 1
        for victim, by in downed:
            self.out_of_action(victim, by, credited=True)

    def maul(self, beast: Fighter, man: Fighter) -> None:
        """A beast on a man lying spared (`moritari/2`: the beasts ignore the crowd's verdict):
        he lies still and does not fight back, so no dice are compared: the beast strikes him
        once, and a wound kills him (he has no hit point left, and no second appeal: the
        beasts ignore the crowd)."""
        if self.record:
            self.log(
                "maul",
                f"{beast.name} falls on {man.name}, who lies spared: the beasts ignore the "
                "crowd's verdict.",
                beast.index,
                foe=man.index,
            )
        if self.strike(beast, man):
            beast.put_out += 1
            man.state = "dead"
            if self.record:
                text = f"{man.name} dies under {beast.name}."
                self.log("mauled", text, man.index, by=beast.index)

    def strike(self, attacker: Fighter, victim: Fighter) -> bool:
        """A hit: the wound roll, then his armour; whether it wounded him."""
        wound = self.d6()
        if wound < attacker.kind.wound_on:
            if self.record:
                self.log("miss", f"{attacker.name}'s hit does not wound ({wound}).", attacker.index)
            return False
        if victim.kind.save is not None:
            save = self.d6()
            if save >= victim.kind.save:
                if self.record:
                    self.log("save", f"{victim.name}'s armour saves ({save}).", victim.index)
                return False
        victim.hit_points = max(0, victim.hit_points - 1)
        if self.record:
            left = f"{victim.hit_points} hit point(s) left"
            if self.reading.in_words:
                left = hit_points_words(victim.hit_points) + " left"
            self.log(
                "wound",
                f"{attacker.name} wounds {victim.name}: {left}.",
                victim.index,
                by=attacker.index,
                hp=victim.hit_points,
            )
        return True

    def out_of_action(self, victim: Fighter, by: Fighter, credited: bool = False) -> None:
        """He is out of action (`credited`: `by` already counted as having put him out)."""
        if not credited:
            by.put_out += 1
        if victim.kind.beast:
            victim.state = "out"
            if self.record:
                self.log("beast-dead", f"{victim.name} is dead.", victim.index, by=by.index)
            return
        bonus = 1 if victim.put_out else 0
        roll = self.d6() + self.d6()
        crowd = MITTE if roll + bonus >= APPEAL_TARGET else IUGULA
        if self.record:
            self.log(
                "appeal",
                f"{victim.name} is out of action and appeals to the crowd: {roll}"
                f"{' + 1' if bonus else ''}: the crowd "
                f"{'spares him' if crowd == MITTE else 'wants him dead'}.",
                victim.index,
                roll=roll,
                bonus=bonus,
                crowd=crowd,
            )
        auto = crowd
        if self.caesar is not None:
            thumb_orders = self.setup.side_orders(self.caesar).get("thumb", "crowd")
            auto = {"crowd": crowd, "mercy": MITTE, "sword": IUGULA}[thumb_orders]
        # His orders' answer is offered first (what `pending_default` answers for him).
        thumb = self.decide(
            "thumb",
            self.caesar_man(),
            (auto, IUGULA if auto == MITTE else MITTE),
            self.thumb_prompt(victim, crowd),
            auto,
        )
        if thumb != crowd and self.caesar is not None:
            self.barred = self.caesar
            self.overruled[self.caesar] = self.overruled.get(self.caesar, 0) + 1
        if thumb == MITTE:
            victim.state, victim.lying_since = "lying", self.turn
        else:
            victim.state = "dead"
        if self.record:
            self.log(
                "thumb",
                f"Caesar shows {'mitte: he lives' if thumb == MITTE else 'iugula: he dies'}"
                f"{' (overruling the crowd)' if thumb != crowd else ''}.",
                victim.index,
                thumb=thumb,
                crowd=crowd,
                overruled=thumb != crowd,
            )

    def thumb_prompt(self, victim: Fighter, crowd: str) -> str:
        if not self.reading.in_words:
            return f"Caesar ({self.caesar}): the crowd says {crowd} for {victim.name}. Your thumb?"
        says = "spares" if crowd == MITTE else "wants the death of"
        return f"Caesar ({self.caesar}): the crowd {says} {victim.name}. Your thumb?"

    def result(self, pending: PendingDecision | None, stopped: bool = False) -> Result:
        left = self.sides_left()
        finished = pending is None and not stopped
        winner = None
        if finished and len(left) == 1:
            winner = next(iter(left))
            reason = "last standing"
        elif finished and not left:
            reason = "none left"
        elif finished:
            reason = "time"
        else:
            reason = ""
        if finished and self.record:
            text = f"{winner} wins." if winner else "Nobody wins: a draw."
            self.log("end", text, reason=reason, winner=winner, board=self.board())
        return Result(
            turns=self.turn,
            finished=finished,
            winner=winner,
            end_reason=reason,
            fighters=self.fighters,
            events=self.events,
            decisions=self.used,
            pending=pending,
            overruled=dict(self.overruled),
            fights=list(self.pairs),
            engine_version=self.reading.version,
        )


def fight_pairs(fighters: Sequence[Fighter], beasts_maul: bool = False) -> list[tuple[int, int]]:
    """The turn's fights, as listed (Caesar orders them by these indices): every pair of
    enemies on their feet whose bases touch (`beasts_maul`: and a beast touching a man lying
    spared), by the first one's index, then the second's."""
    pairs = []
    for i, a in enumerate(fighters):
        for b in fighters[i + 1 :]:
            enemies = a.side != b.side and may_fight(a, b, beasts_maul)
            if enemies and in_contact(a.square, b.square):
                pairs.append((a.index, b.index))
    return pairs


def may_fight(a: Fighter, b: Fighter, beasts_maul: bool) -> bool:
    """Both on their feet; or, when the beasts ignore the crowd's verdict, a beast on its feet
    and a man lying spared."""
    if a.standing and b.standing:
        return True
    if not beasts_maul:
        return False
    return any(x.standing and x.kind.beast and y.state == "lying" for x, y in ((a, b), (b, a)))


def _highest(sides: Sequence[str], rolls: Mapping[str, int]) -> list[str]:
    """The sides of `sides` with the highest roll (several when they tie)."""
    if not sides:
        return []
    best = max(rolls[side] for side in sides)
    return [side for side in sides if rolls[side] == best]


def listed(names: Sequence[str]) -> str:
    """["a", "b", "c"] -> "a, b and c"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def in_turn(names: Sequence[str]) -> str:
    """["a", "b", "c"] -> "first a, then b, then c"."""
    return ", ".join(f"{'first' if n == 0 else 'then'} {name}" for n, name in enumerate(names))


def dice_words(rolls: Sequence[int]) -> str:
    """[6, 5, 2] -> "6, 5 and 2"."""
    return listed([str(roll) for roll in rolls])


def hits_words(name: str, hits: int) -> str:
    if hits == 0:
        return f"{name} lands no hit"
    return f"{name} hits " + {1: "once", 2: "twice"}.get(hits, f"{hits} times")


def hit_points_words(points: int) -> str:
    if points == 0:
        return "no hit point"
    return f"{points} hit point{'' if points == 1 else 's'}"


def compare(rolls_a: Sequence[int], rolls_b: Sequence[int]) -> tuple[int, int]:
    """Risk's comparison: highest with highest, and so on for as many dice as the shorter
    hand has; each pair won is a hit on the other (a tie hits nobody). (hits on b, hits on a)."""
    a, b = sorted(rolls_a, reverse=True), sorted(rolls_b, reverse=True)
    on_b = sum(x > y for x, y in zip(a, b, strict=False))
    on_a = sum(y > x for x, y in zip(a, b, strict=False))
    return on_b, on_a


def is_order_of(choice: str, items: Sequence[int]) -> bool:
    """Whether `choice` ("2,0,1") names each of `items` once, in some order."""
    try:
        given = [int(part) for part in choice.split(",")]
    except ValueError:
        return False
    return sorted(given) == sorted(items) and choice == ",".join(map(str, given))


def _orders(first: Sequence[int]) -> list[str]:
    """The orders offered to Caesar for the items of `first` (fights or men): the default
    first, then each item moved to the front (the rest keep their order). Under `moritari/1`
    they were the only orders he could give; under `moritari/2` any order is his."""
    orders = [",".join(map(str, first))]
    for i in sorted(first):
        rest = [j for j in first if j != i]
        option = ",".join(map(str, [i, *rest]))
        if option not in orders:
            orders.append(option)
    return orders


def play(
    setup: Setup,
    seed: int,
    decisions: Sequence[Decision] = (),
    *,
    record: bool = True,
    max_turns: int = MAX_TURNS,
    stop_after: int | None = None,
    engine_version: str | None = None,
) -> Result:
    """Play (or replay) a fight from its seed and the decisions taken so far, under
    `engine_version` (None: the current one; a stored fight passes the one it was fought
    with). `stop_after` stops it unfinished after that many turns (a fight fought turn by
    turn); decisions given for later turns are then left unused rather than refused."""
    fight = _Fight(setup, seed, decisions, record, reading_for(engine_version))
    result = fight.run(max_turns, stop_after)
    if fight.given and result.finished:
        raise RulesError(f"{len(fight.given)} decision(s) given that the fight never asked")
    return result
