"""Shared pytest configuration for the whole suite."""

import pytest

from rules.core import registry


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Users are made by the hundred in tests; the real hasher's slowness guards nothing here."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def engine_without_plugin(monkeypatch):
    """A ruleset key ("unbuilt") whose engine is registered (the Era's engine under another
    key) but which has no plug-in on the app side: a campaign may name it, nothing serves it."""
    monkeypatch.setitem(registry.RULESETS, "unbuilt", registry.RULESETS["era"])
    return "unbuilt"
