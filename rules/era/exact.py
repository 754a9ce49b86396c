"""Exact odds of an Era bout: the bout as a Markov chain over its state (issue 14).

Where it applies: both sides' orders are automatic (no choice in `Orders.ask`), so every
choice the engine makes (the turn-start wound yield, the first-injury yield or fight-on, the
Boon spend) is a function of the state; the only randomness is then the dice, the d100 of a
Critical Injury, the initiative coin and the coin between two men facing their first injury in
the same round, all of known distribution. Asked orders (the GM answers at the table) have no
distribution, and `exact_odds` refuses them (RulesError naming the side).

The state at the start of a round is, for each side, his Wounds, whether he has taken his
first Critical Injury in this bout (a second ends it), his Crowd Favor (0–6), plus the
rounds without a hit (only its parity matters: the crowd's −1 comes at every second such
round), the round number (the engine's ROUND_CAP of 200 rounds ends a bout as a draw) and who
acts first (fixed for the bout: a coin at even odds unless the setup names him). Inside a
round the chain follows `rules.era.bout` step by step: the first man's turn-start yield, his
attack (the pool's exact joint distribution of net Successes, net Boons, Breakthroughs and
Calamities from rules.era.dice; damage, Resistance, the Boon spend by his orders, the Critical
Injury's fatal chance from the d100 with +10 per injury carried and −10 per Helm, a second
injury or Wounds past the reading's limit ending the bout), the second man's turn-start yield
and attack, then the round's end: the idle count, every Crowd Favor line of the round summed
and then clamped once (a bout ended mid-round applies the lines pending so far, as the engine
does before reading the loser's favor), then the first-injury choices (both at once: their
order is a coin), each fight-on +1 applied and clamped on its own.

The chain is propagated forward as one probability array (numpy) over every state; a
finished bout's mass goes to its outcome (the winner, and the loser's favor, or his death), so
the verdict split follows as in `rules.era.odds` (the editor keeps his default, the loser
appeals alone). The mass left at the round cap is the draw. Each man's Wounds axis holds only
the values he can reach below his yield, and one row past it (`_Axis`).

Where the round cap cannot matter (a bound on the mass still fighting at it below
`CAP_SLACK`, 1e-12), the rounds that change nothing but the favors and the idle parity (both
missed, or hits for no Wounds and no injury: the stalls, one 98 x 98 matrix S) are summed at
once, w (I - S)^-1, and the chain steps from one change of Wounds or injuries to the next
(`_Chain._by_stalls`); elsewhere (a live bout near the cap, men who can hardly hurt each
other) it goes round by round (`_by_rounds`).

Why every figure is exact to 1e-9: each figure is the chance of a set of ends of the bout,
and the chain has counted every end reached from the mass it propagated. The mass it stopped
with (below `TOLERANCE`, 1e-10) and the bound on the mass that could still be fighting at the
round cap (below 1e-12) are reported together as `unresolved`: whatever becomes of that mass,
no figure (nor any sum of figures, such as a man's chance to walk out) can move by more than
it, so each is within about 1e-10 (plus float rounding, near 1e-15) of the exact value: a
tenth of the 1e-9 promised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, prod
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rules.era.bout import (
    FAVOR_MAX,
    ROUND_CAP,
    BoutResult,
    BoutSetup,
    EndReason,
    EventKind,
    Side,
    _check_not_incapacitated,
    _Fixed,
    fight_bout,
    reading_of,
)
from rules.era.decision import CrowdCall, appeal_pool, crowd_call
from rules.era.dice import RulesError, distribution
from rules.era.injuries import INJURY_STEP
from rules.era.orders import Choice, Orders
from rules.era.readings import Reading

Array = NDArray[np.float64]
_Moves = tuple[tuple[Array, int], ...]  # (W[w, w2], favor lines) of one kind of hit
EXACT_METHOD = "exact (markov chain)"  # how the command and the pages name it
TOLERANCE = 1e-10  # stop once the mass still fighting is below this (every figure to 1e-9)
CAP_SLACK = 1e-12  # the round cap is left out where the mass fighting at it is below this
FAVORS = FAVOR_MAX + 1  # 0..6
PENDING_LOW = -1  # a miss's own lines: a Calamity −1, a Breakthrough +2 (or +1 with both)
PENDING = FAVORS + 3  # unclamped favor −1..8 while the round's lines wait
FATAL_AT = 151  # the Critical Injury table's top band (Slain)
NAMES = (
    "a_wins",
    "b_wins",
    "draws",
    "loser_missio",
    "loser_editor_choice",
    "sword_called",
    "sword_given",
    "killed",
)


# --- when it applies ------------------------------------------------------------------------


def exact_applies(setup: BoutSetup) -> bool:
    """Whether every choice of both sides' orders is decided by the state (none asks the GM)."""
    return not (setup.a.orders.ask or setup.b.orders.ask)


def why_not_exact(setup: BoutSetup) -> str | None:
    for side in Side:
        asked = setup.entrant(side).orders.ask
        if asked:
            kinds = ", ".join(sorted(str(kind) for kind in asked))
            return (
                f"side {side}'s orders ask the GM ({kinds}): the exact odds need orders that "
                "decide every choice from the state"
            )
    return None


# --- the state a live bout is in ------------------------------------------------------------


