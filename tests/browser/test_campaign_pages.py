"""The GM's table in a real browser: log in, the dashboard (also at phone width), a gladiator's
page with his orders (set by htmx), the ledger filtered by htmx, the market's quote and a hire,
the medicus; a player is refused the GM's pages. Screenshots of each key page are kept."""

import pytest
from django.urls import reverse

from economy.models import Hire
from ludus.models import TreatmentAttempt
from tests.browser.conftest import log_in
from tests.cast import build_cast, hire_spartacus

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def cast():
    cast = build_cast()
    hire_spartacus(cast)
    return cast


def test_the_gm_walks_through_the_campaign(page, cast, screenshot):
    c = cast.campaign.pk
    log_in(page, "gm")
    assert page.url.rstrip("/") == page.base_url  # the campaign list
    page.click(f"text={cast.campaign.name}")
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == cast.campaign.name
    assert page.locator("#hurt").inner_text().count("Cracked Rib") == 1
    assert "The Forum munus" in page.locator("#next-show").inner_text()
    screenshot(page, "dashboard")

    page.click("nav.campaign-nav >> text=Roster")
    page.wait_for_load_state()
    assert page.locator("text=The house of Batiatus").count() >= 1
    screenshot(page, "roster")

    page.click("table >> text=Bithys")
    page.wait_for_load_state()
    assert page.locator("h1").inner_text().startswith("Bithys")
    assert page.locator("#record").inner_text().count("Known") == 1
    # Standing orders by htmx: only the card is swapped, the page stays.
    page.select_option("#orders select[name=orders]", "fight-on")
    page.click("#orders button[type=submit]")
    page.wait_for_selector("text=Saved: fight-on.")
    cast.bithys.refresh_from_db()
    assert cast.bithys.orders == "fight-on"
    assert page.url.endswith(f"/c/{c}/gladiators/{cast.bithys.pk}/")
    screenshot(page, "gladiator")

    page.click("nav.campaign-nav >> text=Ledger")
    page.wait_for_load_state()
    assert "5 transactions" in page.locator("#ledger-table").inner_text()
    screenshot(page, "ledger")
    # The party filter swaps the table by htmx and keeps the filter in the address.
    chest = page.locator("select[name=account] option", has_text="Nerva's chest")
    page.select_option("select[name=account]", chest.get_attribute("value"))
    page.wait_for_selector("#ledger-table >> text=1 transaction")
    assert "account=" in page.url
    screenshot(page, "ledger-filtered")

    page.click("nav.campaign-nav >> text=Market")
    page.wait_for_load_state()
    page.select_option("#hire select[name=show]", label="The Forum munus")
    page.select_option("#hire select[name=gladiator]", label="Bithys the thraex")
    page.select_option("#hire select[name=kind]", "single")
    page.wait_for_selector("#quote-hire >> text=3,200 HS (4 purses)")
    # Fabius's purse: 20,000, less 1,600 for Spartacus's hire, is 18,400; after Bithys, 15,200.
    assert "18,400 HS now, 15,200 HS after" in page.locator("#quote-hire").inner_text()
    screenshot(page, "market-quote")
    page.click("#hire button:has-text('Hire')")
    page.wait_for_load_state()
    assert "Bithys is hired to The Forum munus" in page.locator(".messages").inner_text()
    assert Hire.objects.filter(gladiator=cast.bithys).exists()
    screenshot(page, "market-hired")

    page.click("nav.campaign-nav >> text=Recovery")
    page.wait_for_load_state()
    assert "64 in 100" in page.locator("#injuries").inner_text()
    page.click("#injuries button:has-text('Call the medicus')")
    page.wait_for_load_state()
    attempt = TreatmentAttempt.objects.get()
    assert page.locator("#attempt .die").count() == len(attempt.roll["dice"]) == 5
    screenshot(page, "recovery")


def test_the_dashboard_on_a_phone(phone_page, cast, screenshot):
    log_in(phone_page, cast.nerva.username)
    phone_page.goto(f"{phone_page.base_url}/c/{cast.campaign.pk}/")
    assert phone_page.locator("h1").inner_text() == cast.campaign.name
    assert "Your money" in phone_page.locator("#money").inner_text()
    # Nothing overflows the screen sideways: the page is as wide as the phone.
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    screenshot(phone_page, "dashboard-phone")
    phone_page.goto(f"{phone_page.base_url}/c/{cast.campaign.pk}/money/")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone_page, "ledger-phone")
    phone_page.goto(f"{phone_page.base_url}/c/{cast.campaign.pk}/ludus/")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone_page, "roster-phone")


def test_a_player_is_refused_the_gms_pages(page, cast, screenshot):
    c = cast.campaign.pk
    log_in(page, "other")
    response = page.goto(f"{page.base_url}/c/{c}/gladiators/{cast.bithys.pk}/")
    assert response.status == 200
    assert page.locator("#orders").count() == 0  # Bithys's orders are Nerva's and the GM's
    screenshot(page, "gladiator-other-player")
    page.goto(f"{page.base_url}/c/{c}/recovery/")
    assert page.locator("#advance-day").count() == 0
    # The show planner is the GM's page (part B's arena views): a player gets 404.
    assert page.goto(f"{page.base_url}{reverse('arena:show_plan', args=[c])}").status == 404
    # The GM's write answers 404 to a player, even from a hand-made form.
    status = page.evaluate(
        """async (url) => {
            const token = document.cookie.split('; ').find(c => c.startsWith('csrftoken='));
            const r = await fetch(url, {method: 'POST',
                headers: {'X-CSRFToken': token.split('=')[1]}});
            return r.status;
        }""",
        f"/c/{c}/recovery/advance/",
    )
    assert status == 404
    cast.campaign.refresh_from_db()
    assert cast.campaign.day == 3


def test_an_outsider_gets_404_for_every_page(page, cast):
    c = cast.campaign.pk
    log_in(page, "outsider")
    for path in (
        f"/c/{c}/",
        f"/c/{c}/ludus/",
        f"/c/{c}/gladiators/{cast.bithys.pk}/",
        f"/c/{c}/recovery/",
        f"/c/{c}/money/",
        f"/c/{c}/money/market/",
    ):
        assert page.goto(f"{page.base_url}{path}").status == 404, path
