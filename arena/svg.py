"""Server-rendered SVG charts for the arena pages: Crowd Favor by round, and outcome bars.

Pure drawing: the numbers come from the bout's stored log or from the odds engine, already
computed; nothing here knows a rule. Every text is escaped; the result is safe to put in a page.
Colours are attributes, not classes, so a chart reads the same in any stylesheet (or none).
"""

from __future__ import annotations

import colorsys
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

COLOURS = {"a": "#a33a2c", "b": "#2b5d8c", "neutral": "#7a6a4f", "good": "#4c7a34"}
INK = "#3b3127"
GRID = "#d8cdb8"


@dataclass(frozen=True)
class Series:
    """One fighter's line: his value at round 0 (the start) and after each round."""

    label: str
    values: Sequence[float]
    tone: str = "a"
    dashed: bool = False


@dataclass(frozen=True)
class Bar:
    """One outcome: a share from 0 to 1, with an optional note (e.g. '5,123 of 10,000')."""

    label: str
    share: float
    note: str = ""
    tone: str = "neutral"


def _colour(tone: str) -> str:
    return COLOURS.get(tone, COLOURS["neutral"])


def favor_chart(
    series: Sequence[Series], *, top: int = 6, title: str = "Crowd Favor by round"
) -> SafeString:
    """A step-free line chart of each fighter's Crowd Favor, round 0 to the last round."""
    return _round_chart(series, top=top, ticks=range(top + 1), row_h=26, title=title)


def chance_chart(series: Sequence[Series], *, title: str = "Live odds by round") -> SafeString:
    """Chances in 100 (0 to 100) by round, on the Crowd Favor chart's axes: each man's chance
    to win (solid) and to walk out (dashed)."""
    return _round_chart(
        series, top=100, ticks=range(0, 101, 25), row_h=1.6, title=title, unit=" in 100"
    )


def _round_chart(
    series: Sequence[Series],
    *,
    top: int,
    ticks: Sequence[int],
    row_h: float,
    title: str,
    unit: str = "",
) -> SafeString:
    rounds = max((len(s.values) for s in series), default=1) - 1
    rounds = max(rounds, 1)
    left, right, top_pad, bottom = 34, 14, 30, 34
    width = max(560, left + right + 56 * rounds)
    height = round(top_pad + bottom + row_h * top)
    plot_w, plot_h = width - left - right, height - top_pad - bottom

    def x(i: int) -> float:
        return left + plot_w * i / rounds

    def y(v: float) -> float:
        return top_pad + plot_h * (1 - v / top)

    kind = "chance" if unit else "favor"
    parts = [
        f'<svg class="chart chart-{kind}" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'style="max-width:100%;height:auto" font-family="inherit" font-size="12">',
        f"<title>{escape(title)}</title>",
    ]
    for v in ticks:
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            f'stroke="{GRID}" stroke-width="1"/>'
            f'<text x="{left - 8}" y="{y(v) + 4:.1f}" text-anchor="end" fill="{INK}">{v}</text>'
        )
    for i in range(rounds + 1):
        label = "start" if i == 0 else str(i)
        parts.append(
            f'<text x="{x(i):.1f}" y="{height - bottom + 16}" text-anchor="middle" '
            f'fill="{INK}">{label}</text>'
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" '
        f'fill="{INK}">round</text>'
    )
    legend_x = left
    for n, s in enumerate(series):
        colour = _colour(s.tone)
        # The lines are nudged apart a little so equal values stay visible.
        nudge = (n - (len(series) - 1) / 2) * 2.5
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        points = " ".join(f"{x(i):.1f},{y(v) + nudge:.1f}" for i, v in enumerate(s.values))
        if len(s.values) > 1:
            parts.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5" '
                f'stroke-linejoin="round"{dash}/>'
            )
        for i, v in enumerate(s.values):
            shown = f"{v:g}" if not unit else f"{v:.0f}{unit}"
            parts.append(
                f'<circle cx="{x(i):.1f}" cy="{y(v) + nudge:.1f}" r="3.5" fill="{colour}">'
                f"<title>{escape(s.label)}, {'start' if i == 0 else f'round {i}'}: {shown}"
                f"</title></circle>"
            )
        parts.append(
            f'<rect x="{legend_x}" y="8" width="12" height="12" fill="{colour}"/>'
            f'<text x="{legend_x + 16}" y="18" fill="{INK}">{escape(s.label)}</text>'
        )
        legend_x += 28 + 8 * len(s.label)
    parts.append("</svg>")
    return mark_safe("".join(parts))