@dataclass(frozen=True)
class BoutState:
    """Where a bout stands between rounds: what the chain needs to go on from there."""

    round: int  # rounds fought
    first: Side  # who acts first each round
    wounds_a: int
    wounds_b: int
    injured_a: bool  # has taken his first Critical Injury in this bout
    injured_b: bool
    favor_a: int
    favor_b: int
    idle: int  # rounds in a row without a hit given or taken

    @classmethod
    def of(cls, result: BoutResult) -> BoutState:
        """The state after the rounds of an unfinished, logged result (fight_bout with
        max_rounds, record=True)."""
        if result.finished or result.first is None:
            raise RulesError("only an unfinished bout, begun, has a state to go on from")
        if any(crit.injury.fatal for crit in result.a.injuries + result.b.injuries):
            raise RulesError("a man is dead: the bout is over")
        hit_rounds = {e.round for e in result.events if e.kind is EventKind.ATTACK and e.hit}
        idle = 0
        for number in range(result.rounds, 0, -1):
            if number in hit_rounds:
                break
            idle += 1
        return cls(
            round=result.rounds,
            first=result.first,
            wounds_a=result.a.wounds,
            wounds_b=result.b.wounds,
            injured_a=bool(result.a.injuries),
            injured_b=bool(result.b.injuries),
            favor_a=result.a.favor,
            favor_b=result.b.favor,
            idle=idle,
        )


# --- the result -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ExactOdds:
    """Probabilities (0–1) of each outcome; the same names as `OddsResult`'s counts."""

    engine_version: str
    a_wins: float
    b_wins: float
    draws: float
    loser_missio: float
    loser_editor_choice: float
    sword_called: float
    sword_given: float
    killed: float
    walk_out_a: float  # he leaves alive: not killed, not given the sword
    walk_out_b: float
    mean_rounds: float  # the whole bout's, from round 1 (a live start counts its rounds fought)
    unresolved: float  # mass still fighting when it stopped, and the cap's bound (see top)
    bouts: None = None  # no sample: the keys of OddsResult.as_dict stay
    seed: None = None

    @property
    def method(self) -> str:
        return EXACT_METHOD

    def percent(self, probability: float) -> float:
        return 100 * probability

    def standard_error(self, probability: float) -> float:
        return 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "engine_version": self.engine_version,
            "method": self.method,
            "bouts": None,
            "seed": None,
            "counts": None,
            "probability": {name: getattr(self, name) for name in NAMES},
            "per_100": {name: round(100 * getattr(self, name), 2) for name in NAMES},
            "standard_error": dict.fromkeys(NAMES, 0.0),
            "mean_rounds": round(self.mean_rounds, 3),
            "walk_out": {"a": self.walk_out_a, "b": self.walk_out_b},
            "unresolved": self.unresolved,
        }


# --- one side's attack, as classes ------------------------------------------------------------


@dataclass(frozen=True)
class _Attack:
    hits: tuple[tuple[int, bool, int, float], ...]  # (wounds, critical injury, lines, chance)
    misses: tuple[tuple[int, float], ...]  # (lines, chance)


@lru_cache(maxsize=256)  # both first men's chains ask for each side's attack
def _attack(me: _Fixed, orders: Orders, them: _Fixed, alive: int) -> _Attack:
    """Every outcome of his attack that the bout tells apart, with its exact chance (Wounds
    past `alive`, the defender's count of standing Wound values, all drop him alike)."""
    dist = distribution(me.pool)
    hits: dict[tuple[int, bool, int], int] = {}
    misses: dict[int, int] = {}
    for (successes, boons, breakthroughs, calamities), count in dist.counts:
        lines = (-1 if calamities else 0) + (2 if breakthroughs else 0)
        if successes < 1:
            misses[lines] = misses.get(lines, 0) + count
            continue
        wounds = min(alive, max(0, me.damage + successes - 1 - them.resistance))
        if breakthroughs:
            crit = True  # a Breakthrough buys the injury (its +2 is the only line)
        elif boons < 2:
            crit = False
        else:
            spend = orders.spend(boons, me.crit)
            crit = spend is Choice.CRIT
            lines += 1  # a flourish, or a Critical Injury bought with Boons
        key = (wounds, crit, lines)
        hits[key] = hits.get(key, 0) + count
    total = dist.total
    return _Attack(
        tuple((w, c, d, n / total) for (w, c, d), n in sorted(hits.items())),
        tuple((d, n / total) for d, n in sorted(misses.items())),
    )


def _by_key(item: tuple[tuple[int, int], Array]) -> tuple[int, int]:
    return item[0]


def _fatal(carried: int, helm: int) -> float:
    """The chance that a Critical Injury roll (d100 + 10 × carried − 10 × Helm) kills."""
    lowest = FATAL_AT - INJURY_STEP * (carried - helm)
    return max(0, min(100, 101 - max(lowest, 1))) / 100


def _clamp_map(shift: int, size: int = FAVORS, low: int = 0) -> Array:
    """The matrix taking favor index i (value low + i) to clamp(value + shift)."""
    matrix = np.zeros((size, FAVORS))
    for index in range(size):
        matrix[index, min(FAVOR_MAX, max(0, low + index + shift))] = 1.0
    return matrix


