"""The fixtures the betting and Circus casts share (tests/arena/book/cast.py,
tests/arena/circus/cast.py): the shared cast of users (tests.cast) of the cast's `campaign`,
its GM, and Eros the gambler, the bettor of the cast's `eros_player`, with 1,000 sesterces."""

import pytest

from economy import accounts
from tests.cast import cast_users
from tests.factories import BettorFactory
from tests.money import fund


@pytest.fixture
def users(campaign):
    """The shared cast (tests.cast) of the campaign."""
    return cast_users(campaign)


@pytest.fixture
def gm(users):
    return users.gm


@pytest.fixture
def eros(campaign, eros_player):
    bettor = BettorFactory(campaign=campaign, name="Eros", player=eros_player)
    fund(accounts.bettor_account(bettor), 1_000)
    return bettor
