"""Money for tests: funds posted straight to the ledger (not a service), and a balance."""

import uuid

from economy import accounts
from economy.ledger import Leg, account_balance, transaction_post
from economy.models import Transaction


def fund(account, amount: int) -> None:
    """Put money in an account from the market (a plain ledger posting, not a service)."""
    transaction_post(
        campaign=account.campaign,
        cause=Transaction.Cause.OPENING,
        memo="test funds",
        legs=[Leg(accounts.market(account.campaign), -amount), Leg(account, amount)],
        idempotency_key=f"test-fund:{uuid.uuid4().hex}",
    )


def balance(account) -> int:
    return account_balance(account)
