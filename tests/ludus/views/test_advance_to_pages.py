"""Advance to day N on the Recovery page: the GM's alone (404 to anyone else), nights of rest
with the medicus rolls ticked, a repeat or stale tab written once, bad days refused naming the
field; an advance of several days is not offered for taking back."""

import pytest
from django.urls import reverse

from ludus.models import Campaign, DayEnd, Gladiator, TreatmentAttempt
from ludus.services.undo import ADVANCE_STANDS
from tests.cast import EVERYONE

pytestmark = pytest.mark.django_db


def _page(cast):
    return reverse("recovery", args=[cast.campaign.pk])


def _url(cast):
    return reverse("recovery_advance_to", args=[cast.campaign.pk])


def _day(cast) -> int:
    return Campaign.objects.get(pk=cast.campaign.pk).day


@pytest.mark.parametrize("who, sees", [("gm", True), ("nerva", False), ("other", False)])
def test_only_the_gm_sees_advance_to_day_n(cast, who, sees):
    text = cast.client_for(who).get(_page(cast)).content.decode()
    assert (_url(cast) in text) is sees
    if sees:
        assert "Advance to day" in text and 'name="to_day"' in text
        assert "Bithys: Cracked Rib" in text  # the injury the medicus may treat, to tick


@pytest.mark.parametrize("who", [w for w in EVERYONE if w != "gm"])
def test_advance_is_404_to_anyone_but_the_gm_and_moves_nothing(cast, who):
    answer = cast.client_for(who).post(_url(cast), {"day": 3, "to_day": 6})
    assert answer.status_code == 404
    assert _day(cast) == 3 and not DayEnd.objects.exists()


def test_the_gm_advances_night_by_night_with_the_medicus_roll_he_ticked(cast):
    rib = cast.bithys.injuries.get()
    client = cast.client_for("gm")
    answer = client.post(
        _url(cast), {"day": 3, "to_day": 6, "treat": [rib.pk], "where": "ludus"}, follow=True
    )
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "Day 6 begins: 3 nights of rest" in text and "(from day 3)" in text
    assert "Bithys (−2 Wounds)" in text  # Might 3 against his 2 Wounds: healed the first night
    assert _day(cast) == 6
    assert [n.day for n in DayEnd.objects.order_by("day")] == [3, 4, 5]
    attempt = TreatmentAttempt.objects.get(injury=rib)
    assert attempt.day == 3 and attempt.at_ludus
    assert Gladiator.objects.get(pk=cast.bithys.pk).wounds == 0
    # The last night belongs to an advance of several days: it stands, and the page says so.
    assert ADVANCE_STANDS.format(day=5, to=6) in text


def test_a_repeat_or_a_stale_tab_writes_once_and_says_so(cast):
    client = cast.client_for("gm")
    client.post(_url(cast), {"day": 3, "to_day": 5})
    again = client.post(_url(cast), {"day": 3, "to_day": 5}, follow=True)
    assert "Already done: this form was drawn on day 3, and the day is already 5" in (
        again.content.decode()
    )
    assert _day(cast) == 5 and DayEnd.objects.count() == 2


@pytest.mark.parametrize(
    "data, words",
    [
        ({"day": 3, "to_day": 3}, "Advance to day (field to_day) must be after today, day 3"),
        ({"day": 3, "to_day": 1}, "Advance to day (field to_day) must be after today, day 3"),
        ({"day": 3, "to_day": 369}, "Advance to day (field to_day) may be at most 365 days"),
        ({"day": 3, "to_day": "soon"}, "Advance to day (field to_day) must be a whole number"),
        ({"day": 3}, "Advance to day (field to_day): give the day"),
        ({"day": 3, "to_day": 10**9}, "Advance to day (field to_day) must be at most"),
        ({"to_day": 5}, "(field day)"),
        ({"day": 3, "to_day": 5, "treat": ["999999"]}, "(field treat)"),
        ({"day": 3, "to_day": 5, "where": "mars"}, "(field where)"),
    ],
)
def test_bad_input_is_refused_naming_the_field_and_nothing_is_written(cast, data, words):
    answer = cast.client_for("gm").post(_url(cast), data)
    assert answer.status_code == 400
    assert words in answer.content.decode()
    assert _day(cast) == 3 and not DayEnd.objects.exists()
    assert not TreatmentAttempt.objects.exists()


def test_a_roll_the_rules_refuse_refuses_the_whole_advance(cast):
    rib = cast.bithys.injuries.get()
    client = cast.client_for("gm")
    client.post(reverse("recovery_treat", args=[cast.campaign.pk, rib.pk]))  # tried today
    answer = client.post(_url(cast), {"day": 3, "to_day": 5, "treat": [rib.pk]})
    assert answer.status_code == 400
    assert "(field treat)" in answer.content.decode()  # no longer offered to tick
    assert _day(cast) == 3 and TreatmentAttempt.objects.count() == 1
