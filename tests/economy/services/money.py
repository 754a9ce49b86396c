"""A small cast for the money tests: Nerva of Capua and his men, Fabia's father, his munus."""

import uuid

import pytest

from economy import accounts
from economy.ledger import Leg, account_balance, transaction_post
from economy.models import Transaction
from tests.factories import (
    CampaignFactory,
    EditorFactory,
    GladiatorFactory,
    LanistaFactory,
    ShowFactory,
)


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


@pytest.fixture
def campaign(db):
    return CampaignFactory(name="Rome, 50 BC", year=-50)


@pytest.fixture
def nerva(campaign):
    return LanistaFactory(campaign=campaign, name="Nerva", city="Capua")


@pytest.fixture
def bithys(campaign, nerva):
    return GladiatorFactory(campaign=campaign, owner=nerva, name="Bithys", price_purses=10)


@pytest.fixture
def senator(campaign):
    """Fabia's father: he owes his father a munus and means to stand in three years."""
    return EditorFactory(campaign=campaign, name="Fabius", office="heir")


@pytest.fixture
def munus(campaign, senator):
    return ShowFactory(campaign=campaign, editor=senator, name="Munus for a grandfather")


@pytest.fixture
def rich_senator(senator):
    fund(accounts.purse(senator), 200_000)
    return senator
