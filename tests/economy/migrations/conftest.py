"""The money tests' small cast (tests/economy/services/money.py)."""

from tests.economy.services.money import campaign, nerva

__all__ = ["campaign", "nerva"]
