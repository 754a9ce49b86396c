"""Issue 27, what a probe found: input no view expects is refused at the root with a 400 or a
404, never a 500 (ludus.inputs, ludus.middleware.NulRefusalMiddleware). The probe's own cases
(a 4,301-digit bout number, 5,000 nested brackets in an upload, `/s/%00/`), then each class of
them wherever a view reads one: digits that `int` refuses, JSON that nests past reason, NUL."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from arena.models import Bout
from economy.odds_lines import Odds, OddsError
from ludus.inputs import MAX_JSON_DEPTH, json_upload, whole_number
from ludus.limits import MAX_ID
from ludus.middleware import NUL_REFUSED
from tests.cast import build_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(db):
    return build_cast()


TOO_MANY_DIGITS = "7" * 4301  # int() refuses more than 4,300 digits (ValueError)
NOT_ASCII = ["²", "¹²", "١٢", "1_000", " 12", "+12", "-1", "", "12.0"]


def test_a_4301_digit_bout_number_on_the_live_odds_share_form_is_no_500(cast):
    gm = cast.client_for("gm")
    for bout in [TOO_MANY_DIGITS, "²", str(MAX_ID + 1)]:
        response = gm.post(
            reverse("arena:live_odds_share", args=[cast.campaign.pk]),
            {"shown": "yes", "bout": bout},
        )
        assert response.status_code == 302
        assert response["Location"] == reverse("arena:show_list", args=[cast.campaign.pk])
    bout = Bout.objects.filter(show__campaign=cast.campaign).first()
    response = gm.post(
        reverse("arena:live_odds_share", args=[cast.campaign.pk]),
        {"shown": "yes", "bout": str(bout.pk)},
    )
    assert response["Location"] == reverse("arena:bout_detail", args=[cast.campaign.pk, bout.pk])


def test_five_thousand_nested_brackets_on_import_are_refused_naming_the_file(cast):
    gm = cast.client_for("gm")
    body = b"[" * 5000 + b"]" * 5000  # 10 KB: Python's json recursed out of its stack
    response = gm.post(
        reverse("campaign_import"),
        {"key": "k" * 32, "file": SimpleUploadedFile("c.json", body, "application/json")},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "this is not a campaign file" in page
    assert f"nests more than {MAX_JSON_DEPTH} levels deep" in page


def test_a_nul_in_a_share_link_is_a_400():
    response = Client().get("/s/%00/")
    assert response.status_code == 400
    assert response.content.decode() == NUL_REFUSED


@pytest.mark.parametrize(
    ("method", "url", "data"),
    [
        ("get", "/s/abc%00def/", None),
        ("get", "/login/?next=%00", None),
        ("get", "/login/?a%00b=1", None),
        ("post", "/login/", {"username": "gm\x00", "password": "x"}),
    ],
)
def test_a_nul_anywhere_a_view_reads_is_refused_before_any_view(method, url, data, cast):
    client = cast.client_for("gm")
    response = getattr(client, method)(url, data) if data else getattr(client, method)(url)
    assert response.status_code == 400
    assert response.content.decode() == NUL_REFUSED


def test_a_nul_in_a_cookie_is_refused(cast):
    client = cast.client_for("gm")
    client.cookies["tab"] = "a\x00b"
    assert client.get(reverse("campaign_list")).status_code == 400
    del client.cookies["tab"]
    assert client.get(reverse("campaign_list")).status_code == 200


@pytest.mark.parametrize("text", [TOO_MANY_DIGITS, str(MAX_ID + 1), *NOT_ASCII])
def test_only_ascii_digits_within_the_range_are_a_whole_number(text):
    assert whole_number(text) is None


def test_a_whole_number_within_its_range_is_read():
    assert whole_number("0") == 0
    assert whole_number(str(MAX_ID)) == MAX_ID
    assert whole_number("12", high=11) is None


@pytest.mark.parametrize("text", ["² to 1", f"{TOO_MANY_DIGITS} to 1", "1 to ¹²"])
def test_a_price_in_digits_int_refuses_is_unreadable_not_a_crash(text):
    with pytest.raises(OddsError):
        Odds.parse(text)


def test_json_nesting_to_the_bound_is_read_and_past_it_refused():
    assert json_upload("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None
    with pytest.raises(ValueError, match="nests more than"):
        json_upload("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))
    # Brackets inside strings do not nest.
    assert json_upload('{"a": "' + "[" * 5000 + '"}') == {"a": "[" * 5000}
    assert json_upload(r'["\"[[[", {"b": []}]') == ['"[[[', {"b": []}]


@pytest.mark.parametrize("asked", [TOO_MANY_DIGITS, "²", str(MAX_ID + 1)])
def test_the_market_asked_for_a_man_by_a_number_int_refuses_shows_the_market(cast, asked):
    response = cast.client_for("nerva").get(
        reverse("economy:market", args=[cast.campaign.pk]), {"gladiator": asked}
    )
    assert response.status_code == 200


def test_an_htmx_request_with_a_nul_is_told_in_the_page_message_area(cast):
    response = cast.client_for("gm").get("/login/?q=%00", headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#page-messages"
    assert NUL_REFUSED in response.content.decode()
    assert 'class="messages"' in response.content.decode()
