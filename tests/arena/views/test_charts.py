"""The server-rendered charts and the dice faces: they draw what they are given, escaped."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.template import Context, Template

from arena import svg
from arena.templatetags.arena_charts import dice, face_glyphs
from rules.era.dice import Pool, roll

SVG_NS = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(str(markup))


def test_favor_chart_draws_one_point_per_round_for_each_fighter():
    chart = svg.favor_chart(
        [
            svg.Series("Bithys", [3, 4, 5, 6, 6, 6], "a"),
            svg.Series("Murmillo", [2, 2, 3, 4, 4, 4], "b"),
        ]
    )
    root = parse(chart)
    circles = root.findall(f"{SVG_NS}circle")
    assert len(circles) == 12
    assert len(root.findall(f"{SVG_NS}polyline")) == 2
    # A higher Crowd Favor is drawn higher up (smaller y).
    bithys = [float(c.get("cy")) for c in circles[:6]]
    assert bithys[0] > bithys[1] > bithys[2] > bithys[3]
    assert bithys[3] == bithys[4] == bithys[5]


def test_favor_chart_escapes_names():
    chart = svg.favor_chart([svg.Series("<script>x</script>", [2, 3], "a")])
    assert "<script>" not in chart
    parse(chart)  # still well-formed


def test_outcome_bars_are_as_long_as_their_share():
    chart = svg.outcome_bars([svg.Bar("a wins", 0.25), svg.Bar("b wins", 0.75)])
    rects = parse(chart).findall(f"{SVG_NS}rect")
    filled = [float(r.get("width")) for r in rects[1::2]]
    assert filled[1] == 3 * filled[0]
    assert "25.0%" in chart and "75.0%" in chart


def test_face_glyphs_name_every_symbol():
    assert face_glyphs("S Bo") == ("✔▲", "Success, Boon")
    assert face_glyphs("–") == ("·", "blank")
    assert face_glyphs("Breakthrough")[1] == "Breakthrough"


def test_dice_tag_renders_each_die_of_a_roll_coloured_by_type():
    import random

    rolled = roll(Pool(mastery=2, ability=1, trial=2, bane=1), random.Random(5)).as_dict()
    html = Template("{% load arena_charts %}{% dice r %}").render(Context({"r": rolled}))
    kinds = re.findall(r'class="die die-(\w+)', html)
    assert kinds == ["mastery", "mastery", "ability", "trial", "trial", "bane"]
    context = dice(rolled)
    assert context["successes"] - context["failures"] == rolled["net_successes"]


def _money_lines(count: int) -> list:
    return [svg.Line(f"Man {n}", [n * 10, n * 20 + 5]) for n in range(count)]


@pytest.mark.parametrize("count", [2, 8, 9, 12, 30])
def test_no_two_lines_of_a_money_chart_share_a_colour(count):
    """Issue 27: the peculium chart drew two men in one colour (the palette cycled)."""
    root = parse(svg.money_chart(_money_lines(count), [1, 2], title="Peculia"))
    strokes = [line.get("stroke") for line in root.findall(f"{SVG_NS}polyline")]
    assert len(strokes) == count
    assert len(set(strokes)) == count


def test_each_line_carries_its_name_at_its_end_in_its_colour():
    root = parse(svg.money_chart(_money_lines(3), [1, 2], title="Peculia"))
    names = root.findall(f"{SVG_NS}text[@class='chart-line-name']")
    strokes = [line.get("stroke") for line in root.findall(f"{SVG_NS}polyline")]
    assert [(t.text, t.get("fill")) for t in names] == [(f"Man {n}", strokes[n]) for n in range(3)]


def test_the_bars_of_one_chart_never_share_a_colour():
    rows = [(f"Man {n}", n) for n in range(20)]
    bars = parse(svg.count_bars(rows, title="Wins")).findall(f"{SVG_NS}rect")
    fills = [r.get("fill") for r in bars]
    coloured = fills[1::2]  # each row: the grey track, then the bar
    assert len(set(coloured)) == 20


def test_the_palette_is_distinct_and_starts_with_the_house_colours():
    colours = svg.palette(200)
    assert len(set(colours)) == 200
    assert colours[: len(svg.PALETTE)] == list(svg.PALETTE)
    assert all(re.fullmatch(r"#[0-9a-f]{6}|#555", c) for c in colours)
