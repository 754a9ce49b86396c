"""At a phone's 390 pixels nothing on the recovery page or the bout page runs off the screen
sideways (document.documentElement.scrollWidth <= 390), through each state those pages pass:
the medicus's chance and his dice; a bout before the first round, mid-fight, waiting for the
editor's decision (the sword band's panel with the appeal and the cost of defiance), and
decided; the show card, a race's field with its book, and the campaign's navigation, which
scrolls sideways within the screen and shows where it does. Screenshots of each are kept."""

import pytest

from arena.book import services as book_services
from arena.models import Bout, Verdict
from economy.models import Book
from tests import factories
from tests.arena.circus.cast import make_race
from tests.arena.views.helpers import seed_where, sword_called
from tests.browser.conftest import log_in
from tests.cast import build_cast

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = 390


@pytest.fixture
def cast():
    return build_cast()


def assert_fits(tab) -> None:
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE, f"{tab.url} is {width}px wide"


def test_the_recovery_page_fits_a_phone(phone_page, cast, screenshot):
    log_in(phone_page, "gm")
    phone_page.goto(f"{phone_page.base_url}/c/{cast.campaign.pk}/recovery/")
    assert "Cracked Rib" in phone_page.locator("#injuries").inner_text()
    assert_fits(phone_page)
    screenshot(phone_page, "recovery-phone")
    phone_page.click("#injuries button:has-text('Call the medicus')")
    phone_page.wait_for_selector("#attempt .die")
    assert_fits(phone_page)
    screenshot(phone_page, "recovery-attempt-phone")


def test_the_bout_page_fits_a_phone(phone_page, cast, screenshot):
    # A show of today: the seed is chosen for the men as they stand (a later show's nights of
    # rest would change the Wounds they carry in, and so the bout).
    today = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, name="Today's games")
    bout = factories.BoutFactory(
        show=today,
        fighter_a=cast.bithys,
        fighter_b=cast.spartacus,
        orders_a={"name": "cautious", "cut": True},  # the private orders line is drawn too
    )
    bout.seed = seed_where(bout, lambda result: sword_called(result) and result.rounds >= 2)
    bout.save(update_fields=["seed"])
    url = f"{phone_page.base_url}/c/{cast.campaign.pk}/arena/bouts/{bout.pk}/"
    log_in(phone_page, "gm")

    phone_page.goto(url)
    phone_page.wait_for_selector("#fight-controls")
    assert "cuts (against mail)" in phone_page.inner_text("#corner-a")
    assert_fits(phone_page)
    screenshot(phone_page, "bout-before-phone")

    phone_page.click("#fight-controls button[value=round]")
    phone_page.wait_for_selector("#round-1")
    assert_fits(phone_page)
    screenshot(phone_page, "bout-round-1-phone")

    phone_page.click("#fight-controls button[value=end]")
    phone_page.wait_for_selector("#editor-choice")
    assert "The loser appeals first" in phone_page.inner_text("#editor-choice")
    assert "Defying the crowd costs the editor 1 Dignitas" in phone_page.inner_text(
        "#editor-choice"
    )
    assert_fits(phone_page)
    screenshot(phone_page, "bout-editor-phone")

    phone_page.click("#defy-crowd")
    phone_page.wait_for_selector("#editor-act")
    phone_page.wait_for_selector("#appeal .die")
    verdict = Verdict.objects.get(bout=bout)
    assert verdict.editor_act == "missio" and verdict.appeal is not None
    assert phone_page.locator("#appeal .die").count() == len(verdict.appeal["dice"])
    assert_fits(phone_page)
    screenshot(phone_page, "bout-decided-phone")
    bout.refresh_from_db()
    assert bout.status == Bout.Status.DONE


def assert_table_fits(tab, selector: str) -> None:
    """The table itself fits its frame: no sideways scrolling inside .table-wrap either."""
    table, frame = tab.evaluate(
        f"[document.querySelector('{selector}').scrollWidth,"
        f" document.querySelector('{selector}').closest('.table-wrap').clientWidth]"
    )
    assert table <= frame, f"{selector} is {table}px wide in a {frame}px frame"


def test_the_show_card_fits_a_phone(phone_page, cast, screenshot):
    factories.BoutFactory(show=cast.show, fighter_a=cast.crixus, fighter_b=cast.spartacus)
    log_in(phone_page, "gm")
    phone_page.goto(f"{phone_page.base_url}/c/{cast.campaign.pk}/arena/shows/{cast.show.pk}/")
    phone_page.wait_for_selector("#card tbody tr[id^=bout-]")
    assert phone_page.locator("#card tbody tr[id^=bout-]").count() >= 1
    assert_fits(phone_page)
    assert_table_fits(phone_page, "#card")
    screenshot(phone_page, "show-card-phone")


def test_the_race_field_fits_a_phone(phone_page, cast, screenshot):
    race = make_race(cast.campaign)
    book_services.book_open(race=race, source=Book.Source.ENGINE)
    log_in(phone_page, "gm")
    phone_page.goto(f"{phone_page.base_url}/c/{cast.campaign.pk}/circus/{race.pk}/")
    phone_page.wait_for_selector("#field-card")
    assert phone_page.locator("#field tbody tr").count() == 4
    assert_fits(phone_page)
    assert_table_fits(phone_page, "#field")
    screenshot(phone_page, "race-field-phone")


def test_the_nav_fits_and_shows_where_it_scrolls(phone_page, cast, screenshot):
    log_in(phone_page, "gm")
    phone_page.goto(f"{phone_page.base_url}/c/{cast.campaign.pk}/recovery/")
    nav = phone_page.locator("nav.campaign-nav")
    assert_fits(phone_page)
    box = nav.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE
    # More links than the screen holds: the nav scrolls sideways, not the page...
    scroll_width, client_width = nav.evaluate("n => [n.scrollWidth, n.clientWidth]")
    assert scroll_width > client_width
    # ...the page's own entry (Recovery, past the screen's edge) is scrolled into view...
    current = nav.locator("a[aria-current=page]")
    assert current.inner_text() == "Recovery"
    link = current.bounding_box()
    assert link["x"] >= box["x"] and link["x"] + link["width"] <= box["x"] + box["width"]
    # ...and the edges that hide more links say so (a fade at each side it scrolls to).
    assert nav.evaluate("n => n.classList.contains('campaign-nav--more-before')")
    assert nav.evaluate("n => n.classList.contains('campaign-nav--more-after')")
    screenshot(phone_page, "nav-phone")
    nav.evaluate("n => { n.scrollLeft = 0; n.dispatchEvent(new Event('scroll')); }")
    phone_page.wait_for_function(
        "!document.querySelector('nav.campaign-nav').classList.contains('campaign-nav--more-before')"
    )
    assert nav.evaluate("n => n.classList.contains('campaign-nav--more-after')")
