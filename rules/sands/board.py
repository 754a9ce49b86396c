"""The arena: a hexagonal grid of hexes in axial coordinates (q, r), radius RADIUS round the
centre (0, 0), so 3 * R * (R + 1) + 1 hexes (61 for R = 4; docs/rules.md "Sands: the board").

Facing has no effect (seed 000), so the board knows only places: on the grid or not, the six
neighbours, the distance in hexes, and, for a defender struck from a neighbouring hex, the hex
directly away from the attacker and his three rear hexes (the neighbours two hexes from him).
"""

from __future__ import annotations

from rules.core.errors import RulesError

RADIUS = 4
Hex = tuple[int, int]
# The six axial directions, clockwise from east; a tie between equal steps goes to the first.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
START: tuple[Hex, Hex] = ((-2, 0), (2, 0))  # four hexes apart, on the centre line


def on_grid(h: Hex, radius: int = RADIUS) -> bool:
    q, r = h
    return max(abs(q), abs(r), abs(q + r)) <= radius


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes round `h`, on the grid or not."""
    return tuple((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS)


def hexes(radius: int = RADIUS) -> tuple[Hex, ...]:
    """Every hex of the grid, row by row."""
    return tuple(
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if on_grid((q, r), radius)
    )


def directly_away(defender: Hex, attacker: Hex) -> Hex:
    """The hex straight behind a defender struck from a neighbouring hex."""
    if not adjacent(defender, attacker):
        raise RulesError("a withdrawal is away from an adjacent attacker")
    return 2 * defender[0] - attacker[0], 2 * defender[1] - attacker[1]


def rear_hexes(defender: Hex, attacker: Hex) -> tuple[Hex, ...]:
    """The defender's three rear hexes (on the grid or not): his neighbours two hexes from the
    attacker, the hex directly away first."""
    away = directly_away(defender, attacker)
    others = [h for h in neighbours(defender) if h != away and distance(h, attacker) == 2]
    return (away, *others)


def back_to_the_wall(defender: Hex, attacker: Hex, radius: int = RADIUS) -> bool:
    """No hex behind him: the hex directly away from the adjacent attacker is off the grid."""
    return adjacent(defender, attacker) and not on_grid(directly_away(defender, attacker), radius)


def edge_distance(h: Hex, radius: int = RADIUS) -> int:
    """Hexes from `h` to the wall: 0 on the outermost ring."""
    q, r = h
    return radius - max(abs(q), abs(r), abs(q + r))


def step_towards(frm: Hex, to: Hex, blocked: Hex | None, radius: int = RADIUS) -> Hex | None:
    """The free neighbour of `frm` on the grid nearest `to` (ties: farther from the wall, then
    the first direction), or None when no step brings him closer."""
    best: Hex | None = None
    key: tuple[int, int] | None = None
    here = distance(frm, to)
    for h in neighbours(frm):
        if h == blocked or not on_grid(h, radius) or distance(h, to) >= here:
            continue
        k = (distance(h, to), -edge_distance(h, radius))
        if key is None or k < key:
            best, key = h, k
    return best
