"""A Sands bout in the browser: the GM fights it turn by turn, answering the turn's orders the
table plays for Crixus (his orders ask it), sees the board (SVG) and the two sheets change,
then fights it to the end and steps through the replay move by move. Screenshots of the board
at each stage are saved under test-artifacts/screenshots/."""

import pytest

from arena.models import Bout
from arena.rulesets.sands import adapter
from rules.core.events import Decision
from rules.sands import bout as engine
from tests.browser.conftest import log_in
from tests.cast import make_campaign

pytestmark = pytest.mark.django_db(transaction=True)


def turns_played(setup, seed) -> int:
    """Turns of the bout the test fights: Crixus aggressive in turn 1, then his own orders."""
    decisions = []
    while True:
        result = engine.play(setup, seed, record=False, decisions=decisions)
        if result.pending is None:
            return result.turns
        choice = "aggressive" if not decisions else "orders"
        decisions.append(Decision("turn", 0, choice))


def long_seed(bout) -> int:
    """The first seed whose bout lasts five turns."""
    setup = adapter.setup_from_data(adapter.setup_data(bout))
    for seed in range(500):
        if turns_played(setup, seed) >= 5:
            return seed
    raise AssertionError("no long bout under 500 seeds")


def post(page, selector: str) -> None:
    """Click a button of the bout panel and wait until htmx has swapped in the answer."""
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.click(selector)
    page.wait_for_function("!document.querySelector('[data-disabled-by-htmx]')")
    page.wait_for_selector("#bout-panel")


@pytest.fixture
def sands(db):
    cast = make_campaign(ruleset="sands", orders_a={"ask": ["turn"]})
    Bout.objects.filter(pk=cast.bout.pk).update(seed=long_seed(cast.bout))
    return cast


def test_gm_fights_a_sands_bout_turn_by_turn(page, screenshot, sands):
    url = f"{page.base_url}/c/{sands.campaign.pk}/arena/bouts/{sands.bout.pk}/"
    log_in(page, "gm")
    page.goto(url)
    assert page.locator("#sands-board svg polygon[data-hex]").count() == 61
    assert page.locator("#sands-board .sands-man").count() == 2
    screenshot(page, "1-planned")

    # Turn 1: the engine rolls, then stops for Crixus's orders (after the roll: dice shown).
    post(page, "#fight-controls button[value=round]")
    assert page.locator("#sheet-a .sands-die").count() >= 1
    assert "orders for turn 1" in page.inner_text("#pending-choice")
    screenshot(page, "2-turn-1-asked")
    post(page, "#pending-choice button[value=aggressive]")
    assert "Crixus fights turn 1 on aggressive orders." in page.inner_text("#log")
    screenshot(page, "3-turn-1-fought")

    # Turn 2, answered with his own orders; the fatigue track has filled boxes by now.
    post(page, "#fight-controls button[value=round]")
    post(page, "#pending-choice button[value=orders]")
    assert page.locator(".sands-box--filled").count() >= 2
    screenshot(page, "4-turn-2-fought")

    # The take-back control replays turn 2 from the seed: the same board comes back.
    board = page.inner_html("#sands-board")
    post(page, "#undo-controls button")
    post(page, "#pending-choice button[value=orders]")
    assert page.inner_html("#sands-board") == board

    # To the end: every turn's question answered with his own orders.
    for _ in range(60):
        if page.locator("#verdict").count():
            break
        if page.locator("#pending-choice button").count():
            post(page, "#pending-choice button[value=orders]")
        else:
            post(page, "#fight-controls button[value=end]")
    page.wait_for_selector("#verdict")
    bout = Bout.objects.get(pk=sands.bout.pk)
    assert bout.status == Bout.Status.DONE and bout.rounds >= 4
    assert page.locator("#aftermath").count() == 1
    screenshot(page, "5-the-end")

    # The replay, move by move (htmx swaps the step; the links are real addresses).
    page.click("#replay-link")
    page.wait_for_selector("#replay-step")
    assert "Before the first roll" in page.inner_text("#step-event")
    for n in range(1, 5):
        page.click("#step-next")
        page.wait_for_function(
            "n => document.querySelector('#step-number').textContent.includes('Move ' + n + ' ')",
            arg=n,
        )
    assert "Move 4 of" in page.inner_text("#step-number")
    screenshot(page, "6-replay-move-4")
    moves = [i for i, e in enumerate(bout.log, start=1) if e["kind"] == "move"]
    page.goto(f"{url}replay/?step={moves[0]}")
    assert page.locator(".sands-move").count() == 1
    screenshot(page, "7-replay-a-move")
