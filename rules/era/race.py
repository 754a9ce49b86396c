"""THE CHARIOT RACE (seed 001): three legs of Operate checks, pushing, wrecks and the roll-off.

The reading is design.md's binding one: all drivers race in one field; each leg every driver
still in the race rolls Average Agility + Operate with 1 Boon die for the chariot's Handling +1;
pushing upgrades one Trial die to Crisis and adds 2 Boon dice; there is at most one wreck check
per driver and leg; the save is the same check without the push, and a driver who makes it
keeps that leg's distance; ties for first go to a d6 roll-off. docs/rules.md lists every
reading taken where the seed is silent. Critical Injuries a driver carries into the race act
on every leg and save that is an Agility or Operate check (`Driver.injuries`, injuries.py).

Pure Python, no Django. A race is replayed from its seed, or from injected dice (the one Era
`Dice` protocol of rolls.py: `ScriptedDice`, shared with the bout, replays the seed's worked
example, or dice rolled at the table). Legs, drivers and peril points are numbered from 0
here; pages add 1.
"""

from __future__ import annotations

import enum
import math
import random
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Any

from rules.core.dice import Rng
from rules.core.errors import check_seed
from rules.era.dice import (
    Outcome,
    Pool,
    Roll,
    RulesError,
    check_range,
    distribution,
    roll,
)
from rules.era.injuries import (
    DRIVING,
    CheckPenalty,
    carried_entries,
    characteristic_loss,
    check_penalty,
)
from rules.era.injuries import Injury as TableInjury
from rules.era.rolls import Dice, Key
from rules.era.rolls import ScriptedDice as ScriptedDice  # one class for bout and race

ENGINE_VERSION = "race-1"
LEGS = 3  # start and first turn, middle laps, last lap
HANDLING_BOONS = 1  # the light chariot's Handling +1, on every leg check and every save
PUSH_BOONS = 2
WRECK_BANES = 3  # "at least 3 net Banes" call for a save
WRECK_DAMAGE = 6  # one hit for damage 6 less Resistance
MAX_DRIVERS = 12  # the Imperial circus's twelve stalls
# Ranges of the Gladiator sheet (ludus.models): characteristics 1-6, skills 0-5.
AGILITY_RANGE = (1, 6)
OPERATE_RANGE = (0, 5)
RESISTANCE_RANGE = (0, 10)
# Half the sheet's default Might 3, rounded up; services pass the driver's real Resistance.
DEFAULT_RESISTANCE = 2
MAX_ODDS_RACES = 10_000_000


# --- the drivers and the field ------------------------------------------------------------


NO_PENALTY = (0, 0, 0)  # (Bane dice, Trial dice, upgrades) from carried injuries


def leg_pool(
    agility: int, operate: int, pushed: bool, penalty: tuple[int, int, int] = NO_PENALTY
) -> Pool:
    """One leg's check: Average Agility + Operate, Handling's Boon, the dice carried injuries
    add to Agility and Operate checks (`penalty`: Bane, Trial, upgrades), and the push."""
    pool = Pool.check(agility, operate, "average").add(boon=HANDLING_BOONS)
    pool = CheckPenalty(*penalty).apply(pool)
    if pushed:
        pool = pool.upgrade_difficulty().add(boon=PUSH_BOONS)
    return pool


def save_pool(agility: int, operate: int, penalty: tuple[int, int, int] = NO_PENALTY) -> Pool:
    """The wreck save: the same check with Handling, never pushed (the seed's example)."""
    return leg_pool(agility, operate, pushed=False, penalty=penalty)


