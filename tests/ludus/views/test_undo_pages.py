"""The recovery page's "Take back" (GM): the last medicus roll and the last end of day, with
what stands in their way said before the click; players get 404."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from ludus.models import Campaign, DayEnd, TreatmentAttempt
from ludus.services.recovery import campaign_advance_day, medicus_treat
from ludus.services.undo import ROLL_DAY_OVER
from tests.ludus.services.test_undo import rib, seed_for

pytestmark = pytest.mark.django_db


def recovery(cast):
    return reverse("recovery", args=[cast.campaign.pk])


def test_the_gm_takes_back_the_last_roll(cast):
    injury = rib(cast)
    attempt = medicus_treat(injury=injury, seed=seed_for(injury, True))
    client = cast.client_for("gm")
    page = client.get(recovery(cast)).content.decode()
    assert 'id="undo-roll"' in page and "Take back this roll: the injury is carried again" in page
    url = reverse("recovery_undo_roll", args=[cast.campaign.pk, attempt.pk])
    response = client.post(url, {"confirm": "roll"}, follow=True)
    assert response.status_code == 200 and "is taken back" in response.content.decode()
    injury.refresh_from_db()
    assert not injury.is_healed
    again = client.post(url, {"confirm": "roll"}, follow=True)
    assert "Already done" in again.content.decode()
    assert TreatmentAttempt.objects.filter(undone_at__isnull=False).count() == 1


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_players_cannot_take_back(cast, who):
    injury = rib(cast)
    attempt = medicus_treat(injury=injury, seed=seed_for(injury, True))
    campaign_advance_day(campaign=cast.campaign)
    client = cast.client_for(who)
    roll = reverse("recovery_undo_roll", args=[cast.campaign.pk, attempt.pk])
    day = reverse("recovery_undo_day", args=[cast.campaign.pk, DayEnd.objects.get().pk])
    assert client.post(roll, {"confirm": "roll"}).status_code == 404
    assert client.post(day, {"confirm": "day"}).status_code == 404
    if who != "outsider":
        assert 'id="undo"' not in client.get(recovery(cast)).content.decode()
    assert Campaign.objects.get(pk=cast.campaign.pk).day == 4


def test_what_stands_in_the_way_is_said_before_the_click(cast):
    injury = rib(cast)
    medicus_treat(injury=injury, seed=seed_for(injury, False))
    campaign_advance_day(campaign=cast.campaign)
    page = cast.client_for("gm").get(recovery(cast)).content.decode()
    assert escape(ROLL_DAY_OVER.format(day=3, today=4)) in page
    assert "Take back this roll" not in page
    assert "Take back the end of day 3" in page


def test_the_gm_takes_back_the_end_of_day(cast):
    client = cast.client_for("gm")
    client.post(reverse("recovery_advance_day", args=[cast.campaign.pk]), {"day": 3})
    record = DayEnd.objects.get(campaign=cast.campaign)
    url = reverse("recovery_undo_day", args=[cast.campaign.pk, record.pk])
    response = client.post(url, {"confirm": "day"}, follow=True)
    assert "The end of day 3 is taken back" in response.content.decode()
    assert Campaign.objects.get(pk=cast.campaign.pk).day == 3
    missing = client.post(url, {})
    assert missing.status_code == 400 and "field confirm" in missing.content.decode()
    log = client.get(reverse("change_log", args=[cast.campaign.pk])).content.decode()
    assert "Day: 4 → 3" in log
