"""The market: hire, buy, sell, sign and manumit, for the GM, the owning player, another player
and an outsider; a deal the services refuse shows their message and writes nothing."""

import pytest
from django.test import Client
from django.urls import reverse

from economy import accounts
from economy.ledger import OVERDRAWN, account_balance
from economy.models import Hire, Transaction
from economy.services.corrections import opening_balance
from economy.services.refusals import ALREADY_HIRED, PECULIUM_SHORT
from ludus.models import Gladiator
from tests.cast import (
    BATIATUS_CHEST,
    BITHYS_PECULIUM,
    FABIUS_PURSE,
    MEMBERS,
    NERVA_CHEST,
)

KEY = "0123456789abcdef"


def _url(cast, name=""):
    return reverse(f"economy:market{'_' + name if name else ''}", args=[cast.campaign.pk])


def _html(text: str) -> str:
    return text.replace("'", "&#x27;")


def _balance(account) -> int:
    return account_balance(account)


def _count() -> int:
    return Transaction.objects.count()


# --- the page -----------------------------------------------------------------------------------


def test_market_is_404_to_an_outsider(cast):
    assert cast.client_for("outsider").get(_url(cast)).status_code == 404
    for name in ("hire", "buy", "sell", "sign", "manumit"):
        assert cast.client_for("outsider").post(_url(cast, name), {}).status_code == 404


@pytest.mark.parametrize("who", MEMBERS)
def test_market_shows_the_rates(cast, who):
    page = cast.client_for(who).get(_url(cast))
    assert page.status_code == 200
    text = page.content.decode()
    assert "1,600 HS (2 purses)" in text  # a team fighter's hire, a signing sum
    assert "3,200 HS (4 purses)" in text  # a single fighter's hire
    assert "8,000 HS (10 purses)" in text  # the lanista's price


def test_the_gm_may_do_every_deal(cast):
    text = cast.client_for("gm").get(_url(cast)).content.decode()
    for name in ("hire", "buy", "sell", "sign", "manumit"):
        assert f'action="{_url(cast, name)}"' in text
    assert "Price in purses (GM)" in text


def test_a_player_deals_only_with_his_own(cast):
    text = cast.client_for("nerva").get(_url(cast)).content.decode()
    assert f'action="{_url(cast, "hire")}"' not in text  # he gives no show
    assert "No planned show of yours to hire for." in text
    for name in ("buy", "sell", "sign", "manumit"):
        assert f'action="{_url(cast, name)}"' in text
    assert "(GM)" not in text  # no price of his own choosing
    sell = text.split('id="sell"')[1].split("</section>")[0]
    assert "Crixus" in sell and "Spartacus" not in sell


def test_the_editors_player_may_hire(cast):
    text = cast.client_for("other").get(_url(cast)).content.decode()
    hire = text.split('id="hire"')[1].split("</section>")[0]
    assert f'action="{_url(cast, "hire")}"' in hire
    assert "The Forum munus" in hire


def test_the_gladiator_link_preselects_him(cast):
    text = cast.client_for("nerva").get(_url(cast), {"gladiator": cast.crixus.pk}).content.decode()
    sell = text.split('id="sell"')[1].split("</section>")[0]
    assert f'<option value="{cast.crixus.pk}" selected>' in sell


# --- quotes -------------------------------------------------------------------------------------


def _hire_data(cast, man=None, **extra):
    return {
        "key": KEY,
        "show": cast.show.pk,
        "gladiator": (man or cast.bithys).pk,
        "kind": "single",
        **extra,
    }


def test_price_it_shows_the_price_and_the_balance_after_and_writes_nothing(cast):
    before = _count()
    data = _hire_data(cast) | {"quote": "hire"}
    page = cast.client_for("other").post(_url(cast, "hire"), data)
    assert page.status_code == 200
    text = _html(page.content.decode())
    assert "3,200 HS (4 purses)" in text
    assert f"{FABIUS_PURSE:,} HS now" in text
    assert f"{FABIUS_PURSE - 3_200:,} HS</strong> after" in text
    assert _count() == before
    assert not Hire.objects.exists()


