"""The arena's fixtures on the one cast of users (tests.cast): a test folder that defines
`campaign` (the book's, the Circus's) gets its users, its GM, and Eros the gambler, the bettor
of its `eros_player`, with 1,000 sesterces."""

import pytest

from economy import accounts
from tests.cast import cast_users
from tests.factories import BettorFactory
from tests.money import fund


@pytest.fixture
def users(campaign):
    return cast_users(campaign)


@pytest.fixture
def gm(users):
    return users.gm


@pytest.fixture
def eros(campaign, eros_player):
    bettor = BettorFactory(campaign=campaign, name="Eros", player=eros_player)
    fund(accounts.bettor_account(bettor), 1_000)
    return bettor
