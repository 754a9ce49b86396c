"""A man bought at the market carries the price paid for him: the market's manumission quote and
the freedom he buys use it."""

import pytest
from django.urls import reverse

from economy import accounts
from economy.ledger import account_balance
from economy.services.corrections import opening_balance
from ludus.models import Gladiator
from tests.cast import NERVA_CHEST

pytestmark = pytest.mark.django_db


def _url(cast, name=""):
    return reverse(f"economy:market{'_' + name if name else ''}", args=[cast.campaign.pk])


def _buy_recruit(cast, **extra) -> Gladiator:
    data = {"key": "recruit-1", "buyer": cast.school.pk, "kind": "recruit", "name": "Tiro"}
    who = "gm" if "price" in extra else "nerva"
    response = cast.client_for(who).post(_url(cast, "buy"), data | extra)
    assert response.status_code == 302
    return Gladiator.objects.get(name="Tiro")


def test_a_recruit_bought_for_1600_is_priced_2_purses(cast):
    tiro = _buy_recruit(cast)
    assert tiro.price_purses == 2
    assert account_balance(accounts.chest(cast.school)) == NERVA_CHEST - 1_600


def test_the_manumission_quote_uses_the_price_he_was_bought_for(cast):
    tiro = _buy_recruit(cast)
    data = {"key": "k", "gladiator": tiro.pk, "quote": "manumit"}
    text = cast.client_for("nerva").post(_url(cast, "manumit"), data).content.decode()
    assert "1,680 HS" in text  # 1,600 and the vicesima 80, not 8,400
    assert "8,400 HS" not in text
    # The htmx quote (a GET) says the same.
    response = cast.client_for("nerva").get(
        _url(cast), {"quote": "manumit", "key": "k", "gladiator": tiro.pk}, HTTP_HX_REQUEST="true"
    )
    assert "1,680 HS" in response.content.decode()


def test_he_buys_his_freedom_for_his_price_and_the_vicesima(cast):
    tiro = _buy_recruit(cast)
    opening_balance(account=accounts.peculium(tiro), amount=1_680)
    response = cast.client_for("nerva").post(
        _url(cast, "manumit"), {"key": "free", "gladiator": tiro.pk}
    )
    assert response.status_code == 302
    tiro.refresh_from_db()
    assert tiro.status == Gladiator.Status.FREED and tiro.owner is None
    assert account_balance(accounts.peculium(tiro)) == 0
    assert account_balance(accounts.chest(cast.school)) == NERVA_CHEST


def test_a_recruit_at_the_gms_price_is_priced_in_whole_purses_rounded_up(cast):
    tiro = _buy_recruit(cast, price=2_500)
    assert tiro.price_purses == 4  # 3 purses and 100 sesterces, rounded up
