"""Every kind of refusal shows inside the normal page, with the layout, with DEBUG on (as
`make run` has it) as well as off: a refused bet, a locked race field, a driver already gone,
a page whose login changed, a session that ended. (ludus.middleware, ludus_htmx_script)"""

import pytest

from arena.book import services as book_services
from arena.rulesets.era.circus import services as race_services
from economy import accounts
from economy.models import Book
from ludus.models import Membership
from tests.arena.circus.cast import fund, make_race
from tests.browser.conftest import log_in
from tests.factories import BettorFactory, CampaignFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(params=[True, False], ids=["debug", "hosted"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


@pytest.fixture
def circus(debug):
    campaign = CampaignFactory(name="Rome, 50 BC", day=20)
    MembershipFactory(campaign=campaign, user=UserFactory(username="gm"), role=Membership.Role.GM)
    player = UserFactory(username="eros")
    MembershipFactory(campaign=campaign, user=player)
    eros = BettorFactory(campaign=campaign, name="Eros", player=player)
    fund(accounts.bettor_account(eros), 1_000)
    race = make_race(campaign)
    book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    return {"campaign": campaign, "race": race, "book": book, "eros": eros}


def assert_in_the_layout(page, debug):
    """The page kept its header and navigation: nothing replaced the document."""
    assert page.locator("header.site-header .brand").is_visible()
    assert page.locator("nav.campaign-nav a", has_text="Dashboard").is_visible()
    assert page.locator("nav.campaign-nav a", has_text="Circus").is_visible()
    # django-htmx's debug script (which replaces the document on a 4xx) is never loaded;
    # ours, for a 500 only, is there exactly when DEBUG is on.
    assert page.locator("script[src*='django-htmx.js']").count() == 0
    assert page.locator("script[src*='debug-500.js']").count() == (1 if debug else 0)


def _race_page(page, circus):
    log_in(page, "gm")
    page.goto(f"{page.base_url}/c/{circus['campaign'].pk}/circus/{circus['race'].pk}/")
    page.wait_for_selector("#field-card")


def test_a_refused_bet(page, circus, debug, screenshot):
    log_in(page, "eros")
    page.goto(f"{page.base_url}/c/{circus['campaign'].pk}/bets/{circus['book'].pk}/")
    page.fill("#bet-form input[name=stake]", "5000")
    page.click("#bet-form button[type=submit]")
    page.wait_for_selector("#bet-form :text('Eros has 1,000 sesterces and cannot stake 5,000.')")
    screenshot(page, "refused-bet")
    assert_in_the_layout(page, debug)
    assert page.locator("#book-page h2", has_text="Place a bet").is_visible()


def test_a_race_field_locked_since_the_page_was_drawn(page, circus, debug, screenshot):
    _race_page(page, circus)
    scorpus = circus["race"].entries.get(driver__name="Scorpus")
    # Another tab: Eros stakes on Scorpus, so the field can no longer change.
    book_services.bet_place(book=circus["book"], bettor=circus["eros"], side=scorpus.pk, stake=100)
    page.click("button[aria-label='Remove Scorpus']")
    page.wait_for_selector("#field-card :text('the field can no longer change')")
    screenshot(page, "locked-field")
    assert_in_the_layout(page, debug)
    assert page.locator("#field tbody tr").count() == 4  # the field, shown as it stands
    assert page.locator("button[aria-label='Remove Scorpus']").count() == 0  # no longer offered
    assert page.locator("#race-entry-form").count() == 0
    assert page.locator("#field-held").is_visible()


def test_a_driver_already_removed_in_another_tab(page, circus, debug, screenshot):
    _race_page(page, circus)
    race = circus["race"]
    race_services.race_entry_remove(race=race, entry=race.entries.get(driver__name="Avilius"))
    page.click("button[aria-label='Remove Avilius']")
    page.wait_for_selector("#page-messages :text('That is no longer there')")
    screenshot(page, "driver-gone")
    assert_in_the_layout(page, debug)
    assert page.locator("#field-card h2", has_text="The field").is_visible()


def test_a_page_whose_login_changed(page, circus, debug, screenshot):
    _race_page(page, circus)
    # A login in another tab turns the CSRF token over: this tab's token is out of date.
    cookie = next(c for c in page.context.cookies() if c["name"] == "csrftoken")
    page.context.add_cookies([{**cookie, "value": "x" * 32}])
    page.click("button[aria-label='Remove Avilius']")
    page.wait_for_selector("#page-messages :text('the page may be out of date')")
    screenshot(page, "stale-token")
    assert_in_the_layout(page, debug)
    assert circus["race"].entries.filter(driver__name="Avilius").exists()  # nothing written


def test_a_session_that_ended_goes_to_log_in(page, circus, debug):
    _race_page(page, circus)
    page.context.clear_cookies(name="sessionid")
    page.click("button[aria-label='Remove Avilius']")
    page.wait_for_url("**/login/**")
    assert page.locator("form input[name=username]").is_visible()
    assert page.locator("header.site-header .brand").is_visible()
    assert circus["race"].entries.filter(driver__name="Avilius").exists()
