"""The Circus pages for the GM, the driver's player, another player and an outsider.

Every member sees the race and every leg run; a driver's orders for legs not yet run are seen
and set by the GM and the player whose school owns him; only the GM runs the race and spends
Peril Points; an outsider gets 404.
"""

import pytest
from django.urls import reverse

from arena.models import Race
from arena.rulesets.era.circus import services as r


@pytest.fixture
def pushing(race):
    entry = race.entries.get(driver__name="Diocles")
    r.race_orders_set(entry=entry, push_legs=[True, False, True], peril_legs=[])
    r.race_orders_set(entry=race.entries.get(driver__name="Crescens"), peril_legs=[3])
    return entry


def _as(client, user):
    client.force_login(user)
    return client


def _detail(race):
    return reverse("circus:race_detail", args=[race.show.campaign_id, race.pk])


def _row(page, name):
    return next(row for row, _price, _form in page.context["rows"] if row.entry.driver.name == name)


def test_every_member_sees_the_race(client, gm, owner, other_player, race):
    for user in (gm, owner, other_player):
        page = _as(client, user).get(_detail(race))
        assert page.status_code == 200
        assert "Diocles" in page.content.decode()
        assert "<svg" in page.content.decode()


def test_the_owner_and_the_gm_see_the_push_orders_another_player_does_not(
    client, gm, owner, other_player, race, pushing
):
    assert _row(_as(client, gm).get(_detail(race)), "Diocles").pushes == [True, False, True]
    assert _row(_as(client, owner).get(_detail(race)), "Diocles").pushes == [True, False, True]
    other = _as(client, other_player).get(_detail(race))
    assert _row(other, "Diocles").pushes == [None, None, None]
    row = other.content.decode().split(f'id="entry-{pushing.pk}"')[1].split("</tr>")[0]
    assert "pushes for the inside" not in row and "private orders" in row
    owned = _as(client, owner).get(_detail(race)).content.decode()
    assert "leg 1: pushes for the inside" in owned.split(f'id="entry-{pushing.pk}"')[1]


def test_only_the_gm_sees_peril_points(client, gm, owner, race, pushing):
    assert _row(_as(client, gm).get(_detail(race)), "Crescens").perils == [False, False, True]
    assert _row(_as(client, owner).get(_detail(race)), "Crescens").perils == [None, None, None]


def test_run_legs_are_public(client, other_player, race, pushing):
    r.race_run(race=race, seed=3, legs=1)
    page = _as(client, other_player).get(_detail(race))
    assert _row(page, "Diocles").pushes == [True, None, None]
    assert "Leg 1: Start and first turn" in page.content.decode()


def test_an_outsider_gets_404(client, outsider, race):
    assert _as(client, outsider).get(_detail(race)).status_code == 404
    url = reverse("circus:race_list", args=[race.show.campaign_id])
    assert _as(client, outsider).get(url).status_code == 404


def test_the_race_list(client, other_player, race):
    page = _as(client, other_player).get(reverse("circus:race_list", args=[race.show.campaign_id]))
    assert page.status_code == 200
    assert race.name in page.content.decode()


# --- running ------------------------------------------------------------------------------


def _run(race):
    return reverse("circus:race_run", args=[race.show.campaign_id, race.pk])


def test_the_gm_runs_a_leg_then_the_rest(client, gm, race):
    client = _as(client, gm)
    assert client.post(_run(race), {"to": "next", "seed": "12", "leg": 1}).status_code == 302
    race.refresh_from_db()
    assert (race.legs_run, race.seed, race.status) == (1, 12, Race.Status.RUNNING)
    page = client.post(_run(race), {"to": "end", "leg": 2}, HTTP_HX_REQUEST="true")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="race-page"' in html and "<html" not in html and "<svg" in html
    race.refresh_from_db()
    assert race.legs_run == 3 and race.status == Race.Status.DONE


def test_a_refused_run_shows_the_message(client, gm, race):
    r.race_run(race=race, seed=1)
    page = _as(client, gm).post(_run(race), {"to": "next", "leg": 3}, HTTP_HX_REQUEST="true")
    assert page.status_code == 200
    assert r.LEG_DONE.format(leg=3, legs=3) in page.content.decode()


@pytest.mark.parametrize("who", ["owner", "other_player"])
def test_players_cannot_run_the_race(client, request, race, who):
    user = request.getfixturevalue(who)
    assert _as(client, user).post(_run(race), {"to": "end", "leg": 1}).status_code == 404
    race.refresh_from_db()
    assert race.legs_run == 0


def test_an_outsider_cannot_run_the_race(client, outsider, race):
    assert _as(client, outsider).post(_run(race), {"to": "end", "leg": 1}).status_code == 404


# --- orders -------------------------------------------------------------------------------


def _orders(race, entry):
    return reverse("circus:race_orders", args=[race.show.campaign_id, race.pk, entry.pk])


def test_the_owner_sets_his_drivers_push_orders_but_no_peril(client, owner, race):
    entry = race.entries.get(driver__name="Scorpus")
    page = _as(client, owner).post(_orders(race, entry), {"push_2": "on", "peril_1": "on"})
    assert page.status_code == 302
    entry.refresh_from_db()
    assert entry.push_legs == [False, True, False]
    assert entry.peril_legs == []


def test_the_gm_spends_peril_points(client, gm, race):
    entry = race.entries.get(driver__name="Scorpus")
    _as(client, gm).post(_orders(race, entry), {"peril_3": "on"})
    entry.refresh_from_db()
    assert entry.peril_legs == [3]


def test_another_player_cannot_set_orders(client, other_player, owner, race):
    entry = race.entries.get(driver__name="Scorpus")
    page = _as(client, other_player).post(_orders(race, entry), {"push_1": "on"})
    assert page.status_code == 404
    entry.refresh_from_db()
    assert entry.push_legs == []


def test_orders_of_a_run_leg_are_kept_from_the_form(client, owner, race):
    entry = race.entries.get(driver__name="Scorpus")
    r.race_orders_set(entry=entry, push_legs=[True, False, False])
    r.race_run(race=race, seed=2, legs=1)
    # The leg-1 box is disabled: whatever the browser sends, leg 1 keeps its order.
    _as(client, owner).post(_orders(race, entry), {"push_3": "on"})
    entry.refresh_from_db()
    assert entry.push_legs == [True, False, True]
