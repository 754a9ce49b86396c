"""Where the bout's randomness comes from: a seeded source, or a script for worked examples.

The engine asks a `Dice` for pool rolls, d100 rolls and coin tosses. `SeededDice` draws from a
`random.Random`, die by die in the pool's order, so the fast path (`outcome`, no faces kept)
and the logged path (`roll`) give the same results for the same seed.
`ScriptedDice` returns given outcomes, choosing faces that produce them, so the seed's worked
examples replay without hard-coded results in the engine.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from functools import lru_cache
from typing import Protocol

from arena.rules.dice import Die, Outcome, Pool, Roll, RolledDie, RulesError

Key = tuple[int, int, int, int]  # net successes, net boons, breakthroughs, calamities


def _key(die: Die, index: int) -> Key:
    face = die.faces[index]
    return (face.successes, face.boons, int(face.breakthrough), int(face.calamity))


@lru_cache(maxsize=256)
def _face_keys(pool: Pool) -> tuple[tuple[int, int, tuple[Key, ...]], ...]:
    """Per die of the pool, in roll order: sides, bits to draw, and each face's key."""
    return tuple(
        (die.sides, die.sides.bit_length(), tuple(_key(die, i) for i in range(die.sides)))
        for die in pool.dice()
    )


class Dice(Protocol):
    def roll(self, pool: Pool) -> Roll: ...

    def outcome(self, pool: Pool) -> Key: ...

    def d100(self) -> int: ...

    def coin(self) -> bool: ...


class SeededDice:
    """Dice drawn from a `random.Random` (never the module's own).

    Each face is drawn by rejection on `getrandbits`, the method `Random.randrange` uses, so
    `roll` and `outcome` consume the generator identically and agree roll for roll.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # Faces by id(pool), quicker than hashing the pool; each entry holds its pool, so the
        # id cannot be reused while the entry lives.
        self._faces: dict[int, tuple[Pool, tuple]] = {}

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
    chosen, left = [], target
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
    """A test double: pool rolls, d100 rolls and coin tosses come from the given scripts."""

    def __init__(
        self,
        outcomes: Iterable[Outcome] = (),
        d100s: Iterable[int] = (),
        coins: Iterable[bool] = (),
    ) -> None:
        self.outcomes = deque(outcomes)
        self.d100s = deque(d100s)
        self.coins = deque(coins)

    def roll(self, pool: Pool) -> Roll:
        return faces_for(pool, self._next(self.outcomes, "pool rolls"))

    def outcome(self, pool: Pool) -> Key:
        o = self.roll(pool).outcome
        return (o.net_successes, o.net_boons, o.breakthroughs, o.calamities)

    def d100(self) -> int:
        return self._next(self.d100s, "d100 rolls")

    def coin(self) -> bool:
        return self._next(self.coins, "coin tosses")

    @staticmethod
    def _next(script: deque, what: str):
        if not script:
            raise RulesError(f"the scripted dice have no {what} left")
        return script.popleft()
