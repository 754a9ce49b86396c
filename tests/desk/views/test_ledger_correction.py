"""The ledger page's correction: the GM reverses a transaction with a reason, from the page
(the original stays on the books, a second click writes nothing, a player gets 404, no reason
or another campaign's transaction is refused and nothing is written)."""

import pytest
from django.urls import reverse

from economy import accounts
from economy.ledger import account_balance
from economy.models import Transaction
from economy.services.corrections import opening_balance
from tests import factories
from tests.cast import FABIUS_PURSE

pytestmark = pytest.mark.django_db


def _url(cast):
    return reverse("economy:ledger_correct", args=[cast.campaign.pk])


def _opening(cast):
    purse = accounts.purse(cast.editor)
    return Transaction.objects.filter(entries__account=purse).order_by("pk").first()


def test_the_gm_reverses_a_transaction_once(cast):
    original = _opening(cast)
    client = cast.client_for("gm")
    ledger = reverse("economy:ledger", args=[cast.campaign.pk])
    assert f"Reverse #{original.pk}" in client.get(ledger).content.decode()
    for _ in range(2):
        response = client.post(_url(cast), {"transaction": original.pk, "reason": "Misentered"})
        assert response.status_code == 302
    reversal = Transaction.objects.get(reverses=original)
    assert reversal.cause == Transaction.Cause.CORRECTION and "Misentered" in reversal.memo
    assert account_balance(accounts.purse(cast.editor)) == FABIUS_PURSE - sum(
        e.amount for e in original.entries.filter(account=accounts.purse(cast.editor))
    )
    page = client.get(ledger).content.decode()
    assert f"Reverse #{original.pk}" not in page and f'reverses <a href="#tx-{original.pk}"' in page


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_only_the_gm_may_correct(cast, who):
    before = Transaction.objects.count()
    data = {"transaction": _opening(cast).pk, "reason": "x"}
    assert cast.client_for(who).post(_url(cast), data).status_code == 404
    assert Transaction.objects.count() == before


def test_a_correction_without_reason_or_of_another_campaign_is_refused(cast):
    before = Transaction.objects.count()
    client = cast.client_for("gm")
    response = client.post(
        _url(cast), {"transaction": _opening(cast).pk, "reason": ""}, follow=True
    )
    assert "Reason: This field is required." in response.content.decode()
    assert Transaction.objects.count() == before
    elsewhere = factories.CampaignFactory()
    stranger = factories.EditorFactory(campaign=elsewhere)
    foreign = opening_balance(account=accounts.purse(stranger), amount=100)
    before = Transaction.objects.count()
    response = client.post(_url(cast), {"transaction": foreign.pk, "reason": "x"}, follow=True)
    assert "Transaction:" in response.content.decode()
    assert Transaction.objects.count() == before
