"""Advance to day N (ludus.services.calendar): N nights of rest are N single ends of day, the
medicus rolls asked for are rolled once on today, a repeat or stale form writes nothing, bad
days are refused naming the field, and such an advance is not taken back alone."""

import pytest

from ludus.errors import AlreadyDone
from ludus.models import Campaign, DayEnd, Gladiator, TreatmentAttempt
from ludus.services.calendar import (
    ADVANCE_DONE,
    MAX_ADVANCE,
    CalendarError,
    campaign_advance_to,
)
from ludus.services.recovery import campaign_advance_day
from ludus.services.undo import ADVANCE_STANDS, UndoError, day_end_undo
from tests import factories

pytestmark = pytest.mark.django_db


def _camp(name: str) -> Campaign:
    """A campaign on day 4: three men carrying Wounds, one with a Mortal Wound untreated
    (it kills at the end of day 2 + 6 = 8), one dead already."""
    campaign = factories.CampaignFactory(name=name, day=4)
    school = factories.LanistaFactory(campaign=campaign)
    factories.GladiatorFactory(campaign=campaign, owner=school, name="Ajax", wounds=11, might=2)
    factories.GladiatorFactory(campaign=campaign, owner=school, name="Bato", wounds=7, might=4)
    dying = factories.GladiatorFactory(
        campaign=campaign, owner=school, name="Castor", wounds=9, might=3
    )
    factories.InjuryFactory(gladiator=dying, name="Mortal Wound", day_taken=2)
    factories.GladiatorFactory(
        campaign=campaign, owner=school, name="Dead", wounds=5, status=Gladiator.Status.DEAD
    )
    return campaign


def _state(campaign: Campaign):
    men = Gladiator.objects.filter(campaign=campaign).order_by("name")
    nights = DayEnd.objects.filter(campaign=campaign).order_by("day")
    names = {m.pk: m.name for m in men}
    return (
        Campaign.objects.get(pk=campaign.pk).day,
        [(m.name, m.wounds, m.status) for m in men],
        [
            (
                n.day,
                sorted((names[int(pk)], rest) for pk, rest in n.rested.items()),
                [names[pk] for pk in n.died],
            )
            for n in nights
        ],
    )


def test_n_nights_of_advance_are_n_single_ends_of_day():
    advanced, ended = _camp("Advanced"), _camp("Ended")
    report = campaign_advance_to(campaign=advanced, to_day=10, day=4)
    for day in range(4, 10):
        campaign_advance_day(campaign=ended, day=day)
    assert _state(advanced) == _state(ended)
    day, men, nights = _state(advanced)
    assert day == 10 and len(nights) == 6
    # Night by night: Ajax heals 2 a night (11 -> 0 over six nights), Bato 4 (7 -> 3 -> 0),
    # Castor rests until the night of day 8, when his untreated Mortal Wound kills him.
    assert ("Ajax", 0, "active") in men and ("Bato", 0, "active") in men
    assert ("Castor", 0, "dead") in men  # 9 -3 -3 -3 over the nights of days 4, 5 and 6
    assert nights[0][1] == [("Ajax", [2, 9]), ("Bato", [4, 3]), ("Castor", [3, 6])]
    assert nights[4][2] == ["Castor"]  # the night of day 8
    assert report.died == [("Castor", 8)]
    assert report.rested == {"Ajax": 11, "Bato": 7, "Castor": 9}
    assert report.nights == 6


def test_the_medicus_rolls_asked_for_are_rolled_once_on_today_before_the_first_night():
    campaign = _camp("Medicus")
    castor = Gladiator.objects.get(campaign=campaign, name="Castor")
    wound = castor.injuries.get()
    report = campaign_advance_to(campaign=campaign, to_day=7, day=4, treat=[wound])
    attempts = list(TreatmentAttempt.objects.filter(injury=wound))
    assert len(attempts) == 1 and attempts[0].day == 4
    assert report.attempts == attempts
    wound.refresh_from_db()
    assert wound.healed_on == (4 if attempts[0].success else None)


