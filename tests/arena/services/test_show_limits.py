"""Issue 10, overflows: the show planner's service refuses a day or a year out of range
(ludus.limits), naming the field, even when called without the form."""

import pytest

from arena.models import Show
from arena.services.shows import ShowError, show_plan
from ludus.limits import MAX_DAY, MAX_YEAR, MIN_YEAR
from tests.factories import CampaignFactory, EditorFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("day", MAX_DAY + 1),
        ("day", 2**63),
        ("day", 0),
        ("year", MAX_YEAR + 1),
        ("year", MIN_YEAR - 1),
        ("year", 2**63),
    ],
)
def test_a_show_out_of_range_is_refused_naming_the_field(field, value):
    campaign = CampaignFactory()
    editor = EditorFactory(campaign=campaign)
    with pytest.raises(ShowError) as refused:
        show_plan(campaign=campaign, name="Games", editor=editor, **{field: value})
    assert str(refused.value).startswith(f"{field.capitalize()} must be a whole number from")
    assert not Show.objects.exists()


def test_the_last_day_is_allowed():
    campaign = CampaignFactory()
    show = show_plan(
        campaign=campaign, name="Games", editor=EditorFactory(campaign=campaign), day=MAX_DAY
    )
    assert show.day == MAX_DAY