def evaluation_bar(share_a: float, label_a: str, label_b: str) -> SafeString:
    """A chess engine's evaluation bar: side a's chance to win from the left, the rest (side
    b's, and the rare draw) from the right; `share_a` from 0 to 1."""
    width, height = 460, 26
    split = width * min(max(share_a, 0.0), 1.0)
    text = f"{label_a} {100 * share_a:.0f} in 100"
    return mark_safe(
        f'<svg class="chart chart-evaluation" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'style="max-width:100%;height:auto" font-family="inherit" font-size="12">'
        f"<title>{escape(text)} against {escape(label_b)}</title>"
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{COLOURS["b"]}"/>'
        f'<rect x="0" y="0" width="{split:.1f}" height="{height}" fill="{COLOURS["a"]}"/>'
        f'<line x1="{width / 2}" x2="{width / 2}" y1="0" y2="{height}" stroke="#fff" '
        f'stroke-dasharray="3 3"/></svg>'
    )


def outcome_bars(bars: Sequence[Bar], *, title: str = "Outcomes") -> SafeString:
    """Horizontal bars, one per outcome: its label above, its share (and note) at the right.

    The labels sit above the bars rather than beside them, so a narrow card never clips them.
    """
    width, row_h, pad, figure_w = 460, 34, 6, 150
    bar_w = width - figure_w - 8
    height = pad * 2 + row_h * max(len(bars), 1)
    parts = [
        f'<svg class="chart chart-bars" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'style="max-width:100%;height:auto" font-family="inherit" font-size="12">',
        f"<title>{escape(title)}</title>",
    ]
    for n, bar in enumerate(bars):
        share = min(max(bar.share, 0.0), 1.0)
        top = pad + n * row_h
        colour = _colour(bar.tone)
        note = f" ({escape(bar.note)})" if bar.note else ""
        parts.append(
            f'<text x="0" y="{top + 11}" fill="{INK}">{escape(bar.label)}</text>'
            f'<rect x="0" y="{top + 15}" width="{bar_w}" height="12" fill="{GRID}" '
            f'opacity="0.5"/>'
            f'<rect x="0" y="{top + 15}" width="{bar_w * share:.1f}" height="12" '
            f'fill="{colour}"><title>{escape(bar.label)}: {100 * share:.1f}%{note}</title></rect>'
            f'<text x="{width}" y="{top + 26}" text-anchor="end" fill="{INK}">'
            f'<tspan font-weight="bold">{100 * share:.1f}%</tspan>'
            f'<tspan font-size="10">{note}</tspan></text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))


# A palette for many lines at once (the money of each party): these first, then `palette`
# draws more, so no two lines or bars of one chart share a colour.
PALETTE = ("#a33a2c", "#2b5d8c", "#4c7a34", "#b07a1f", "#6b4c8a", "#2f7f7a", "#8c5a3c", "#555")
GOLDEN_ANGLE = 137.508  # degrees: each next hue as far as can be from all the hues before it


def palette(count: int) -> list[str]:
    """`count` colours, all different: PALETTE's, then hues a golden angle apart, at three
    lightnesses in turn (dark enough to read on the page's paper)."""
    colours = list(PALETTE[:count])
    n = 0
    while len(colours) < count:
        hue = (n * GOLDEN_ANGLE) % 360 / 360
        lightness = (0.32, 0.42, 0.52)[n % 3]
        red, green, blue = colorsys.hls_to_rgb(hue, lightness, 0.55)
        colour = f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"
        if colour not in colours:
            colours.append(colour)
        n += 1
    return colours


@dataclass(frozen=True)
class Line:
    """One party's value on each day of `days` (money_chart)."""

    label: str
    values: Sequence[int]


def _nice_top(value: int) -> int:
    """A round number at or above `value` for an axis (1, 2, 5 times a power of ten)."""
    if value <= 0:
        return 1
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= value:
                return step * factor
        step *= 10


def money_chart(
    lines: Sequence[Line], days: Sequence[int], *, title: str, unit: str = "HS"
) -> SafeString:
    """A line for each party's money at the end of each day; the axis starts at 0."""
    left, right, top_pad, bottom = 74, 14, 30, 34
    legend_rows = (len(lines) + 1) // 2
    top_pad += 16 * max(legend_rows - 1, 0)
    span = max(len(days) - 1, 1)
    width = max(560, left + right + 24 * span)
    height = top_pad + bottom + 180
    plot_w, plot_h = width - left - right, height - top_pad - bottom
    peak = _nice_top(max((max(line.values, default=0) for line in lines), default=0))

    def x(i: int) -> float:
        return left + plot_w * i / span

    def y(v: int) -> float:
        return top_pad + plot_h * (1 - max(v, 0) / peak)

    parts = [
        f'<svg class="chart chart-money" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'style="max-width:100%;height:auto" font-family="inherit" font-size="12">',
        f"<title>{escape(title)}</title>",
    ]
    for n in range(5):
        v = peak * n // 4
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            f'stroke="{GRID}" stroke-width="1"/>'
            f'<text x="{left - 8}" y="{y(v) + 4:.1f}" text-anchor="end" fill="{INK}">'
            f"{v:,}</text>"
        )
    every = max(1, len(days) // 12)
    for i, day in enumerate(days):
        if i % every == 0 or i == len(days) - 1:
            parts.append(
                f'<text x="{x(i):.1f}" y="{height - bottom + 16}" text-anchor="middle" '
                f'fill="{INK}">{day}</text>'
            )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" '
        f'fill="{INK}">day ({escape(unit)} at its end)</text>'
    )
    colours = palette(len(lines))
    for n, line in enumerate(lines):
        colour = colours[n]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line.values))
        last = line.values[-1] if line.values else 0
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2" '
            f'stroke-linejoin="round"><title>{escape(line.label)}: {last:,} {escape(unit)} '
            f"now</title></polyline>"
        )
        # A dot on each day (when the days are few enough to tell apart), and on the last.
        for i, v in enumerate(line.values):
            if len(line.values) <= 40 or i == len(line.values) - 1:
                parts.append(
                    f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}">'
                    f"<title>{escape(line.label)}, day {days[i]}: {v:,} {escape(unit)}</title>"
                    f"</circle>"
                )
        if line.values:  # the name at the line's end too, where the eye follows it
            end = len(line.values) - 1
            parts.append(
                f'<text class="chart-line-name" x="{x(end) - 6:.1f}" y="{y(last) - 6:.1f}" '
                f'text-anchor="end" fill="{colour}">{escape(line.label)}</text>'
            )
        legend_x = left + (n % 2) * (plot_w / 2)
        legend_y = 8 + 16 * (n // 2)
        parts.append(
            f'<rect x="{legend_x:.1f}" y="{legend_y}" width="12" height="12" fill="{colour}"/>'
            f'<text x="{legend_x + 16:.1f}" y="{legend_y + 10}" fill="{INK}">'
            f"{escape(line.label)} ({last:,})</text>"
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))


