"""The tests' settings: the project's own, with a key and plain http (DEBUG is off unless set).

pytest-django runs every test with DEBUG off whatever the settings say; a test that needs
DEBUG on sets it (the `settings` fixture). Commands the tests start in a subprocess inherit
the key from the environment.
"""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "ludus-tests-only-" + "not-a-secret-" * 4)
# The test client and the live server speak plain http on localhost.
os.environ.setdefault("DJANGO_SSL_REDIRECT", "false")
os.environ.setdefault("DJANGO_SECURE_COOKIES", "false")
os.environ.setdefault("DJANGO_HSTS_SECONDS", "0")

from config.settings import *  # noqa: E402,F403
