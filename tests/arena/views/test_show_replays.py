"""Replays of a click on the show planner (issue 10): the same form sent twice plans one show,
and the repeat goes to it with "already done"."""

from django.urls import reverse

from arena.models import Show
from ludus.services.once import ALREADY_DONE
from tests.arena.views.test_shows import plan_data, url


def test_a_show_planned_twice_is_one_show(cast, as_user):
    client = as_user(cast.gm)
    data = plan_data(cast)
    first = client.post(url("show_plan", cast), data)
    again = client.post(url("show_plan", cast), data)
    show = Show.objects.get(name="Ludi Romani")  # one, or this raises
    assert first.url == again.url == url("show_detail", cast, show.pk)
    assert ALREADY_DONE in client.get(again.url).content.decode()


def test_a_show_without_its_key_is_refused_naming_the_field(cast, as_user):
    data = plan_data(cast)
    data.pop("key")
    response = as_user(cast.gm).post(reverse("arena:show_plan", args=[cast.campaign.pk]), data)
    assert response.status_code == 400
    assert "field key" in response.content.decode()
    assert not Show.objects.filter(name="Ludi Romani").exists()
