"""Helpers for the match's tests: gladiators in a few words, and scripted dice.

`Script` stands in for the match's generator: each `random()` gives the next scripted value,
so a test names every die the rule under test rolls (`roll(5, 8)`: a d8 showing 5); running
out of script fails the test, so a rule that rolls more dice than its test expects is seen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.grimdark.entrants import Entrant, Weapon
from rules.grimdark.match import MAX_TURNS, Fighter, Setup, _Match
from rules.grimdark.orders import Orders

AXE = Weapon("axe", "heavy melee")
KNIFE = Weapon("knife", "light melee")
BOW = Weapon("bow", "heavy ranged")


def gladiator(
    name: str = "A",
    stats: tuple[int, int, int, int] = (4, 4, 4, 3),
    *,
    active: str = "brutality",
    abilities: Mapping[str, int] | None = None,
    moves: Mapping[str, int] | None = None,
    weapons: Sequence[Weapon] = (),
    side: str = "",
    orders: Orders | None = None,
    fame: int = 0,
    wins: int = 0,
    losses: int = 0,
    starred: bool = False,
    armour: int = 0,
    resist: Sequence[str] = (),
) -> Entrant:
    return Entrant(
        name=name,
        stats=stats,
        active_stat=active,
        abilities=dict(abilities or {}),
        moves=dict(moves or {"Basic Melee": 15}),
        weapons=tuple(weapons),
        armour_slots=armour,
        fame=fame,
        wins=wins,
        losses=losses,
        starred=starred,
        side=side,
        orders=orders or Orders(),
        resistances=frozenset(resist),
    )


def roll(value: int, sides: int) -> float:
    """The generator's value that makes a d`sides` show `value`."""
    assert 1 <= value <= sides
    return (value - 0.5) / sides


class Script:
    def __init__(self, values: Sequence[float] = ()) -> None:
        self.values = list(values)

    def push(self, *values: float) -> None:
        self.values.extend(values)

    def random(self) -> float:
        if not self.values:
            raise AssertionError("the rule rolled a die the test did not script")
        return self.values.pop(0)

    @property
    def left(self) -> int:
        return len(self.values)


def match(*entrants: Entrant, seed: int = 1, record: bool = True) -> tuple[_Match, Script]:
    """A match started from `seed` (HP, Init, hands), then run on scripted dice."""
    m = _Match(Setup(tuple(entrants)), seed, record, MAX_TURNS)
    m.start()
    script = Script()
    m.rand = script.random
    m.rng.shuffle = lambda x: None  # type: ignore[method-assign, assignment]
    return m, script


def set_move(m: _Match, f: Fighter, name: str, target: Fighter | None = None) -> None:
    """`f` plays `name` this turn (a card put in his hand) against `target`."""
    from rules.grimdark.moves import ASSESS, ASSESS_MOVE, MOVES

    if name == ASSESS:
        f.card, f.move, f.target = None, ASSESS_MOVE, -1
        return
    if name not in f.hand:
        f.hand[0] = name
    f.card, f.move = name, MOVES[name]
    f.target = target.idx if target is not None else -1


def turn_of(m: _Match, *plays: tuple[Fighter, str, Fighter | None]) -> None:
    """A turn with these moves (the others as they stand), the dice scripted."""
    m.turn += 1
    alive = [f for f in m.fighters if not f.defeated]
    m.begin_turn(alive)
    for f, name, target in plays:
        set_move(m, f, name, target)
    m.resolve(alive)


def kinds(m: _Match) -> list[str]:
    return [e["kind"] for e in m.events]


def last(m: _Match, kind: str) -> dict[str, object]:
    return next(e for e in reversed(m.events) if e["kind"] == kind)
