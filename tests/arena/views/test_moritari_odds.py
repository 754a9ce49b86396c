"""The odds page of a Moritari campaign (issue 13): two or more fighters (the campaign's men
with the Wounds they carry, beasts), each side's wins, the draws and each man's fates by Monte
Carlo, answered in the request up to BACKGROUND_ABOVE fights, a longer run in the background
with a progress bar polled by htmx and kept under "Long runs"; any member may ask, the outsider
gets 404, bad input is a clear 400 naming the field that writes nothing."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari import odds as service
from arena.services.odds_runs import MAX_WAITING
from ludus.models import Gladiator, Job
from rules.moritari.fight import BEASTS, FighterSpec, Setup
from rules.moritari.odds import fight_odds
from tests import factories
from tests.cast import make_campaign

HTMX = {"HTTP_HX_REQUEST": "true"}
LONG = service.BACKGROUND_ABOVE + 1
CROWD = {"thumb": "crowd", "caesar": "auto"}


@pytest.fixture
def cast(db):
    return make_campaign(ruleset="moritari")


def url(name, cast, *args):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, *args])


def run_data(cast, fighters, **extra) -> dict:
    data = {f"fighter_{i}": "" for i in range(1, 7)}
    for i, value in enumerate(fighters, start=1):
        data[f"fighter_{i}"] = f"man:{value.pk}" if isinstance(value, Gladiator) else value
    return data | {"fights": "200", "seed": "7"} | extra


def three_and_a_lion(cast) -> dict:
    return run_data(cast, [cast.bithys, cast.spartacus, cast.verus, "beast:lion"])


def expected_setup(cast, *, wounds=0) -> Setup:
    return Setup(
        (
            FighterSpec("Bithys", "thraex", "Nerva", CROWD, hit_points=3 - wounds),
            FighterSpec("Spartacus", "samnite", "Batiatus", CROWD),
            FighterSpec("Verus", "murmillo", "Scaurus", CROWD),
            FighterSpec("Lion", "lion", BEASTS, CROWD),
        )
    )


@pytest.mark.parametrize("who", ["gm", "nerva", "other"])
def test_every_member_sees_the_moritari_form_not_the_eras(cast, who):
    page = cast.client_for(who).get(url("odds", cast))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="moritari-odds-form"' in text and "Fighter 6" in text
    assert "A single check" not in text and 'id="sands-odds-form"' not in text
    assert "Bithys, thraex (Nerva)" in text and "Spartacus, samnite (Batiatus)" in text
    for beast in ("A lion", "A bear", "A bull", "A rhinoceros"):
        assert beast in text


def test_an_outsider_gets_404(cast):
    client = cast.client_for("outsider")
    assert client.get(url("odds", cast)).status_code == 404
    assert client.post(url("odds_run", cast), three_and_a_lion(cast), **HTMX).status_code == 404


def test_a_short_run_is_answered_in_the_request_with_the_engines_figures(cast):
    response = cast.client_for("other").post(url("odds_run", cast), three_and_a_lion(cast), **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert "<html" not in text and 'id="moritari-odds-result"' in text
    expected = fight_odds(expected_setup(cast), fights=200, seed=7)
    for side, label in (("Nerva", "Nerva win"), ("Batiatus", "Batiatus win")):
        assert label in text
        assert f"{expected.wins.get(side, 0):,} of 200" in text
    assert "The beasts win" in text and "Draw" in text
    assert f"{expected.draws:,} of 200" in text
    for index, name in enumerate(("Bithys", "Spartacus", "Verus")):
        for _fate, words in (
            ("dead", "dead"),
            ("spared", "spared by Caesar"),
            ("walked_out", "walked out"),
        ):
            assert f"{name} {words}" in text
        counts = expected.fates[index]
        assert f"{counts.get('dead', 0):,} of 200" in text
    assert "Lion spared" not in text  # beasts never appeal
    assert "200 simulated fights of the Moritari skirmish (moritari/2), seed 7" in text
    assert text.count("<svg") == 5  # who wins, and each fighter's fates
    assert Job.objects.count() == 0


def test_a_mans_wounds_are_carried_into_the_run(cast):
    Gladiator.objects.filter(pk=cast.bithys.pk).update(wounds=2)
    text = cast.client_for("gm").get(url("odds", cast)).content.decode()
    assert "Bithys, thraex (Nerva, 2 Wounds)" in text
    response = cast.client_for("gm").post(url("odds_run", cast), three_and_a_lion(cast), **HTMX)
    text = response.content.decode()
    assert "1 (2 Wounds carried in)" in text
    wounded = fight_odds(expected_setup(cast, wounds=2), fights=200, seed=7)
    fresh = fight_odds(expected_setup(cast), fights=200, seed=7)
    assert wounded.fates[0] != fresh.fates[0]
    assert f"{wounded.fates[0].get('dead', 0):,} of 200" in text


def test_without_htmx_the_whole_page_comes_back_with_the_result(cast):
    response = cast.client_for("gm").post(url("odds_run", cast), three_and_a_lion(cast))
    text = response.content.decode()
    assert response.status_code == 200 and "<html" in text and "Nerva win" in text


def test_a_man_of_another_campaign_or_a_dead_man_is_not_offered(cast):
    elsewhere = factories.CampaignFactory(ruleset="moritari")
    stranger = Gladiator.objects.create(campaign=elsewhere, name="Stranger", armatura="thraex")
    Gladiator.objects.filter(pk=cast.verus.pk).update(status=Gladiator.Status.DEAD)
    text = cast.client_for("gm").get(url("odds", cast)).content.decode()
    assert "Verus" not in text
    for man in (stranger, cast.verus):
        data = run_data(cast, [cast.bithys, man])
        response = cast.client_for("gm").post(url("odds_run", cast), data, **HTMX)
        assert response.status_code == 400
        assert "Fighter 2: not a man of this campaign or a beast of the skirmish." in (
            response.content.decode()
        )


@pytest.mark.parametrize(
    ("fighters", "extra", "words"),
    [
        (["BITHYS"], {}, "Fighters: choose two or more (men of the campaign or beasts); 1 chosen."),
        ([], {}, "Fighters: choose two or more"),
        (["BITHYS", "BITHYS"], {}, "Fighter 2: Bithys is already chosen as fighter 1."),
        (["BITHYS", "CRIXUS"], {}, "a Moritari fight needs at least two sides"),
        (
            ["beast:lion", "beast:bear"],
            {},
            "The fighters chosen: a Moritari fight needs at least two sides",
        ),
        (["BITHYS", "beast:tiger"], {}, "Fighter 2: not a man of this campaign"),
        (["BITHYS", "beast:lion"], {"fights": "99"}, "Fights must be at least 100."),
        (["BITHYS", "beast:lion"], {"fights": "100001"}, "Fights must be at most 100,000."),
        (["BITHYS", "beast:lion"], {"fights": ""}, "Fights: how many to fight, 100 to 100,000."),
        (["BITHYS", "beast:lion"], {"seed": "x"}, "Seed must be a whole number."),
    ],
)
def test_bad_input_is_a_clear_400_and_writes_nothing(cast, fighters, extra, words):
    men = {"BITHYS": cast.bithys, "CRIXUS": cast.crixus}
    data = run_data(cast, [men.get(f, f) for f in fighters], **extra)
    response = cast.client_for("gm").post(url("odds_run", cast), data, **HTMX)
    assert response.status_code == 400
    assert words in response.content.decode().replace("&#x27;", "'")
    assert Job.objects.count() == 0


def test_a_man_with_no_hit_point_left_is_refused_naming_him(cast):
    Gladiator.objects.filter(pk=cast.spartacus.pk).update(wounds=3)
    data = run_data(cast, [cast.bithys, cast.spartacus])
    response = cast.client_for("gm").post(url("odds_run", cast), data, **HTMX)
    assert response.status_code == 400
    assert "Spartacus carries 3 Wounds: he has no hit point left" in response.content.decode()


def test_a_long_run_is_a_job_with_a_progress_bar(cast, django_capture_on_commit_callbacks):
    client = cast.client_for("nerva")
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(
            url("odds_run", cast), three_and_a_lion(cast) | {"fights": LONG}, **HTMX
        )
    assert response.status_code == 200
    job = Job.objects.get()
    assert job.kind == service.KIND and job.total == LONG and job.requested_by == cast.nerva
    assert job.title == f"Bithys v Spartacus v Verus v Lion (Moritari): {LONG:,} fights, seed 7"
    text = response.content.decode()
    assert "<progress" in text and f'hx-get="{url("odds_job", cast, job.pk)}"' in text
    assert 'hx-trigger="every 1s"' in text
    # the same ask again is the same job; the page lists it under "Long runs"
    client.post(url("odds_run", cast), three_and_a_lion(cast) | {"fights": LONG}, **HTMX)
    assert Job.objects.count() == 1
    listing = cast.client_for("gm").get(url("odds", cast)).content.decode()
    assert "Long runs" in listing and job.title in listing


def test_a_campaign_has_at_most_a_few_runs_waiting(cast):
    client = cast.client_for("gm")
    for seed in range(MAX_WAITING):
        data = three_and_a_lion(cast) | {"fights": LONG, "seed": seed}
        assert client.post(url("odds_run", cast), data, **HTMX).status_code == 200
    data = three_and_a_lion(cast) | {"fights": LONG, "seed": 99}
    refused = client.post(url("odds_run", cast), data, **HTMX)
    assert refused.status_code == 400 and "still going" in refused.content.decode()


def test_without_htmx_a_long_run_goes_to_its_jobs_page(cast):
    client = cast.client_for("gm")
    response = client.post(url("odds_run", cast), three_and_a_lion(cast) | {"fights": LONG})
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == url("odds_job", cast, job.pk)
    page = client.get(url("odds_job", cast, job.pk)).content.decode()
    assert "<html" in page and "<progress" in page


@pytest.mark.django_db(transaction=True)  # the worker closes its connection between tasks
def test_the_workers_result_is_shown_where_the_bar_polls():
    cast = make_campaign(ruleset="moritari")
    client = cast.client_for("other")
    data = run_data(cast, [cast.bithys, "beast:bear"], fights=LONG)
    client.post(url("odds_run", cast), data, **HTMX)
    job = Job.objects.get()
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE and job.done == LONG
    # The result reads as it was run, whatever happens to the man since.
    Gladiator.objects.filter(pk=cast.bithys.pk).update(wounds=2)
    text = client.get(url("odds_job", cast, job.pk), **HTMX).content.decode()
    assert "<progress" not in text and "every 1s" not in text
    setup = Setup(
        (
            FighterSpec("Bithys", "thraex", "Nerva", CROWD),
            FighterSpec("Bear", "bear", BEASTS, CROWD),
        )
    )
    expected = fight_odds(setup, fights=LONG, seed=7)
    assert f"{expected.wins.get('Nerva', 0):,} of {LONG:,}" in text
    assert f"{expected.fates[0].get('dead', 0):,} of {LONG:,}" in text
    assert "Wounds carried in" not in text


def test_another_rulesets_jobs_are_not_a_moritari_campaigns(cast):
    era = Job.objects.create(campaign=cast.campaign, kind="bout_odds", title="t", total=1)
    sands = Job.objects.create(campaign=cast.campaign, kind="sands_odds", title="t", total=1)
    for job in (era, sands):
        assert cast.client_for("gm").get(url("odds_job", cast, job.pk)).status_code == 404


def test_an_unreadable_result_says_so(cast):
    job = Job.objects.create(
        campaign=cast.campaign,
        kind=service.KIND,
        title="t",
        total=100,
        status="done",
        result={"fights": 100},
    )
    text = cast.client_for("gm").get(url("odds_job", cast, job.pk), **HTMX).content.decode()
    assert "cannot be read" in text


def test_the_command_line_gives_the_pages_figures(cast):
    """`bout_odds --ruleset moritari` and the page agree for the same fighters and seed."""
    setup = expected_setup(cast)
    assert moritari.fight_odds(setup, fights=150, seed=3).as_dict() == (
        service.moritari_odds_run(
            service.MoritariOddsAsk(
                picks=(
                    service.Pick(man=cast.bithys),
                    service.Pick(man=cast.spartacus),
                    service.Pick(man=cast.verus),
                    service.Pick(beast="lion"),
                ),
                fights=150,
                seed=3,
            )
        ).as_dict()
    )
