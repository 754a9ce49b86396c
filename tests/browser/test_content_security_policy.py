"""The pages run under the Content-Security-Policy (settings.CONTENT_SECURITY_POLICY): htmx
from the site's static files, the inline SVG charts, the page's scripts and styles, all
without a single violation in the browser; an inline script, refused, is one (the check works)."""

import pytest
from django.urls import reverse

from tests.browser.conftest import log_in
from tests.cast import build_cast

pytestmark = pytest.mark.django_db(transaction=True)

# Run in every document before its own scripts (Playwright's init scripts are not subject to
# the page's policy): each violation the browser reports is kept for the test to read.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


def _watch(page) -> list[str]:
    console: list[str] = []
    page.on(
        "console",
        lambda message: console.append(message.text) if message.type == "error" else None,
    )
    page.add_init_script(RECORD_VIOLATIONS)
    return console


def _violations(page) -> list[str]:
    return page.evaluate("window.__violations")


@pytest.fixture
def page(browser, live_server):
    """A tab that keeps the policy (the suite's other tabs bypass it: conftest.py says why)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=False)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    tab.base_url = live_server.url
    yield tab
    context.close()


def test_the_main_pages_run_under_the_policy_without_a_violation(page, screenshot):
    cast = build_cast()
    console = _watch(page)
    log_in(page, "gm")
    c = cast.campaign.pk
    pages = [
        reverse("campaign_list"),
        reverse("campaign_dashboard", args=[c]),
        reverse("arena:bout_detail", args=[c, cast.bout.pk]),
        reverse("campaign_charts", args=[c]),
        reverse("gladiator_detail", args=[c, cast.bithys.pk]),
    ]
    for url in pages:
        response = page.goto(page.base_url + url)
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_load_state("networkidle")  # htmx's loads after the page (live odds)
        assert page.evaluate("typeof htmx") == "object", url  # htmx ran
        assert _violations(page) == [], url
    # The orders card swaps by htmx under the policy.
    page.select_option("#orders select[name=orders]", "fight-on")
    page.click("#orders button[type=submit]")
    page.wait_for_selector("text=Saved: fight-on.")
    assert _violations(page) == []
    screenshot(page, "gladiator")
    assert [line for line in console if "Content Security Policy" in line] == []

    # The check sees a refusal when there is one: an inline script does not run.
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.__ran = true'; document.head.appendChild(s); }"
    )
    assert page.evaluate("window.__ran") is None
    assert any(v.startswith("script-src") for v in _violations(page))
