"""In the browser: the searchable select (ludus.picker) on a campaign above the threshold (the
threshold lowered here rather than a hundred men made). On the market the GM types part of a
man's name and of a school's, picks them from the options the page answers, buys, and sees the
sale; on the Favors page he finds a man the same way and records the Favor he owes."""

import pytest

from economy import accounts
from ludus import picker
from ludus.models import Favor, Gladiator, Patron
from tests.browser.conftest import log_in
from tests.cast import build_cast

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def cast():
    return build_cast()


@pytest.fixture
def long(monkeypatch):
    """Every select of more than one option searches, and shows one option at first."""
    monkeypatch.setattr(picker, "PICK_ABOVE", 1)
    monkeypatch.setattr(picker, "PICK_SHOWN", 1)


def _find(tab, card: str, field: str, text: str, pk: int) -> None:
    """Type `text` in the search box of `field` in `card` and wait for the man (or school)."""
    box = tab.locator(f"{card} .picker:has(select[name={field}]) input[type=search]")
    box.fill(text)
    tab.wait_for_selector(f"{card} select[name={field}] option[value='{pk}']", state="attached")


def test_the_gm_finds_a_man_and_a_school_and_buys(page, cast, long, screenshot):
    log_in(page, "gm")
    page.goto(f"{page.base_url}/c/{cast.campaign.pk}/money/market/")
    buy = page.locator("#buy")
    assert "Find a man" in buy.inner_text() and "Find a school" in buy.inner_text()
    # Only the first man by name is drawn at first: Spartacus is not.
    options = buy.locator("select[name=gladiator] option")
    assert f"{cast.spartacus.pk}" not in [o.get_attribute("value") for o in options.all()]
    _find(page, "#buy", "gladiator", "spart", cast.spartacus.pk)
    page.select_option("#buy select[name=gladiator]", str(cast.spartacus.pk))
    _find(page, "#buy", "buyer", "nerv", cast.school.pk)
    page.select_option("#buy select[name=buyer]", str(cast.school.pk))
    screenshot(page, "market-found")
    buy.locator("button.btn-primary").click()
    page.wait_for_load_state()
    assert "Nerva bought Spartacus." in page.locator("main").inner_text()
    screenshot(page, "market-bought")
    assert Gladiator.objects.get(pk=cast.spartacus.pk).owner == cast.school


def test_the_gm_finds_a_man_who_owes_a_favor(page, cast, long, screenshot):
    patron = Patron.objects.create(campaign=cast.campaign, name="Marcus Fabius")
    log_in(page, "gm")
    page.goto(f"{page.base_url}/c/{cast.campaign.pk}/favors/")
    page.select_option("select[name=record-to]", f"p{patron.pk}")
    _find(page, "form", "record-gladiator", "VER", cast.free_agent.pk)
    page.select_option("select[name=record-gladiator]", str(cast.free_agent.pk))
    page.fill("input[name=record-reason]", "A place at the games")
    screenshot(page, "favors-found")
    page.locator("form:has(select[name=record-gladiator]) button[type=submit]").click()
    page.wait_for_load_state()
    assert "Recorded:" in page.locator("main").inner_text()
    assert Favor.objects.get(patron=patron).gladiator == cast.free_agent
    screenshot(page, "favors-recorded")


def test_the_ledger_filter_finds_an_account_and_filters_by_it(page, cast, long, screenshot):
    chest = accounts.chest(cast.rival)
    log_in(page, "gm")
    page.goto(f"{page.base_url}/c/{cast.campaign.pk}/money/")
    rows_before = page.locator("#ledger-table tbody tr").count()
    assert "Nerva's chest" in page.locator("#ledger-table").inner_text()
    _find(page, ".filters", "account", "batiat", chest.pk)
    assert "pick=" not in page.url  # a search is not a page of the history
    page.select_option(".filters select[name=account]", str(chest.pk))  # the form's change
    page.wait_for_url(f"**account={chest.pk}**")
    table = page.locator("#ledger-table")
    assert "Batiatus's chest" in table.inner_text()
    assert "Nerva's chest" not in table.inner_text()
    assert page.locator("#ledger-table tbody tr").count() < rows_before
    screenshot(page, "ledger-filtered")
