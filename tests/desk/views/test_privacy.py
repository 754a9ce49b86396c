"""What a player may not read on the desk's pages (issue 10): another bettor's leg of a settled
or voided book, on the ledger page and in its CSV; another school's orders card, asked for as a
part of the gladiator's page."""

import csv
import io

import pytest
from django.urls import reverse

from arena.book.services import bet_place, book_open
from economy import accounts
from economy.models import Transaction
from economy.services.betting import book_settle, book_void
from tests import factories
from tests.cast import hire_spartacus
from tests.money import fund

ACCOUNT = 7  # the CSV's "account" column (economy.selectors.ledger.CSV_HEADER)


@pytest.fixture
def book(cast):
    """A book on a pair of the Forum munus; Eros (Nerva's player) and Plautus (the other
    player) both back Crixus; Nerva's player must not read Plautus's winnings, nor he Eros's."""
    bout = factories.BoutFactory(show=cast.show, fighter_a=cast.crixus, fighter_b=cast.spartacus)
    book = book_open(bout=bout)
    for name, player, stake in (("Eros", cast.nerva, 300), ("Plautus", cast.other, 700)):
        bettor = factories.BettorFactory(campaign=cast.campaign, name=name, player=player)
        fund(accounts.bettor_account(bettor), 1_000)
        bet_place(book=book, bettor=bettor, side=cast.crixus.pk, stake=stake)
    return book


def _ledger(cast, who) -> str:
    return (
        cast.client_for(who)
        .get(reverse("economy:ledger", args=[cast.campaign.pk]))
        .content.decode()
    )


def _csv_accounts(cast, who) -> list[str]:
    url = reverse("economy:ledger_csv", args=[cast.campaign.pk])
    body = b"".join(cast.client_for(who).get(url).streaming_content).decode()
    return [row[ACCOUNT] for row in list(csv.reader(io.StringIO(body)))[1:]]


@pytest.mark.parametrize("close", ["settle", "void"])
def test_a_bettor_reads_only_his_own_leg_of_a_closed_book(cast, book, close):
    if close == "settle":
        book_settle(book=book, side=cast.crixus.pk)
    else:
        book_void(book=book, reason="no winner")
    closing = Transaction.objects.get(cause=Transaction.Cause.SETTLEMENT)
    assert closing.entries.count() >= 3  # one transaction, a leg for each bettor
    for who, mine, theirs in (("nerva", "Eros", "Plautus"), ("other", "Plautus", "Eros")):
        page = _ledger(cast, who)
        row = page.split(f'id="tx-{closing.pk}"')[1].split("</tr>")[0]
        assert mine in row and theirs not in row
        assert theirs not in page
        names = _csv_accounts(cast, who)
        assert any(mine in name for name in names)
        assert not any(theirs in name for name in names)
    gm_row = _ledger(cast, "gm").split(f'id="tx-{closing.pk}"')[1].split("</tr>")[0]
    assert "Eros" in gm_row and "Plautus" in gm_row
    assert any("Plautus" in name for name in _csv_accounts(cast, "gm"))


def test_every_leg_of_a_public_cost_stays_public(cast):
    posted = hire_spartacus(cast)
    row = _ledger(cast, "nerva").split(f'id="tx-{posted.pk}"')[1].split("</tr>")[0]
    assert "Fabius" in row and "Batiatus" in row


# --- the orders card alone ----------------------------------------------------------------------


def _orders_part(cast, who, man, htmx=True):
    url = reverse("gladiator_detail", args=[cast.campaign.pk, man.pk]) + "?part=orders"
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return cast.client_for(who).get(url, **headers)


@pytest.mark.parametrize("htmx", [True, False])
def test_another_schools_orders_card_is_not_there(cast, htmx):
    response = _orders_part(cast, "other", cast.bithys, htmx)
    assert response.status_code == 404
    assert "Standing orders" not in response.content.decode()


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_the_owner_and_the_gm_get_the_orders_card(cast, who):
    response = _orders_part(cast, who, cast.bithys)
    assert response.status_code == 200
    assert 'id="orders"' in response.content.decode()


def test_the_page_itself_stays_public(cast):
    url = reverse("gladiator_detail", args=[cast.campaign.pk, cast.bithys.pk])
    page = cast.client_for("other").get(url)
    assert page.status_code == 200 and 'id="orders"' not in page.content.decode()
