"""The Era dice: six symbol dice, pools built from ratings, exact odds and seeded rolls.

Positive dice (Mastery, Ability, Boon) against negative dice (Crisis, Trial, Bane). Successes
cancel Failures and Boons cancel Banes; a check succeeds on net Successes >= 1. A Breakthrough
(Mastery's top face) also counts as one Success, a Calamity (Crisis's) as one Failure.

The faces are the binding ones of design.md; they reproduce the seed's published odds. Pure
Python, no Django: a `random.Random` is passed in, so every roll can be replayed from its seed.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules.core.dice import Rng
from rules.core.errors import RulesError as RulesError  # kept importable from here
from rules.core.errors import check_range as check_range


@dataclass(frozen=True)
class Face:
    """One face of a die. Failures are negative successes, Banes negative boons."""

    successes: int = 0
    boons: int = 0
    breakthrough: bool = False
    calamity: bool = False
    symbols: str = "–"


SYMBOLS = {"S": (1, 0), "SS": (2, 0), "F": (-1, 0), "FF": (-2, 0), "Bo": (0, 1), "Bn": (0, -1)}


def _face(code: str) -> Face:
    """Build a face from design.md's notation: 'S Bo', 'FF', 'Bn Bn', 'Breakthrough', '–'."""
    if code == "Breakthrough":
        return Face(successes=1, breakthrough=True, symbols=code)
    if code == "Calamity":
        return Face(successes=-1, calamity=True, symbols=code)
    words = [word for word in code.split() if word != "–"]
    return Face(
        successes=sum(SYMBOLS[word][0] for word in words),
        boons=sum(SYMBOLS[word][1] for word in words),
        symbols=code,
    )


class Die(enum.Enum):
    """The six dice, with their faces in the order design.md lists them."""

    MASTERY = ("Mastery", "– S S SS SS Bo S_Bo S_Bo S_Bo Bo_Bo Bo_Bo Breakthrough")
    ABILITY = ("Ability", "– S S SS Bo Bo S_Bo Bo_Bo")
    BOON = ("Boon", "– – S S_Bo Bo_Bo Bo")
    TRIAL = ("Trial", "– F F FF Bn Bn F_Bn Bn_Bn")
    CRISIS = ("Crisis", "– F F FF FF Bn Bn F_Bn F_Bn Bn_Bn Bn_Bn Calamity")
    BANE = ("Bane", "– – F F Bn Bn")

    def __init__(self, label: str, faces: str) -> None:
        self.label = label
        self.faces: tuple[Face, ...] = tuple(
            _face(code.replace("_", " ")) for code in faces.split()
        )

    @property
    def sides(self) -> int:
        return len(self.faces)


# Pools list their dice in this order everywhere (tables, logs, the pages).
DIE_ORDER = (Die.MASTERY, Die.ABILITY, Die.BOON, Die.CRISIS, Die.TRIAL, Die.BANE)
MAX_DICE_PER_KIND = 20


class Difficulty(enum.IntEnum):
    """How many Trial dice a check starts with."""

    EASY = 1
    AVERAGE = 2
    HARD = 3
    DAUNTING = 4
    FORMIDABLE = 5

    @classmethod
    def parse(cls, name: str | int | Difficulty) -> Difficulty:
        if isinstance(name, Difficulty):
            return name
        if isinstance(name, int) and not isinstance(name, bool):
            try:
                return cls(name)
            except ValueError:
                pass
        elif isinstance(name, str) and name.strip().upper() in cls.__members__:
            return cls[name.strip().upper()]
        allowed = ", ".join(member.name.title() for member in cls)
        raise RulesError(f"difficulty must be one of {allowed}; got {name!r}")