@dataclass(frozen=True)
class _Kernel:
    """One attack's effect on (the defender's Wounds, the attacker's favor), by whether it
    gives a Critical Injury (index 0 no, 1 yes): `move[c]`, by the favor lines of the outcome,
    (W, lines) with W[w, w2] the chance of going from Wounds w to w2 (and staying up) with those
    lines, his favor f going to clamp(f + lines) (the map `maps[lines]`); `drop[c][w]` the
    chance of Wounds at or past the drop from w; `total[c]` the chance of the kind at all."""

    move: tuple[_Moves, _Moves]
    drop: tuple[Array, Array]
    total: tuple[float, float]


@dataclass(frozen=True)
class _Axis:
    """One man's Wounds as the chain indexes them: the values he can reach from where he
    starts (his Wounds plus any sum of the hits against him) below his yield and his drop,
    then, if his orders yield before the drop, one row for every value past the yield (he
    yields at his turn's start from any of them alike, and nothing else reads them)."""

    values: tuple[int, ...]  # below `live`, ascending
    yields: bool  # the last row: past his yield (not dropped)
    live: int  # min(yield, drop)
    alive: int  # the drop: Wounds at or past it end the bout

    @classmethod
    def of(cls, start: int, hits: Sequence[int], yield_at: int | None, alive: int) -> _Axis:
        live = alive if yield_at is None else min(yield_at, alive)
        reach = {start} if start < live else set()
        grow = sorted(reach)
        while grow:
            value = grow.pop()
            for wounds in hits:
                if value + wounds < live and value + wounds not in reach:
                    reach.add(value + wounds)
                    grow.append(value + wounds)
        return cls(tuple(sorted(reach)), live < alive, live, alive)

    @property
    def size(self) -> int:
        return len(self.values) + self.yields

    @property
    def cut(self) -> int:
        """The first row past his yield (the size if he never yields before the drop)."""
        return len(self.values)

    def index_after(self, wounds: int) -> int | None:
        """The row of `wounds` reached from a row of the axis; None: dropped."""
        if wounds >= self.alive:
            return None
        if wounds >= self.live:
            return self.cut
        return self.values.index(wounds)


@dataclass(frozen=True)
class _Kernels:
    hits: _Kernel  # the hits only (a miss keeps the idle count going)
    all: _Kernel  # the hits and the misses (once the round has had a hit)

    @classmethod
    def of(cls, attack: _Attack, axis: _Axis, maps: dict[int, Array]) -> _Kernels:
        n = axis.size
        # The Wounds moves of each kind of hit, by its favor lines: [crit][lines][w, w2].
        moves: dict[tuple[int, int], Array] = {}
        drop = np.zeros((2, n))
        total = [0.0, 0.0]
        for wounds, crit, lines, chance in attack.hits:
            c = int(crit)
            total[c] += chance
            wounds_move = moves.setdefault((c, lines), np.zeros((n, n)))
            for w, value in enumerate(axis.values):
                to = axis.index_after(value + wounds)
                if to is None:
                    drop[c, w] += chance
                else:
                    wounds_move[w, to] += chance
            if axis.yields:  # he yields at his turn's start whatever he takes now
                wounds_move[n - 1, n - 1] += chance
        move = tuple(
            tuple(
                (w, lines) for (kind, lines), w in sorted(moves.items(), key=_by_key) if kind == c
            )
            for c in (0, 1)
        )
        hits = _Kernel((move[0], move[1]), (drop[0], drop[1]), (total[0], total[1]))
        missed = sum(chance for _, chance in attack.misses)
        stays = tuple((chance * np.eye(n), lines) for lines, chance in attack.misses)
        every = _Kernel(
            (move[0] + stays, move[1]), (drop[0], drop[1]), (total[0] + missed, total[1])
        )
        return cls(hits, every)

    def cut(self, live: int) -> _Kernels:
        """The same kernels for a defender whose Wounds are below `live` (the rows past it
        hold no mass): the moves and drops from those Wounds only."""

        def rows(kernel: _Kernel) -> _Kernel:
            move = tuple(tuple((w[:live], lines) for w, lines in m) for m in kernel.move)
            drop = (kernel.drop[0][:live], kernel.drop[1][:live])
            return _Kernel((move[0], move[1]), drop, kernel.total)

        return _Kernels(rows(self.hits), rows(self.all))


# --- the chain ------------------------------------------------------------------------------


@dataclass
class _Tally:
    lose: dict[Side, Array]  # by the loser's favor at the end (alive)
    killed: dict[Side, float]
    draw: float = 0.0
    rounds: float = 0.0
    unresolved: float = 0.0


