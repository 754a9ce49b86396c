"""The searchable selects of the arena's pages (ludus.picker): the odds page's two men and the
show planner's pair and replacement. Each page answers its own searches from the form it draws:
the odds offer the living fighters, the planner the men fit for the card."""

import re

import pytest
from django.urls import reverse

from ludus import picker
from ludus.models import Gladiator
from tests.arena.rulesets.sands.cast import man
from tests.cast import make_campaign
from tests.picks import HX, picked


@pytest.fixture(autouse=True)
def long(monkeypatch):
    monkeypatch.setattr(picker, "PICK_ABOVE", 1)
    monkeypatch.setattr(picker, "PICK_SHOWN", 2)


def _odds(cast) -> str:
    return reverse("arena:odds", args=[cast.campaign.pk])


def test_the_odds_page_searches_its_fighters(cast, as_user):
    client = as_user(cast.owner)  # odds are public: any member may ask
    page = client.get(_odds(cast)).content.decode()
    assert page.count('type="search"') == 2 and "Find a man" in page
    assert picked(client, _odds(cast), "fighter_a", "crix") == [str(cast.theirs.pk)]
    assert picked(client, _odds(cast), "fighter_b", "SPIC") == [str(cast.spare_a.pk)]


def test_the_odds_search_leaves_out_the_dead(cast, as_user):
    cast.spare_b.status = Gladiator.Status.DEAD
    cast.spare_b.save()
    assert picked(as_user(cast.gm), _odds(cast), "fighter_a", "verus") == []


def test_the_odds_page_after_a_refused_run_still_searches_the_odds_page(cast, as_user):
    response = as_user(cast.gm).post(
        reverse("arena:odds_run", args=[cast.campaign.pk]), {"fighter_a": "x"}
    )
    assert response.status_code == 400
    assert f'hx-get="{_odds(cast)}"' in response.content.decode()


def test_the_show_planner_searches_the_men_fit_for_the_card(cast, as_user):
    url = reverse("arena:show_detail", args=[cast.campaign.pk, cast.show.pk])
    client = as_user(cast.gm)
    page = client.get(url).content.decode()
    assert 'type="search"' in page
    assert picked(client, url, "fighter_a", "veru") == [str(cast.spare_b.pk)]
    assert picked(client, url, "gladiator", "spic") == [str(cast.spare_a.pk)]
    # The planner is the GM's: a player's page has no select to search.
    response = as_user(cast.owner).get(url, {"pick": "fighter_a", "q": "v"}, headers=HX)
    assert response.status_code == 404


def test_the_sands_odds_page_searches_the_men_who_can_fight_the_duel(db, client):
    sands = make_campaign(ruleset="sands")
    net = man(
        sands.campaign, sands.school, "Verus", "retiarius", checked=False
    )  # not a duellist of Sands
    client.force_login(sands.owner)
    url = reverse("arena:odds", args=[sands.campaign.pk])
    assert client.get(url).content.decode().count('type="search"') == 2
    assert picked(client, url, "fighter_b", "spart") == [str(sands.spartacus.pk)]
    assert picked(client, url, "fighter_a", net.name) == []


def test_the_moritari_odds_slots_search_the_men_and_keep_the_beasts(db, client, monkeypatch):
    monkeypatch.setattr(picker, "PICK_SHOWN", 1)
    moritari = make_campaign(ruleset="moritari")
    url = reverse("arena:odds", args=[moritari.campaign.pk])
    client.force_login(moritari.gm)
    page = client.get(url).content.decode()
    assert page.count('type="search"') == 6
    first = re.search(r'<select name="fighter_1"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert 'value="beast:lion"' in first  # the beasts are listed whatever the men shown
    assert f'value="man:{moritari.verus.pk}"' not in first  # beyond the first man
    found = picked(client, url, "fighter_1", "veru")
    assert found == [f"man:{moritari.verus.pk}"]
    assert picked(client, url, "fighter_1", "lion") == ["beast:lion"]
    # A beast chosen stays chosen through a search for a man.
    response = client.get(
        url, {"pick": "fighter_2", "q": "veru", "fighter_2": "beast:lion"}, headers=HX
    )
    assert re.search(r'<option value="beast:lion" selected>', response.content.decode())
    # A man found by a search runs (his value is "man:<pk>", as the plain select's).
    run = client.post(
        reverse("arena:odds_run", args=[moritari.campaign.pk]),
        {"fighter_1": f"man:{moritari.verus.pk}", "fighter_2": "beast:lion", "fights": "100"},
        headers=HX,
    )
    assert run.status_code == 200
