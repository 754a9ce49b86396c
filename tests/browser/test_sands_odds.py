"""The odds page of a Sands campaign in the browser: the GM picks a man and a standard kind,
sets an order, runs the odds, and the charts of who wins, the loser's fate and how the bouts
ended come in by htmx."""

from ludus.models import Gladiator
from rules.sands.bout import FighterSpec, Setup
from rules.sands.odds import bout_odds
from tests import factories
from tests.browser.conftest import log_in
from tests.cast import cast_users


def test_the_gm_runs_the_sands_odds_and_reads_the_charts(page, screenshot, db):
    campaign = factories.CampaignFactory(name="Sands of Capua", ruleset="sands")
    gm = cast_users(campaign).gm
    school = factories.LanistaFactory(campaign=campaign, name="Nerva")
    crixus = Gladiator(campaign=campaign, owner=school, name="Crixus", armatura="murmillo")
    crixus.save()
    log_in(page, gm.username)
    page.goto(f"{page.base_url}/c/{campaign.pk}/arena/odds/")
    form = "#sands-odds-form"
    page.select_option(f"{form} select[name=fighter_a]", str(crixus.pk))
    page.select_option(f"{form} select[name=kind_b]", "thraex")
    page.select_option(f"{form} select[name=b_press]", "3")
    page.fill(f"{form} input[name=bouts]", "1000")
    page.fill(f"{form} input[name=seed]", "5")
    screenshot(page, "form")
    page.click(f"{form} button[type=submit]")
    page.wait_for_selector("#sands-odds-figures svg")
    text = page.inner_text("#sands-odds-result")
    setup = Setup(
        FighterSpec("Crixus", "murmillo"), FighterSpec("Thraex", "thraex", {"press": "3"})
    )
    expected = bout_odds(setup, bouts=1000, seed=5)
    assert f"{expected.a_wins:,} of 1,000" in page.content()
    assert "Crixus wins" in text and "1,000 simulated bouts" in text
    assert "The loser's fate" in text and "How the bouts ended" in text
    assert page.locator("#sands-odds-figures svg").count() == 4
    screenshot(page, "result")
