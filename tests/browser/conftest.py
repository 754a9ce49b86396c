"""Browser tests: headless Debian Chromium driven by Playwright against pytest-django's live server.

Without Chromium the tests skip locally, but CI sets LUDUS_REQUIRE_BROWSER=1 so that a missing
browser fails the run instead of hiding the tests. Each test saves screenshots under
test-artifacts/screenshots/.
"""

import os
import shutil
from pathlib import Path

import pytest

from tests import factories

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
# between page actions are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


class CspBypassingBrowser:
    """The browser, whose contexts bypass the site's Content-Security-Policy by default:
    Playwright's `wait_for_function` evaluates its predicate with eval inside the page, which
    the policy refuses (no 'unsafe-eval'). test_content_security_policy.py opens a context that
    keeps the policy (`bypass_csp=False`) and checks the pages run under it."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        options.setdefault("bypass_csp", True)
        return self._browser.new_context(**options)

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("LUDUS_REQUIRE_BROWSER"):
            pytest.fail(f"Chromium not found at {CHROMIUM}; install Debian's chromium package")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield CspBypassingBrowser(browser)
        browser.close()


@pytest.fixture
def page(browser, live_server):
    """A fresh browser tab (1024x768) with `page.base_url` set to the live server."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    tab.base_url = live_server.url
    yield tab
    context.close()


@pytest.fixture
def phone_page(browser, live_server):
    """A 390-pixel-wide phone tab."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    tab.base_url = live_server.url
    yield tab
    context.close()


@pytest.fixture
def screenshot(request):
    """Call screenshot(page, "name") to save test-artifacts/screenshots/<test>-<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(tab, name: str) -> Path:
        path = SCREENSHOTS / f"{request.node.name}-{name}.png"
        tab.screenshot(path=str(path), full_page=True)
        return path

    return take


def log_in(tab, username: str, password: str = factories.TEST_PASSWORD) -> None:
    tab.goto(f"{tab.base_url}/login/")
    tab.fill("input[name=username]", username)
    tab.fill("input[name=password]", password)
    tab.click("button[type=submit]")
    tab.wait_for_load_state()