class _Chain:
    def __init__(self, setup: BoutSetup, reading: Reading, start: BoutState) -> None:
        fixed = setup.fixed_under(reading)
        self.x, self.y = start.first, start.first.other
        x, y = fixed[self.x], fixed[self.y]
        ex, ey = setup.entrant(self.x), setup.entrant(self.y)
        # Alive wound values: below the reading's drop (Wounds at or past it end the bout).
        alive_x = _alive_wounds(reading, x.wound_points)
        alive_y = _alive_wounds(reading, y.wound_points)
        self.attack_x = _attack(x, ex.orders, y, alive_y)
        self.attack_y = _attack(y, ey.orders, x, alive_x)
        a, b = start.wounds_a, start.wounds_b
        wounds_x, wounds_y = (a, b) if self.x is Side.A else (b, a)
        if wounds_x >= alive_x or wounds_y >= alive_y:
            raise RulesError("a man past his Wound Points: the bout is over")
        # Each man's Wounds axis: the values he can reach below his yield, then one row for
        # past it (`_Axis`); a Wound value no sum of hits reaches holds no mass, ever.
        self.axis_x = _Axis.of(wounds_x, [h[0] for h in self.attack_y.hits], x.yield_at, alive_x)
        self.axis_y = _Axis.of(wounds_y, [h[0] for h in self.attack_x.hits], y.yield_at, alive_y)
        self.wx, self.wy = self.axis_x.size, self.axis_y.size
        self.fatal_x = (
            _fatal(ex.carried_injuries, x.helm),
            _fatal(ex.carried_injuries + 1, x.helm),
        )
        self.fatal_y = (
            _fatal(ey.carried_injuries, y.helm),
            _fatal(ey.carried_injuries + 1, y.helm),
        )
        self.gives_x = np.array([ex.orders.yields_after_first_injury(f) for f in range(FAVORS)])
        self.gives_y = np.array([ey.orders.yields_after_first_injury(f) for f in range(FAVORS)])
        self.maps = {d: _clamp_map(d) for d in range(-4, 5)}
        self.pending_maps = {d: _clamp_map(d, PENDING, PENDING_LOW) for d in (-1, 0)}
        self.kernel_x = _Kernels.of(self.attack_x, self.axis_y, self.maps)
        self.kernel_y = _Kernels.of(self.attack_y, self.axis_x, self.maps)
        # Past his turn-start yield a man's Wounds hold no mass (he has yielded), so the
        # round's work after each yield runs over the Wounds below it only ("live").
        self.live_x = self.yield_x = self.axis_x.cut
        self.live_y = self.yield_y = self.axis_y.cut
        self.kernel_y_live = self.kernel_y.cut(self.live_x)
        # A miss of the first man, as a favor map: each of his misses' lines at its chance,
        # with the idle round's -1 (at every second such round: parity 1) when both missed.
        self.miss_x = sum(chance for _, chance in self.attack_x.misses)
        self.settle_x = self._miss_map(self.attack_x, 0)
        self.idle_x = (self.settle_x, self._miss_map(self.attack_x, -1))
        self.idle_y = (self._miss_map(self.attack_y, 0), self._miss_map(self.attack_y, -1))
        self.stall, self.stall_hits = self._stalls()
        # A first injury: he fights on (+1, clamped) where his orders do not yield, as a
        # favor map (row vector times it for the first man, it times a column for the second).
        self.fight_on_x = (~self.gives_x)[:, None] * self.maps[1]
        self.fight_on_y = self.maps[1].T * (~self.gives_y)[None, :]
        self.weight = 1.0
        self.counting = True  # whether a round adds what it ends to the tally (`run`)
        self.tally = _Tally({s: np.zeros(FAVORS) for s in Side}, dict.fromkeys(Side, 0.0))

    def _miss_map(self, attack: _Attack, line: int) -> Array:
        matrix = np.zeros((FAVORS, FAVORS))
        for lines, chance in attack.misses:
            matrix += chance * self.maps[lines + line]
        return matrix

    def _stalls(self) -> tuple[Array, Array | None]:
        """The rounds that leave both men's Wounds and injuries as they were, as matrices on
        (idle parity, fY, fX) flattened (98): a mass row vector times the matrix is where it
        goes. All stalls, and those with a hit (None if no hit can do no Wounds and no injury).
        The same at every Wounds below both yields (no yield, drop or injury comes into them).
        A map M of fY and N of fX together are kron(M, N) on (fY, fX) flattened."""
        hit_x = self._no_wound_map(self.attack_x)
        hit_y = self._no_wound_map(self.attack_y)
        size = FAVORS * FAVORS
        # The first man hits for nothing, the second hits for nothing or misses (his lines
        # apply: a round with a hit); or the first misses (his lines settle alone) and the
        # second hits for nothing. From either parity into parity 0.
        with_hit = np.kron(hit_y + self.idle_y[0], hit_x) + np.kron(hit_y, self.settle_x)
        hits = np.zeros((2, size, 2, size))
        hits[:, :, 0] = with_hit
        # Both missed: the parity turns (at 1 the crowd takes 1 from each, in idle_x/idle_y).
        idle = np.zeros((2, size, 2, size))
        for parity in (0, 1):
            idle[parity, :, 1 - parity] = np.kron(self.idle_y[parity], self.idle_x[parity])
        stall_hits = hits.reshape(2 * size, 2 * size)
        everything = stall_hits + idle.reshape(2 * size, 2 * size)
        return everything, (stall_hits if with_hit.any() else None)

    def _no_wound_map(self, attack: _Attack) -> Array:
        matrix = np.zeros((FAVORS, FAVORS))
        for wounds, crit, lines, chance in attack.hits:
            if not wounds and not crit:
                matrix += chance * self.maps[lines]
        return matrix

    # P axes: wX, wY, iX, iY, idle parity, fY, fX

    def start(self, state: BoutState) -> Array:
        p = np.zeros((self.wx, self.wy, 2, 2, 2, FAVORS, FAVORS))
        a = (state.wounds_a, state.injured_a, state.favor_a)
        b = (state.wounds_b, state.injured_b, state.favor_b)
        (wx, ix, fx), (wy, iy, fy) = (a, b) if self.x is Side.A else (b, a)
        row_x, row_y = self.axis_x.index_after(wx), self.axis_y.index_after(wy)
        assert row_x is not None and row_y is not None  # checked in __init__
        p[row_x, row_y, int(ix), int(iy), state.idle % 2, fy, fx] = 1.0
        return p

    def run(self, p: Array, fought: int, weight: float) -> None:
        """Propagate `p` to the end of the bout, then count what ended.

        A round is linear in the mass it starts from (every step is a sum, a product with a
        fixed matrix or a cut), and so is everything it adds to the tally. The tally of all
        the rounds is therefore the tally of one round started from their sum: the mass at
        the start of every round, summed (`occupied`), is worked out without counting
        (`counting` off), and one round with counting on is played from the sum.

        That sum is found by stalls (`_by_stalls`) where the round cap cannot matter, else
        round by round (`_by_rounds`)."""
        self.weight = weight
        self.tally.rounds += weight * fought
        self.counting = False
        left = ROUND_CAP - fought
        beyond = self._past_cap_bound(left)
        occupied = self._by_stalls(p, beyond) if beyond < CAP_SLACK else self._by_rounds(p, left)
        self.counting = True
        self._round(occupied, weight)

    def _by_rounds(self, p: Array, left: int) -> Array:
        """The sum of the mass at every round's start, one round at a time (the mass still
        fighting at the round cap is the draw)."""
        tally, weight = self.tally, self.weight
        occupied = np.zeros_like(p)
        for _ in range(left):
            alive = float(p.sum())
            if alive < TOLERANCE:
                tally.unresolved += weight * alive
                break
            tally.rounds += weight * alive
            occupied += p
            p = self._round(p, weight)
        else:
            tally.draw += weight * float(p.sum())
        return occupied

    def _by_stalls(self, p: Array, beyond: float) -> Array:
        """The same sum, a stall at a time: a round that leaves both men's Wounds and injuries
        as they were (both missed, or hits for no Wounds and no injury) changes only the idle
        parity and the favors, by one fixed matrix `stall` (98 x 98, whatever the Wounds). From
        the mass `w` that has just come to its Wounds and injuries, the mass at the start of
        all its rounds there is w (I + S + S^2 + ...) = w (I - S)^-1; the rounds out of them,
        without their stalls, bring the mass to new Wounds or injuries or end the bout. Every
        such round adds a Wound, an injury or an end, so the mass runs out in a few steps,
        where round by round it lingers in long runs of misses. The round cap is ignored:
        `beyond` bounds the mass that could still be fighting at it (`unresolved` counts it,
        as the mass left when the steps stop).

        Only the idle rounds read the idle parity, and they are in the stall matrix: past it,
        the mass is carried summed over the parity (an axis of 1), and every round out of a
        stall has a hit (parity 0)."""
        tally, weight = self.tally, self.weight
        cx, cy = self.live_x, self.live_y  # the Wounds and injuries where a stall is possible
        size = FAVORS * FAVORS
        # Invertible: the stall matrix's row sums are below 1 here (`_past_cap_bound`).
        settle = np.linalg.inv(np.eye(2 * size) - self.stall).astype(np.float64)
        settle = settle.reshape(2 * size, 2, size).sum(axis=1)  # into favors, any parity
        hits = None if self.stall_hits is None else self.stall_hits[:size, :size]
        w = p
        u: Array = w.sum(axis=4, keepdims=True)
        u[:cx, :cy] = _times(w[:cx, :cy], settle)  # from the parity it starts with
        occupied = np.zeros_like(u)
        settle = settle[:size]  # from now on, after a round with a hit: parity 0
        while True:
            alive = float(np.abs(w).sum())
            if alive < TOLERANCE:
                tally.unresolved += weight * (alive + beyond)
                break
            tally.rounds += weight * float(u.sum())
            occupied += u
            w = self._round(u, weight)  # every round out of u but its both-missed stalls
            if hits is not None:  # and its other stalls
                w[:cx, :cy] -= _times(u[:cx, :cy], hits)
            u = w.copy()
            u[:cx, :cy] = _times(w[:cx, :cy], settle)
        return occupied

    def _past_cap_bound(self, rounds: int) -> float:
        """A bound on the chance that the bout still goes on after `rounds` more rounds. A
        round that is no stall moves a man's Wounds or injuries on, or ends the bout: at most
        `steps` of them. Each round stalls with a chance of at most `s` (the stall matrix's
        largest row sum), whatever came before; so going on past `rounds` rounds needs at
        least rounds - steps stalls in them, no likelier than that many heads in `rounds`
        throws of a coin landing heads with chance s."""
        steps = len(self.axis_x.values) + len(self.axis_y.values) + 4
        s = min(1.0, float(self.stall.sum(axis=1).max()))
        need = rounds - steps
        if need <= 0 or s >= 1.0:
            return 1.0
        tail = sum(
            comb(rounds, k) * s**k * (1 - s) ** (rounds - k) for k in range(need, rounds + 1)
        )
        return min(1.0, tail)

    def _lose(self, side: Side, by_favor: Array, weight: float) -> None:
        self.tally.lose[side] += weight * by_favor

    def _round(self, p: Array, weight: float) -> Array:
        wx, wy = self.wx, self.wy
        kx = self.kernel_x
        # The first man's turn: a wound yield (always honorable: past half his Wound Points).
        if self.yield_x < wx:
            if self.counting:
                self._lose(self.x, p[self.yield_x :].sum(axis=(0, 1, 2, 3, 4, 5)), weight)
            p[self.yield_x :] = 0.0
        lx, ly = self.live_x, self.live_y  # below each man's yield (p[lx:] is now empty)
        # His attack. Hits: the idle count restarts, so parity is dropped; his lines apply.
        ps = p[:lx].sum(axis=4)  # wX, wY, iX, iY, fY, fX
        q_hit = np.zeros((wx, wy, 2, 3, FAVORS, FAVORS))  # iY: 0 none, 1 before, 2 this round
        self._strike_y(ps, q_hit[:lx], kx.hits)
        # Misses: p itself, at the chance of a miss; his lines wait for the round's end (the
        # precomputed maps add them then, each at its chance, clamped once with the others).
        # The second man's turn: his wound yield (his favor has no lines pending yet).
        if self.yield_y < wy:
            if self.counting:
                self._lose(self.y, q_hit[:, self.yield_y :].sum(axis=(0, 1, 2, 3, 5)), weight)
                self._lose(
                    self.y,
                    self.miss_x * p[:, self.yield_y :].sum(axis=(0, 1, 2, 3, 4, 6)),
                    weight,
                )
            q_hit[:, self.yield_y :] = 0.0
            p[:, self.yield_y :] = 0.0
        # His attack, then the round's end. After the first man missed, the first man's
        # lines settle as they are (a hit by the second restarts the idle count).
        # From here both yields are past: the mass is in p[:lx, :ly] and q_hit[:lx, :ly], and
        # the second man's attack moves the first's Wounds anywhere (r[:, :ly]).
        # The rounds with a hit (idle parity 0) go to r, by iX, iY: 0, 1 before, 2 this round.
        r = np.zeros((wx, ly, 3, 3, FAVORS, FAVORS))
        live = p[:lx, :ly]
        settled = live.sum(axis=4) @ self.settle_x  # wX, wY, iX, iY(2), fY, fX
        self._strike_x(q_hit[:lx, :ly], settled, r, self.kernel_y_live)
        # Both missed: a round without a hit; at an even count the crowd takes 1 from each.
        # (Only where p has both parities: `_by_stalls` has the idle rounds in its stalls.)
        parities = p.shape[4]
        out = np.zeros((wx, wy, 2, 2, parities, FAVORS, FAVORS))
        for parity in (0, 1) if parities == 2 else ():
            moved = self.idle_y[parity].T @ (live[:, :, :, :, parity] @ self.idle_x[parity])
            out[:lx, :ly, :, :, 1 - parity] = moved
        return self._first_injuries(r, out, weight)

    def _strike_y(self, src: Array, dst: Array, kernel: _Kernel) -> None:
        """The first man's attack on the second: src axes wX, wY, iX, iY (0 none, 1 had his
        first injury), fY, fX; dst the same with iY in three (0, 1 before, 2 this round). Bouts
        it ends go to the tally."""
        y, weight = self.y, self.weight
        dead = self.fatal_y
        crit = kernel.total[1]
        # No injury: the same iY. The defender's favor is axis 4 (before the contraction).
        if self.counting:
            self._lose(y, kernel.drop[0] @ src.sum(axis=(0, 2, 3, 5)), weight)
        dst[:, :, :, :2] += self._hit_y(src, kernel.move[0])
        if not crit:
            return
        # An injury: it may kill; a second parts them; a first goes on (iY 2) if he stands.
        fresh, again = src[:, :, :, 0], src[:, :, :, 1]  # wX, wY, iX, fY, fX
        if self.counting:
            killed = dead[0] * fresh.sum() + dead[1] * again.sum()
            self.tally.killed[y] += weight * crit * killed
            self._lose(y, (1 - dead[1]) * crit * again.sum(axis=(0, 1, 2, 4)), weight)
            self._lose(y, (1 - dead[0]) * (kernel.drop[1] @ fresh.sum(axis=(0, 2, 4))), weight)
        dst[:, :, :, 2] += (1 - dead[0]) * self._hit_y(fresh, kernel.move[1])

    def _strike_x(self, hit: Array, missed: Array, dst: Array, kernels: _Kernels) -> None:
        """The second man's attack on the first, who hit (`hit`) or missed (`missed`, his
        lines settled): both with axes wX, wY, iX (0 none, 1 had his first injury), iY (3 for
        `hit`: 0, 1 before, 2 this round; 2 for `missed`), fY, fX; into dst (a round with a
        hit), iX in three (0, 1 before, 2 this round). His hits move both alike; his misses
        after a hit are a round with a hit (his lines apply at once, the first man's Wounds
        stay), after a miss the idle round, handled by the caller. Bouts it ends go to the
        tally."""
        x, weight = self.x, self.weight
        dead = self.fatal_x
        crit = kernels.all.total[1]
        both = hit.copy()
        both[:, :, :, :2] += missed
        if self.counting:  # a miss drops nobody: the drops of his hits
            self._lose(x, kernels.hits.drop[0] @ both.sum(axis=(1, 2, 3, 4)), weight)
        dst[:, :, :2] += self._hit_x(both, kernels.hits.move[0])
        dst[: len(hit), :, :2] += self.idle_y[0].T @ hit  # his misses' lines, at their chances
        if not crit:
            return
        fresh, again = both[:, :, 0], both[:, :, 1]  # wX, wY, iY, fY, fX
        if self.counting:
            killed = dead[0] * fresh.sum() + dead[1] * again.sum()
            self.tally.killed[x] += weight * crit * killed
            self._lose(x, (1 - dead[1]) * crit * again.sum(axis=(0, 1, 2, 3)), weight)
            drop = kernels.all.drop[1] @ fresh.sum(axis=(1, 2, 3))
            self._lose(x, (1 - dead[0]) * drop, weight)
        dst[:, :, 2] += (1 - dead[0]) * self._hit_x(fresh, kernels.all.move[1])

    def _hit_y(self, src: Array, moves: _Moves) -> Array:
        """The first man's hits of `moves` on the second: `src` with axes wX, wY, then any,
        then fX last; the same axes out, wY moved (W on it) and fX by the hit's lines."""
        rest = prod(src.shape[2:])
        out = np.zeros((src.shape[0], self.wy, *src.shape[2:]))
        flat = out.reshape(src.shape[0], self.wy, rest)
        for w, lines in moves:
            favored = src if lines == 0 else src @ self.maps[lines]
            flat += w.T @ favored.reshape(src.shape[0], src.shape[1], rest)
        return out

    def _hit_x(self, src: Array, moves: _Moves) -> Array:
        """The second man's hits of `moves` on the first: `src` with axes wX, then any, then
        fY, fX; the same axes out, wX moved (W on it) and fY by the hit's lines."""
        # As a stack of products of W with the (fY, fX) blocks, each small (see `_times`).
        blocks = prod(src.shape[1:-2])
        size = FAVORS * FAVORS
        out = np.zeros((self.wx, *src.shape[1:]))
        stacked = out.reshape(self.wx, blocks, size).transpose(1, 0, 2)
        for w, lines in moves:
            favored = src if lines == 0 else self.maps[lines].T @ src
            stacked += w.T @ favored.reshape(src.shape[0], blocks, size).transpose(1, 0, 2)
        return out

    def _first_injuries(self, r: Array, out: Array, weight: float) -> Array:
        """The round's first Critical Injuries (in `r`, a round with a hit): yield (his orders,
        at his favor now) or fight on (+1, clamped). Two at once: a coin orders them, which
        matters only if both yield. Into `out`, which holds the round's idle mass already."""
        x, y = self.x, self.y
        gx, gy = self.gives_x, self.gives_y
        on_x, on_y = self.fight_on_x, self.fight_on_y
        p = out[:, : r.shape[1], :, :, 0]  # r holds the second man's live Wounds only
        p += r[:, :, :2, :2]  # nobody new
        # only the first man new (iX = 2)
        for iy in (0, 1):
            block = r[:, :, 2, iy]  # wX, wY, fY, fX
            if self.counting:
                self._lose(x, _by_last(block, gx), weight)
            p[:, :, 1, iy] += block @ on_x
        # only the second man new (iY = 2)
        for ix in (0, 1):
            block = r[:, :, ix, 2]
            if self.counting:
                self._lose(y, _by_axis(block, gy, 2), weight)
            p[:, :, ix, 1] += on_y @ block
        # both new
        block = r[:, :, 2, 2]  # wX, wY, fY, fX
        if self.counting:
            both = np.outer(gy, gx)  # [fY, fX]
            lose_x = block * (np.outer(~gy, gx) + 0.5 * both)
            lose_y = block * (np.outer(gy, ~gx) + 0.5 * both)
            self._lose(x, lose_x.sum(axis=(0, 1, 2)), weight)
            self._lose(y, lose_y.sum(axis=(0, 1, 3)), weight)
        p[:, :, 1, 1] += on_y @ block @ on_x
        return out