def test_the_htmx_quote_is_a_fragment(cast):
    response = cast.client_for("other").get(
        _url(cast), _hire_data(cast) | {"quote": "hire"}, HTTP_HX_REQUEST="true"
    )
    text = response.content.decode()
    assert "<html" not in text
    assert "3,200 HS (4 purses)" in text
    assert f"{FABIUS_PURSE - 3_200:,} HS" in text


def test_a_manumission_quote_adds_the_vicesima(cast):
    data = {"key": KEY, "gladiator": cast.bithys.pk, "quote": "manumit"}
    text = cast.client_for("nerva").post(_url(cast, "manumit"), data).content.decode()
    assert "8,400 HS (10.5 purses)" in text  # the seed: 8,000 and the vicesima 400
    assert "not enough money" in text  # his peculium holds 3,200


# --- hire ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["gm", "other"])
def test_the_gm_or_the_editors_player_hires(cast, who):
    client = cast.client_for(who)
    response = client.post(_url(cast, "hire"), _hire_data(cast))
    assert response.status_code == 302
    hire = Hire.objects.get()
    assert (hire.gladiator, hire.event, hire.price) == (cast.bithys, cast.show, 3_200)
    assert hire.transaction.created_by == getattr(cast, who)
    assert _balance(accounts.purse(cast.editor)) == FABIUS_PURSE - 3_200
    assert _balance(accounts.chest(cast.school)) == NERVA_CHEST + 3_200
    assert (
        "Bithys is hired to The Forum munus for 3,200 HS."
        in client.get(response.url).content.decode()
    )


def test_a_player_who_is_not_the_editor_cannot_hire(cast):
    before = _count()
    response = cast.client_for("nerva").post(_url(cast, "hire"), _hire_data(cast))
    assert response.status_code == 400
    assert _count() == before and not Hire.objects.exists()


def test_a_player_cannot_set_his_own_hire_price(cast):
    response = cast.client_for("other").post(_url(cast, "hire"), _hire_data(cast, price_purses=3))
    assert response.status_code == 302
    assert Hire.objects.get().price == 3_200  # the usual rate, whatever he sent


def test_the_gm_sets_a_hire_price_in_the_range(cast):
    cast.client_for("gm").post(_url(cast, "hire"), _hire_data(cast, price_purses=6))
    assert Hire.objects.get().price == 4_800


def test_hiring_twice_shows_the_service_message_and_writes_nothing(cast):
    client = cast.client_for("other")
    client.post(_url(cast, "hire"), _hire_data(cast))
    before = _count()
    response = client.post(_url(cast, "hire"), _hire_data(cast) | {"key": "another"})
    assert response.status_code == 400
    message = ALREADY_HIRED.format(gladiator="Bithys", show="The Forum munus")
    assert _html(message) in response.content.decode()
    assert _count() == before and Hire.objects.count() == 1


def test_hire_needs_the_csrf_token(cast):
    client = Client(enforce_csrf_checks=True)
    client.force_login(cast.other)
    assert client.post(_url(cast, "hire"), _hire_data(cast)).status_code == 403
    assert not Hire.objects.exists()


def test_hire_refuses_a_get_write(cast):
    assert cast.client_for("gm").get(_url(cast, "hire")).status_code == 405


# --- buy ----------------------------------------------------------------------------------------


def test_a_player_buys_a_man_from_the_market(cast):
    data = {
        "key": KEY,
        "buyer": cast.school.pk,
        "kind": "seasoned",
        "gladiator": cast.free_agent.pk,
    }
    response = cast.client_for("nerva").post(_url(cast, "buy"), data)
    assert response.status_code == 302
    cast.free_agent.refresh_from_db()
    assert cast.free_agent.owner == cast.school
    assert _balance(accounts.chest(cast.school)) == NERVA_CHEST - 5 * 800


