"""The race chart: server-rendered SVG of the three legs and the distances."""

import re
import xml.etree.ElementTree as ET

from arena.rulesets.era.circus import services as r
from arena.rulesets.era.circus.chart import DriverLine, LegMark, colour_for, race_chart_svg
from arena.rulesets.era.circus.selectors import race_chart_lines

SVG = "{http://www.w3.org/2000/svg}"


def _lines():
    return [
        DriverLine(
            "Scorpus",
            "Whites",
            (LegMark(1, 1, 1), LegMark(2, 2, 3), LegMark(3, 0, 3)),
        ),
        DriverLine(
            "Diocles",
            "Reds",
            (
                LegMark(1, 2, 2, pushed=True),
                LegMark(2, 0, 2, pushed=True, save_called=True),
                LegMark(3, 2, 4, pushed=True),
            ),
            won=True,
        ),
        DriverLine("Avilius", "Blues", (LegMark(1, 0, 0, pushed=True, wrecked=True),)),
    ]


def test_the_seeds_example_draws_as_well_formed_svg():
    svg = str(race_chart_svg(_lines()))
    root = ET.fromstring(svg)
    lines = root.findall(f"{SVG}g[@class='race-line']")
    assert [g.get("data-driver") for g in lines] == ["Scorpus", "Diocles", "Avilius"]
    # Start plus three legs for a driver who finished; start plus one for the wrecked man.
    points = [len(g.find(f"{SVG}polyline").get("points").split()) for g in lines]
    assert points == [4, 4, 2]
    assert "Diocles: 4, won" in svg
    assert "Avilius: 0 ✕ wrecked" in svg
    assert lines[1].find(f"{SVG}polyline").get("stroke-width") == "4"  # the winner
    assert lines[1].find(f"{SVG}polyline").get("stroke") == colour_for("Reds", 1)


def test_the_chart_names_its_legs_and_describes_the_race():
    svg = str(race_chart_svg(_lines(), title="Ludi Romani"))
    for label in ("Start", "Leg 1", "Leg 2", "Leg 3"):
        assert f">{label}<" in svg
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", svg).group(1)
    assert "Diocles (won): 4 distance" in desc
    assert "Avilius: wrecked on leg 1" in desc


def test_tooltips_say_what_befell_each_leg():
    svg = str(race_chart_svg(_lines()))
    assert "Diocles, leg 2: +0 (total 2), pushed for the inside, wreck save called" in svg
    assert "Avilius, leg 1: +0 (total 0), pushed for the inside, WRECKED" in svg


def test_names_are_escaped():
    svg = str(race_chart_svg([DriverLine("<script>x</script>", "Reds", (LegMark(1, 1, 1),))]))
    assert "<script>" not in svg
    ET.fromstring(svg)


def test_a_race_not_yet_run_draws_its_field_at_the_start(race):
    lines = race_chart_lines(race)
    assert [line.name for line in lines] == ["Scorpus", "Diocles", "Crescens", "Avilius"]
    assert all(not line.marks for line in lines)
    ET.fromstring(str(race_chart_svg(lines)))


def test_the_chart_follows_the_races_log(race):
    race = r.race_run(race=race, seed=5, legs=2)
    lines = race_chart_lines(race)
    for index, line in enumerate(lines):
        totals = [mark.total for mark in line.marks]
        logged = [leg["distances"][index] for leg in race.log["legs"]][: len(totals)]
        assert totals == logged
        assert len(line.marks) == (line.wrecked_on or 2)


def test_labels_of_drivers_level_at_the_bottom_stay_apart_and_inside():
    lines = [DriverLine(f"Driver {i}", "", (LegMark(1, 0, 0),)) for i in range(4)]
    svg = str(race_chart_svg(lines))
    ys = sorted(float(y) for y in re.findall(r'<text x="4\d\d" y="([\d.]+)"', svg))
    assert len(ys) == 4
    assert all(b - a >= 15 for a, b in zip(ys, ys[1:], strict=False))
    assert ys[-1] <= 300 - 40 + 4
