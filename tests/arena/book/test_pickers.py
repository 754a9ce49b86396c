"""The book page's bettor select is searchable (ludus.picker): a player's search finds only
the bettors he plays, the GM's any of the campaign's."""

import re

import pytest
from django.urls import reverse

from arena.book import services as b
from ludus import picker
from tests.picks import HX


@pytest.fixture(autouse=True)
def long(monkeypatch):
    monkeypatch.setattr(picker, "PICK_ABOVE", 0)


def _found(client, book, q: str) -> list[str]:
    url = reverse("bets:book_detail", args=[book.campaign_id, book.pk])
    response = client.get(url, {"pick": "bettor", "q": q}, headers=HX)
    assert response.status_code == 200
    return re.findall(r'<option value="(\d+)"', response.content.decode())


def test_a_players_bettor_search_finds_his_bettors_only(
    client, gm, eros_player, bout, eros, lucius
):
    book = b.book_open(bout=bout)
    client.force_login(eros_player)
    assert _found(client, book, "") == [str(eros.pk)]
    assert _found(client, book, "luc") == []
    client.force_login(gm)
    assert _found(client, book, "luc") == [str(lucius.pk)]
