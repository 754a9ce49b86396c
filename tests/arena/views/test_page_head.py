"""Every page's <head>: the htmx config of base.html (refusals with 400, 409 or 422 are swapped),
and the page stylesheets (arena.css, circus.css) linked in <head>, with no inline <style>."""

import json
import re

import pytest
from django.urls import reverse

from arena.book import services as book_services
from arena.services.bouts import bout_fight
from tests.arena.circus.cast import make_race

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ARENA_CSS = "/static/css/arena.css"
CIRCUS_CSS = "/static/css/circus.css"


def head_and_body(response) -> tuple[str, str]:
    assert response.status_code == 200
    html = response.content.decode()
    head, _, body = html.partition("</head>")
    assert body, "the page has no </head>"
    return head, body


def stylesheets(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)


def response_handling(head: str) -> list[dict]:
    meta = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", head)
    assert meta, "base.html carries no htmx-config meta"
    return json.loads(meta.group(1))["responseHandling"]


def handling_of(rules: list[dict], status: int) -> dict:
    """The rule htmx 2 applies to a status: the first whose `code` regex finds a match in it."""
    for rule in rules:
        if re.search(rule["code"], str(status)):
            return rule
    return {"swap": False}


# --- htmx-config -------------------------------------------------------------------------------


def test_the_base_page_swaps_refusals_and_flags_them_as_errors(cast, as_user):
    head, body = head_and_body(
        as_user(cast.gm).get(reverse("campaign_dashboard", args=[cast.campaign.pk]))
    )
    rules = response_handling(head)
    # 403 and 404 too: for htmx, ludus.middleware aims them at the page's message area.
    for status in (400, 403, 404, 409, 422):
        rule = handling_of(rules, status)
        assert rule["swap"] is True and rule.get("error") is True, status
    for status in (401, 405, 410, 429, 500, 502, 503):
        rule = handling_of(rules, status)
        assert rule["swap"] is False and rule.get("error") is True, status
    for status in (200, 201, 302):
        assert handling_of(rules, status)["swap"] is True, status
    assert handling_of(rules, 204)["swap"] is False
    assert not handling_of(rules, 204).get("error")
    # The meta comes before htmx itself, and CSRF still rides along with every htmx request.
    assert head.index('name="htmx-config"') < head.index("htmx-2")
    assert re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"[^\"]+\"\}'>", body)


def test_the_login_page_has_the_same_config(client):
    head, _ = head_and_body(client.get(reverse("login")))
    assert handling_of(response_handling(head), 400)["swap"] is True


# --- the stylesheets ---------------------------------------------------------------------------


def arena_urls(cast):
    bout_fight(bout=cast.bout, seed=11)  # so that the replay has rounds to show
    campaign = cast.campaign.pk
    return [
        reverse("arena:show_list", args=[campaign]),
        reverse("arena:show_plan", args=[campaign]),
        reverse("arena:show_detail", args=[campaign, cast.show.pk]),
        reverse("arena:bout_detail", args=[campaign, cast.bout.pk]),
        reverse("arena:bout_replay", args=[campaign, cast.bout.pk]),
        reverse("arena:odds", args=[campaign]),
    ]


def test_the_arena_pages_link_arena_css_in_head(cast, as_user):
    client = as_user(cast.gm)
    for url in arena_urls(cast):
        head, body = head_and_body(client.get(url))
        assert ARENA_CSS in stylesheets(head), url
        assert "<link" not in body and "<style" not in head + body, url


@pytest.fixture
def race(cast):
    return make_race(cast.campaign)


def circus_urls(cast, race):
    book = book_services.book_open(race=race, source="engine")
    campaign = cast.campaign.pk
    return [
        reverse("circus:race_detail", args=[campaign, race.pk]),
        reverse("bets:book_list", args=[campaign]),
        reverse("bets:book_detail", args=[campaign, book.pk]),
    ]


def test_the_circus_and_book_pages_link_circus_css_in_head(cast, as_user, race):
    client = as_user(cast.gm)
    for url in circus_urls(cast, race):
        head, body = head_and_body(client.get(url))
        assert CIRCUS_CSS in stylesheets(head), url
        assert "<link" not in body and "<style" not in head + body, url
        # The global htmx-config swaps a refused run or bet: no per-page beforeSwap workaround.
        assert "before-swap" not in body and "shouldSwap" not in body, url


def test_an_htmx_fragment_carries_no_stylesheet(cast, as_user, race):
    client = as_user(cast.gm)
    race_url = reverse("circus:race_detail", args=[cast.campaign.pk, race.pk])
    bout = bout_fight(bout=cast.bout, seed=11)
    replay_url = reverse("arena:bout_replay", args=[cast.campaign.pk, bout.pk])
    for response in (
        client.get(race_url + "?part=page", **HTMX),
        client.get(replay_url + "?round=1", **HTMX),
    ):
        assert response.status_code == 200
        text = response.content.decode()
        assert "<head" not in text and "<link" not in text and "<style" not in text


def test_a_refused_run_answers_400_with_the_fragment_to_swap(cast, as_user, race):
    run_url = reverse("circus:race_run", args=[cast.campaign.pk, race.pk])
    response = as_user(cast.gm).post(run_url, {"to": "sideways"}, **HTMX)
    assert response.status_code == 400  # swapped by base.html's htmx-config, flagged as error
    text = response.content.decode()
    assert text.lstrip().startswith('<section id="race-page"') and "<head" not in text
    assert "Run the next leg or to the end" in text