@dataclass(frozen=True)
class Pool:
    """A dice pool: how many of each die are rolled together."""

    mastery: int = 0
    ability: int = 0
    boon: int = 0
    crisis: int = 0
    trial: int = 0
    bane: int = 0

    def __post_init__(self) -> None:
        for die in DIE_ORDER:
            check_range(die.label.lower(), self.count(die), 0, MAX_DICE_PER_KIND)

    def count(self, die: Die) -> int:
        count: int = getattr(self, die.label.lower())
        return count

    def dice(self) -> Iterator[Die]:
        """Every die of the pool, one at a time, in DIE_ORDER."""
        for die in DIE_ORDER:
            for _ in range(self.count(die)):
                yield die

    def __add__(self, other: Pool) -> Pool:
        return Pool(**{d.label.lower(): self.count(d) + other.count(d) for d in DIE_ORDER})

    @classmethod
    def from_ratings(cls, characteristic: int, skill: int) -> Pool:
        """max(characteristic, skill) dice, min(characteristic, skill) of them Mastery."""
        check_range("characteristic", characteristic, 0, 10)
        check_range("skill", skill, 0, 10)
        high, low = max(characteristic, skill), min(characteristic, skill)
        return cls(mastery=low, ability=high - low)

    @classmethod
    def check(
        cls, characteristic: int, skill: int, difficulty: str | int | Difficulty = "average"
    ) -> Pool:
        """A whole check: the ratings' positive dice against the difficulty's Trial dice."""
        return cls.from_ratings(characteristic, skill).with_difficulty(difficulty)

    def with_difficulty(self, difficulty: str | int | Difficulty) -> Pool:
        return replace(self, trial=self.trial + int(Difficulty.parse(difficulty)))

    def add(self, *, boon: int = 0, bane: int = 0) -> Pool:
        return replace(self, boon=self.boon + boon, bane=self.bane + bane)

    def upgrade_ability(self, times: int = 1) -> Pool:
        """Upgrade an Ability die to Mastery; with none left, add an Ability die instead."""
        pool = self
        for _ in range(times):
            if pool.ability:
                pool = replace(pool, ability=pool.ability - 1, mastery=pool.mastery + 1)
            else:
                pool = replace(pool, ability=pool.ability + 1)
        return pool

    def upgrade_difficulty(self, times: int = 1) -> Pool:
        """Upgrade a Trial die to Crisis; with none left, add a Trial die instead."""
        pool = self
        for _ in range(times):
            if pool.trial:
                pool = replace(pool, trial=pool.trial - 1, crisis=pool.crisis + 1)
            else:
                pool = replace(pool, trial=pool.trial + 1)
        return pool

    def downgrade_ability(self, times: int = 1) -> Pool:
        """Downgrade a Mastery die to Ability (no effect without Mastery dice)."""
        pool = self
        for _ in range(min(times, pool.mastery)):
            pool = replace(pool, mastery=pool.mastery - 1, ability=pool.ability + 1)
        return pool

    def downgrade_difficulty(self, times: int = 1) -> Pool:
        """Downgrade a Crisis die to Trial (no effect without Crisis dice)."""
        pool = self
        for _ in range(min(times, pool.crisis)):
            pool = replace(pool, crisis=pool.crisis - 1, trial=pool.trial + 1)
        return pool

    def describe(self) -> str:
        """'2 Mastery + 1 Ability vs 2 Trial + 1 Bane' (the notation of logs and pages)."""

        def side(dice: Iterable[Die]) -> str:
            parts = [f"{self.count(d)} {d.label}" for d in dice if self.count(d)]
            return " + ".join(parts) or "nothing"

        return f"{side(DIE_ORDER[:3])} vs {side(DIE_ORDER[3:])}"


@dataclass(frozen=True)
class Outcome:
    """What a pool came to once the symbols cancel."""

    net_successes: int
    net_boons: int
    breakthroughs: int = 0
    calamities: int = 0

    @property
    def success(self) -> bool:
        return self.net_successes >= 1

    @property
    def boons(self) -> int:
        """Spare Boons (0 when Banes are left over)."""
        return max(self.net_boons, 0)

    @property
    def banes(self) -> int:
        return max(-self.net_boons, 0)


@dataclass(frozen=True)
class RolledDie:
    die: Die
    face_index: int

    @property
    def face(self) -> Face:
        return self.die.faces[self.face_index]

    def as_dict(self) -> dict[str, Any]:
        return {"die": self.die.label, "face": self.face.symbols}