def test_a_repeat_or_stale_form_writes_once_and_says_so():
    campaign = _camp("Repeat")
    campaign_advance_to(campaign=campaign, to_day=6, day=4)
    before = _state(campaign)
    with pytest.raises(AlreadyDone) as repeat:
        campaign_advance_to(campaign=campaign, to_day=6, day=4)
    assert str(repeat.value) == ADVANCE_DONE.format(asked=4, day=6)
    with pytest.raises(AlreadyDone):  # a stale tab asking for a later day: still drawn on day 4
        campaign_advance_to(campaign=campaign, to_day=9, day=4)
    assert _state(campaign) == before
    with pytest.raises(CalendarError, match="Day 7 has not come"):
        campaign_advance_to(campaign=campaign, to_day=9, day=7)


@pytest.mark.parametrize(
    "to_day, words",
    [
        (4, "must be after today, day 4; got 4"),
        (2, "must be after today, day 4; got 2"),
        (4 + MAX_ADVANCE + 1, "at most 365 days after today (day 4), so day 369 at the latest"),
        ("9", "must be a whole number"),
        (True, "must be a whole number"),
    ],
)
def test_a_bad_day_is_refused_naming_the_field_and_nothing_is_written(to_day, words):
    campaign = _camp("Bad")
    before = _state(campaign)
    with pytest.raises(CalendarError) as refused:
        campaign_advance_to(campaign=campaign, to_day=to_day, day=4)
    assert "Advance to day (field to_day)" in str(refused.value)
    assert words in str(refused.value)
    assert _state(campaign) == before


def test_the_longest_advance_is_allowed():
    campaign = factories.CampaignFactory(day=1)
    campaign_advance_to(campaign=campaign, to_day=1 + MAX_ADVANCE)
    assert Campaign.objects.get(pk=campaign.pk).day == 366


def test_an_injury_of_another_campaign_is_refused():
    campaign, other = _camp("Mine"), _camp("Theirs")
    wound = Gladiator.objects.get(campaign=other, name="Castor").injuries.get()
    with pytest.raises(CalendarError, match=r"field treat\) #\d+ is not one of this campaign"):
        campaign_advance_to(campaign=campaign, to_day=6, treat=[wound])
    assert not TreatmentAttempt.objects.exists()
    assert Campaign.objects.get(pk=campaign.pk).day == 4


def test_an_advance_of_several_days_is_not_taken_back():
    campaign = _camp("Several")
    campaign_advance_to(campaign=campaign, to_day=7)
    last = DayEnd.objects.filter(campaign=campaign).order_by("-day").first()
    assert last.day == 6 and last.advance_to == 7
    with pytest.raises(UndoError) as refused:
        day_end_undo(record=last)
    assert str(refused.value) == ADVANCE_STANDS.format(day=6, to=7)
    assert Campaign.objects.get(pk=campaign.pk).day == 7


def test_an_advance_of_one_night_is_an_end_of_day_and_is_taken_back_as_one():
    campaign = _camp("One night")
    campaign_advance_to(campaign=campaign, to_day=5)
    night = DayEnd.objects.get(campaign=campaign)
    assert night.advance_to is None
    day_end_undo(record=night)
    assert Campaign.objects.get(pk=campaign.pk).day == 4
    assert Gladiator.objects.get(campaign=campaign, name="Ajax").wounds == 11


def test_the_nights_cost_a_few_queries_each_whatever_the_number_of_men(
    django_assert_max_num_queries,
):
    campaign = factories.CampaignFactory(day=1)
    for _ in range(12):
        factories.GladiatorFactory(campaign=campaign)
    # Per night: lock and read the living men, their unhealed injuries, the day and its record
    # (and their history rows); not a query per man.
    with django_assert_max_num_queries(30 * 10):
        campaign_advance_to(campaign=campaign, to_day=31)
