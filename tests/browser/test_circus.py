"""The Circus and the book in a real browser: the GM runs a race leg by leg with htmx, Eros's
player places bets (one refused for his balance), and screenshots of both pages are kept."""

import pytest

from arena.book import services as book_services
from arena.models import Race
from economy import accounts
from economy.ledger import account_balance
from economy.models import Bet, Book
from ludus.models import Membership
from tests.arena.circus.cast import fund, make_race
from tests.browser.conftest import log_in
from tests.factories import (
    BettorFactory,
    BoutFactory,
    CampaignFactory,
    GladiatorFactory,
    MembershipFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def circus():
    campaign = CampaignFactory(name="Rome, 50 BC", day=20)
    gm = UserFactory(username="gm")
    MembershipFactory(campaign=campaign, user=gm, role=Membership.Role.GM)
    player = UserFactory(username="eros_player")
    MembershipFactory(campaign=campaign, user=player)
    eros = BettorFactory(campaign=campaign, name="Eros", player=player)
    fund(accounts.bettor_account(eros), 1_000)
    race = make_race(campaign)
    race_book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    bithys = GladiatorFactory(campaign=campaign, name="Bithys", melee=3, armatura="thraex")
    murmillo = GladiatorFactory(campaign=campaign, name="Marcus", melee=2, armatura="murmillo")
    bout = BoutFactory(show=race.show, fighter_a=bithys, fighter_b=murmillo)
    bout_book = book_services.book_open(bout=bout)
    return {
        "campaign": campaign,
        "race": race,
        "race_book": race_book,
        "bout_book": bout_book,
        "eros": eros,
    }


def test_the_gm_runs_the_race_leg_by_leg(page, circus, screenshot):
    race = circus["race"]
    book_services.bet_place(
        book=circus["race_book"],
        bettor=circus["eros"],
        side=race.entries.get(faction="Reds").pk,
        stake=200,
    )
    log_in(page, "gm")
    page.goto(f"{page.base_url}/c/{circus['campaign'].pk}/circus/{race.pk}/")
    assert page.locator("h1").inner_text().startswith(race.name)
    page.fill("input[name=seed]", "2026")
    page.click("button[value=next]")
    page.wait_for_selector("#leg-1")
    assert page.locator("#leg-2").count() == 0
    assert "Leg run: 1 of 3 legs" in page.inner_text("#race-page")
    race.refresh_from_db()
    assert race.legs_run == 1 and race.seed == 2026
    screenshot(page, "race-after-leg-1")

    page.click("button[value=end]")
    page.wait_for_selector("#leg-3")
    assert "The race is run" in page.inner_text("#race-page")
    race.refresh_from_db()
    assert race.status == Race.Status.DONE
    winner = race.entries.get(won=True)
    assert f"{winner.driver.name} of the {winner.faction} wins" in page.inner_text("#race-page")
    assert page.locator("svg.race-chart g.race-line").count() == 4
    screenshot(page, "race-finished")

    # The race settled its book: the GM's view of it shows every side and the result.
    page.click("text=The book (settled)")
    page.wait_for_selector("#line")
    assert "won" in page.inner_text(f"#line tr:has-text('{winner.driver.name}')")
    assert "Owed if he wins" in page.inner_text("#line")
    screenshot(page, "book-settled-gm")


def test_eros_bets_on_the_reds_and_is_refused_beyond_his_purse(page, circus, screenshot):
    book = circus["race_book"]
    reds = circus["race"].entries.get(faction="Reds")
    log_in(page, "eros_player")
    page.goto(f"{page.base_url}/c/{circus['campaign'].pk}/bets/{book.pk}/")
    assert "2 to 1 against" in page.inner_text("#line")
    page.select_option("select[name=side]", str(reds.pk))
    page.fill("input[name=stake]", "200")
    page.click("#bet-form button[type=submit]")
    page.wait_for_selector("#bet-form")
    page.wait_for_function("document.querySelector('#book-page').innerText.includes('to win 400')")
    assert Bet.objects.filter(bettor=circus["eros"], side=reds.pk, stake=200).count() == 1
    assert account_balance(accounts.bettor_account(circus["eros"])) == 800
    screenshot(page, "book-after-bet")

    page.fill("input[name=stake]", "5000")
    page.click("#bet-form button[type=submit]")
    page.wait_for_selector("#bet-form .errorlist")
    assert "Eros has 800 sesterces and cannot stake 5,000." in page.inner_text("#bet-form")
    assert Bet.objects.count() == 1
    screenshot(page, "book-refused")


def test_the_book_pages_on_a_phone(phone_page, circus, screenshot):
    book_services.bet_place(
        book=circus["bout_book"],
        bettor=circus["eros"],
        side=circus["bout_book"].event.entry_a.gladiator_id,
        stake=400,
    )
    log_in(phone_page, "eros_player")
    phone_page.goto(f"{phone_page.base_url}/c/{circus['campaign'].pk}/bets/")
    assert "4 to 3 on" in phone_page.inner_text("main")
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1  # nothing spills sideways on a phone
    # and the books take the phone's whole width, not a squeezed column beside the purse
    assert phone_page.locator("article.card").first.bounding_box()["width"] > 300
    screenshot(phone_page, "book-list-phone")
    phone_page.goto(f"{phone_page.base_url}/c/{circus['campaign'].pk}/circus/{circus['race'].pk}/")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 391
    assert phone_page.locator("svg.race-chart").bounding_box()["width"] > 300
    screenshot(phone_page, "race-phone")
