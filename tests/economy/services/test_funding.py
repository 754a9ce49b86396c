"""The GM funds a purse or a chest through the ledger (issue 10, dead ends): a transaction from
the market with its cause and the GM's reason, once per key; never an edit of a balance."""

import pytest

from economy import accounts
from economy.ledger import transaction_reverse
from economy.limits import MAX_POSTING
from economy.models import Entry, Transaction
from economy.services import refusals
from economy.services.corrections import account_fund
from tests.economy.services.money import balance

pytestmark = pytest.mark.django_db


def test_the_gm_funds_an_editors_purse_with_a_reason(campaign, senator):
    purse = accounts.purse(senator)
    posted = account_fund(
        account=purse, amount=1_600, reason="He sold a villa", idempotency_key="f-1"
    )
    assert posted.cause == Transaction.Cause.FUNDING
    assert "He sold a villa" in posted.memo
    assert sorted(posted.entries.values_list("amount", flat=True)) == [-1_600, 1_600]
    assert balance(purse) == 1_600
    again = account_fund(
        account=purse, amount=1_600, reason="He sold a villa", idempotency_key="f-1"
    )
    assert again == posted and balance(purse) == 1_600  # a double click funds once
    transaction_reverse(original=posted)  # taking it back is a correction
    assert balance(purse) == 0


@pytest.mark.parametrize(
    ("amount", "reason", "message"),
    [
        (100, "  ", refusals.FUNDING_NO_REASON),
        (0, "r", "Amount must be a whole number from 1 to 1,000,000,000; got 0."),
        (MAX_POSTING + 1, "r", "Amount must be a whole number from 1 to 1,000,000,000"),
        (2**63, "r", "Amount must be a whole number from 1 to 1,000,000,000"),
    ],
)
def test_a_funding_without_a_reason_or_out_of_range_is_refused(nerva, amount, reason, message):
    with pytest.raises(refusals.ContractError) as refused:
        account_fund(
            account=accounts.chest(nerva), amount=amount, reason=reason, idempotency_key="k"
        )
    assert str(refused.value).startswith(message)
    assert not Entry.objects.exists()


def test_the_market_is_not_funded(campaign):
    with pytest.raises(refusals.ContractError) as refused:
        account_fund(account=accounts.market(campaign), amount=5, reason="r", idempotency_key="k")
    assert str(refused.value) == refusals.FUNDING_THE_MARKET
