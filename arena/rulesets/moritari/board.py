"""The Moritari board as server-rendered SVG: the squares, each fighter's base with his facing,
side colours, beasts, hit points, and men lying spared or dead.

Pure drawing from a frame the selector read off the log (arena.rulesets.moritari.selectors); nothing
here knows a rule. Every text is escaped; the result is safe to put in a page.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from arena.rulesets.moritari.adapter import HIT_POINTS, SIZE
from arena.rulesets.moritari.selectors import Piece

CELL = 44
MARGIN = 18
INK = "#3b3127"
SAND = ("#efe3c8", "#e6d6b3")
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def _centre(square: tuple[int, int]) -> tuple[float, float]:
    return MARGIN + (square[0] + 0.5) * CELL, MARGIN + (square[1] + 0.5) * CELL


def _piece(piece: Piece, highlight: bool) -> str:
    x, y = _centre(piece.square)
    r = CELL * 0.38
    dx, dy = DIRECTIONS[piece.facing % 8]
    norm = (dx * dx + dy * dy) ** 0.5 or 1
    fx, fy = x + dx / norm * r, y + dy / norm * r
    down = piece.state in ("lying", "dead", "out")
    opacity = "0.35" if piece.state in ("dead", "out") else "1"
    title = escape(
        f"{piece.name} ({piece.kind}, {piece.side}): {piece.hit_points} hit point"
        f"{'' if piece.hit_points == 1 else 's'}, {piece.state_words}, facing {piece.facing_name}"
    )
    parts = [
        f'<g class="piece piece--{escape(piece.state)}" data-fighter="{piece.index}" '
        f'opacity="{opacity}"><title>{title}</title>'
    ]
    if highlight:
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r + 4:.1f}" fill="none" stroke="#d4a017" '
            'stroke-width="3"/>'
        )
    if piece.beast:  # a beast's base is square-cornered
        parts.append(
            f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
            f'rx="6" fill="{escape(piece.colour)}" stroke="{INK}" stroke-width="1.5"/>'
        )
    else:
        dash = ' stroke-dasharray="4 3"' if down else ""
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{escape(piece.colour)}" '
            f'stroke="{INK}" stroke-width="1.5"{dash}/>'
        )
    parts.append(
        f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="14" '
        f'font-weight="bold" fill="#fff">{escape(piece.initials)}</text>'
    )
    for n in range(HIT_POINTS):  # hit points: filled pips under the base
        px = x - 8 + n * 8
        pip = "#c0392b" if n < piece.hit_points else "#fff"
        parts.append(
            f'<circle cx="{px:.1f}" cy="{y + r + 1:.1f}" r="3" '
            f'fill="{pip}" stroke="{INK}" stroke-width="0.8"/>'
        )
    if not down:  # the facing: a pointer at the front of his base
        ux, uy = dx / norm, dy / norm
        tip = (x + ux * (r + 9), y + uy * (r + 9))
        left = (fx - uy * 7, fy + ux * 7)
        right = (fx + uy * 7, fy - ux * 7)
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (tip, left, right))
        parts.append(
            f'<polygon class="facing" points="{points}" fill="{INK}" stroke="#fff" '
            'stroke-width="1"/>'
        )
    if piece.state == "lying":
        parts.append(
            f'<text x="{x:.1f}" y="{y - r - 2:.1f}" text-anchor="middle" font-size="9" '
            f'fill="{INK}">spared</text>'
        )
    elif piece.state in ("dead", "out"):
        parts.append(
            f'<path d="M{x - r / 2:.1f},{y - r / 2:.1f} L{x + r / 2:.1f},{y + r / 2:.1f} '
            f'M{x + r / 2:.1f},{y - r / 2:.1f} L{x - r / 2:.1f},{y + r / 2:.1f}" '
            f'stroke="{INK}" stroke-width="3"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def board_svg(pieces: Sequence[Piece], *, actor: int | None = None, label: str = "") -> SafeString:
    """The board with its fighters; `actor` is ringed (the one the log's line is about)."""
    side = 2 * MARGIN + SIZE * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        f'class="moritari-board" role="img" aria-label="{escape(label or "The board")}">',
        f'<rect width="{side}" height="{side}" fill="#d9c7a0"/>',
    ]
    for row in range(SIZE):
        for col in range(SIZE):
            x, y = MARGIN + col * CELL, MARGIN + row * CELL
            parts.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                f'fill="{SAND[(row + col) % 2]}" stroke="#cbb892" stroke-width="0.5"/>'
            )
    order = sorted(pieces, key=lambda p: p.state == "standing")  # the fallen drawn first
    parts.extend(_piece(p, p.index == actor) for p in order)
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every text above is escaped
