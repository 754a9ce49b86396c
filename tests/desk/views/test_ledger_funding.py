"""The ledger page's funding form: the GM's only (404 to players and outsiders); a funding is
one transaction with its reason; a bad amount or no reason is refused on the form, naming the
field, writing nothing."""

import pytest
from django.urls import reverse

from economy import accounts
from economy.ledger import account_balance
from economy.models import Transaction
from tests.cast import FABIUS_PURSE

pytestmark = pytest.mark.django_db


def _data(cast, **extra):
    purse = accounts.purse(cast.editor)
    data = {"key": "fund-1", "account": purse.pk, "amount": 4_000, "reason": "A legacy"} | extra
    return {f"fund-{name}": value for name, value in data.items()}


def _url(cast):
    return reverse("economy:ledger_fund", args=[cast.campaign.pk])


def test_the_gm_sees_the_form_and_players_do_not(cast):
    ledger = reverse("economy:ledger", args=[cast.campaign.pk])
    assert "Fund an account" in cast.client_for("gm").get(ledger).content.decode()
    assert "Fund an account" not in cast.client_for("other").get(ledger).content.decode()


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_only_the_gm_may_fund(cast, who):
    before = Transaction.objects.count()
    assert cast.client_for(who).post(_url(cast), _data(cast)).status_code == 404
    assert Transaction.objects.count() == before


def test_the_gm_funds_a_purse_once_per_click(cast):
    client = cast.client_for("gm")
    for _ in range(2):
        response = client.post(_url(cast), _data(cast))
        assert response.status_code == 302
    assert account_balance(accounts.purse(cast.editor)) == FABIUS_PURSE + 4_000
    funding = Transaction.objects.get(cause=Transaction.Cause.FUNDING)
    assert funding.memo.endswith("A legacy") and funding.created_by == cast.gm


@pytest.mark.parametrize(
    ("extra", "text"),
    [
        ({"amount": 2**63}, "Amount in sesterces must be at most 1,000,000,000."),
        ({"amount": 0}, "Amount in sesterces must be at least 1."),
        ({"reason": ""}, "This field is required."),
    ],
)
def test_a_bad_funding_is_refused_on_the_form(cast, extra, text):
    before = Transaction.objects.count()
    response = cast.client_for("gm").post(_url(cast), _data(cast, **extra))
    assert response.status_code == 400
    assert text in response.content.decode()
    assert Transaction.objects.count() == before


def test_a_funding_shows_as_money_from_outside_the_campaign(cast):
    """Issue 27: the GM's funding is no party's money; wherever its cause shows, it says so."""
    client = cast.client_for("gm")
    client.post(_url(cast), _data(cast))
    funding = Transaction.objects.get(cause=Transaction.Cause.FUNDING)
    assert funding.get_cause_display().startswith("Money from outside the campaign")
    page = client.get(reverse("economy:ledger", args=[cast.campaign.pk])).content.decode()
    assert "Money from outside the campaign (the GM&#x27;s funding)" in page
    assert "Funded by the GM" not in page
