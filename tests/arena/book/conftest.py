"""Fixtures for the betting tests (they live in cast.py so tests can import its helpers)."""

from tests.arena.book.cast import (
    bithys,
    bout,
    campaign,
    eros_player,
    forum_munus,
    lucius,
    murmillo,
    other_player,
    outsider,
)

__all__ = [
    "bithys",
    "bout",
    "campaign",
    "eros_player",
    "forum_munus",
    "lucius",
    "murmillo",
    "other_player",
    "outsider",
]
