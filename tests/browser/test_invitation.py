"""The GM invites a player in the browser: he makes a link for a school's player on the setup
page, and a newcomer opens it in another browser, makes an account, accepts, and lands in the
campaign as that school's player. Screenshots of the link, the invitation and the dashboard."""

import pytest

from ludus.models import Lanista, Membership
from tests import factories
from tests.browser.conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-Passphrase-77"


def test_the_gm_invites_and_a_new_user_joins(page, browser, screenshot):
    gm = factories.UserFactory(username="marcus")
    campaign = factories.CampaignFactory(name="The games of Capua")
    factories.MembershipFactory(campaign=campaign, user=gm, role=Membership.Role.GM)
    lentulus = factories.LanistaFactory(campaign=campaign, name="Lentulus", player=None)

    log_in(page, "marcus")
    page.goto(f"{page.base_url}/c/{campaign.pk}/setup/")
    page.click("text=Invite a member")
    form = page.locator("#invitation-form")
    form.locator("select[name=invitation-part]").select_option(f"lanista-{lentulus.pk}")
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()
    link = page.locator("#new-invitation-link").input_value()
    assert "/invite/" in link
    assert "open until" in page.locator("#invitation-list").inner_text()
    screenshot(page, "link")

    # The newcomer, in a browser of his own.
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    try:
        tab.goto(link)
        assert "the player of Lentulus (lanista)" in tab.locator("#invitation").inner_text()
        screenshot(tab, "invitation")
        tab.click("#invitation-signup")
        tab.wait_for_load_state()
        tab.fill("input[name=username]", "lucius")
        tab.fill("input[name=password1]", PASSWORD)
        tab.fill("input[name=password2]", PASSWORD)
        tab.click("#signup-form button[type=submit]")
        tab.wait_for_load_state()
        assert not Membership.objects.filter(user__username="lucius").exists()
        tab.click("#accept-invitation")
        tab.wait_for_load_state()
        assert tab.url.endswith(f"/c/{campaign.pk}/")
        assert "Welcome to The games of Capua" in tab.content()
        screenshot(tab, "joined")
    finally:
        context.close()
    assert Membership.objects.get(user__username="lucius", campaign=campaign).role == "player"
    assert Lanista.objects.get(pk=lentulus.pk).player.username == "lucius"

    page.reload()
    assert "accepted by lucius" in page.locator("#invitation-list").inner_text()