@dataclass(frozen=True)
class Roll:
    """A rolled pool: each die's face (for the pages) and the cancelled outcome."""

    pool: Pool
    dice: tuple[RolledDie, ...]
    outcome: Outcome = field(init=False)

    def __post_init__(self) -> None:
        faces = [rolled.face for rolled in self.dice]
        outcome = Outcome(
            net_successes=sum(f.successes for f in faces),
            net_boons=sum(f.boons for f in faces),
            breakthroughs=sum(f.breakthrough for f in faces),
            calamities=sum(f.calamity for f in faces),
        )
        object.__setattr__(self, "outcome", outcome)

    def as_dict(self) -> dict[str, Any]:
        o = self.outcome
        return {
            "pool": self.pool.describe(),
            "dice": [rolled.as_dict() for rolled in self.dice],
            "net_successes": o.net_successes,
            "net_boons": o.net_boons,
            "breakthroughs": o.breakthroughs,
            "calamities": o.calamities,
            "success": o.success,
        }


def roll(pool: Pool, rng: Rng) -> Roll:
    """Roll every die of the pool with the given generator (never the module's own)."""
    return Roll(pool, tuple(RolledDie(die, rng.randrange(die.sides)) for die in pool.dice()))


# --- exact distributions ----------------------------------------------------------------
#
# A pool's figures (chance of success, of a Breakthrough, of a Calamity, the expected net
# Successes and Boons, the distribution of net Successes or of net Boons) come from one figure
# of the outcome at a time: the product of the dice's polynomials in that figure, multiplied as
# Python integers (Kronecker substitution: each count one digit of a big number, wide enough
# that no digit carries), so a pool of 20 dice of every kind (120 dice) takes milliseconds and
# stays exact. The whole joint distribution (`Distribution.counts`, four figures at once) is
# worked out only when asked for, by convolving the dice one at a time: the rules ask it only
# of small pools (a bout's attack table, a race leg), and its size grows as the fourth power
# of the pool.

Key = tuple[int, int, int, int]  # (net successes, net boons, breakthroughs, calamities)
SUCCESSES, BOONS = 0, 1  # the figures of a Key that have marginal distributions


@lru_cache(maxsize=64)
def _die_counts(die: Die) -> dict[Key, int]:
    counts: dict[Key, int] = {}
    for f in die.faces:
        key = (f.successes, f.boons, int(f.breakthrough), int(f.calamity))
        counts[key] = counts.get(key, 0) + 1
    return counts


def _convolve(left: dict[Key, int], right: dict[Key, int]) -> dict[Key, int]:
    out: dict[Key, int] = {}
    for (s1, b1, t1, c1), n1 in left.items():
        for (s2, b2, t2, c2), n2 in right.items():
            key = (s1 + s2, b1 + b2, t1 + t2, c1 + c2)
            out[key] = out.get(key, 0) + n1 * n2
    return out


def _kinds(pool: Pool) -> tuple[tuple[Die, int], ...]:
    return tuple((die, pool.count(die)) for die in DIE_ORDER if pool.count(die))


def _total(pool: Pool) -> int:
    total = 1
    for die, n in _kinds(pool):
        total *= die.sides**n
    return total


@lru_cache(maxsize=4096)
def _joint(pool: Pool) -> tuple[tuple[Key, int], ...]:
    """The joint counts of the four figures, by convolving the pool's dice one at a time."""
    counts: dict[Key, int] = {(0, 0, 0, 0): 1}
    for die in pool.dice():
        counts = _convolve(counts, _die_counts(die))
    return tuple(sorted(counts.items()))


