"""Logins are throttled (django-axes, settings.AXES_*): a burst of wrong passwords locks the
account at that address for a while, and the login page, in the layout, says so."""

from datetime import timedelta
from unittest import mock

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from ludus.views.login import locked_message
from tests import factories

pytestmark = pytest.mark.django_db

WRONG = "not-the-password"


def _try(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_fifty_wrong_passwords_in_a_burst_lock_the_account():
    factories.UserFactory(username="rufus")
    client = Client()
    statuses = [_try(client, "rufus", WRONG).status_code for _ in range(50)]
    limit = settings.AXES_FAILURE_LIMIT
    assert limit <= 50
    assert statuses[: limit - 1] == [200] * (limit - 1)  # the form again: wrong password
    assert set(statuses[limit:]) == {429}
    # Locked: even the right password is not tried, and the page says why, in the layout.
    response = _try(client, "rufus", factories.TEST_PASSWORD)
    assert response.status_code == 429
    assert not _logged_in(client)
    page = response.content.decode()
    assert locked_message() in page
    assert 'class="site-header"' in page and "<form" in page  # the login page, not a bare 403
    assert "15 minutes" in locked_message()


def test_the_lock_holds_for_the_name_at_that_address_only():
    factories.UserFactory(username="rufus")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _try(client, "rufus", WRONG, address="10.0.0.1")
    assert _try(Client(), "rufus", factories.TEST_PASSWORD, address="10.0.0.1").status_code == 429
    # The owner from elsewhere still logs in: nobody can lock a name out from anywhere.
    elsewhere = Client()
    response = _try(elsewhere, "rufus", factories.TEST_PASSWORD, address="10.0.0.2")
    assert response.status_code == 302
    assert _logged_in(elsewhere)


def test_wrong_passwords_from_one_address_do_not_lock_the_other_users_there():
    # Players behind one address (a house's router, a proxy): one of them guessing wrong ten
    # times locks only his own name there.
    factories.UserFactory(username="rufus")
    factories.UserFactory(username="nerva")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _try(Client(), "rufus", WRONG, address="10.0.0.9")
    assert _try(Client(), "rufus", factories.TEST_PASSWORD, address="10.0.0.9").status_code == 429
    neighbour = Client()
    response = _try(neighbour, "nerva", factories.TEST_PASSWORD, address="10.0.0.9")
    assert response.status_code == 302
    assert _logged_in(neighbour)


def test_a_few_wrong_passwords_then_the_right_one_log_in_and_clear_the_count():
    factories.UserFactory(username="rufus")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _try(client, "rufus", WRONG).status_code == 200
    assert _try(client, "rufus", factories.TEST_PASSWORD).status_code == 302
    again = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _try(again, "rufus", WRONG).status_code == 200  # the count began anew


def test_the_lock_lifts_after_the_cool_off():
    factories.UserFactory(username="rufus")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _try(client, "rufus", WRONG)
    assert _try(client, "rufus", factories.TEST_PASSWORD).status_code == 429
    later = timezone.now() + settings.AXES_COOLOFF_TIME + timedelta(minutes=1)
    with (
        mock.patch("django.utils.timezone.now", return_value=later),
        mock.patch("axes.attempts.now", return_value=later),
        mock.patch("axes.handlers.proxy.now", return_value=later),
    ):
        fresh = Client()
        assert _try(fresh, "rufus", factories.TEST_PASSWORD).status_code == 302
    assert _logged_in(fresh)
