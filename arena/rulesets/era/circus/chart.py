"""The race chart: each driver's distance after the start and each of the three legs, as SVG.

Pure drawing, server-side: the figures come from the race's stored log (arena/selectors_races),
nothing here knows a rule. Every text is escaped, so the result is safe to put in a page.
Colours are attributes, so the chart reads the same in any stylesheet (or none).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

LEGS = 3
LEG_NAMES = ("Start", "Leg 1: start and first turn", "Leg 2: middle laps", "Leg 3: last lap")
SHORT_LEG_NAMES = ("Start", "Leg 1", "Leg 2", "Leg 3")
INK = "#3b3127"
GRID = "#d8cdb8"
FACTION_COLOURS = {
    "reds": "#a33a2c",
    "whites": "#857d70",
    "greens": "#4c7a34",
    "blues": "#2b5d8c",
}
SPARE_COLOURS = ("#c8962e", "#6b4c8a", "#2e7f7a", "#8c5a2b", "#5a5a5a", "#b0456a")

WIDTH = 640
HEIGHT = 300
LEFT, RIGHT, TOP, BOTTOM = 44, 170, 20, 40


@dataclass(frozen=True)
class LegMark:
    """One driver's leg as run: the distance gained, his total after it, what befell him."""

    leg: int  # 1 to 3
    gained: int
    total: int
    pushed: bool = False
    save_called: bool = False
    wrecked: bool = False


@dataclass(frozen=True)
class DriverLine:
    name: str
    faction: str = ""
    marks: Sequence[LegMark] = field(default_factory=tuple)
    won: bool = False

    @property
    def wrecked_on(self) -> int | None:
        for mark in self.marks:
            if mark.wrecked:
                return mark.leg
        return None

    @property
    def total(self) -> int:
        return self.marks[-1].total if self.marks else 0


def colour_for(faction: str, index: int) -> str:
    return FACTION_COLOURS.get(faction.strip().lower(), SPARE_COLOURS[index % len(SPARE_COLOURS)])


def _x(leg: int) -> float:
    return LEFT + leg * (WIDTH - LEFT - RIGHT) / LEGS


def race_chart_svg(
    lines: Sequence[DriverLine], *, title: str = "The race, leg by leg"
) -> SafeString:
    """A line per driver from the start (0) through each leg run; a cross where one wrecked,
    a thicker line and a palm for the winner, and each man's name and distance at the end."""
    top = max([3] + [mark.total for line in lines for mark in line.marks])
    plot_h = HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return TOP + plot_h - value * plot_h / top

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="race-chart" role="img" aria-labelledby="race-chart-title race-chart-desc" '
        f'font-family="system-ui, sans-serif" font-size="12">',
        f'<title id="race-chart-title">{escape(title)}</title>',
        f'<desc id="race-chart-desc">{escape(_description(lines))}</desc>',
    ]
    for value in range(top + 1):
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
            f'stroke="{GRID}" stroke-width="1"/>'
            f'<text x="{LEFT - 8}" y="{y(value) + 4:.1f}" text-anchor="end" fill="{INK}">'
            f"{value}</text>"
        )
    for leg in range(LEGS + 1):
        out.append(
            f'<line x1="{_x(leg):.1f}" x2="{_x(leg):.1f}" y1="{TOP}" y2="{TOP + plot_h}" '
            f'stroke="{GRID}" stroke-dasharray="3 3"/>'
            f'<text x="{_x(leg):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle" '
            f'fill="{INK}">{SHORT_LEG_NAMES[leg]}</text>'
        )
    out.append(
        f'<text x="12" y="{TOP + plot_h / 2:.1f}" transform="rotate(-90 12 {TOP + plot_h / 2:.1f})"'
        f' text-anchor="middle" fill="{INK}">distance</text>'
    )
    labels = _label_positions(lines, y)
    for index, line in enumerate(lines):
        out.append(_driver(line, index, y, labels[index]))
    out.append("</svg>")
    return mark_safe("".join(out))  # noqa: S308 - every text above is escaped


def _description(lines: Sequence[DriverLine]) -> str:
    parts = []
    for line in lines:
        fate = f"wrecked on leg {line.wrecked_on}" if line.wrecked_on else f"{line.total} distance"
        parts.append(f"{line.name}{' (won)' if line.won else ''}: {fate}")
    return "; ".join(parts) or "No driver has run a leg yet."


def _label_positions(lines: Sequence[DriverLine], y) -> list[float]:
    """End labels, spread 15 pixels apart so that drivers level on distance stay readable,
    and kept inside the plot (pushed up from the bottom when they would spill under it)."""
    wanted = sorted((y(line.total), i) for i, line in enumerate(lines))
    placed = [value for value, _ in wanted]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + 15)
    bottom = HEIGHT - BOTTOM
    if placed and placed[-1] > bottom:
        placed[-1] = bottom
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - 15)
    out = [0.0] * len(lines)
    for (_, index), value in zip(wanted, placed, strict=True):
        out[index] = value
    return out


def _driver(line: DriverLine, index: int, y, label_y: float) -> str:
    colour = colour_for(line.faction, index)
    # Drivers level on distance would hide each other: nudge each line a pixel or two.
    nudge = (index - 1.5) * 2
    points = [(_x(0), y(0) + nudge)] + [(_x(m.leg), y(m.total) + nudge) for m in line.marks]
    width = 4 if line.won else 2
    parts = [f'<g class="race-line" data-driver="{escape(line.name)}">']
    path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
    parts.append(
        f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="{width}" '
        f'stroke-linejoin="round"/>'
    )
    for mark, (px, py) in zip(line.marks, points[1:], strict=True):
        tip = (
            f"{line.name}, leg {mark.leg}: +{mark.gained} (total {mark.total})"
            + (", pushed for the inside" if mark.pushed else "")
            + (", wreck save called" if mark.save_called and not mark.wrecked else "")
            + (", WRECKED" if mark.wrecked else "")
        )
        if mark.wrecked:
            parts.append(
                f'<g stroke="{colour}" stroke-width="3"><title>{escape(tip)}</title>'
                f'<line x1="{px - 6:.1f}" y1="{py - 6:.1f}" x2="{px + 6:.1f}" y2="{py + 6:.1f}"/>'
                f'<line x1="{px - 6:.1f}" y1="{py + 6:.1f}" x2="{px + 6:.1f}" y2="{py - 6:.1f}"/>'
                "</g>"
            )
        else:
            shape = "white" if not mark.pushed else colour
            parts.append(
                f'<circle cx="{px:.1f}" cy="{py:.1f}" r="4.5" fill="{shape}" stroke="{colour}" '
                f'stroke-width="2"><title>{escape(tip)}</title></circle>'
            )
    end_x, end_y = points[-1]
    fate = " ✕ wrecked" if line.wrecked_on else ""
    palm = ", won" if line.won else ""
    parts.append(
        f'<line x1="{end_x + 6:.1f}" y1="{end_y:.1f}" x2="{WIDTH - RIGHT + 6}" y2="{label_y:.1f}" '
        f'stroke="{colour}" stroke-width="1" stroke-dasharray="1 3" opacity="0.6"/>'
        f'<text x="{WIDTH - RIGHT + 10}" y="{label_y + 4:.1f}" fill="{colour}" '
        f'font-weight="{"700" if line.won else "400"}">{escape(line.name)}: {line.total}'
        f"{fate}{palm}</text>"
    )
    parts.append("</g>")
    return "".join(parts)
