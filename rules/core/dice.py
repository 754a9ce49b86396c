"""The one dice protocol: where a ruleset's randomness comes from.

Two layers, so that every ruleset shares the plain dice and keeps its own special ones:

- `Rng` is a source of integers and floats. `random.Random` is one (the engines are always
  handed a seeded `random.Random`, never the module's own), and so is any test double with
  these four methods.
- `Dice` is what an engine rolls: a d6, a d100 and a coin, drawn from an `Rng` or read from a
  script (worked examples, test doubles, dice rolled at the table). A ruleset with dice of its
  own extends it: the Era's symbol-dice pools add `roll` and `outcome` (rules.era.rolls.Dice),
  and the bout and the chariot race both use that one protocol.

How a `Dice` consumes its generator is part of a ruleset's engine version: stored fights
replay only if the same seed draws the same numbers in the same order.
"""

from __future__ import annotations

from typing import Protocol


class Rng(Protocol):
    """A source of random numbers: the methods of `random.Random` the engines call."""

    def getrandbits(self, k: int, /) -> int: ...

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int: ...

    def randint(self, a: int, b: int) -> int: ...

    def random(self) -> float: ...


class Dice(Protocol):
    """Plain dice every ruleset may roll: a d6 (1–6), a d100 (1–100) and a coin toss."""

    def d6(self) -> int: ...

    def d100(self) -> int: ...

    def coin(self) -> bool: ...
