"""Replays of a click on the ludus pages (issue 10): "end the day" and "record a Favor" sent
twice (a double click, a retry, a stale tab) write once; the repeat answers "already done"."""

from django.urls import reverse

from ludus.models import Favor, OnceKey
from ludus.services.once import ALREADY_DONE
from ludus.services.recovery import DAY_ALREADY_ENDED, DAY_NOT_YET
from tests.factories import form_key


def _advance(cast):
    return reverse("recovery_advance_day", args=[cast.campaign.pk])


def _text(client, response) -> str:
    return client.get(response.url).content.decode().replace("&#x27;", "'")


def test_the_page_draws_the_day_it_ends(cast):
    page = cast.client_for("gm").get(reverse("recovery", args=[cast.campaign.pk]))
    assert 'name="day" value="3"' in page.content.decode()


def test_end_the_day_twice_moves_the_day_by_one(cast):
    client = cast.client_for("gm")
    first = client.post(_advance(cast), {"day": 3})
    again = client.post(_advance(cast), {"day": 3})  # the same form, sent again
    cast.campaign.refresh_from_db()
    cast.bithys.refresh_from_db()
    assert cast.campaign.day == 4
    assert first.status_code == again.status_code == 302
    assert DAY_ALREADY_ENDED.format(asked=3, day=4) in _text(client, again)


def test_a_stale_tab_for_a_day_long_gone_writes_nothing(cast):
    client = cast.client_for("gm")
    for day in (3, 4, 5):
        client.post(_advance(cast), {"day": day})
    response = client.post(_advance(cast), {"day": 4})
    cast.campaign.refresh_from_db()
    assert cast.campaign.day == 6
    assert DAY_ALREADY_ENDED.format(asked=4, day=6) in _text(client, response)


def test_a_day_not_yet_come_or_no_day_is_refused_naming_the_field(cast):
    client = cast.client_for("gm")
    ahead = client.post(_advance(cast), {"day": 9})
    assert ahead.status_code == 400
    assert DAY_NOT_YET.format(asked=9, day=3) in ahead.content.decode()
    for data in ({}, {"day": "soon"}, {"day": 2**63}, {"day": -1}):
        response = client.post(_advance(cast), data)
        assert response.status_code == 400
        assert "field day" in response.content.decode()
    cast.campaign.refresh_from_db()
    assert cast.campaign.day == 3


def test_a_favor_recorded_twice_is_written_once(cast):
    client = cast.client_for("gm")
    data = {"record-new_patron": "Marcus Fabius", "record-owed_by": "Nerva"}
    data["record-key"] = form_key()
    first = client.post(reverse("favor_record", args=[cast.campaign.pk]), data)
    again = client.post(reverse("favor_record", args=[cast.campaign.pk]), data)
    assert first.status_code == again.status_code == 302
    assert Favor.objects.count() == 1
    assert ALREADY_DONE in _text(client, again)
    # A new form (a new key) records a second one: the key, not the content, is the click.
    client.post(reverse("favor_record", args=[cast.campaign.pk]), data | {"record-key": form_key()})
    assert Favor.objects.count() == 2


def test_a_favor_without_its_key_is_refused_naming_the_field(cast):
    data = {"record-new_patron": "Marcus Fabius", "record-owed_by": "Nerva"}
    response = cast.client_for("gm").post(reverse("favor_record", args=[cast.campaign.pk]), data)
    assert response.status_code == 400
    assert "field key" in response.content.decode()
    assert not Favor.objects.exists() and not OnceKey.objects.exists()