@dataclass(frozen=True, init=False)
class Driver:
    """A driver's ratings and orders: `push[leg]` says whether he pushes for the inside.

    `injuries` are the unhealed Critical Injuries he carries into the race (table entries,
    names or bands): what they add to Agility and Operate checks acts on every leg and save
    (Damaged Leg: 1 Trial die; Hamstrung: the difficulty upgraded once). Resistance is the
    caller's (a Might lost to an injury lowers it there).
    """

    name: str
    agility: int
    operate: int
    resistance: int
    push: tuple[bool, ...]
    injuries: tuple[TableInjury, ...]

    # An explicit __init__ (the dataclass gives eq, repr and hash): push may come as a JSON
    # list and injuries as names; the attributes always hold a tuple and table entries.
    def __init__(
        self,
        name: str,
        agility: int,
        operate: int,
        resistance: int = DEFAULT_RESISTANCE,
        push: Sequence[bool] = (False,) * LEGS,
        injuries: Iterable[TableInjury | str] = (),
    ) -> None:
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"name must be a non-empty string; got {name!r}")
        check_range("agility", agility, *AGILITY_RANGE)
        check_range("operate", operate, *OPERATE_RANGE)
        check_range("resistance", resistance, *RESISTANCE_RANGE)
        pushes = tuple(push) if isinstance(push, list | tuple) else None
        if pushes is None or len(pushes) != LEGS or not all(isinstance(p, bool) for p in pushes):
            raise RulesError(f"push must be {LEGS} booleans, one per leg; got {push!r}")
        values = {
            "name": name,
            "agility": agility,
            "operate": operate,
            "resistance": resistance,
            "push": pushes,  # a list from JSON becomes a hashable tuple
            "injuries": carried_entries(injuries),
        }
        for field_name, value in values.items():
            object.__setattr__(self, field_name, value)

    @property
    def check_agility(self) -> int:
        """Agility for his checks, after any carried injury that lowers it (never below 1)."""
        lost = characteristic_loss(self.injuries, "agility")
        return max(AGILITY_RANGE[0], self.agility - lost)

    @property
    def penalty(self) -> tuple[int, int, int]:
        """(Bane dice, Trial dice, upgrades) his carried injuries add to every leg and save."""
        return check_penalty(self.injuries, *DRIVING).dice

    def leg_pool(self, leg: int) -> Pool:
        return leg_pool(self.check_agility, self.operate, self.push[leg], self.penalty)

    def save_pool(self) -> Pool:
        return save_pool(self.check_agility, self.operate, self.penalty)

    @property
    def wreck_wounds(self) -> int:
        return max(WRECK_DAMAGE - self.resistance, 0)


@dataclass(frozen=True)
class RaceSetup:
    """The field, in stall order, and the GM's Peril Points as (driver index, leg index)."""

    drivers: tuple[Driver, ...]
    peril: frozenset[tuple[int, int]] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        drivers = tuple(self.drivers)
        if not 1 <= len(drivers) <= MAX_DRIVERS:
            raise RulesError(f"drivers must be 1 to {MAX_DRIVERS}; got {len(drivers)}")
        if not all(isinstance(d, Driver) for d in drivers):
            raise RulesError("drivers must all be Driver objects")
        peril = frozenset(tuple(p) for p in self.peril)
        for point in peril:
            if len(point) != 2:
                raise RulesError(f"peril must hold (driver, leg) pairs; got {point!r}")
            check_range("peril driver", point[0], 0, len(drivers) - 1)
            check_range("peril leg", point[1], 0, LEGS - 1)
        object.__setattr__(self, "drivers", drivers)
        object.__setattr__(self, "peril", peril)


# --- where the dice come from ---------------------------------------------------------------


# The race rolls the one Era dice protocol (pools and d6s); the old name is kept for callers.
DiceSource = Dice


