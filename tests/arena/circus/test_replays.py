"""Replays of a click in the Circus (issue 10): "run the next leg" clicked twice runs one leg,
a stale "run to the end" after a leg runs nothing, and a race planned twice with the same form
is one race. The repeat answers "already done"."""

from django.urls import reverse

from arena.models import Race
from arena.rulesets.era.circus import services as r
from tests.factories import form_key


def _run(race):
    return reverse("circus:race_run", args=[race.show.campaign_id, race.pk])


def _detail(race):
    return reverse("circus:race_detail", args=[race.show.campaign_id, race.pk])


def test_the_run_form_carries_the_next_leg(client, gm, race):
    client.force_login(gm)
    assert 'name="leg" value="1"' in client.get(_detail(race)).content.decode()
    r.race_run(race=race, seed=4, legs=1)
    assert 'name="leg" value="2"' in client.get(_detail(race)).content.decode()


def test_run_the_next_leg_twice_runs_one_leg(client, gm, race):
    client.force_login(gm)
    first = client.post(_run(race), {"to": "next", "leg": 1, "seed": 4})
    again = client.post(_run(race), {"to": "next", "leg": 1, "seed": 4})
    race.refresh_from_db()
    assert race.legs_run == 1
    assert first.status_code == again.status_code == 302
    news = client.get(again.url).content.decode()
    assert r.LEG_DONE.format(leg=1, legs=1) in news


def test_a_repeat_with_htmx_answers_already_done_in_the_page(client, gm, race):
    client.force_login(gm)
    client.post(_run(race), {"to": "next", "leg": 1}, HTTP_HX_REQUEST="true")
    again = client.post(_run(race), {"to": "next", "leg": 1}, HTTP_HX_REQUEST="true")
    assert again.status_code == 200
    assert r.LEG_DONE.format(leg=1, legs=1) in again.content.decode()
    race.refresh_from_db()
    assert race.legs_run == 1


def test_a_stale_run_to_the_end_after_a_leg_runs_nothing(client, gm, race):
    client.force_login(gm)
    client.post(_run(race), {"to": "next", "leg": 1})
    client.post(_run(race), {"to": "end", "leg": 1})  # another tab, drawn before leg 1
    race.refresh_from_db()
    assert (race.legs_run, race.status) == (1, Race.Status.RUNNING)


def test_a_leg_not_next_or_missing_is_refused_naming_the_field(client, gm, race):
    client.force_login(gm)
    ahead = client.post(_run(race), {"to": "next", "leg": 3})
    assert ahead.status_code == 302
    assert r.LEG_NOT_YET.format(leg=3, legs=0) in client.get(ahead.url).content.decode()
    for data in ({"to": "next"}, {"to": "end", "leg": "x"}, {"to": "end", "leg": 2**63}):
        response = client.post(_run(race), data, HTTP_HX_REQUEST="true")
        assert response.status_code == 400
        assert "field leg" in response.content.decode()
    race.refresh_from_db()
    assert race.legs_run == 0


def test_a_race_planned_twice_is_one_race(client, gm, campaign, race):
    client.force_login(gm)
    data = {"show": race.show.pk, "name": "The bigae", "chariot": "biga", "prize_purses": 2}
    data["key"] = form_key()
    url = reverse("circus:race_plan", args=[campaign.pk])
    first, again = client.post(url, data), client.post(url, data)
    made = Race.objects.get(name="The bigae")  # one, or this raises
    assert first.url == again.url == _detail(made)
