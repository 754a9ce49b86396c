"""At a phone's 390 pixels nothing on the recovery page or the bout page runs off the screen
sideways (document.documentElement.scrollWidth <= 390), through each state those pages pass:
the medicus's chance and his dice; a bout before the first round, mid-fight, waiting for the
editor's decision (the sword band's panel with the appeal and the cost of defiance), and
decided. Screenshots of each are kept."""

import pytest

from arena.models import Bout, Verdict
from tests import factories
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
    bout = factories.BoutFactory(
        show=cast.show,
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
