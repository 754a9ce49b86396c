"""The arena: a hexagonal grid of hexes in axial coordinates (q, r), radius RADIUS round the
centre (0, 0), so 3 * R * (R + 1) + 1 hexes (61 for R = 4; docs/rules.md "Sands: the board").

Facing has no effect (seed 000), so the board knows only places: on the grid or not, the six
neighbours, the distance in hexes, and, for a defender struck from a neighbouring hex, the hex
directly away from the attacker and his three rear hexes (the neighbours two hexes from him).

A bout asks these questions hundreds of times, so for the standard grid (radius RADIUS) the
answers that cost most are tables computed once at import from the same functions (`_tables`):
the hexes on the grid, each hex's distance to the wall, the rear hexes and Back to the Wall of
each defender and adjacent attacker, and each step towards a hex (the candidates in order of
preference). Another radius, or a hex the tables do not hold, is computed as before. A plain
distance is computed (cheaper in CPython than a lookup keyed by two hexes: docs/performance.md).
"""

from __future__ import annotations

from rules.core.errors import RulesError

RADIUS = 4
Hex = tuple[int, int]
# The six axial directions, clockwise from east; a tie between equal steps goes to the first.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
START: tuple[Hex, Hex] = ((-2, 0), (2, 0))  # four hexes apart, on the centre line


STEPS = frozenset(DIRECTIONS)


def _on_grid(h: Hex, radius: int) -> bool:
    q, r = h
    return max(abs(q), abs(r), abs(q + r)) <= radius


def on_grid(h: Hex, radius: int = RADIUS) -> bool:
    if radius == RADIUS:
        return h in _GRID
    return _on_grid(h, radius)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a: Hex, b: Hex) -> bool:
    return (a[0] - b[0], a[1] - b[1]) in STEPS


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes round `h`, on the grid or not."""
    return tuple((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS)


def hexes(radius: int = RADIUS) -> tuple[Hex, ...]:
    """Every hex of the grid, row by row."""
    return tuple(
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if _on_grid((q, r), radius)
    )


def directly_away(defender: Hex, attacker: Hex) -> Hex:
    """The hex straight behind a defender struck from a neighbouring hex."""
    if not adjacent(defender, attacker):
        raise RulesError("a withdrawal is away from an adjacent attacker")
    return 2 * defender[0] - attacker[0], 2 * defender[1] - attacker[1]


def rear_hexes(defender: Hex, attacker: Hex) -> tuple[Hex, ...]:
    """The defender's three rear hexes (on the grid or not): his neighbours two hexes from the
    attacker, the hex directly away first."""
    rear = _REAR.get((defender, attacker))
    if rear is not None:
        return rear
    return _rear_hexes(defender, attacker)


def _rear_hexes(defender: Hex, attacker: Hex) -> tuple[Hex, ...]:
    away = directly_away(defender, attacker)
    others = [h for h in neighbours(defender) if h != away and distance(h, attacker) == 2]
    return (away, *others)


def back_to_the_wall(defender: Hex, attacker: Hex, radius: int = RADIUS) -> bool:
    """No hex behind him: the hex directly away from the adjacent attacker is off the grid."""
    if radius == RADIUS:
        wall = _WALL.get((defender, attacker))
        if wall is not None:
            return wall
    return adjacent(defender, attacker) and not on_grid(directly_away(defender, attacker), radius)


def rear_off_grid(defender: Hex, attacker: Hex, radius: int = RADIUS) -> bool:
    """Any of the defender's rear hexes off the grid (the hex directly away among them: Back
    to the Wall), against an adjacent attacker."""
    if radius == RADIUS:
        off = _REAR_OFF.get((defender, attacker))
        if off is not None:
            return off
    return any(not on_grid(h, radius) for h in rear_hexes(defender, attacker))


def edge_distance(h: Hex, radius: int = RADIUS) -> int:
    """Hexes from `h` to the wall: 0 on the outermost ring."""
    if radius == RADIUS:
        edge = _EDGE.get(h)
        if edge is not None:
            return edge
    q, r = h
    return radius - max(abs(q), abs(r), abs(q + r))


def step_towards(frm: Hex, to: Hex, blocked: Hex | None, radius: int = RADIUS) -> Hex | None:
    """The free neighbour of `frm` on the grid nearest `to` (ties: farther from the wall, then
    the first direction), or None when no step brings him closer."""
    if radius == RADIUS:
        steps = _TOWARDS.get((frm, to))
        if steps is not None:
            for h in steps:
                if h != blocked:
                    return h
            return None
    return _step_towards(frm, to, blocked, radius)


def _step_towards(frm: Hex, to: Hex, blocked: Hex | None, radius: int) -> Hex | None:
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


def _steps_towards(frm: Hex, to: Hex) -> tuple[Hex, ...]:
    """Every neighbour of `frm` on the grid that brings him closer to `to`, in the order
    `step_towards` prefers them (a stable sort keeps the first direction of equals first)."""
    here = distance(frm, to)
    closer = [h for h in neighbours(frm) if h in _GRID and distance(h, to) < here]
    return tuple(sorted(closer, key=lambda h: (distance(h, to), -_EDGE[h])))


_GRID: frozenset[Hex] = frozenset(hexes(RADIUS))
_EDGE: dict[Hex, int] = {h: RADIUS - max(abs(h[0]), abs(h[1]), abs(h[0] + h[1])) for h in _GRID}
# Every defender on the grid or one ring off it, against each neighbour.
_PAIRS = [(d, a) for d in hexes(RADIUS + 1) for a in neighbours(d)]
_REAR: dict[tuple[Hex, Hex], tuple[Hex, ...]] = {pair: _rear_hexes(*pair) for pair in _PAIRS}
_WALL: dict[tuple[Hex, Hex], bool] = {(d, a): directly_away(d, a) not in _GRID for d, a in _PAIRS}
_REAR_OFF: dict[tuple[Hex, Hex], bool] = {
    pair: any(h not in _GRID for h in rear) for pair, rear in _REAR.items()
}
_TOWARDS: dict[tuple[Hex, Hex], tuple[Hex, ...]] = {
    (frm, to): _steps_towards(frm, to) for frm in _GRID for to in _GRID
}
