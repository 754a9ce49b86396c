"""Fixtures for the Circus tests (they live in cast.py so tests can import its helpers)."""

import pytest

from ludus.models import Membership
from tests.arena.circus.cast import campaign, eros, eros_player, gm, race
from tests.factories import MembershipFactory, UserFactory

__all__ = ["campaign", "eros", "eros_player", "gm", "race"]


@pytest.fixture
def owner(campaign, race):
    """The player whose stable owns the drivers."""
    user = UserFactory(username="stable_master")
    MembershipFactory(campaign=campaign, user=user)
    stable = race.entries.first().driver.owner
    stable.player = user
    stable.save()
    return user


@pytest.fixture
def other_player(campaign):
    user = UserFactory(username="other_player")
    MembershipFactory(campaign=campaign, user=user, role=Membership.Role.PLAYER)
    return user


@pytest.fixture
def outsider(db):
    return UserFactory(username="outsider")
