"""Three "end the day" posts at once, each for day 12, move the day by one (issue 10): the
campaign row is locked, and the two that wait then see day 13 and answer "already done"."""

import pytest

from ludus.errors import AlreadyDone
from ludus.services.recovery import DAY_ALREADY_ENDED, DayReport, campaign_advance_day
from tests.factories import CampaignFactory
from tests.threads import at_once

pytestmark = pytest.mark.django_db(transaction=True)


def test_three_end_the_day_posts_at_once_end_one_day():
    campaign = CampaignFactory(day=12)
    results = at_once(*[lambda: campaign_advance_day(campaign=campaign, day=12)] * 3)
    campaign.refresh_from_db()
    assert campaign.day == 13
    assert sum(isinstance(r, DayReport) for r in results) == 1, results
    refused = [r for r in results if not isinstance(r, DayReport)]
    assert all(isinstance(r, AlreadyDone) for r in refused), refused
    assert {str(r) for r in refused} == {DAY_ALREADY_ENDED.format(asked=12, day=13)}
