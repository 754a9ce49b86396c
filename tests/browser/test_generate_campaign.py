"""In the browser: a player asks for a tiny generated practice campaign from his campaign list;
the job's page and his campaign list show the bar waiting for the worker; the worker (run
here, in the test's thread, as `make run`'s worker would) builds it; the bar on the list,
polling, reaches done and links to the campaign, which opens as his own, with its shows held;
the job's page keeps the result. Screenshots of each step."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from ludus.models import Job, Membership
from tests.browser.conftest import log_in
from tests.cast import build_cast

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def cast():
    return build_cast()


def test_a_tiny_generation_from_asking_to_opening(page, cast, screenshot):
    log_in(page, "outsider")
    page.goto(f"{page.base_url}/")
    page.click("#generate-link")
    page.wait_for_selector("#campaign-generate-form")
    assert page.input_value("input[name=bouts]") == "300"  # the default
    page.fill("input[name=gladiators]", "8")
    page.fill("input[name=shows]", "2")
    page.fill("input[name=bouts]", "4")
    page.fill("input[name=seed]", "3")
    screenshot(page, "form")
    page.click("#campaign-generate-form button[type=submit]")
    page.wait_for_selector(".generation progress")
    assert "Waiting for the worker" in page.locator(".generation").inner_text()
    screenshot(page, "waiting")
    job = Job.objects.get(kind="campaign_generate")
    assert not Membership.objects.filter(campaign=job.campaign).exists()
    # his campaign list shows it being generated, with the same bar
    page.click("text=Your campaigns")
    page.wait_for_selector("#generations .generation progress")
    assert "Generated campaign (seed 3)" not in page.locator(".cards >> nth=-1").inner_text()
    screenshot(page, "list-waiting")

    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    page.wait_for_selector("#generations .generation-open")  # the bar polled its way to done
    card = page.locator(".generation").inner_text()
    assert "Done: 2 shows, 4 bouts" in card
    assert page.get_attribute(".generation progress", "value") == "2"
    screenshot(page, "list-done")
    page.goto(page.base_url + reverse("campaign_generate_job", args=[job.pk]))
    assert "Open the campaign" in page.locator(".generation").inner_text()  # to come back to
    screenshot(page, "done")

    page.click(".generation-open")
    page.wait_for_load_state()
    assert page.url.endswith(f"/c/{job.campaign_id}/")
    assert "Generated campaign (seed 3)" in page.locator("body").inner_text()
    screenshot(page, "campaign")
    page.goto(page.base_url + reverse("arena:show_list", args=[job.campaign_id]))
    assert "Munus 2" in page.locator("main").inner_text()
    page.goto(f"{page.base_url}/")
    assert "Generated campaign (seed 3)" in page.locator("main").inner_text()
    assert page.locator("#generations").count() == 0  # nothing being generated any more