def test_buying_twice_with_the_same_key_writes_once(cast):
    data = {"key": KEY, "buyer": cast.school.pk, "kind": "recruit", "name": "Novus"}
    client = cast.client_for("nerva")
    client.post(_url(cast, "buy"), data)
    client.post(_url(cast, "buy"), data)
    assert Gladiator.objects.filter(name="Novus").count() == 1
    assert _balance(accounts.chest(cast.school)) == NERVA_CHEST - 1_600


@pytest.mark.parametrize("who", ["nerva", "other"])
def test_a_player_cannot_buy_another_schools_man_or_for_another_school(cast, who):
    before = _count()
    data = {"key": KEY, "buyer": cast.school.pk, "kind": "seasoned", "gladiator": cast.spartacus.pk}
    response = cast.client_for(who).post(_url(cast, "buy"), data)
    assert response.status_code == 400
    cast.spartacus.refresh_from_db()
    assert cast.spartacus.owner == cast.rival and _count() == before


def test_the_gm_records_a_sale_between_schools(cast):
    data = {"key": KEY, "buyer": cast.rival.pk, "kind": "seasoned", "gladiator": cast.crixus.pk}
    assert cast.client_for("gm").post(_url(cast, "buy"), data).status_code == 302
    cast.crixus.refresh_from_db()
    assert cast.crixus.owner == cast.rival
    assert _balance(accounts.chest(cast.rival)) == BATIATUS_CHEST - 6 * 800
    assert _balance(accounts.chest(cast.school)) == NERVA_CHEST + 6 * 800


def test_a_purchase_he_cannot_afford_shows_the_ledgers_message_and_writes_nothing(cast):
    before = _count()
    data = {"key": KEY, "buyer": cast.rival.pk, "kind": "recruit", "name": "Dearus"}
    response = cast.client_for("gm").post(_url(cast, "buy"), data | {"price": 2_500})
    assert response.status_code == 302  # he can: 5,000 in the chest
    poor = accounts.chest(cast.rival)
    left = _balance(poor)
    data = {
        "key": "second",
        "buyer": cast.rival.pk,
        "kind": "seasoned",
        "gladiator": cast.bithys.pk,
    }
    response = cast.client_for("gm").post(_url(cast, "buy"), data)
    assert response.status_code == 400
    message = OVERDRAWN.format(account=poor, balance=left, amount=8_000)
    assert _html(message) in response.content.decode()
    cast.bithys.refresh_from_db()
    assert cast.bithys.owner == cast.school
    assert _count() == before + 1


def test_a_recruit_he_cannot_afford_is_not_recorded(cast):
    opening = accounts.chest(cast.school)
    data = {
        "key": KEY,
        "buyer": cast.school.pk,
        "kind": "seasoned",
        "gladiator": cast.free_agent.pk,
    }
    cast.client_for("nerva").post(_url(cast, "buy"), data)  # 4,000 spent: 6,000 left
    for n in range(3):
        cast.client_for("nerva").post(
            _url(cast, "buy"),
            {"key": f"k{n}", "buyer": cast.school.pk, "kind": "recruit", "name": f"Recruit {n}"},
        )
    assert _balance(opening) == NERVA_CHEST - 4_000 - 3 * 1_600
    response = cast.client_for("nerva").post(
        _url(cast, "buy"),
        {"key": "k9", "buyer": cast.school.pk, "kind": "recruit", "name": "Too Many"},
    )
    assert response.status_code == 400
    assert "cannot pay 1,600" in response.content.decode()
    assert not Gladiator.objects.filter(name="Too Many").exists()


# --- sell ---------------------------------------------------------------------------------------


def test_the_owner_sells_his_man_to_the_market(cast):
    data = {"key": KEY, "gladiator": cast.crixus.pk}
    assert cast.client_for("nerva").post(_url(cast, "sell"), data).status_code == 302
    cast.crixus.refresh_from_db()
    assert cast.crixus.owner is None
    assert _balance(accounts.chest(cast.school)) == NERVA_CHEST + 6 * 800


