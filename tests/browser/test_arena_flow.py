"""The GM's table in the browser: plan a show, hire a pair, fight the bout round by round to a
verdict, see the purse in the winner's peculium and in the ledger; a player cannot open the GM's
pages; the odds page computes with an indicator and draws its chart."""

import re

import pytest

from arena.models import Bout, Show
from arena.rulesets.era.adapter import bout_setup
from economy import accounts
from economy.models import Account, Entry
from economy.services.corrections import opening_balance
from ludus.models import Membership
from rules.era import bout as engine
from rules.era.dice import Pool, distribution
from tests import factories
from tests.arena.views.helpers import divided, seed_where
from tests.browser.conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(db):
    campaign = factories.CampaignFactory(name="The Forum munus")
    gm = factories.UserFactory(username="gm")
    player = factories.UserFactory(username="nerva")
    factories.MembershipFactory(campaign=campaign, user=gm, role=Membership.Role.GM)
    factories.MembershipFactory(campaign=campaign, user=player)
    nerva = factories.LanistaFactory(campaign=campaign, name="Nerva", player=player)
    rival = factories.LanistaFactory(campaign=campaign, name="Aurelius")
    editor = factories.EditorFactory(campaign=campaign, name="Marcus Fabius", office="heir")
    factories.ElectionFactory(editor=editor, office="praetor", year=campaign.year + 1)
    opening_balance(account=accounts.purse(editor), amount=40_000)
    bithys = factories.GladiatorFactory(campaign=campaign, owner=nerva, name="Bithys", melee=3)
    murmillo = factories.GladiatorFactory(
        campaign=campaign, owner=rival, name="Crixus", armatura="murmillo"
    )
    return {"campaign": campaign, "bithys": bithys, "murmillo": murmillo, "editor": editor}


def long_divided(result) -> bool:
    """A bout of at least three rounds that ends with the editor's choice to make."""
    return divided(result) and result.rounds >= 3


def test_gm_plans_fights_and_pays_a_bout(page, screenshot, table):
    campaign = table["campaign"]
    base = f"{page.base_url}/c/{campaign.pk}"
    log_in(page, "gm")

    # Plan the show.
    page.goto(f"{base}/arena/")
    page.click("text=Plan a show")
    page.fill("input[name=name]", "Munus for a consular")
    page.select_option("select[name=editor]", label="Marcus Fabius")
    page.select_option("select[name=venue]", "forum_romanum")
    page.click("#show-plan-form button[type=submit]")
    page.wait_for_selector("#bout-add-form")
    show = Show.objects.get(name="Munus for a consular")

    # Put the pair on the card and hire them (single combat: 4 purses a man).
    page.select_option("select[name=fighter_a]", str(table["bithys"].pk))
    page.select_option("select[name=fighter_b]", str(table["murmillo"].pk))
    page.select_option("select[name=kind]", "single")
    page.click("#bout-add-form button[type=submit]")
    page.wait_for_selector("#card tbody tr[id^=bout-]")
    assert "6,400 HS" in page.inner_text("#cost-total")
    assert page.is_visible("#lex-tullia")
    screenshot(page, "show-planner")

    # The dice are seeded: choose a seed the engine says lasts a few rounds and ends divided.
    bout = Bout.objects.get(show=show)
    bout.seed = seed_where(bout, long_divided)
    bout.save(update_fields=["seed"])
    expected = engine.fight_bout(bout_setup(bout=bout), seed=bout.seed)

    page.click(f"#bout-{bout.pk} a.btn")
    page.wait_for_selector("#fight-controls")
    page.click("#fight-controls button[value=round]")
    page.wait_for_selector("#round-1")
    page.click("#fight-controls button[value=round]")
    page.wait_for_selector("#round-2")
    assert page.locator("#round-2 .die").count() > 0
    assert page.is_visible("#favor-chart svg")
    # The GM's live odds load after the panel, from where the bout stands after round 2.
    page.wait_for_selector("#live-odds .chart-chance")
    assert "after round 2" in page.inner_text("#live-odds")
    screenshot(page, "bout-mid-fight")

    page.click("#fight-controls button[value=end]")
    page.wait_for_selector("#editor-choice")
    assert f"Crowd Favor {expected.loser_favor}" in page.inner_text("#crowd-call")
    page.click("#editor-choice button[value=missio]")
    page.wait_for_selector("#editor-act")
    assert "grants missio" in page.inner_text("#editor-act")
    page.wait_for_selector("#aftermath")
    screenshot(page, "bout-verdict")

    bout.refresh_from_db()
    winner = bout.winner
    assert winner.name == expected.side(expected.winner).name
    paid = Entry.objects.get(
        transaction__bout=bout, account__kind=Account.Kind.PECULIUM, account__gladiator=winner
    ).amount
    assert f"{paid:,} HS" in page.inner_text("#aftermath")

    # The replay steps through the stored log, the step swapped in by htmx.
    page.click("#bout-status a")
    page.wait_for_selector("#replay-step")
    assert "Before the first round" in page.inner_text("#replay-title")
    page.click("#replay-next")
    page.wait_for_function(
        "document.querySelector('#replay-title').innerText.startsWith('After round 1')"
    )
    assert page.url.endswith("?round=1")
    page.wait_for_selector("#live-odds .chart-evaluation")
    assert "after round 1" in page.inner_text("#live-odds")
    screenshot(page, "replay")

    # The purse is in his peculium (his page) and in the ledger.
    page.goto(f"{base}/gladiators/{winner.pk}/")
    assert re.search(rf"{paid:,} HS", page.inner_text("main"))
    page.goto(f"{base}/money/")
    assert f"{winner.name} wins at Munus for a consular" in page.inner_text("main")

    # The odds of the pair, with the indicator while the engine works.
    page.goto(f"{base}/arena/odds/")
    page.select_option("#odds-form select[name=fighter_a]", str(table["bithys"].pk))
    page.select_option("#odds-form select[name=fighter_b]", str(table["murmillo"].pk))
    page.fill("#odds-form input[name=bouts]", "2000")
    page.fill("#odds-form input[name=seed]", "1")
    page.click("#odds-form button[type=submit]")
    page.wait_for_selector("#odds-result svg")
    result = page.inner_text("#odds-result")
    assert "Bithys wins" in result and "(exact)" in result  # the chain answers by default
    page.fill("#pool-form input[name=mastery]", "1")
    page.fill("#pool-form input[name=ability]", "1")
    page.fill("#pool-form input[name=trial]", "3")
    page.click("#pool-form button[type=submit]")
    page.wait_for_selector("#pool-success")
    exact = distribution(Pool(mastery=1, ability=1, trial=3)).p_success
    assert page.inner_text("#pool-success") == f"{float(exact) * 100:.1f}%"
    screenshot(page, "odds")


def test_a_player_cannot_open_the_gms_pages(page, screenshot, table):
    campaign = table["campaign"]
    show = factories.ShowFactory(campaign=campaign, editor=table["editor"])
    bout = factories.BoutFactory(show=show, fighter_a=table["bithys"], fighter_b=table["murmillo"])
    base = f"{page.base_url}/c/{campaign.pk}"
    log_in(page, "nerva")
    response = page.goto(f"{base}/arena/plan/")
    assert response.status == 404
    page.goto(f"{base}/arena/shows/{show.pk}/")
    assert page.is_visible("#card")
    assert not page.is_visible("#bout-add-form") and not page.is_visible("#hold")
    page.goto(f"{base}/arena/bouts/{bout.pk}/")
    assert page.is_visible("#corner-a") and not page.is_visible("#fight-controls")
    screenshot(page, "player-bout")
