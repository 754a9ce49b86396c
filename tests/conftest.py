"""Shared pytest configuration for the whole suite."""

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Users are made by the hundred in tests; the real hasher's slowness guards nothing here."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
