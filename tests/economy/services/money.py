"""A small cast for the money tests: Nerva of Capua and his men, Fabia's father, his munus."""

import pytest

from economy import accounts
from tests.factories import (
    CampaignFactory,
    EditorFactory,
    GladiatorFactory,
    LanistaFactory,
    ShowFactory,
)
from tests.money import balance, fund  # noqa: F401 (the cast's tests take them from here)


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
