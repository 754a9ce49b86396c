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


def duel(
    a_weapons: Sequence[Weapon] = (AXE,), b_weapons: Sequence[Weapon] = (AXE,), **b_fields: object
) -> tuple[_Match, Script, Fighter, Fighter]:
    """A against B, each (4, 4, 4, 3) with 40 HP, Brutality active, on scripted dice."""
    a = gladiator("A", weapons=a_weapons)
    b = gladiator("B", weapons=b_weapons, **b_fields)  # type: ignore[arg-type]
    m, script = match(a, b)
    for f in m.fighters:
        f.hp = f.max_hp = 40
    return m, script, m.fighters[0], m.fighters[1]


def exchange(
    m: _Match,
    script: Script,
    a_move: str,
    b_move: str,
    a_d8: int,
    b_d8: int,
    *dice: float,
) -> None:
    """One turn of A against B: their moves, their d8s and whatever else is rolled."""
    a, b = m.fighters[0], m.fighters[1]
    script.push(roll(a_d8, 8), roll(b_d8, 8), *dice)
    turn_of(m, (a, a_move, b), (b, b_move, a))
    assert script.left == 0, "a die was scripted that the rule did not roll"


def power_of(m: _Match, name: str) -> int:
    fight = last(m, "fight")
    return int(fight["attacker_power"] if fight["attacker"] == name else fight["defender_power"])
