"""The odds page of a Sands campaign (issues 12 and 14): two men or the standard kinds with
their orders, win, draw and fate shares by Monte Carlo answered in the request up to
BACKGROUND_ABOVE bouts, a longer run in the background with a progress bar polled by htmx,
its result kept under "Long runs"; any member may ask, an outsider gets 404, bad input is a
clear 400 that writes nothing."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from arena.rulesets.sands import odds as service
from arena.services.odds_runs import MAX_WAITING
from ludus.models import Campaign, Job
from rules.sands.bout import FighterSpec, Setup, standard_setup
from rules.sands.odds import bout_odds
from tests import factories
from tests.arena.rulesets.sands.cast import HTMX, LONG, man, run_data, url
from tests.cast import cast_users, make_campaign


def sands_with_a_retiarius():
    """A Sands campaign and Verus, a retiarius the duel refuses."""
    cast = make_campaign(ruleset="sands")
    cast.men["verus"] = man(cast.campaign, cast.school, "Verus", "retiarius", checked=False)
    return cast


@pytest.fixture
def sands(db):
    return sands_with_a_retiarius()


@pytest.mark.parametrize("who", ["gm", "owner", "other"])
def test_every_member_sees_the_sands_form_not_the_eras(sands, as_user, who):
    page = as_user(getattr(sands, who)).get(url("odds", sands))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="sands-odds-form"' in text and "Press the Attack" in text
    assert "Crowd Favor" not in text and "A single check" not in text  # the Era's form
    # the men who can fight the duel are offered, the retiarius is not
    assert "Crixus, murmillo" in text and "Spartacus, thraex" in text
    assert "Verus" not in text


def test_an_outsider_gets_404(sands, as_user):
    assert as_user(sands.outsider).get(url("odds", sands)).status_code == 404
    response = as_user(sands.outsider).post(url("odds_run", sands), run_data(sands), **HTMX)
    assert response.status_code == 404


def test_a_short_run_is_answered_in_the_request_with_the_engines_figures(sands, as_user):
    response = as_user(sands.other).post(url("odds_run", sands), run_data(sands), **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert "<html" not in text and 'id="sands-odds-result"' in text
    setup = Setup(FighterSpec("Crixus", "murmillo"), FighterSpec("Spartacus", "thraex"))
    expected = bout_odds(setup, bouts=300, seed=7)
    assert f"{expected.a_wins:,} of 300" in text and f"{expected.b_wins:,} of 300" in text
    assert f"{expected.fate('mitte'):,} of 300" in text
    assert "Crixus wins" in text and "Spared by the crowd (Mitte)" in text
    assert "How the bouts ended" in text and "<svg" in text
    assert "300 simulated bouts of the Sands duel (sands/2), seed 7" in text
    assert Job.objects.count() == 0


def test_the_standard_kinds_and_the_orders_reach_the_engine(sands, as_user):
    data = run_data(
        sands,
        fighter_a="",
        fighter_b="",
        kind_a="thraex",
        kind_b="murmillo",
        a_press="3",
        a_crowd="always",
        b_finger="2",
        turn_limit="10",
        bouts="200",
    )
    text = as_user(sands.gm).post(url("odds_run", sands), data, **HTMX).content.decode()
    setup = Setup(
        FighterSpec("Thraex", "thraex", {"press": "3", "crowd": "always"}),
        FighterSpec("Murmillo", "murmillo", {"finger": "2"}),
        turn_limit=10,
    )
    expected = bout_odds(setup, bouts=200, seed=7)
    assert f"{expected.a_wins:,} of 200" in text
    said = "presses with 3 extra Attack dice, keeps 2 Defence dice for reactions, always plays"
    assert said in text and "keep_defence" not in text and "a draw after 10 turns" in text
    plain = bout_odds(standard_setup(), bouts=200, seed=7)
    assert (plain.a_wins, plain.b_wins) != (expected.a_wins, expected.b_wins)


def test_without_htmx_the_whole_page_comes_back_with_the_result(sands, as_user):
    response = as_user(sands.gm).post(url("odds_run", sands), run_data(sands))
    text = response.content.decode()
    assert response.status_code == 200 and "<html" in text and "Crixus wins" in text


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"fighter_b": "CRIXUS"}, "Second fighter: not a murmillo or thraex of this campaign."),
        ({"kind_a": "lion", "fighter_a": ""}, "First side&#x27;s standard: murmillo or thraex."),
        ({"a_press": "9"}, "First side, Press the Attack: one of 1, 0, 2, 3, 4, 5."),
        ({"b_crowd": ""}, "Second side, Play to the crowd: one of safe, never, always."),
        ({"bouts": "99"}, "Bouts must be at least 100."),
        ({"bouts": str(service.MAX_BOUTS + 1)}, "Bouts must be at most 100,000."),
        ({"bouts": ""}, "Bouts: how many to fight, 100 to 100,000."),
        ({"turn_limit": "41"}, "Turn limit must be at most 40."),
        ({"seed": "x"}, "Seed must be a whole number."),
        ({"fighter_b": "CRIXUS_PK"}, "A gladiator cannot fight himself"),
    ],
)
def test_bad_input_is_a_clear_400_and_writes_nothing(sands, as_user, extra, words):
    extra = {k: (str(sands.crixus.pk) if v == "CRIXUS_PK" else v) for k, v in extra.items()}
    if extra.get("fighter_b") == "CRIXUS":
        extra["fighter_b"] = str(sands.verus.pk)  # a retiarius: not offered
    response = as_user(sands.gm).post(url("odds_run", sands), run_data(sands, **extra), **HTMX)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert Job.objects.count() == 0


def test_another_campaigns_man_is_refused(sands, as_user):
    stranger = man(
        factories.CampaignFactory(ruleset="sands"), None, "Stranger", "thraex", checked=False
    )
    data = run_data(sands, fighter_b=stranger.pk)
    response = as_user(sands.gm).post(url("odds_run", sands), data, **HTMX)
    assert response.status_code == 400


def test_a_long_run_is_a_job_with_a_progress_bar(
    sands, as_user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        response = as_user(sands.owner).post(
            url("odds_run", sands), run_data(sands, bouts=LONG), **HTMX
        )
    assert response.status_code == 200
    job = Job.objects.get()
    assert job.kind == service.KIND and job.total == LONG and job.requested_by == sands.owner
    assert job.title == f"Crixus v Spartacus (Sands): {LONG:,} bouts, seed 7"
    text = response.content.decode()
    assert "<progress" in text and f'hx-get="{url("odds_job", sands, job.pk)}"' in text
    assert 'hx-trigger="every 1s"' in text
    # the same ask again is the same job; the page lists it under "Long runs"
    as_user(sands.owner).post(url("odds_run", sands), run_data(sands, bouts=LONG), **HTMX)
    assert Job.objects.count() == 1
    listing = as_user(sands.gm).get(url("odds", sands)).content.decode()
    assert "Long runs" in listing and job.title in listing


def test_a_campaign_has_at_most_a_few_runs_waiting(sands, as_user):
    client = as_user(sands.gm)
    for seed in range(MAX_WAITING):
        data = run_data(sands, bouts=LONG, seed=seed)
        assert client.post(url("odds_run", sands), data, **HTMX).status_code == 200
    refused = client.post(url("odds_run", sands), run_data(sands, bouts=LONG, seed=99), **HTMX)
    assert refused.status_code == 400 and "still going" in refused.content.decode()


def test_without_htmx_a_long_run_goes_to_its_jobs_page(sands, as_user):
    response = as_user(sands.gm).post(url("odds_run", sands), run_data(sands, bouts=LONG))
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == url("odds_job", sands, job.pk)
    page = as_user(sands.gm).get(url("odds_job", sands, job.pk)).content.decode()
    assert "<html" in page and "<progress" in page


@pytest.mark.django_db(transaction=True)  # the worker closes its connection between tasks
def test_the_workers_result_is_shown_where_the_bar_polls(as_user):
    sands = sands_with_a_retiarius()
    client = as_user(sands.other)
    client.post(url("odds_run", sands), run_data(sands, bouts=LONG), **HTMX)
    job = Job.objects.get()
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE and job.done == LONG
    text = client.get(url("odds_job", sands, job.pk), **HTMX).content.decode()
    assert "<progress" not in text and "every 1s" not in text
    setup = Setup(FighterSpec("Crixus", "murmillo"), FighterSpec("Spartacus", "thraex"))
    expected = bout_odds(setup, bouts=LONG, seed=7)
    assert f"{expected.a_wins:,} of {LONG:,}" in text
    assert f"{expected.fate('killed'):,} of {LONG:,}" in text


def test_a_run_whose_man_is_gone_says_so(sands, as_user):
    ask = service.SandsOddsAsk("murmillo", "thraex", {}, {}, 100, 1, fighter_a=sands.crixus)
    result = service.sands_odds_run(ask)
    job = Job.objects.create(
        campaign=sands.campaign,
        kind=service.KIND,
        title="t",
        total=100,
        status="done",
        params=ask.params() | {"fighter_a": 10**6},
        result=service.result_data(result),
    )
    text = as_user(sands.gm).get(url("odds_job", sands, job.pk), **HTMX).content.decode()
    assert "no longer in the campaign" in text


def test_the_eras_jobs_are_not_a_sands_campaigns(sands, as_user):
    era = Job.objects.create(campaign=sands.campaign, kind="bout_odds", title="t", total=1)
    assert as_user(sands.gm).get(url("odds_job", sands, era.pk)).status_code == 404


def test_an_era_campaign_keeps_the_eras_page(db, as_user):
    campaign = factories.CampaignFactory(ruleset="era")
    gm = cast_users(campaign).gm
    text = as_user(gm).get(reverse("arena:odds", args=[campaign.pk])).content.decode()
    assert "A single check" in text and 'id="sands-odds-form"' not in text
    assert Campaign.objects.get(pk=campaign.pk).ruleset == "era"
