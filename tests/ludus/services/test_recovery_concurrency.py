"""Three "end the day" posts at once, each for day 12, move the day by one (issue 10): the
campaign row is locked, and the two that wait then see day 13 and answer "already done".
Three "treat" posts at once make one attempt of the medicus."""

import pytest

from ludus.errors import AlreadyDone
from ludus.models import TreatmentAttempt
from ludus.services.calendar import ADVANCE_DONE, AdvanceReport, campaign_advance_to
from ludus.services.recovery import (
    ALREADY_TREATED_TODAY,
    DAY_ALREADY_ENDED,
    DayReport,
    RecoveryError,
    campaign_advance_day,
    medicus_treat,
)
from tests.factories import CampaignFactory, InjuryFactory
from tests.threads import at_once, postgres_only, sort_out

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


@postgres_only
def test_three_treat_posts_at_once_make_one_attempt():
    """The medicus treats an injury once a day: three clicks at once make one attempt (the
    injury's row lock), the others are told he has tried today."""
    rib = InjuryFactory(gladiator__campaign__day=4)
    results = at_once(*[lambda: medicus_treat(injury=rib, seed=11)] * 3)
    made, others = sort_out(results, TreatmentAttempt)
    assert len(made) == 1, others
    assert TreatmentAttempt.objects.filter(injury=rib).count() == 1
    assert all(isinstance(r, RecoveryError) for r in others), others
    assert {str(r) for r in others} == {
        ALREADY_TREATED_TODAY.format(injury=rib.name, name=rib.gladiator.name)
    }


def test_three_advance_posts_at_once_advance_once():
    """Advance to day N, posted three times at once from a form drawn on day 12: the campaign
    row is locked, so one advances five nights and the others are told it is done."""
    campaign = CampaignFactory(day=12)
    results = at_once(*[lambda: campaign_advance_to(campaign=campaign, to_day=17, day=12)] * 3)
    campaign.refresh_from_db()
    assert campaign.day == 17
    assert sum(isinstance(r, AdvanceReport) for r in results) == 1, results
    refused = [r for r in results if not isinstance(r, AdvanceReport)]
    assert {str(r) for r in refused} == {ADVANCE_DONE.format(asked=12, day=17)}, refused
    assert campaign.day_ends.count() == 5
