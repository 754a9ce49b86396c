"""Fixtures for the Circus tests (they live in cast.py so tests can import its helpers)."""

from tests.arena.races.cast import campaign, eros, eros_player, gm, race

__all__ = ["campaign", "eros", "eros_player", "gm", "race"]
