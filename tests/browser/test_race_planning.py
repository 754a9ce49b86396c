"""The GM builds a race in the browser: plans it on the Circus page, adds two drivers to the
field with htmx (one removed and put back), and runs leg 1. Screenshots are kept."""

import pytest

from arena.models import Race
from economy import accounts
from ludus.models import Membership
from tests.arena.circus.cast import fund
from tests.browser.conftest import log_in
from tests.factories import (
    CampaignFactory,
    EditorFactory,
    GladiatorFactory,
    MembershipFactory,
    ShowFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def stable():
    campaign = CampaignFactory(name="Rome, 50 BC", day=20)
    gm = UserFactory(username="gm")
    MembershipFactory(campaign=campaign, user=gm, role=Membership.Role.GM)
    editor = EditorFactory(campaign=campaign, name="The aedile")
    fund(accounts.purse(editor), 10_000)
    show = ShowFactory(
        campaign=campaign, editor=editor, name="Ludi Romani", kind="ludi", venue="circus_maximus"
    )
    men = [
        GladiatorFactory(
            campaign=campaign,
            name=name,
            is_charioteer=True,
            faction=faction,
            agility=agility,
            operate=operate,
        )
        for name, faction, agility, operate in (
            ("Scorpus", "Whites", 3, 3),
            ("Diocles", "Reds", 3, 2),
        )
    ]
    return {"campaign": campaign, "show": show, "men": men}


def test_the_gm_plans_a_race_adds_two_drivers_and_runs_leg_1(page, stable, screenshot):
    campaign = stable["campaign"]
    scorpus, diocles = stable["men"]
    log_in(page, "gm")
    page.goto(f"{page.base_url}/c/{campaign.pk}/circus/")
    page.select_option("#race-plan-form select[name=show]", str(stable["show"].pk))
    page.fill("#race-plan-form input[name=name]", "The bigae of the Ludi Romani")
    page.select_option("#race-plan-form select[name=chariot]", "biga")
    page.fill("#race-plan-form input[name=prize_purses]", "1")
    screenshot(page, "plan-form")
    page.click("#race-plan-form button[type=submit]")
    page.wait_for_selector("#race-entry-form")
    race = Race.objects.get(name="The bigae of the Ludi Romani")
    assert page.url.endswith(f"/circus/{race.pk}/")

    page.select_option("#race-entry-form select[name=gladiator]", str(scorpus.pk))
    page.select_option("#race-entry-form select[name=faction]", "Whites")
    page.click("#race-entry-form button[type=submit]")
    page.wait_for_selector("#field-card :text('Scorpus of the Whites drives from stall 1')")

    page.select_option("#race-entry-form select[name=gladiator]", str(diocles.pk))
    page.select_option("#race-entry-form select[name=faction]", "Reds")
    page.click("#race-entry-form button[type=submit]")
    page.wait_for_selector("#field-card :text('Diocles of the Reds drives from stall 2')")
    assert page.locator("#field tbody tr").count() == 2
    # The chart was swapped out of band with the field: a line per driver.
    assert page.locator("#chart-card svg.race-chart g.race-line").count() == 2
    # Diocles is no longer offered; the first option is the placeholder.
    assert "Diocles" not in page.inner_text("#race-entry-form select[name=gladiator]")

    # Remove Scorpus and put him back: stall 1 is free again.
    page.click("#field button[aria-label='Remove Scorpus']")
    page.wait_for_selector("#field-card :text('Scorpus is out of the field')")
    page.select_option("#race-entry-form select[name=gladiator]", str(scorpus.pk))
    page.fill("#race-entry-form input[name=new_faction]", "Whites")
    page.click("#race-entry-form button[type=submit]")
    page.wait_for_selector("#field-card :text('drives from stall 1')")
    assert [e.lane for e in race.entries.order_by("lane")] == [1, 2]
    assert {e.chariot for e in race.entries.all()} == {"biga"}
    screenshot(page, "field-of-two")

    page.fill("input[name=seed]", "2026")
    page.click("button[value=next]")
    page.wait_for_selector("#leg-1")
    assert "Leg run: 1 of 3 legs" in page.inner_text("#race-page")
    race.refresh_from_db()
    assert race.legs_run == 1 and race.seed == 2026
    # The field is closed now: no forms to change it.
    assert page.locator("#race-entry-form").count() == 0
    assert page.locator("#field button:text('Remove')").count() == 0
    screenshot(page, "after-leg-1")