class RandomDice:
    """The race's dice from a seeded `random.Random`: the same seed replays the same race.

    Pools are rolled die by die with `randrange` (rules.era.dice.roll) and the roll-off's d6
    with `randint`: the draws stored races were run with. The race rolls no d100 and tosses
    no coin; those two draw as `SeededDice` does, so the class serves the whole protocol.
    """

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def roll(self, pool: Pool) -> Roll:
        return roll(pool, self.rng)

    def outcome(self, pool: Pool) -> Key:
        o = self.roll(pool).outcome
        return (o.net_successes, o.net_boons, o.breakthroughs, o.calamities)

    def d6(self) -> int:
        return self.rng.randint(1, 6)

    def d100(self) -> int:
        return self.rng.randint(1, 100)

    def coin(self) -> bool:
        return self.rng.getrandbits(1) == 0


# --- what happened ------------------------------------------------------------------------


class WreckReason(enum.StrEnum):
    CALAMITY = "calamity"  # a Calamity on a pushed leg's Crisis die
    PERIL = "peril"  # the GM spent a Peril Point on this driver for this leg
    BANES = "banes"  # at least 3 net Banes


@dataclass(frozen=True)
class LegEvent:
    """One driver's leg: his roll, any wreck check and save, and what it came to."""

    driver: int
    leg: int
    pushed: bool
    roll: Roll
    wreck_check: tuple[WreckReason, ...]  # empty: no save was called for
    save: Roll | None
    wrecked: bool
    distance_added: int
    wounds: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "driver": self.driver,
            "leg": self.leg,
            "pushed": self.pushed,
            "roll": self.roll.as_dict(),
            "wreck_check": [reason.value for reason in self.wreck_check],
            "save": self.save.as_dict() if self.save else None,
            "wrecked": self.wrecked,
            "distance_added": self.distance_added,
            "wounds": self.wounds,
        }


@dataclass(frozen=True)
class Leg:
    index: int
    events: tuple[LegEvent, ...]
    distances: tuple[int, ...]  # every driver's total after this leg (a wrecked one's is frozen)

    def as_dict(self) -> dict[str, Any]:
        return {
            "leg": self.index,
            "events": [event.as_dict() for event in self.events],
            "distances": list(self.distances),
        }


@dataclass(frozen=True)
class Wreck:
    driver: int
    leg: int
    wounds: int


RollOffRound = tuple[tuple[int, int], ...]  # (driver index, d6) for each driver still tied


@dataclass(frozen=True)
class RaceResult:
    setup: RaceSetup
    seed: int | None
    legs: tuple[Leg, ...]
    wrecks: tuple[Wreck, ...]
    winner: int | None  # None until the last leg is run, or when every driver wrecked
    roll_off: tuple[RollOffRound, ...]
    finished: bool

    @property
    def legs_run(self) -> int:
        return len(self.legs)

    @property
    def distances(self) -> tuple[int, ...]:
        return self.legs[-1].distances if self.legs else (0,) * len(self.setup.drivers)

    @property
    def wrecked(self) -> frozenset[int]:
        return frozenset(w.driver for w in self.wrecks)

    def as_dict(self) -> dict[str, Any]:
        """The race log as JSON-ready data (dice kept as data, so the race can be audited)."""
        return {
            "engine": ENGINE_VERSION,
            "seed": self.seed,
            "drivers": [_driver_dict(d) for d in self.setup.drivers],
            "peril": sorted(list(p) for p in self.setup.peril),
            "legs": [leg.as_dict() for leg in self.legs],
            "wrecks": [{"driver": w.driver, "leg": w.leg, "wounds": w.wounds} for w in self.wrecks],
            "winner": self.winner,
            "roll_off": [[{"driver": i, "d6": v} for i, v in rnd] for rnd in self.roll_off],
            "finished": self.finished,
        }


def _driver_dict(driver: Driver) -> dict[str, Any]:
    out = {
        "name": driver.name,
        "agility": driver.agility,
        "operate": driver.operate,
        "resistance": driver.resistance,
        "push": list(driver.push),
    }
    if driver.injuries:  # kept only when he carries some: older logs stay as they were
        out["injuries"] = [entry.name for entry in driver.injuries]
    return out


# --- running a race -----------------------------------------------------------------------