@lru_cache(maxsize=4096)
def marginal_counts(pool: Pool, figure: int) -> tuple[tuple[int, int], ...]:
    """How many of the pool's equal cases give each value of one figure of the outcome
    (SUCCESSES or BOONS), lowest first, values no case gives left out.

    Each kind of die is a polynomial in that figure (a face's value the exponent, shifted to be
    at least 0); the pool is the product of each kind's polynomial to the power of its count.
    The polynomials are multiplied as integers whose base-2^width digits are the coefficients:
    every coefficient is at most the pool's number of cases, so a width of its bit length
    never carries from one digit into the next, and the product's digits are the counts.
    """
    kinds = _kinds(pool)
    total = _total(pool)
    width = total.bit_length()
    product, lowest = 1, 0
    for die, n in kinds:
        values: dict[int, int] = {}
        for key, count in _die_counts(die).items():
            values[key[figure]] = values.get(key[figure], 0) + count
        low = min(values)
        lowest += n * low
        polynomial = sum(count << (width * (value - low)) for value, count in values.items())
        product *= polynomial**n
    mask = (1 << width) - 1
    out: list[tuple[int, int]] = []
    value = lowest
    while product:
        count = product & mask
        if count:
            out.append((value, count))
        product >>= width
        value += 1
    return tuple(out)


def _chance_of_none(pool: Pool, has: Callable[[Face], bool]) -> Fraction:
    """The chance that no die of the pool shows a face with `has` (the dice are independent)."""
    chance = Fraction(1)
    for die, n in _kinds(pool):
        chance *= Fraction(sum(not has(face) for face in die.faces), die.sides) ** n
    return chance


def _expected(pool: Pool, figure: Callable[[Face], int]) -> Fraction:
    """The expectation of a figure that adds up over the dice (linearity of expectation)."""
    return sum(
        (
            n * Fraction(sum(figure(face) for face in die.faces), die.sides)
            for die, n in _kinds(pool)
        ),
        Fraction(0),
    )


@dataclass(frozen=True)
class Distribution:
    """A pool's exact distribution of outcomes over `total` equal cases.

    The figures the pages and the commands show come from one-figure marginals, at once for
    any pool; `counts` (the joint counts of all four figures) and `probability` / `outcomes`,
    which read it, are worked out on first use and are for small pools.
    """

    pool: Pool
    total: int

    @property
    def counts(self) -> tuple[tuple[Key, int], ...]:
        return _joint(self.pool)

    def probability(self, predicate: Callable[[Outcome], bool]) -> Fraction:
        hits = sum(n for key, n in self.counts if predicate(Outcome(*key)))
        return Fraction(hits, self.total)

    def outcomes(self) -> Iterator[tuple[Outcome, Fraction]]:
        for key, n in self.counts:
            yield Outcome(*key), Fraction(n, self.total)

    @property
    def p_success(self) -> Fraction:
        hits = sum(n for value, n in marginal_counts(self.pool, SUCCESSES) if value >= 1)
        return Fraction(hits, self.total)

    @property
    def p_breakthrough(self) -> Fraction:
        return 1 - _chance_of_none(self.pool, lambda face: face.breakthrough)

    @property
    def p_calamity(self) -> Fraction:
        return 1 - _chance_of_none(self.pool, lambda face: face.calamity)

    @property
    def expected_net_successes(self) -> Fraction:
        return _expected(self.pool, lambda face: face.successes)

    @property
    def expected_net_boons(self) -> Fraction:
        return _expected(self.pool, lambda face: face.boons)

    def net_successes(self) -> dict[int, Fraction]:
        """The marginal distribution of net Successes, lowest first."""
        return {k: Fraction(n, self.total) for k, n in marginal_counts(self.pool, SUCCESSES)}

    def net_boons(self) -> dict[int, Fraction]:
        """The marginal distribution of net Boons (Banes negative), lowest first."""
        return {k: Fraction(n, self.total) for k, n in marginal_counts(self.pool, BOONS)}

    def p_net_boons_at_least(self, boons: int) -> Fraction:
        hits = sum(n for value, n in marginal_counts(self.pool, BOONS) if value >= boons)
        return Fraction(hits, self.total)


@lru_cache(maxsize=4096)
def distribution(pool: Pool) -> Distribution:
    """The exact outcome distribution of a pool (its figures worked out as they are read)."""
    return Distribution(pool, _total(pool))
