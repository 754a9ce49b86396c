"""Changing one's password: Django's views with our templates, linked from the user menu."""

from django.test import Client
from django.urls import reverse

from tests import factories

NEW = "a-new-Passphrase-88"


def _logs_in(username: str, password: str) -> bool:
    """A login through the page (django-axes wants the request)."""
    response = Client().post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302


def test_the_user_menu_links_to_the_password_change(cast):
    page = cast.client_for("nerva").get(reverse("campaign_list")).content.decode()
    assert reverse("password_change") in page


def test_a_user_changes_his_password_and_logs_in_with_it(cast):
    client = cast.client_for("nerva")
    page = client.get(reverse("password_change"))
    assert page.status_code == 200 and "Change your password" in page.content.decode()
    response = client.post(
        reverse("password_change"),
        {"old_password": factories.TEST_PASSWORD, "new_password1": NEW, "new_password2": NEW},
    )
    assert response.status_code == 302 and response.url == reverse("password_change_done")
    assert "Password changed" in client.get(response.url).content.decode()
    assert client.get(reverse("campaign_list")).status_code == 200  # still logged in
    assert _logs_in(cast.nerva.username, NEW)
    assert not _logs_in(cast.nerva.username, factories.TEST_PASSWORD)


def test_a_wrong_old_password_or_a_weak_new_one_is_refused(cast):
    client = cast.client_for("nerva")
    wrong = client.post(
        reverse("password_change"),
        {"old_password": "not-it", "new_password1": NEW, "new_password2": NEW},
    )
    assert wrong.status_code == 200 and "errorlist" in wrong.content.decode()
    weak = client.post(
        reverse("password_change"),
        {"old_password": factories.TEST_PASSWORD, "new_password1": "1", "new_password2": "1"},
    )
    assert "too short" in weak.content.decode()
    assert _logs_in(cast.nerva.username, factories.TEST_PASSWORD)


def test_anonymous_users_are_sent_to_log_in(db):
    response = Client().get(reverse("password_change"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
