"""The board: a square grid (our choice; the seed names none), its eight directions, contact
(bases touch: the eight squares around) and the front arc (the square faced and the two beside
it). A fighter moves in a straight line along one of the eight directions."""

from __future__ import annotations

from rules.core.errors import RulesError

SIZE = 10  # squares a side (docs/rules.md, "Moritari: the board")
# The eight directions, clockwise from north; a facing is an index into this.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)
DIRECTION_NAMES: tuple[str, ...] = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)

Square = tuple[int, int]


def on_board(square: Square, size: int = SIZE) -> bool:
    x, y = square
    return 0 <= x < size and 0 <= y < size


def distance(a: Square, b: Square) -> int:
    """Squares between two squares, moving in any of the eight directions."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def in_contact(a: Square, b: Square) -> bool:
    return distance(a, b) == 1


def step(square: Square, facing: int) -> Square:
    dx, dy = DIRECTIONS[facing]
    return square[0] + dx, square[1] + dy


def facing_towards(frm: Square, to: Square) -> int:
    """The direction from `frm` that best points at `to` (the first of equals, clockwise)."""
    if frm == to:
        raise RulesError("a square does not face itself")
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    sign = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return DIRECTIONS.index(sign)


def in_front(square: Square, facing: int, other: Square) -> bool:
    """Whether `other`, in contact, stands in the front arc of a fighter at `square`."""
    towards = facing_towards(square, other)
    return (towards - facing) % 8 in (0, 1, 7)


def start_squares(count: int, size: int = SIZE) -> list[Square]:
    """Where `count` groups start: spread round the board's edge, clockwise from the north-west
    corner, each a few squares in from the edge so no two groups start in contact."""
    if count < 1:
        raise RulesError("a fight needs at least one group to place")
    ring = [(x, 1) for x in range(1, size - 1)]
    ring += [(size - 2, y) for y in range(2, size - 1)]
    ring += [(x, size - 2) for x in range(size - 3, 0, -1)]
    ring += [(1, y) for y in range(size - 3, 1, -1)]
    return [ring[(i * len(ring)) // count] for i in range(count)]
