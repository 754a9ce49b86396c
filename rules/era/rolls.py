"""Where the bout's randomness comes from: a seeded source, or a script for worked examples.

The engine asks a `Dice` for pool rolls, d100 rolls, coin tosses and d6s: one protocol, the
core's plain dice (rules.core.dice.Dice) with the Era's symbol-dice pools added, serving the
bout and the chariot race alike. There are two seeded implementations, because stored bouts
and races consume their generators differently and must keep replaying: `SeededDice` (the bout's)
draws from a `random.Random` by rejection on `getrandbits`, die by die in the pool's order, so
the fast path (`outcome`, no faces kept) and the logged path (`roll`) give the same results
for the same seed; `RandomDice` (the race's, rules.era.race) draws with `randrange` and
`randint`.
`ScriptedDice` returns given outcomes, choosing faces that produce them, so the seed's worked
examples replay without hard-coded results in the engine; or given faces, die by die (the race's
worked example, or dice rolled at the table). The race engine uses the same class.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Protocol

from rules.core.dice import Dice as PlainDice
from rules.core.dice import Rng
from rules.era.dice import Die, Outcome, Pool, Roll, RolledDie, RulesError, check_range

Key = tuple[int, int, int, int]  # net successes, net boons, breakthroughs, calamities


def _key(die: Die, index: int) -> Key:
    face = die.faces[index]
    return (face.successes, face.boons, int(face.breakthrough), int(face.calamity))


@lru_cache(maxsize=256)
def _face_keys(pool: Pool) -> FaceKeys:
    """Per die of the pool, in roll order: sides, bits to draw, and each face's key."""
    return tuple(
        (die.sides, die.sides.bit_length(), tuple(_key(die, i) for i in range(die.sides)))
        for die in pool.dice()
    )


FaceKeys = tuple[tuple[int, int, tuple[Key, ...]], ...]


class Dice(PlainDice, Protocol):
    """The Era's dice: the plain d6, d100 and coin, and symbol-dice pools.

    `roll` gives each die's face (for the log); `outcome` only the cancelled totals, as
    (net successes, net boons, breakthroughs, calamities): the odds' fast path.
    """

    def roll(self, pool: Pool) -> Roll: ...

    def outcome(self, pool: Pool) -> Key: ...


class SeededDice:
    """Dice drawn from a `random.Random` (never the module's own).

    Each face is drawn by rejection on `getrandbits`, the method `Random.randrange` uses, so
    `roll` and `outcome` consume the generator identically and agree roll for roll.
    """

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        # Faces by id(pool), quicker than hashing the pool; each entry holds its pool, so the
        # id cannot be reused while the entry lives.
        self._faces: dict[int, tuple[Pool, FaceKeys]] = {}

    def _index(self, sides: int, bits: int) -> int:
        draw = self.rng.getrandbits
        index = draw(bits)
        while index >= sides:
            index = draw(bits)
        return index

    def roll(self, pool: Pool) -> Roll:
        dice = tuple(pool.dice())
        indexes = [self._index(sides, bits) for sides, bits, _ in _face_keys(pool)]
        return Roll(pool, tuple(RolledDie(die, i) for die, i in zip(dice, indexes, strict=True)))

    def outcome(self, pool: Pool) -> Key:
        """The same draws as `roll`, summed without building the faces (the odds' fast path)."""
        entry = self._faces.get(id(pool))
        if entry is None:
            entry = self._faces[id(pool)] = (pool, _face_keys(pool))
        draw = self.rng.getrandbits
        s = b = t = c = 0
        for sides, bits, keys in entry[1]:
            index = draw(bits)
            while index >= sides:
                index = draw(bits)
            ks, kb, kt, kc = keys[index]
            s += ks
            b += kb
            t += kt
            c += kc
        return (s, b, t, c)

    def d100(self) -> int:
        return self._index(100, 7) + 1

    def coin(self) -> bool:
        return self.rng.getrandbits(1) == 0

    def d6(self) -> int:
        """Drawn like `d100` (no bout rolls one today; the race's dice are `RandomDice`)."""
        return self._index(6, 3) + 1