def run_race(
    setup: RaceSetup,
    *,
    seed: int | None = None,
    legs: int | None = None,
    dice: DiceSource | None = None,
) -> RaceResult:
    """Run the race, or only its first `legs` legs for leg-by-leg play.

    Give a `seed` (the race replays exactly from it) or a `dice` source, not both. Dice are
    rolled leg by leg, drivers in stall order, each save straight after its leg roll, then the
    roll-off: running fewer legs with the same seed replays the same opening legs.
    """
    source = _dice_source(seed, dice)
    to_run = LEGS if legs is None else check_range("legs", legs, 0, LEGS)
    distances = [0] * len(setup.drivers)
    wrecks: list[Wreck] = []
    played: list[Leg] = []
    for leg in range(to_run):
        out = {w.driver for w in wrecks}
        events = tuple(
            _drive_leg(setup, i, leg, source) for i in range(len(setup.drivers)) if i not in out
        )
        for event in events:
            distances[event.driver] += event.distance_added
            if event.wrecked:
                wrecks.append(Wreck(event.driver, leg, event.wounds))
        played.append(Leg(leg, events, tuple(distances)))
    finished = to_run == LEGS
    winner: int | None = None
    rounds: tuple[RollOffRound, ...] = ()
    if finished:
        winner, rounds = decide_winner(distances, {w.driver for w in wrecks}, source.d6)
    return RaceResult(setup, seed, tuple(played), tuple(wrecks), winner, rounds, finished)


def _dice_source(seed: int | None, dice: DiceSource | None) -> DiceSource:
    if (seed is None) == (dice is None):
        raise RulesError("run_race needs either a seed or a dice source, not both")
    if dice is not None:
        return dice
    return RandomDice(random.Random(_check_seed(seed)))


def _check_seed(seed: object) -> int:
    return check_seed(seed)


def wreck_reasons(pushed: bool, outcome: Outcome, peril: bool) -> tuple[WreckReason, ...]:
    """Why a save is called for; any reason calls one save (never two in a leg)."""
    reasons = []
    # The seed names a pushed leg's Crisis die. A carried injury (Hamstrung) can give a careful
    # leg a Crisis die of its own: its Calamity is a Failure like any other and calls no save.
    if pushed and outcome.calamities:
        reasons.append(WreckReason.CALAMITY)
    if peril:
        reasons.append(WreckReason.PERIL)
    if outcome.banes >= WRECK_BANES:
        reasons.append(WreckReason.BANES)
    return tuple(reasons)


def _drive_leg(setup: RaceSetup, index: int, leg: int, dice: DiceSource) -> LegEvent:
    driver = setup.drivers[index]
    pushed = driver.push[leg]
    leg_roll = dice.roll(driver.leg_pool(leg))
    gained = max(leg_roll.outcome.net_successes, 0)
    reasons = wreck_reasons(pushed, leg_roll.outcome, (index, leg) in setup.peril)
    save = dice.roll(driver.save_pool()) if reasons else None
    wrecked = save is not None and not save.outcome.success
    return LegEvent(
        driver=index,
        leg=leg,
        pushed=pushed,
        roll=leg_roll,
        wreck_check=reasons,
        save=save,
        wrecked=wrecked,
        # A made save keeps the leg's distance; a wreck gains nothing this leg.
        distance_added=0 if wrecked else gained,
        wounds=driver.wreck_wounds if wrecked else 0,
    )


def decide_winner(
    distances: Sequence[int], wrecked: Iterable[int], d6: Callable[[], int]
) -> tuple[int | None, tuple[RollOffRound, ...]]:
    """Greatest distance among drivers still racing; ties roll a d6 until one is highest.

    A wrecked driver cannot win, whatever his distance; if every driver wrecked, nobody wins.
    """
    out = set(wrecked)
    racing = [i for i in range(len(distances)) if i not in out]
    if not racing:
        return None, ()
    best = max(distances[i] for i in racing)
    tied = [i for i in racing if distances[i] == best]
    rounds: list[RollOffRound] = []
    while len(tied) > 1:
        rolled = tuple((i, d6()) for i in tied)
        rounds.append(rolled)
        top = max(value for _, value in rolled)
        tied = [i for i, value in rolled if value == top]
    return tied[0], tuple(rounds)


