"""The empty sheet the Sands and Moritari share (rules/core/sheets.py): the empty mapping round
trips; anything else is refused naming the field and the ruleset's own rule."""

import pytest

from rules.core.errors import SheetError
from rules.moritari.sheet import MoritariSheet
from rules.sands.ruleset import SandsSheet


@pytest.mark.parametrize(
    ("sheet", "name", "rule"),
    [
        (SandsSheet, "Sands", "seed 000: the Murmillo and the Thraex"),
        (MoritariSheet, "Moritari", "seed 002: 3 hit points each"),
    ],
)
def test_an_empty_sheet_holds_nothing_and_says_whose_rule_a_key_breaks(sheet, name, rule):
    assert sheet.from_dict(sheet().to_dict()) == sheet()
    assert sheet.form_fields() == ()
    with pytest.raises(SheetError, match=f"a {name} sheet must be a mapping") as refused:
        sheet.from_dict(["might"])
    assert refused.value.field == "sheet"
    with pytest.raises(SheetError, match=f"a {name} sheet has no might, skill:") as refused:
        sheet.from_dict({"skill": 1, "might": 3})
    assert refused.value.field == "might"
    assert rule in refused.value.rule


def test_two_rulesets_empty_sheets_are_not_equal():
    assert SandsSheet() != MoritariSheet()
