"""The address a login attempt is counted against (ludus.throttle.client_address)."""

from django.test import RequestFactory

from ludus.throttle import client_address


def _request(forwarded=None):
    headers = {"x-forwarded-for": forwarded} if forwarded else {}
    return RequestFactory().post("/login/", headers=headers, REMOTE_ADDR="10.1.1.1")


def test_without_proxies_the_connection_s_address_counts_whatever_the_header(settings):
    settings.PROXY_COUNT = 0
    assert client_address(_request("1.2.3.4")) == "10.1.1.1"


def test_behind_one_proxy_the_right_most_forwarded_address_counts(settings):
    settings.PROXY_COUNT = 1
    # The client wrote 6.6.6.6 itself; the proxy appended the address it saw.
    assert client_address(_request("6.6.6.6, 203.0.113.7")) == "203.0.113.7"


def test_behind_two_proxies_the_second_from_the_right_counts(settings):
    settings.PROXY_COUNT = 2
    assert client_address(_request("6.6.6.6, 203.0.113.7, 10.0.0.2")) == "203.0.113.7"


def test_a_header_shorter_than_the_proxies_falls_back_to_the_connection(settings):
    settings.PROXY_COUNT = 2
    assert client_address(_request("203.0.113.7")) == "10.1.1.1"
    assert client_address(_request()) == "10.1.1.1"
