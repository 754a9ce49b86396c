"""A fourth ruleset is its engine, its plug-in and a line in each registry (issue 24): the
coin-flip duel of this package, registered for these tests only, is served by the whole app as
it is: a campaign of it, a show with a pair, the pair fought round by round (and a round taken
back) to its end, the winner's purse in the ledger, the book's line, the odds page and its
background run, and the URL sweep every ruleset gets."""

import pytest
from django.urls import reverse

from arena.models import Bout, BoutEntry
from arena.rulesets import PLUGINS, is_served, plugin_for
from arena.services.bouts import bout_fight
from arena.services.undo import bout_undo
from arena.tasks import odds_job
from economy import accounts
from economy.models import Transaction
from economy.services.prices import winner_purse
from ludus.models import Campaign, Job, ruleset_choices
from rules.core import registry
from tests.cast import make_campaign
from tests.money import balance
from tests.test_url_sweep import ruleset_sweep
from tests.toy_ruleset import engine, plugin

pytestmark = pytest.mark.django_db
SEED = 7


@pytest.fixture(autouse=True)
def coin(monkeypatch, settings):
    """The toy registered as a ruleset would be: its engine, its plug-in and its package (an app
    with its templates)."""
    monkeypatch.setitem(registry.RULESETS, engine.KEY, "tests.toy_ruleset.engine.CoinRuleset")
    monkeypatch.setitem(PLUGINS, engine.KEY, "tests.toy_ruleset.plugin.CoinPlugin")
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.toy_ruleset"]
    return engine.KEY


def test_a_campaign_may_be_made_under_the_coin():
    assert is_served("coin") and ("coin", "Coin flip") in ruleset_choices()
    campaign = Campaign(name="Heads", ruleset="coin")
    campaign.full_clean()


def test_a_pair_is_fought_round_by_round_to_its_end_and_the_winner_paid():
    cast = make_campaign(ruleset="coin")
    flips = engine.flips(SEED)
    bout = bout_fight(bout=cast.bout, seed=SEED, rounds=1)
    assert (bout.status, bout.rounds, bout.log) == (Bout.Status.FIGHTING, 1, flips[:1])
    bout, _ = bout_undo(bout=bout)  # the plug-in's step back, written once in the base
    assert (bout.rounds, bout.log) == (0, [])
    bout = bout_fight(bout=bout, seed=SEED)
    assert (bout.status, bout.log, bout.engine_version) == (Bout.Status.DONE, flips, "coin/1")
    side = engine.winner(flips)
    won = bout.entry(side)
    assert won.result == BoutEntry.Result.WON and bout.winner == won.gladiator
    assert {e.result for e in bout.entrants if e.side != side} == {BoutEntry.Result.LOST}
    purse = Transaction.objects.get(cause=Transaction.Cause.PURSE)
    assert purse.gladiator == won.gladiator  # the winner's purse by his standing: 1 purse
    assert balance(accounts.peculium(won.gladiator)) == winner_purse(won.standing) > 0


def test_the_book_and_the_odds_page_serve_the_coin():
    cast = make_campaign(ruleset="coin")
    assert plugin_for("coin").engine_chances(cast.bout)[:2] == (0.5, 0.5)
    client = cast.client_for("other")
    page = client.get(reverse("arena:odds", args=[cast.campaign.pk]))
    assert page.status_code == 200 and 'id="coin-odds-form"' in page.content.decode()
    run = {"fighter_a": cast.crixus.pk, "fighter_b": cast.spartacus.pk, "bouts": 500, "seed": 3}
    url = reverse("arena:odds_run", args=[cast.campaign.pk])
    answer = client.post(url, run, HTTP_HX_REQUEST="true").content.decode()
    wins = engine.odds(500, 3)
    assert f"Crixus wins</td><td>{wins['a']} of 500" in answer and "<html" not in answer
    refused = client.post(url, run | {"fighter_b": cast.crixus.pk}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and plugin.SAME_MAN in refused.content.decode()


def test_a_long_run_of_the_coins_odds_is_the_one_odds_task(django_capture_on_commit_callbacks):
    cast = make_campaign(ruleset="coin")
    client = cast.client_for("owner")
    run = {"fighter_a": cast.crixus.pk, "fighter_b": cast.spartacus.pk, "bouts": 2000, "seed": 4}
    client.post(reverse("arena:odds_run", args=[cast.campaign.pk]), run)
    job = Job.objects.get(campaign=cast.campaign)
    assert job.kind == plugin.ODDS_KIND and job.status == Job.Status.QUEUED
    odds_job.call(job.pk)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE and job.result["wins"] == engine.odds(2000, 4)
    page = client.get(reverse("arena:odds_job", args=[cast.campaign.pk, job.pk]))
    assert f"Crixus wins</td><td>{job.result['wins']['a']} of 2000" in page.content.decode()


@pytest.mark.parametrize("method", ["get", "post", "htmx post"])
def test_a_campaign_of_the_coin_answers_no_500(method):
    assert ruleset_sweep("coin", method) == []


def test_the_gm_flips_on_the_bouts_own_page():
    cast = make_campaign(ruleset="coin")
    url = reverse("arena:bout_fight", args=[cast.campaign.pk, cast.bout.pk])
    cast.client_for("gm").post(url, {"to": "end", "at_round": 0})
    cast.bout.refresh_from_db()
    page = cast.client_for("owner").get(
        reverse("arena:bout_detail", args=[cast.campaign.pk, cast.bout.pk])
    )
    flips = engine.flips(cast.bout.seed)
    assert cast.bout.status == Bout.Status.DONE and cast.bout.log == flips
    assert page.content.decode().count("<li>Flip ") == len(flips)