def _times(mass: Array, matrix: Array) -> Array:
    """`mass` (axes wX, wY, iX, iY, then parity, fY, fX) times `matrix` on its last three axes
    flattened (98 or 49 rows; 49 columns: summed over the parity), as a stack of small matrix
    products (4 rows each), not one large one: a large product goes to every core's BLAS
    thread, which on a busy machine waits for the others and costs several times its work."""
    rows, cols = matrix.shape
    stack = mass.size // (4 * rows)
    product = mass.reshape(stack, 4, rows) @ matrix
    out: Array = product.reshape(*mass.shape[:4], cols // (FAVORS * FAVORS), FAVORS, FAVORS)
    return out


def _by_last(block: Array, gives: NDArray[np.bool_]) -> Array:
    """The mass of `block` whose last axis (his favor) makes him yield, by that favor."""
    sums: Array = block.sum(axis=tuple(range(block.ndim - 1)))
    return sums * gives


def _by_axis(block: Array, gives: NDArray[np.bool_], axis: int) -> Array:
    others = tuple(i for i in range(block.ndim) if i != axis)
    sums: Array = block.sum(axis=others)
    return sums * gives


def _alive_wounds(reading: Reading, wound_points: int) -> int:
    """How many Wound values leave him standing (0 up to the reading's drop, exclusive)."""
    wounds = 0
    while not reading.incapacitated(wounds, wound_points):
        wounds += 1
    return wounds


# --- the answer -----------------------------------------------------------------------------


def exact_odds(
    setup: BoutSetup, *, engine_version: str | None = None, state: BoutState | None = None
) -> ExactOdds:
    """The exact odds of `setup` under `engine_version` (None: the current one), from the
    start or from `state` (a live bout between rounds). RulesError where it does not apply."""
    reading = reading_of(engine_version)
    reason = why_not_exact(setup)
    if reason is not None:
        raise RulesError(reason)
    _check_not_incapacitated(setup, reading)
    if state is not None and not isinstance(state, BoutState):
        raise RulesError(f"state must be a BoutState; got {state!r}")
    return _exact(setup, reading.version, state)


@lru_cache(maxsize=512)
def _exact(setup: BoutSetup, version: str, state: BoutState | None) -> ExactOdds:
    reading = reading_of(version)
    lose = {side: np.zeros(FAVORS) for side in Side}
    killed = dict.fromkeys(Side, 0.0)
    draw = rounds = unresolved = 0.0
    if state is None:
        firsts = [setup.first] if setup.first is not None else [Side.A, Side.B]
        a, b = setup.a, setup.b
        starts = [
            BoutState(0, side, a.wounds, b.wounds, False, False, a.favor, b.favor, 0)
            for side in firsts
        ]
    else:
        if not 0 <= state.round <= ROUND_CAP:
            raise RulesError(f"state round must be 0 to {ROUND_CAP}; got {state.round}")
        starts = [state]
    weight = 1.0 / len(starts)
    for start in starts:
        chain = _Chain(setup, reading, start)
        chain.run(chain.start(start), start.round, weight)
        tally = chain.tally
        for side in Side:
            lose[side] += tally.lose[side]
            killed[side] += tally.killed[side]
        draw += tally.draw
        rounds += tally.rounds
        unresolved += tally.unresolved
    appeal = {
        side: float(
            distribution(
                appeal_pool(setup.entrant(side).fighter, setup.entrant(side).injuries)
            ).p_success
        )
        for side in Side
    }
    release = {s: float(lose[s][5:].sum()) for s in Side}
    divided = {s: float(lose[s][3:5].sum()) for s in Side}
    sword = {s: float(lose[s][:3].sum()) for s in Side}
    given = {s: sword[s] * (1 - appeal[s]) for s in Side}
    lost = {s: release[s] + divided[s] + sword[s] + killed[s] for s in Side}
    return ExactOdds(
        engine_version=version,
        a_wins=lost[Side.B],
        b_wins=lost[Side.A],
        draws=draw,
        loser_missio=release[Side.A] + release[Side.B],
        loser_editor_choice=divided[Side.A] + divided[Side.B],
        sword_called=sword[Side.A] + sword[Side.B],
        sword_given=given[Side.A] + given[Side.B],
        killed=killed[Side.A] + killed[Side.B],
        walk_out_a=1.0 - killed[Side.A] - given[Side.A],
        walk_out_b=1.0 - killed[Side.B] - given[Side.B],
        mean_rounds=rounds,
        unresolved=unresolved,
    )


# --- live odds: the chances after every round of a bout --------------------------------------


@dataclass(frozen=True)
class LivePoint:
    """Each man's chance to win and to walk out (not killed, not given the sword), at the
    start (round 0) or after a round; `settled` once the sand has decided the bout."""

    round: int
    win_a: float
    win_b: float
    walk_out_a: float
    walk_out_b: float
    settled: bool = False


def _appeal_chance(setup: BoutSetup, side: Side) -> float:
    entrant = setup.entrant(side)
    return float(distribution(appeal_pool(entrant.fighter, entrant.injuries)).p_success)


def _settled(setup: BoutSetup, result: BoutResult) -> LivePoint:
    """A finished bout: the winner is known; the loser walks out as the chain reckons it (the
    editor keeps his default, missio, when the crowd is divided; called to the sword, he lives
    if his appeal succeeds; killed on the sand, he does not)."""
    walk = dict.fromkeys(Side, 1.0)
    loser = result.loser
    if loser is not None:
        if result.end_reason is EndReason.KILLED:
            walk[loser] = 0.0
        elif crowd_call(result.side(loser).favor) is CrowdCall.SWORD:
            walk[loser] = _appeal_chance(setup, loser)
    return LivePoint(
        round=result.rounds,
        win_a=float(result.winner is Side.A),
        win_b=float(result.winner is Side.B),
        walk_out_a=walk[Side.A],
        walk_out_b=walk[Side.B],
        settled=True,
    )


def _point(round_: int, odds: ExactOdds) -> LivePoint:
    return LivePoint(round_, odds.a_wins, odds.b_wins, odds.walk_out_a, odds.walk_out_b)


def live_odds(
    setup: BoutSetup,
    *,
    seed: int | None,
    decisions: Sequence[Any] = (),
    rounds: int,
    engine_version: str | None = None,
) -> tuple[LivePoint, ...]:
    """The exact odds at the start and after each of the first `rounds` rounds of the bout of
    `setup` and `seed` (a stored bout: its decisions and version), the last point settled if
    the bout ended. RulesError where the chain does not apply (orders that ask the GM)."""
    reason = why_not_exact(setup)
    if reason is not None:
        raise RulesError(reason)
    points = [_point(0, exact_odds(setup, engine_version=engine_version))]
    if not rounds:
        return tuple(points)
    if seed is None:
        raise RulesError("a bout fought has a seed: its rounds replay from it")
    for number in range(1, rounds + 1):
        result = fight_bout(
            setup,
            seed=seed,
            decisions=decisions,
            max_rounds=number,
            engine_version=engine_version,
        )
        if result.finished:
            points.append(_settled(setup, result))
            break
        state = BoutState.of(result)
        points.append(_point(number, exact_odds(setup, engine_version=engine_version, state=state)))
    return tuple(points)


def exact_cache_clear() -> None:
    """Forget every answer kept (benchmarks time the chain asked for the first time)."""
    _exact.cache_clear()
    _attack.cache_clear()
