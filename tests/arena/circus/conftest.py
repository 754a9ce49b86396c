"""Fixtures for the Circus tests (they live in cast.py so tests can import its helpers)."""

import pytest

from tests.arena.circus.cast import campaign, eros_player, race

__all__ = ["campaign", "eros_player", "race"]


@pytest.fixture
def owner(users, race):
    """The owning player: his stable owns the drivers."""
    stable = race.entries.first().driver.owner
    stable.player = users.owner
    stable.save()
    return users.owner


@pytest.fixture
def other_player(users):
    return users.other


@pytest.fixture
def outsider(users):
    return users.outsider