@pytest.mark.parametrize("who", ["other"])
def test_another_player_cannot_sell_the_mans(cast, who):
    data = {"key": KEY, "gladiator": cast.crixus.pk}
    assert cast.client_for(who).post(_url(cast, "sell"), data).status_code == 400
    cast.crixus.refresh_from_db()
    assert cast.crixus.owner == cast.school


def test_a_player_cannot_sell_to_another_school(cast):
    data = {"key": KEY, "gladiator": cast.crixus.pk, "buyer": cast.rival.pk}
    assert cast.client_for("nerva").post(_url(cast, "sell"), data).status_code == 400
    cast.crixus.refresh_from_db()
    assert cast.crixus.owner == cast.school


def test_the_gm_sells_to_another_school_at_his_price(cast):
    data = {"key": KEY, "gladiator": cast.crixus.pk, "buyer": cast.rival.pk, "price": 4_000}
    assert cast.client_for("gm").post(_url(cast, "sell"), data).status_code == 302
    assert _balance(accounts.chest(cast.rival)) == BATIATUS_CHEST - 4_000


# --- sign ---------------------------------------------------------------------------------------


def test_the_owner_signs_a_new_volunteer(cast):
    data = {"key": KEY, "lanista": cast.school.pk, "name": "Priscus", "armatura": "samnite"}
    response = cast.client_for("nerva").post(_url(cast, "sign"), data | {"bouts": 3})
    assert response.status_code == 302
    man = Gladiator.objects.get(name="Priscus")
    assert man.owner == cast.school and man.contract_bouts_left == 3
    assert man.legal_status == Gladiator.LegalStatus.AUCTORATUS
    assert _balance(accounts.peculium(man)) == 1_600
    assert _balance(accounts.chest(cast.school)) == NERVA_CHEST - 1_600


@pytest.mark.parametrize("who", ["other"])
def test_another_player_cannot_sign_for_the_school(cast, who):
    data = {"key": KEY, "lanista": cast.school.pk, "name": "Priscus", "bouts": 3}
    assert cast.client_for(who).post(_url(cast, "sign"), data).status_code == 400
    assert not Gladiator.objects.filter(name="Priscus").exists()


def test_signing_needs_a_man(cast):
    data = {"key": KEY, "lanista": cast.school.pk, "bouts": 3}
    response = cast.client_for("nerva").post(_url(cast, "sign"), data)
    assert response.status_code == 400
    assert "Name the volunteer" in response.content.decode()


# --- manumission --------------------------------------------------------------------------------


def test_a_short_peculium_shows_the_service_message_and_changes_nothing(cast):
    before = _count()
    response = cast.client_for("nerva").post(
        _url(cast, "manumit"), {"key": KEY, "gladiator": cast.bithys.pk}
    )
    assert response.status_code == 400
    message = PECULIUM_SHORT.format(
        gladiator="Bithys", balance=BITHYS_PECULIUM, total=8_400, price=8_000, vicesima=400
    )
    assert _html(message) in response.content.decode()
    cast.bithys.refresh_from_db()
    assert cast.bithys.legal_status == Gladiator.LegalStatus.SLAVE and _count() == before


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_a_full_peculium_buys_his_freedom(cast, who):
    opening_balance(
        account=accounts.peculium(cast.bithys), amount=5_200, idempotency_key="more savings"
    )
    response = cast.client_for(who).post(
        _url(cast, "manumit"), {"key": KEY, "gladiator": cast.bithys.pk}
    )
    assert response.status_code == 302
    cast.bithys.refresh_from_db()
    assert cast.bithys.status == Gladiator.Status.FREED and cast.bithys.owner is None
    assert _balance(accounts.peculium(cast.bithys)) == 0
    assert _balance(accounts.state(cast.campaign)) == 400


def test_another_player_cannot_free_the_man(cast):
    response = cast.client_for("other").post(
        _url(cast, "manumit"), {"key": KEY, "gladiator": cast.bithys.pk}
    )
    assert response.status_code == 400
    cast.bithys.refresh_from_db()
    assert cast.bithys.legal_status == Gladiator.LegalStatus.SLAVE
