"""Issue 10, money from nothing, through the market page: as nerva, buying the unowned slave
Verus as a condemned man, or a condemned man as a recruit, is refused on the form with a
message naming the kind, and nothing is written."""

import pytest
from django.urls import reverse

from economy import accounts
from economy.ledger import account_balance
from economy.models import Transaction
from ludus.models import Gladiator
from tests.cast import NERVA_CHEST
from tests.factories import GladiatorFactory

pytestmark = pytest.mark.django_db


def _url(cast, name):
    return reverse(f"economy:market_{name}", args=[cast.campaign.pk])


def _buy(cast, man, kind, key="buy-1"):
    data = {"key": key, "buyer": cast.school.pk, "kind": kind, "gladiator": man.pk}
    return cast.client_for("nerva").post(_url(cast, "buy"), data)


def test_a_slave_bought_as_a_condemned_man_is_refused_on_the_form(cast):
    before = Transaction.objects.count()
    response = _buy(cast, cast.free_agent, "condemned")
    assert response.status_code == 400
    assert "Kind: Verus is a slave" in response.content.decode().replace("&#x27;", "'")
    assert Transaction.objects.count() == before
    cast.free_agent.refresh_from_db()
    assert cast.free_agent.owner is None
    assert cast.free_agent.legal_status == Gladiator.LegalStatus.SLAVE
    assert account_balance(accounts.chest(cast.school)) == NERVA_CHEST


def test_a_condemned_man_bought_as_a_recruit_is_refused_on_the_form(cast):
    latro = GladiatorFactory(
        campaign=cast.campaign,
        owner=None,
        name="Latro",
        legal_status=Gladiator.LegalStatus.CONDEMNED,
        price_purses=1,
    )
    response = _buy(cast, latro, "recruit")
    assert response.status_code == 400
    assert "Kind: Latro is a condemned man" in response.content.decode()
    latro.refresh_from_db()
    assert (latro.owner, latro.legal_status) == (None, Gladiator.LegalStatus.CONDEMNED)


def test_price_it_names_the_kind_that_fits(cast):
    data = {
        "key": "q",
        "buyer": cast.school.pk,
        "kind": "condemned",
        "gladiator": cast.free_agent.pk,
        "quote": "buy",
    }
    text = cast.client_for("nerva").post(_url(cast, "buy"), data).content.decode()
    assert "Kind: Verus is a slave" in text.replace("&#x27;", "'")


def test_the_issues_cycle_through_the_pages_makes_no_money(cast):
    """Buy Verus (the market's slave) and sell him back, three times: the chest ends where it
    began; the cheat (as a condemned man) is refused each time."""
    chest = accounts.chest(cast.school)
    client = cast.client_for("nerva")
    for n in range(3):
        assert _buy(cast, cast.free_agent, "condemned", key=f"cheat-{n}").status_code == 400
        assert _buy(cast, cast.free_agent, "seasoned", key=f"buy-{n}").status_code == 302
        sold = client.post(
            _url(cast, "sell"), {"key": f"sell-{n}", "gladiator": cast.free_agent.pk}
        )
        assert sold.status_code == 302
    assert account_balance(chest) == NERVA_CHEST
    cast.free_agent.refresh_from_db()
    assert cast.free_agent.legal_status == Gladiator.LegalStatus.SLAVE
