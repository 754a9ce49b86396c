"""Errors are logged to standard error with their request; our own 500 and 404 pages; a favicon."""

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client, RequestFactory
from django.views.defaults import server_error

from config.logs import RequestFormatter
from tests import factories
from tests.config.test_settings import HOSTED, ROOT

# A fresh interpreter, hosted settings, a URL that fails: what reaches standard error?
BOOM = """
import sys, types
import django
from django.test.utils import override_settings
django.setup()
from django.test import Client
from django.urls import include, path

def boom(request):
    raise RuntimeError("the sand ran out")

urls = types.ModuleType("boom_urls")
urls.urlpatterns = [path("boom/", boom), path("", include("config.urls"))]
sys.modules["boom_urls"] = urls
with override_settings(ROOT_URLCONF="boom_urls", ALLOWED_HOSTS=["testserver"]):
    client = Client(raise_request_exception=False)
    response = client.get("/boom/?day=3", REMOTE_ADDR="10.9.8.7", secure=True)
print(response.status_code)
print(response.content.decode())
"""


def test_an_error_is_logged_to_stderr_with_its_request_and_our_500_page_is_shown():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(HOSTED, DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL="sqlite:///:memory:")
    result = subprocess.run(
        [sys.executable, "-c", BOOM], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    status, _, page = result.stdout.partition("\n")
    assert status == "500", result.stderr
    assert "Something went wrong on our side" in page
    assert "the sand ran out" not in page  # no traceback for the visitor
    assert "ERROR django.request: Internal Server Error: /boom/" in result.stderr
    assert "request: GET /boom/?day=3 (user anonymous, from 10.9.8.7)" in result.stderr
    assert "RuntimeError: the sand ran out" in result.stderr  # and the traceback


def test_the_formatter_names_the_request_before_the_traceback():
    request = RequestFactory().post("/c/1/bets/4/", REMOTE_ADDR="10.0.0.5")
    request.user = factories.UserFactory.build(username="nerva")
    try:
        raise ValueError("no purse")
    except ValueError:
        record = logging.LogRecord(
            "django.request",
            logging.ERROR,
            __file__,
            1,
            "Failed: %s",
            ("/c/1/bets/4/",),
            sys.exc_info(),
        )
    record.request = request
    lines = RequestFormatter("%(levelname)s %(message)s").format(record).splitlines()
    assert lines[0] == "ERROR Failed: /c/1/bets/4/"
    assert lines[1] == "  request: POST /c/1/bets/4/ (user nerva, from 10.0.0.5)"
    assert lines[-1] == "ValueError: no purse"


def test_a_record_without_a_request_is_one_plain_line():
    record = logging.LogRecord("ludus", logging.WARNING, __file__, 1, "Day %s", (3,), None)
    assert RequestFormatter("%(levelname)s %(message)s").format(record) == "WARNING Day 3"


@pytest.mark.django_db
def test_the_500_page_stands_alone_without_a_query(django_assert_num_queries):
    with django_assert_num_queries(0):
        response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong on our side" in page
    assert "favicon.svg" in page and "ludus.css" in page


@pytest.mark.django_db
def test_the_404_page_is_in_the_layout(client):
    client.force_login(factories.UserFactory(username="rufus"))
    response = client.get("/c/999999/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Not here" in page
    assert 'class="site-header"' in page and "My campaigns" in page


@pytest.mark.django_db
def test_an_unknown_address_is_404_in_the_layout_for_a_visitor_too(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "Not here" in response.content.decode()
    assert 'href="/login/"' in response.content.decode()


@pytest.mark.django_db
def test_every_page_links_the_favicon_and_it_is_served(client):
    page = client.get("/login/").content.decode()
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page
    found = finders.find("favicon.svg")
    assert found and Path(found).read_text().lstrip().startswith("<svg")
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/favicon.svg"


def _request_as_the_middleware_leaves_it(session_key: str | None):
    """A request through the session and auth middleware, its user and session not yet read."""
    from django.contrib.auth.middleware import AuthenticationMiddleware
    from django.contrib.sessions.middleware import SessionMiddleware

    factory = RequestFactory()
    if session_key is not None:
        factory.cookies["sessionid"] = session_key
    request = factory.get("/c/1/", REMOTE_ADDR="10.0.0.6")
    SessionMiddleware(lambda r: None).process_request(request)
    AuthenticationMiddleware(lambda r: None).process_request(request)
    return request


def _error_record(request) -> logging.LogRecord:
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Failed", (), None)
    record.request = request
    return record


# No django_db mark: any query raises, as it would with the database down.
@pytest.mark.parametrize(("session_key", "who"), [(None, "anonymous"), ("a" * 32, "not loaded")])
def test_a_log_line_never_queries_the_database(session_key, who):
    request = _request_as_the_middleware_leaves_it(session_key)
    line = RequestFormatter("%(levelname)s %(message)s").format(_error_record(request))
    assert line.splitlines()[1] == f"  request: GET /c/1/ (user {who}, from 10.0.0.6)"


@pytest.mark.django_db
def test_a_log_line_names_the_user_the_request_already_read():
    from django.contrib.auth import SESSION_KEY

    user = factories.UserFactory(username="nerva")
    client = Client()
    client.force_login(user)
    request = _request_as_the_middleware_leaves_it(client.session.session_key)
    assert request.session[SESSION_KEY] == str(user.pk)  # the session read, the user not yet
    line = RequestFormatter("%(message)s").format(_error_record(request))
    assert f"(user id {user.pk}, from" in line
    assert request.user.get_username() == "nerva"  # the view read the user after all
    line = RequestFormatter("%(message)s").format(_error_record(request))
    assert "(user nerva, from" in line