# --- the odds -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DriverOdds:
    name: str
    win: float
    wreck: float
    win_se: float  # standard error of `win` (0 for the exact method)
    wreck_se: float


@dataclass(frozen=True)
class RaceOdds:
    method: str
    races: int  # races simulated (0 for the exact method)
    seed: int | None
    drivers: tuple[DriverOdds, ...]
    no_winner: float  # every driver wrecked

    def as_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "races": self.races,
            "seed": self.seed,
            "no_winner": self.no_winner,
            "drivers": [asdict(d) for d in self.drivers],
        }


@dataclass(frozen=True)
class _LegTable:
    """A leg's outcomes folded to what the race needs: distance gained and save called for."""

    cumulative: tuple[float, ...]
    outcomes: tuple[tuple[int, bool], ...]


@lru_cache(maxsize=256)
def _leg_outcomes(
    agility: int, operate: int, pushed: bool, penalty: tuple[int, int, int] = NO_PENALTY
) -> tuple[tuple[int, bool, Fraction], ...]:
    folded: dict[tuple[int, bool], Fraction] = {}
    for outcome, p in distribution(leg_pool(agility, operate, pushed, penalty)).outcomes():
        key = (max(outcome.net_successes, 0), bool(wreck_reasons(pushed, outcome, False)))
        folded[key] = folded.get(key, Fraction(0)) + p
    return tuple((gain, check, p) for (gain, check), p in sorted(folded.items()))


@lru_cache(maxsize=256)
def _leg_table(
    agility: int, operate: int, pushed: bool, penalty: tuple[int, int, int] = NO_PENALTY
) -> _LegTable:
    rows = _leg_outcomes(agility, operate, pushed, penalty)
    cumulative = tuple(float(c) for c in accumulate(p for _, _, p in rows))
    return _LegTable(cumulative[:-1], tuple((gain, check) for gain, check, _ in rows))


@lru_cache(maxsize=64)
def _save_chance(
    agility: int, operate: int, penalty: tuple[int, int, int] = NO_PENALTY
) -> Fraction:
    return distribution(save_pool(agility, operate, penalty)).p_success


def race_odds(drivers: Sequence[Driver], races: int, seed: int) -> RaceOdds:
    """Each driver's win and wreck fractions over `races` simulated races (no Peril Points).

    The fast path samples each leg from the pool's exact outcome distribution (one uniform
    draw, not one per die) and keeps no log; it follows the same rules as `run_race`.
    """
    setup = RaceSetup(tuple(drivers))
    check_range("races", races, 1, MAX_ODDS_RACES)
    rng = random.Random(_check_seed(seed))
    plans = [
        (
            [_leg_table(d.check_agility, d.operate, pushed, d.penalty) for pushed in d.push],
            float(_save_chance(d.check_agility, d.operate, d.penalty)),
        )
        for d in setup.drivers
    ]
    wins = [0] * len(plans)
    wrecks = [0] * len(plans)
    no_winner = 0
    for _ in range(races):
        leaders, wrecked = _simulate(plans, rng.random)
        for i in wrecked:
            wrecks[i] += 1
        if not leaders:
            no_winner += 1
        elif len(leaders) == 1:
            wins[leaders[0]] += 1
        else:
            # The leaders are tied on distance: the same d6 roll-off as a logged race.
            pick, _ = decide_winner([0] * len(leaders), (), lambda: rng.randint(1, 6))
            assert pick is not None  # nobody is wrecked among the leaders: one of them wins
            wins[leaders[pick]] += 1
    return RaceOdds(
        method=f"Monte Carlo, {races} races sampled from each leg's exact outcome distribution",
        races=races,
        seed=seed,
        drivers=tuple(
            DriverOdds(d.name, w / races, k / races, _se(w, races), _se(k, races))
            for d, w, k in zip(setup.drivers, wins, wrecks, strict=True)
        ),
        no_winner=no_winner / races,
    )


