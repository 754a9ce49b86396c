"""In the browser: the GM makes a share link from the backup page, a spectator opens it
without logging in (and it fits a phone), printing hides the page's controls, and the charts
page draws; then the link is revoked and no longer opens. Screenshots at 1280 and 390 pixels."""

import pytest

from arena.models import ShareLink
from tests.browser.conftest import log_in
from tests.cast import build_cast

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def cast():
    return build_cast()


def test_a_share_link_from_making_to_revoking(browser, live_server, cast, screenshot):
    wide = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = wide.new_page()
    tab.set_default_timeout(10_000)
    tab.base_url = live_server.url
    log_in(tab, "gm")
    tab.goto(f"{tab.base_url}/c/{cast.campaign.pk}/")
    tab.click("text=Back up and share")
    assert tab.locator("#download a").get_attribute("href").endswith("/backup/campaign.json")
    tab.select_option("#share-link-form select[name=show]", label="Games at Capua")
    tab.click("#share-link-form button[type=submit]")
    tab.wait_for_selector("#links code")
    screenshot(tab, "backup-1280")
    link = ShareLink.objects.get(campaign=cast.campaign)

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    spectator = phone.new_page()
    spectator.goto(f"{live_server.url}/s/{link.token}/")
    assert "Bithys" in spectator.locator("main").inner_text()
    assert spectator.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(spectator, "shared-show-390")
    spectator.emulate_media(media="print")
    assert not spectator.locator(".handout-bar").is_visible()
    screenshot(spectator, "shared-show-print")

    tab.goto(f"{tab.base_url}/c/{cast.campaign.pk}/charts/")
    assert tab.locator("svg.chart-money").count() == 3
    screenshot(tab, "charts-1280")

    tab.goto(f"{tab.base_url}/c/{cast.campaign.pk}/backup/")
    tab.click("#links button:has-text('Revoke')")
    tab.wait_for_selector("#links :text('revoked')")
    response = spectator.goto(f"{live_server.url}/s/{link.token}/")
    assert response.status == 404
    wide.close()
    phone.close()