def count_bars(rows: Sequence[tuple[str, int]], *, title: str) -> SafeString:
    """Horizontal bars of whole numbers (the leaders): the label above, the figure at the right."""
    width, row_h, pad, figure_w = 300, 34, 6, 40
    bar_w = width - figure_w - 8
    height = pad * 2 + row_h * max(len(rows), 1)
    peak = max((value for _, value in rows), default=0) or 1
    parts = [
        f'<svg class="chart chart-bars" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'style="max-width:100%;height:auto" font-family="inherit" font-size="12">',
        f"<title>{escape(title)}</title>",
    ]
    colours = palette(len(rows))
    for n, (label, value) in enumerate(rows):
        top = pad + n * row_h
        parts.append(
            f'<text x="0" y="{top + 11}" fill="{INK}">{escape(label)}</text>'
            f'<rect x="0" y="{top + 15}" width="{bar_w}" height="12" fill="{GRID}" '
            f'opacity="0.5"/>'
            f'<rect x="0" y="{top + 15}" width="{bar_w * value / peak:.1f}" height="12" '
            f'fill="{colours[n]}"><title>{escape(label)}: {value}</title></rect>'
            f'<text x="{width}" y="{top + 26}" text-anchor="end" fill="{INK}" '
            f'font-weight="bold">{value}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))
