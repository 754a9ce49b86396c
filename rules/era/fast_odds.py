"""The Era bout's fast Monte Carlo: no event log, whole rolls drawn from exact tables, numpy.

The logged engine (bout.py) rolls every die of every pool with `random.Random`, builds an
event per attack and a favor line per change: right for a bout that is stored and replayed,
but the odds only count who won and how the loser stood. Here each side's attack is one draw
from a table of what its roll can do to the bout, worked out exactly from the pool's
distribution (dice.py): whether it hits, the Wounds it deals, the attacker's Crowd Favor lines
(Calamity, Breakthrough, flourish, the Critical Injury he inflicts) and whether it inflicts a
Critical Injury. The whole table is sampled by its cumulative distribution for thousands of
bouts at once, one numpy array per piece of state, the bouts that finish dropping out.

It follows bout.py's rules step by step (THE BOUT I–V, CROWD FAVOR I, the reading of the engine
version): the wound yield at the start of a turn, the attack, the Critical Injury roll (only
whether the table's top band kills matters in the bout: injuries taken in it never change its
pools), incapacitation, the idle rounds, the first-injury choice at round end (a coin orders
two men who both face it), the round cap; then the crowd's call and the appeal on the loser's
favor (decision.py). It draws from its own `numpy` generator, so its figures are not the logged
engine's bout for bout, only in distribution; tests/rules/era/test_fast_odds.py checks that.
It is deterministic for a seed (and a number of bouts).

`unsupported` names what it cannot represent; `bout_odds` then fights the logged engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.era.bout import (
    ROUND_CAP,
    BoutSetup,
    Entrant,
    Side,
    _check_not_incapacitated,
    _Fixed,
)
from rules.era.decision import appeal_pool
from rules.era.dice import distribution
from rules.era.injuries import critical_injury
from rules.era.orders import Choice
from rules.era.readings import Reading

CHUNK = 1 << 14  # bouts simulated together: large enough for numpy, small enough for memory
SIDES = (Side.A, Side.B)

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int16]
Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class AttackTable:
    """What one side's attack roll does, as categories with their exact chances.

    Category i happens with chance `chance[i]`; `cdf` is their running sum (the last 1).
    """

    chance: tuple[float, ...]
    cdf: Floats
    hit: Ints  # 1 on a hit (Successes >= 1), else 0
    wounds: Ints  # Wounds dealt to the defender (0 on a miss)
    favor: Ints  # the attacker's Crowd Favor lines from this roll, summed
    crit: Bools  # the roll inflicts a Critical Injury


def attack_table(me: _Fixed, them: _Fixed, entrant: Entrant) -> AttackTable:
    """The categories of `entrant`'s attack on the other man, from his pool's exact joint
    distribution and his orders' Boon spend, exactly as bout.py's `_attack` and `_spend`."""
    dist = distribution(me.pool)
    orders = entrant.orders
    counts: dict[tuple[bool, int, int, bool], int] = {}
    for (successes, boons, breakthrough, calamity), n in dist.counts:
        line = (-1 if calamity else 0) + (2 if breakthrough else 0)
        key: tuple[bool, int, int, bool]
        if successes < 1:
            key = (False, 0, line, False)
        else:
            wounds = max(0, me.damage + successes - 1 - them.resistance)
            if breakthrough:
                spend = Choice.CRIT
            elif boons < 2:
                spend = Choice.NONE
            else:
                spend = orders.spend(boons, me.crit)
            if spend is Choice.FLOURISH or (spend is Choice.CRIT and not breakthrough):
                line += 1
            key = (True, wounds, line, spend is Choice.CRIT)
        counts[key] = counts.get(key, 0) + n
    keys = sorted(counts)
    chance = tuple(counts[key] / dist.total for key in keys)
    cdf = np.cumsum(np.array(chance, dtype=np.float64))
    cdf[-1] = 1.0  # the categories cover every roll: no draw may fall past the last
    return AttackTable(
        chance=chance,
        cdf=cdf,
        hit=np.array([key[0] for key in keys], dtype=np.int16),
        wounds=np.array([key[1] for key in keys], dtype=np.int16),
        favor=np.array([key[2] for key in keys], dtype=np.int16),
        crit=np.array([key[3] for key in keys], dtype=np.bool_),
    )


def fatal_chance(carried: int, helm: int) -> float:
    """The chance that a Critical Injury roll kills (the table's top band), with `carried`
    injuries already on him (this bout's and those carried in) and his Helm."""
    fatal = sum(
        critical_injury(d100, carried=carried, helm=helm).injury.fatal for d100 in range(1, 101)
    )
    return fatal / 100


@dataclass(frozen=True)
class _Side:
    """One side's unchanging figures for the sampler."""

    table: AttackTable
    wound_points: int
    yield_at: int | None
    carried: int  # Critical Injuries carried in (named or counted)
    fatal: tuple[float, float]  # chance a Critical Injury kills, with 0 or 1 taken here
    first_injury_yield_at: int | None  # yield after his first injury at this favor or more
    given: float  # the chance his appeal fails when the crowd calls for the sword
    wounds: int
    favor: int


def unsupported(setup: BoutSetup, reading: Reading) -> str | None:
    """Why the fast path cannot fight this setup (None: it can).

    The sampler reads the wound yield as a threshold (`yield_at`: he yields at that many
    Wounds or more), which holds for every order the engine has; orders whose yield is not
    monotone in Wounds would need the logged engine.
    """
    fixed = setup.fixed_under(reading)
    for side in SIDES:
        entrant, mine = setup.entrant(side), fixed[side]
        if mine.yield_at is None:
            continue
        for wounds in range(mine.yield_at, mine.wound_points + 1):
            if not entrant.orders.yields_for_wounds(
                wounds, mine.wound_points, mine.minimum_hit_taken, reading
            ):
                return f"side {side}'s wound yield is not a threshold"
    return None


@lru_cache(maxsize=256)
def _sides(setup: BoutSetup, reading: Reading) -> tuple[_Side, _Side]:
    fixed = setup.fixed_under(reading)
    out = []
    for side in SIDES:
        entrant, mine, theirs = setup.entrant(side), fixed[side], fixed[side.other]
        orders = entrant.orders
        first_yield = None if orders.never_yield else orders.yield_after_first_injury_at_favor
        appeal = distribution(appeal_pool(entrant.fighter, entrant.injuries)).p_success
        carried = entrant.carried_injuries
        out.append(
            _Side(
                table=attack_table(mine, theirs, entrant),
                wound_points=mine.wound_points,
                yield_at=mine.yield_at,
                carried=carried,
                fatal=(fatal_chance(carried, mine.helm), fatal_chance(carried + 1, mine.helm)),
                first_injury_yield_at=first_yield,
                given=1 - float(appeal),
                wounds=entrant.wounds,
                favor=entrant.favor,
            )
        )
    return out[0], out[1]


@dataclass
class Tally:
    """What the odds count, summed over bouts."""

    a: int = 0
    b: int = 0
    draw: int = 0
    release: int = 0
    divided: int = 0
    sword: int = 0
    given: int = 0
    dead: int = 0
    rounds: int = 0


# The rows of a run's state: one int16 row per figure (side A's, then side B's where each
# has one), one column per bout still being fought, so dropping finished bouts is one step.
WOUNDS, INJURIES, FAVOR, PENDING, NEW_INJURY = 0, 2, 4, 6, 8  # + 0 for side A, + 1 for B
TOUCHED, IDLE = 10, 11  # a hit touches both men: the rounds without one are the same for both
ROWS = 12


class _Run:
    """One group of bouts with the same side acting first, simulated together."""

    def __init__(
        self,
        sides: tuple[_Side, _Side],
        reading: Reading,
        rng: np.random.Generator,
        tally: Tally,
        n: int,
    ) -> None:
        self.sides, self.reading, self.rng, self.tally = sides, reading, rng, tally
        self.state: Ints = np.zeros((ROWS, n), dtype=np.int16)
        for i, side in enumerate(sides):
            self.state[WOUNDS + i] = side.wounds
            self.state[FAVOR + i] = side.favor
        self.fatal = [np.array(side.fatal) for side in sides]
        self.round = 0

    @property
    def n(self) -> int:
        return int(self.state.shape[1])

    def keep(self, alive: Bools) -> None:
        self.state = self.state[:, alive]

    def finish(self, done: Bools, loser: int, killed: Bools | None = None) -> None:
        """Count the bouts of `done` won by the other man: the round's lines applied, the
        crowd's call on the loser's favor, the appeal's dice where it calls for the sword."""
        tally, count = self.tally, int(np.count_nonzero(done))
        if loser == 0:
            tally.b += count
        else:
            tally.a += count
        tally.rounds += self.round * count
        verdict = done
        if killed is not None:
            tally.dead += int(np.count_nonzero(killed))
            verdict = done & ~killed
        favor = self.state[FAVOR + loser, verdict] + self.state[PENDING + loser, verdict]
        release = int(np.count_nonzero(favor >= 5))  # the lines applied, kept within 0-6
        sword = int(np.count_nonzero(favor <= 2))
        tally.release += release
        tally.sword += sword
        tally.divided += len(favor) - release - sword
        if sword:
            failed = self.rng.random(sword) < self.sides[loser].given
            tally.given += int(np.count_nonzero(failed))

    def turn(self, me: int, them: int) -> None:
        mine, theirs, state = self.sides[me], self.sides[them], self.state
        if mine.yield_at is not None:
            yields = state[WOUNDS + me] >= mine.yield_at
            if yields.any():
                # A wound yield comes past half his Wound Points: always honorable, so the
                # "yields unhurt" line never applies to it (bout.py's `_yield`).
                self.finish(yields, me)
                self.keep(~yields)
                state = self.state
                if not self.n:
                    return
        table = mine.table
        k = np.searchsorted(table.cdf, self.rng.random(self.n), side="right")
        state[PENDING + me] += table.favor[k]
        state[TOUCHED] |= table.hit[k]
        wounds = state[WOUNDS + them]
        wounds += table.wounds[k]
        if self.reading.drops_on_reaching:
            done = wounds >= theirs.wound_points
        else:
            done = wounds > theirs.wound_points
        killed = None
        where = np.flatnonzero(table.crit[k])
        if len(where):
            taken = state[INJURIES + them, where]
            dies = self.rng.random(len(where)) < self.fatal[them][taken]
            taken += 1
            state[INJURIES + them, where] = taken
            state[NEW_INJURY + them, where] = 1
            killed = np.zeros(self.n, dtype=np.bool_)
            killed[where[dies]] = True
            done[where[taken >= 2]] = True
            done |= killed
        if done.any():
            self.finish(done, them, killed)
            self.keep(~done)

    def end_round(self) -> None:
        state = self.state
        idle = state[IDLE]
        idle += 1
        idle *= 1 - state[TOUCHED]
        idle_line = ((idle & 1) == 0) & (idle > 0)  # a second, fourth... idle round
        favor = state[FAVOR : FAVOR + 2]
        favor += state[PENDING : PENDING + 2]
        favor -= idle_line
        np.maximum(favor, 0, out=favor)
        np.minimum(favor, 6, out=favor)
        state[PENDING : PENDING + 2] = 0
        yields = []
        for i in (0, 1):
            at = self.sides[i].first_injury_yield_at
            chose = state[NEW_INJURY + i] == 1
            yields.append(chose & (favor[i] >= at) if at is not None else chose & False)
        both = yields[0] & yields[1]
        if both.any():
            # Both face the choice and both yield: a coin says who speaks first, and loses.
            where = np.flatnonzero(both)
            b_first = self.rng.random(len(where)) < 0.5
            yields[0][where[b_first]] = False
            yields[1][where[~b_first]] = False
        done = yields[0] | yields[1]
        if done.any():
            # A yield after a Critical Injury is honorable: no "yields unhurt" line.
            for i in (0, 1):
                if yields[i].any():
                    self.finish(yields[i], i)
            self.keep(~done)
            state = self.state
            favor = state[FAVOR : FAVOR + 2]
        # Those who fought on: +1 (the winner's favor when the other yields is not counted).
        favor += state[NEW_INJURY : NEW_INJURY + 2]
        np.minimum(favor, 6, out=favor)
        state[NEW_INJURY : NEW_INJURY + 2] = 0
        state[TOUCHED] = 0

    def run(self, first: int) -> None:
        second = 1 - first
        while self.n:
            if self.round >= ROUND_CAP:
                self.tally.draw += self.n
                self.tally.rounds += self.round * self.n
                return
            self.round += 1
            self.turn(first, second)
            if self.n:
                self.turn(second, first)
            if self.n:
                self.end_round()


def rng_for(seed: int) -> np.random.Generator:
    """The sampler's generator for a master seed (any whole number, negative ones too)."""
    return np.random.default_rng(seed % (1 << 128))


def sample(setup: BoutSetup, reading: Reading, bouts: int, seed: int) -> Tally:
    """Fight `bouts` bouts by the tables, deterministic for the seed: the counts the odds need."""
    _check_not_incapacitated(setup, reading)
    sides = _sides(setup, reading)
    rng = rng_for(seed)
    tally = Tally()
    left = bouts
    while left:
        n = min(CHUNK, left)
        left -= n
        if setup.first is None:
            a_first = int(rng.binomial(n, 0.5))
        else:
            a_first = n if setup.first is Side.A else 0
        for first, size in ((0, a_first), (1, n - a_first)):
            if size:
                _Run(sides, reading, rng, tally, size).run(first)
    return tally


def describe_tables(setup: BoutSetup, reading: Reading) -> dict[str, Any]:
    """Each side's attack table as data (for the docs and the tests)."""
    return {
        str(side): {
            "categories": len(s.table.chance),
            "hit": sum(p for p, h in zip(s.table.chance, s.table.hit, strict=True) if h),
        }
        for side, s in zip(SIDES, _sides(setup, reading), strict=True)
    }
