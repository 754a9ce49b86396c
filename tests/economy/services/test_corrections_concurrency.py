"""The GM's funding and an opening balance, posted three times at once with one key (issue 10,
"Replays of a click"): one transaction; every repeat answers with it (the ledger asks for the
key again under the accounts' locks). PostgreSQL only."""

import pytest

from economy import accounts
from economy.models import Transaction
from economy.services.corrections import account_fund, opening_balance
from tests.economy.services.money import balance
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

N = 3


def _one(results, campaign, cause):
    made, others = sort_out(results, Transaction)
    assert not others, others
    assert len({t.pk for t in made}) == 1, made
    assert Transaction.objects.filter(campaign=campaign, cause=cause).count() == 1


def test_a_funding_posted_at_once_funds_once(campaign, senator):
    purse = accounts.purse(senator)

    def post():
        return account_fund(
            account=purse, amount=5_000, reason="the table agreed", idempotency_key="web:fund:k1"
        )

    _one(at_once(*[post] * N), campaign, Transaction.Cause.FUNDING)
    assert balance(purse) == 5_000


def test_an_opening_balance_posted_at_once_opens_once(campaign, nerva):
    chest = accounts.chest(nerva)
    _one(
        at_once(*[lambda: opening_balance(account=chest, amount=4_000)] * N),
        campaign,
        Transaction.Cause.OPENING,
    )
    assert balance(chest) == 4_000
