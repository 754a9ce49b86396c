"""Fixtures for the money tests (helpers live in money.py so tests can import them)."""

from tests.economy.services.money import bithys, campaign, munus, nerva, rich_senator, senator

__all__ = ["bithys", "campaign", "munus", "nerva", "rich_senator", "senator"]
