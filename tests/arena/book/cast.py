"""The seed's cast for the betting tests: Bithys the thraex, the murmillo, the Forum munus, and
Eros the gambler (a player's bettor), with the GM, another player and an outsider."""

import pytest

from economy import accounts
from tests.factories import (
    BettorFactory,
    BoutFactory,
    CampaignFactory,
    EditorFactory,
    GladiatorFactory,
    LanistaFactory,
    ShowFactory,
)
from tests.money import balance, fund  # noqa: F401 (the cast's tests take them from here)


@pytest.fixture
def campaign(db):
    return CampaignFactory(name="Rome, 50 BC", year=-50, day=10)


@pytest.fixture
def eros_player(users):
    """Eros is the owning player's bettor, Lucius the other's."""
    return users.owner


@pytest.fixture
def other_player(users):
    return users.other


@pytest.fixture
def outsider(users):
    return users.outsider


@pytest.fixture
def lucius(campaign, other_player):
    """Another player's gambler."""
    bettor = BettorFactory(campaign=campaign, name="Lucius", player=other_player)
    fund(accounts.bettor_account(bettor), 1_000)
    return bettor


@pytest.fixture
def forum_munus(campaign):
    editor = EditorFactory(campaign=campaign, name="The consular's son")
    return ShowFactory(campaign=campaign, editor=editor, name="Munus in the Forum")


@pytest.fixture
def bithys(campaign):
    nerva = LanistaFactory(campaign=campaign, name="Nerva")
    return GladiatorFactory(
        campaign=campaign, owner=nerva, name="Bithys", armatura="thraex", might=3, melee=3
    )


@pytest.fixture
def murmillo(campaign):
    other = LanistaFactory(campaign=campaign, name="Another lanista")
    return GladiatorFactory(
        campaign=campaign, owner=other, name="The murmillo", armatura="murmillo", might=3, melee=2
    )


@pytest.fixture
def bout(forum_munus, bithys, murmillo):
    return BoutFactory(show=forum_munus, fighter_a=bithys, fighter_b=murmillo)
