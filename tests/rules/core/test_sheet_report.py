"""check_sheet on the ruleset seam: every registered ruleset answers in one shape; the shared
reading (`sheet_report`) is the sheet type's own check and, for a good sheet, the figures."""

import json

import pytest

from rules.core.registry import get_ruleset, ruleset_keys
from rules.core.sheet_report import SheetReport, sheet_report
from rules.era.sheet import EraSheet
from rules.grimdark.contenders import LORD_SMASH


@pytest.mark.parametrize("key", ruleset_keys())
def test_every_ruleset_checks_a_sheet_in_one_shape(key):
    ruleset = get_ruleset(key)
    for data in (
        {},
        [],
        {"no such field": 1},
        ruleset.sheet_type.from_dict({}).to_dict()
        if key != "grimdark"
        else LORD_SMASH.sheet.to_dict(),
    ):
        report = ruleset.check_sheet(data)
        found = json.loads(json.dumps(report.to_dict()))
        assert set(found) == {"ok", "problems", "derived"} and found["ok"] is report.ok
        assert report.ok == (not report.problems)
        for problem in found["problems"]:
            assert set(problem) == {"field", "rule", "message"} and problem["message"]
        assert report.lines() and all(isinstance(line, str) for line in report.lines())


def test_the_shared_report_gives_the_rulesets_figures_of_a_good_sheet():
    era = get_ruleset("era")
    report = era.check_sheet({"might": 5})
    figures = era.figures(EraSheet.from_dict({"might": 5}))
    assert report.ok and report.derived == figures.as_dict()
    assert report.lines() == [f"{item.label}: {item.value}" for item in figures.items]


def test_the_shared_report_names_the_field_and_rule_the_sheet_type_refuses():
    report = get_ruleset("era").check_sheet({"might": 9})
    assert not report.ok and report.derived == {}
    (problem,) = report.problems
    assert problem.field == "might" and problem.rule and "might" in problem.message.lower()
    assert report.lines() == [f"might: {problem.message} [{problem.rule}]"]


def test_a_value_that_is_not_an_object_is_one_problem_on_the_sheet():
    report = sheet_report(EraSheet, get_ruleset("era").figures, [1, 2])
    assert report == SheetReport(False, report.problems)
    assert report.problems[0].field == "sheet" and "got list" in report.problems[0].message


def test_grimdark_names_every_broken_rule_at_once():
    sheet = LORD_SMASH.sheet.to_dict() | {
        "stats": {"brutality": 9, "style": 3, "mind": 3, "weird": 3},
        "armour_slots": 1,
    }
    report = get_ruleset("grimdark").check_sheet(sheet)
    assert not report.ok
    assert [p.rule for p in report.problems] == ["stat_total", "stat_spread", "equipment_slots"]
