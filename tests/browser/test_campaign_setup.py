"""A new user sets up a campaign in the browser, without the admin: log in, create a campaign,
add a lanista with an opening chest and a gladiator to his school, then see the man on the
roster. Screenshots of the setup page and the roster are kept."""

import pytest

from economy import accounts
from economy.ledger import account_balance
from ludus.models import Campaign, Gladiator, Lanista
from tests import factories
from tests.browser.conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_new_user_sets_up_a_campaign(page, screenshot):
    factories.UserFactory(username="marcus")
    log_in(page, "marcus")
    page.click("text=New campaign")
    page.wait_for_load_state()
    page.fill("input[name=name]", "The games of Capua")
    page.fill("input[name=year]", "-73")
    page.fill("input[name=city]", "Capua")
    page.click("#campaign-new-form button[type=submit]")
    page.wait_for_load_state()
    campaign = Campaign.objects.get(name="The games of Capua")
    assert page.url.endswith(f"/c/{campaign.pk}/setup/")
    assert campaign.memberships.get().user.username == "marcus"
    assert "Setup" in page.locator("nav.campaign-nav").inner_text()

    form = page.locator("#lanista-form")
    form.locator("input[name=lanista-name]").fill("Batiatus")
    form.locator("input[name=lanista-school]").fill("The house of Batiatus")
    form.locator("input[name=lanista-chest]").fill("8000")
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()
    assert page.locator("#lanistae").inner_text().count("The house of Batiatus") >= 1
    lanista = Lanista.objects.get(campaign=campaign)
    assert account_balance(accounts.chest(lanista)) == 8_000

    # A sheet out of range is refused on the page, and nothing is written.
    form = page.locator("#gladiator-form")
    form.locator("input[name=gladiator-name]").fill("Spartacus")
    form.locator("select[name=gladiator-owner]").select_option(str(lanista.pk))
    form.locator("select[name=gladiator-armatura]").select_option("samnite")
    form.locator("input[name=gladiator-melee]").fill("4")
    form.locator("input[name=gladiator-might]").fill("7")
    page.evaluate("document.getElementById('gladiator-form').noValidate = true")
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()
    assert "less than or equal to 6" in page.locator("#gladiators").inner_text()
    assert not Gladiator.objects.exists()
    screenshot(page, "refused")

    form = page.locator("#gladiator-form")
    form.locator("input[name=gladiator-might]").fill("4")
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()
    man = Gladiator.objects.get(campaign=campaign)
    assert (man.name, man.owner, man.sheet["might"], man.sheet["melee"]) == (
        "Spartacus",
        lanista,
        4,
        4,
    )
    screenshot(page, "setup")

    page.click("nav.campaign-nav >> text=Roster")
    page.wait_for_load_state()
    assert page.locator("text=Spartacus").count() >= 1
    assert page.locator("text=The house of Batiatus").count() >= 1
    screenshot(page, "roster")
