"""In the browser: the GM downloads the campaign (a background export: the bar, then the
file's link), makes a share link from the backup page, a spectator opens it
without logging in (and it fits a phone), printing hides the page's controls, and the charts
page draws; then the link is revoked and no longer opens. Screenshots at 1280 and 390 pixels."""

import gzip
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from arena.models import ShareLink
from desk.campaign_archive import campaign_export
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
    # Download queues the export: a bar polls it until the worker (run here, in the test's
    # thread, as `make run`'s worker would) has written the file, then the card links to it.
    tab.click("#export-form button[type=submit]")
    tab.wait_for_selector("#export-job progress")
    screenshot(tab, "backup-export-waiting-1280")
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    tab.wait_for_selector("#export-file")
    screenshot(tab, "backup-export-ready-1280")
    with tab.expect_download() as fetched:
        tab.click("#export-file")
    path = fetched.value.path()
    data = json.loads(gzip.decompress(Path(path).read_bytes()).decode("utf-8"))  # a .json.gz
    assert data["campaign"]["name"] == cast.campaign.name
    assert data == json.loads(json.dumps(campaign_export(cast.campaign)))
    assert fetched.value.suggested_filename == "rome-50-bc-day-3.json.gz"
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
