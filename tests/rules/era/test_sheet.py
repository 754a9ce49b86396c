"""The Era sheet type: thirteen ratings, their defaults, the JSON round trip, the rules."""

import pytest

from rules.core.errors import RulesError, SheetError
from rules.era.sheet import CHARACTERISTICS, SKILLS, EraSheet, Fighter

RATINGS = [
    "might",
    "agility",
    "intellect",
    "cunning",
    "willpower",
    "charisma",
    "melee",
    "charm",
    "medicine",
    "operate",
    "resilience",
    "vigilance",
    "athletics",
]


def test_the_sheet_is_exactly_the_thirteen_ratings():
    assert tuple(RATINGS) == CHARACTERISTICS + SKILLS
    assert sorted(EraSheet().to_dict()) == sorted(RATINGS)


def test_the_defaults_are_the_seeds():
    # The murmillo opponent (Might 3, Melee 2), Bithys's Charisma 2 and Charm 1; 2 and 1 else.
    sheet = EraSheet()
    assert (sheet.might, sheet.melee, sheet.charisma, sheet.charm) == (3, 2, 2, 1)
    # A new man of a campaign is untrained in Medicine and Operate (docs/rules.md); the engine's
    # own Fighter, which the odds commands build, keeps 1 in both.
    assert (sheet.medicine, sheet.operate) == (0, 0)
    assert sheet.fighter("X") == Fighter("X", medicine=0, operate=0)
    assert EraSheet.from_dict({}) == sheet


def test_a_sheet_round_trips_through_its_dict():
    sheet = EraSheet(might=6, agility=1, melee=5, athletics=0)
    assert EraSheet.from_dict(sheet.to_dict()) == sheet
    assert Fighter("Bithys", might=6).sheet == EraSheet(might=6, medicine=1, operate=1)


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [("might", 7, "from 1 to 6"), ("agility", 0, "from 1 to 6"), ("melee", 6, "from 0 to 5")],
)
def test_a_bad_rating_names_the_field_and_the_rule(field, value, rule):
    with pytest.raises(SheetError) as caught:
        EraSheet(**{field: value})
    assert caught.value.field == field and rule in caught.value.rule
    assert isinstance(caught.value, RulesError) and field in str(caught.value)


def test_a_stored_sheet_with_a_stray_key_or_a_text_rating_is_refused():
    with pytest.raises(SheetError, match="no name") as caught:
        EraSheet.from_dict({"name": "Bithys"})
    assert caught.value.field == "name"
    with pytest.raises(SheetError, match="whole number") as caught:
        EraSheet.from_dict({"charm": "2"})
    assert caught.value.field == "charm"


def test_form_fields_describe_every_rating():
    fields = {f.name: f for f in EraSheet.form_fields()}
    assert list(fields) == RATINGS
    assert (fields["might"].min, fields["might"].max, fields["might"].default) == (1, 6, 3)
    assert (fields["melee"].min, fields["melee"].max, fields["melee"].group) == (0, 5, "skills")
    assert fields["willpower"].group == "characteristics" and fields["charm"].label == "Charm"
