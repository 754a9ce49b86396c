"""The searchable selects of the desk's pages (ludus.picker): the ledger's account and show
filters and the GM's funding form, the market's forms, the share link's show. A search answers
from the field the page itself draws, so it finds exactly what the plain select would list:
never another player's account, never a man not for sale."""

import re

import pytest
from django.urls import reverse

from economy import accounts
from ludus import picker
from tests.picks import HX, picked


def _select(text: str, name: str) -> list[str]:
    match = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', text, re.S)
    assert match, f"no select {name}"
    return re.findall(r'<option value="([^"]*)"', match.group(1))


def _ledger(cast) -> str:
    return reverse("economy:ledger", args=[cast.campaign.pk])


def _market(cast) -> str:
    return reverse("economy:market", args=[cast.campaign.pk])


@pytest.fixture
def long(monkeypatch):
    """Every select of more than one option is a long one; a search shows up to 50."""
    monkeypatch.setattr(picker, "PICK_ABOVE", 1)


@pytest.mark.parametrize("who", ["nerva", "other"])
def test_a_players_ledger_search_finds_his_accounts_only(cast, monkeypatch, who):
    client = cast.client_for(who)
    plain = _select(client.get(_ledger(cast)).content.decode(), "account")
    monkeypatch.setattr(picker, "PICK_ABOVE", 1)
    page = client.get(_ledger(cast)).content.decode()
    assert "Find an account" in page
    found = picked(client, _ledger(cast), "account")
    assert set(found) == set(plain) - {""}
    assert len(found) >= 2
    theirs = accounts.chest(cast.rival if who == "nerva" else cast.school)
    assert str(theirs.pk) not in found
    assert picked(client, _ledger(cast), "account", theirs.name[:6]) == []


def test_the_gm_searches_every_account_and_the_funding_form_too(cast, long):
    client = cast.client_for("gm")
    rival = accounts.chest(cast.rival)
    assert picked(client, _ledger(cast), "account", "batiatus") == [str(rival.pk)]
    assert picked(client, _ledger(cast), "fund-account", "batiatus") == [str(rival.pk)]
    assert picked(client, _ledger(cast), "show", "forum") == [str(cast.show.pk)]


def test_a_player_has_no_funding_form_to_search(cast, long):
    response = cast.client_for("nerva").get(
        _ledger(cast), {"pick": "fund-account", "q": "a"}, headers=HX
    )
    assert response.status_code == 404


def test_the_ledger_filter_keeps_its_account_across_a_search(cast, long):
    client = cast.client_for("gm")
    chest = accounts.chest(cast.school)
    page = client.get(_ledger(cast), {"account": chest.pk}).content.decode()
    assert re.search(rf'<option value="{chest.pk}" selected>', page)
    response = client.get(
        _ledger(cast), {"pick": "account", "q": "zzz", "account": chest.pk}, headers=HX
    )
    assert re.search(rf'<option value="{chest.pk}" selected>', response.content.decode())


def test_the_market_buy_search_offers_only_men_for_sale(cast, monkeypatch):
    client = cast.client_for("nerva")
    plain = _select(client.get(_market(cast)).content.decode(), "gladiator")
    monkeypatch.setattr(picker, "PICK_ABOVE", 0)
    found = picked(client, _market(cast), "buy.gladiator")
    for_sale = [value for value in plain if value]  # the buy form's select comes first
    assert found == for_sale == [str(cast.free_agent.pk)]
    for man in (cast.bithys, cast.spartacus):  # his own, and another school's
        assert str(man.pk) not in found
        assert picked(client, _market(cast), "buy.gladiator", man.name) == []


def test_the_market_forms_are_searched_each_by_its_own_name(cast, long):
    client = cast.client_for("gm")
    assert picked(client, _market(cast), "sell.gladiator", "crix") == [str(cast.crixus.pk)]
    assert picked(client, _market(cast), "hire.show", "forum") == [str(cast.show.pk)]
    # The bare field name is no select of this page: its five forms share it.
    response = client.get(_market(cast), {"pick": "gladiator", "q": "c"}, headers=HX)
    assert response.status_code == 404


def test_a_market_search_is_answered_though_its_form_asks_for_a_quote(cast, long):
    """htmx sends the form's own `hx-vals` (quote=buy) along with the search box's."""
    response = cast.client_for("gm").get(
        _market(cast), {"pick": "buy.gladiator", "q": "spart", "quote": "buy"}, headers=HX
    )
    assert response.status_code == 200
    assert re.findall(r'<option value="(\d+)"', response.content.decode()) == [
        str(cast.spartacus.pk)
    ]


def test_a_market_page_after_a_refused_deal_searches_the_market(cast, long):
    response = cast.client_for("gm").post(
        reverse("economy:market_manumit", args=[cast.campaign.pk]), {"gladiator": "x"}
    )
    assert response.status_code == 400
    assert f'hx-get="{_market(cast)}"' in response.content.decode()


def test_the_share_links_show_search(cast, long):
    url = reverse("campaign_backup", args=[cast.campaign.pk])
    client = cast.client_for("gm")
    assert "Find a show" in client.get(url).content.decode()
    assert picked(client, url, "show", "capua") == [str(cast.bout.show_id)]