def faces_for(pool: Pool, wanted: Outcome) -> Roll:
    """A roll of `pool` whose faces add up to `wanted`; RulesError if no faces can."""
    dice = list(pool.dice())
    target: Key = (wanted.net_successes, wanted.net_boons, wanted.breakthroughs, wanted.calamities)
    reachable: list[set[Key]] = [{(0, 0, 0, 0)}]  # reachable[i]: sums of the last i dice
    for die in reversed(dice):
        keys = {_key(die, i) for i in range(die.sides)}
        reachable.append({_add(k, r) for k in keys for r in reachable[-1]})
    if target not in reachable[-1]:
        raise RulesError(f"no faces of {pool.describe()} give {wanted}")
    chosen: list[RolledDie] = []
    left = target
    for position, die in enumerate(dice):
        rest = reachable[len(dice) - position - 1]
        index = next(i for i in range(die.sides) if _sub(left, _key(die, i)) in rest)
        chosen.append(RolledDie(die, index))
        left = _sub(left, _key(die, index))
    return Roll(pool, tuple(chosen))


def _add(x: Key, y: Key) -> Key:
    return (x[0] + y[0], x[1] + y[1], x[2] + y[2], x[3] + y[3])


def _sub(x: Key, y: Key) -> Key:
    return (x[0] - y[0], x[1] - y[1], x[2] - y[2], x[3] - y[3])


class ScriptedDice:
    """Dice read from scripts: the seed's worked examples, test doubles, dice rolled at the table.

    One script item per pool roll, either an `Outcome` (the net result: faces that give it are
    chosen, so the engine holds no hard-coded results) or the faces themselves, one per die in
    the pool's order (Mastery, Ability, Boon, Crisis, Trial, Bane), in design.md's symbols
    ("S Bo", "–", "Breakthrough"). d100 rolls, coin tosses and the race's d6 roll-off have
    scripts of their own. It serves the bout and the race alike (both roll a `Dice`).
    """

    def __init__(
        self,
        rolls: Iterable[Outcome | Sequence[str]] = (),
        d100s: Iterable[int] = (),
        coins: Iterable[bool] = (),
        *,
        d6: Iterable[int] = (),
    ) -> None:
        self._rolls = [item if isinstance(item, Outcome) else tuple(item) for item in rolls]
        self._d100s, self._coins, self._d6 = list(d100s), list(coins), list(d6)
        self.rolls_used = self.d100s_used = self.coins_used = self.d6_used = 0

    @property
    def unused(self) -> int:
        """Scripted rolls, d100s, coins and d6s not yet asked for (a replay should use all)."""
        return (
            len(self._rolls)
            - self.rolls_used
            + len(self._d100s)
            - self.d100s_used
            + len(self._coins)
            - self.coins_used
            + len(self._d6)
            - self.d6_used
        )

    def roll(self, pool: Pool) -> Roll:
        if self.rolls_used == len(self._rolls):
            raise RulesError(
                "the scripted dice have no pool rolls left: the script ran out at roll "
                f"{self.rolls_used + 1} ({pool.describe()})"
            )
        item = self._rolls[self.rolls_used]
        self.rolls_used += 1
        if isinstance(item, Outcome):
            return faces_for(pool, item)
        dice = list(pool.dice())
        if len(item) != len(dice):
            raise RulesError(
                f"script roll {self.rolls_used} has {len(item)} faces for {len(dice)} dice "
                f"({pool.describe()})"
            )
        rolled = (_rolled(die, symbols) for die, symbols in zip(dice, item, strict=True))
        return Roll(pool, tuple(rolled))

    def outcome(self, pool: Pool) -> Key:
        o = self.roll(pool).outcome
        return (o.net_successes, o.net_boons, o.breakthroughs, o.calamities)

    def d100(self) -> int:
        if self.d100s_used == len(self._d100s):
            raise RulesError("the scripted dice have no d100 rolls left")
        self.d100s_used += 1
        return self._d100s[self.d100s_used - 1]

    def coin(self) -> bool:
        if self.coins_used == len(self._coins):
            raise RulesError("the scripted dice have no coin tosses left")
        self.coins_used += 1
        return self._coins[self.coins_used - 1]

    def d6(self) -> int:
        if self.d6_used == len(self._d6):
            raise RulesError("script ran out of d6 rolls for the roll-off")
        self.d6_used += 1
        return check_range("d6", self._d6[self.d6_used - 1], 1, 6)


def _rolled(die: Die, symbols: str) -> RolledDie:
    """The die showing the face written `symbols`; RulesError naming the die's faces if none."""
    for index, face in enumerate(die.faces):
        if face.symbols == symbols:
            return RolledDie(die, index)
    allowed = ", ".join(sorted({f.symbols for f in die.faces}))
    raise RulesError(f"{die.label} die has no face {symbols!r}; faces are {allowed}")