_Plan = tuple[list[_LegTable], float]  # a driver's three legs' tables and his save chance


def _simulate(plans: Sequence[_Plan], uniform: Callable[[], float]) -> tuple[list[int], list[int]]:
    """One race without a log: the drivers tied for the lead among those still racing, and
    the drivers who wrecked. Kept flat and allocation-light: it runs once per simulated race."""
    best = -1
    leaders: list[int] = []
    wrecked: list[int] = []
    for index, (tables, save_chance) in enumerate(plans):
        total = 0
        for table in tables:
            gain, check = table.outcomes[bisect_right(table.cumulative, uniform())]
            if check and uniform() >= save_chance:
                wrecked.append(index)
                total = -1  # out of the race: never among the leaders
                break
            total += gain
        if total > best:
            best, leaders = total, [index]
        elif total == best and total >= 0:
            leaders.append(index)
    return leaders, wrecked


def _se(hits: int, n: int) -> float:
    p = hits / n
    return math.sqrt(p * (1 - p) / n)


# --- exact odds ---------------------------------------------------------------------------


def driver_distances(driver: Driver) -> tuple[dict[int, Fraction], Fraction]:
    """A driver's exact chances of each final distance, and of wrecking (no Peril Points)."""
    agility, penalty = driver.check_agility, driver.penalty
    save = _save_chance(agility, driver.operate, penalty)
    alive = {0: Fraction(1)}
    wreck = Fraction(0)
    for pushed in driver.push:
        after: dict[int, Fraction] = {}
        for distance, p in alive.items():
            for gain, check, q in _leg_outcomes(agility, driver.operate, pushed, penalty):
                if check:
                    wreck += p * q * (1 - save)
                    q *= save
                after[distance + gain] = after.get(distance + gain, Fraction(0)) + p * q
        alive = after
    return alive, wreck


def exact_race_odds(drivers: Sequence[Driver]) -> RaceOdds:
    """The same odds computed exactly: drivers' races are independent until the finish.

    A driver wins at distance d when every other driver is wrecked or behind, and k others
    tie him: then the fair d6 roll-off gives him 1/(k+1).
    """
    setup = RaceSetup(tuple(drivers))
    each = [driver_distances(d) for d in setup.drivers]
    odds = []
    for i, (alive, wreck) in enumerate(each):
        others = [e for j, e in enumerate(each) if j != i]
        win = sum((p * _beaten_or_tied(others, d) for d, p in alive.items()), Fraction(0))
        odds.append(DriverOdds(setup.drivers[i].name, float(win), float(wreck), 0.0, 0.0))
    no_winner = math.prod((wreck for _, wreck in each), start=Fraction(1))
    return RaceOdds("exact", 0, None, tuple(odds), float(no_winner))


def _beaten_or_tied(
    others: Sequence[tuple[dict[int, Fraction], Fraction]], distance: int
) -> Fraction:
    # poly[k] = chance that exactly k others tie at `distance` and the rest are behind or out.
    poly = [Fraction(1)]
    for alive, wreck in others:
        behind = wreck + sum((p for d, p in alive.items() if d < distance), Fraction(0))
        tie = alive.get(distance, Fraction(0))
        poly = [
            (poly[k] * behind if k < len(poly) else Fraction(0))
            + (poly[k - 1] * tie if k else Fraction(0))
            for k in range(len(poly) + 1)
        ]
    return sum((p / (k + 1) for k, p in enumerate(poly)), Fraction(0))
