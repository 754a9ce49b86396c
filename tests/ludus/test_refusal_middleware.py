"""A Refusal no view caught is shown inside the page, never as a 500 (ludus.middleware)."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.db import SessionStore
from django.http import HttpResponse
from django.shortcuts import redirect
from django.test import RequestFactory

from arena.errors import BoutError
from arena.rulesets.era.circus.services import RaceError
from desk.services.setup import SetupError
from economy.ledger import LedgerError
from economy.odds_lines import OddsError
from economy.services.betting import BettingError
from economy.services.refusals import ContractError
from ludus.errors import Refusal
from ludus.middleware import RefusalMiddleware
from ludus.services.ludus import LudusError
from ludus.services.recovery import RecoveryError

pytestmark = pytest.mark.django_db

MIDDLEWARE = RefusalMiddleware(lambda request: None)


def _request(method="post", *, htmx=False, referer=None):
    factory = RequestFactory()
    headers = {"referer": referer} if referer else {}
    request = getattr(factory, method)("/c/1/arena/", headers=headers)
    request.htmx = htmx
    request.user = AnonymousUser()
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    return request


@pytest.mark.parametrize(
    "error",
    [
        LudusError,
        RecoveryError,
        SetupError,
        LedgerError,
        ContractError,
        BettingError,
        OddsError,
        BoutError,
        RaceError,
    ],
)
def test_every_service_error_is_a_refusal(error):
    assert issubclass(error, Refusal)
    assert issubclass(error, ValueError)  # the views' old `except ValueError` still hold


def test_htmx_gets_a_422_fragment_with_the_message_aimed_at_the_message_area():
    response = MIDDLEWARE.process_exception(_request(htmx=True), BettingError("Purse too thin."))
    assert response.status_code == 422
    assert b"Purse too thin." in response.content
    assert b"<html" not in response.content
    # The part of the page the request meant to replace stays; the message goes to the top.
    assert response["HX-Retarget"] == "#page-messages"
    assert response["HX-Reswap"] == "innerHTML show:top"


def _answering(response):
    return RefusalMiddleware(lambda request: response)


@pytest.mark.parametrize(("status", "says"), [(403, b"out of date"), (404, b"no longer there")])
def test_an_htmx_request_answered_403_or_404_says_so_in_the_message_area(status, says):
    page = HttpResponse("<html>a whole page</html>", status=status)
    response = _answering(page)(_request(htmx=True))
    assert response.status_code == status  # the status is kept
    assert says in response.content and b"<html" not in response.content
    assert response["HX-Retarget"] == "#page-messages"


@pytest.mark.parametrize("status", [403, 404])
def test_without_htmx_a_403_or_404_page_is_left_alone(status):
    page = HttpResponse("<html>a whole page</html>", status=status)
    assert _answering(page)(_request()) is page


def test_an_htmx_request_sent_to_log_in_takes_the_whole_tab_there():
    response = _answering(redirect("/login/?next=/c/1/bets/4/bet/"))(_request(htmx=True))
    assert response.status_code == 204
    assert response["HX-Redirect"] == "/login/?next=/c/1/bets/4/bet/"
    other = redirect("/c/1/bets/4/")
    assert _answering(other)(_request(htmx=True)) is other  # other redirects are htmx's own


def test_a_form_post_goes_back_to_its_page_with_the_message():
    request = _request(referer="http://testserver/c/1/bets/4/")
    response = MIDDLEWARE.process_exception(request, BettingError("Purse too thin."))
    assert response.status_code == 302
    assert response["Location"] == "http://testserver/c/1/bets/4/"
    assert [str(m) for m in get_messages(request)] == ["Purse too thin."]


def test_a_foreign_referer_is_not_followed():
    request = _request(referer="https://evil.example/")
    response = MIDDLEWARE.process_exception(request, BoutError("No such side."))
    assert response.status_code == 422
    assert b"No such side." in response.content
    assert b"<html" in response.content  # the page shell, base.html


def test_other_exceptions_are_left_alone():
    assert MIDDLEWARE.process_exception(_request(), KeyError("boom")) is None
