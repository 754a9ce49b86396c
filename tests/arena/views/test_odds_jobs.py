"""A long odds run from the page (issue 14): it is queued as a background job, the page answers
with a progress bar that polls the job, the worker's result is shown at the job's address, and
a repeated click or too many runs at once queue nothing more."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from arena.rulesets.era import odds as odds_runs
from arena.rulesets.era.odds import OddsAsk, odds_in_chunks
from arena.services.odds_runs import MAX_WAITING
from ludus.models import Job

HTMX = {"HTTP_HX_REQUEST": "true"}
LONG = odds_runs.BACKGROUND_ABOVE + 1


def run_data(cast, **extra):
    return {
        "fighter_a": cast.mine.pk,
        "fighter_b": cast.theirs.pk,
        "orders_a": "cautious",
        "orders_b": "fight-on",
        "venue": "forum_romanum",
        "bouts": LONG,
        "seed": 7,
        "method": "monte-carlo",
    } | extra


def run_url(cast):
    return reverse("arena:odds_run", args=[cast.campaign.pk])


def job_url(cast, job):
    return reverse("arena:odds_job", args=[cast.campaign.pk, job.pk])


@pytest.mark.django_db
def test_a_long_run_answers_with_a_progress_bar_that_polls_its_job(
    cast, as_user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        response = as_user(cast.other).post(run_url(cast), run_data(cast), **HTMX)
    assert response.status_code == 200
    job = Job.objects.get()
    assert job.status == Job.Status.QUEUED and job.total == LONG
    assert job.requested_by == cast.other
    text = response.content.decode()
    assert "<progress" in text and f'hx-get="{job_url(cast, job)}"' in text
    assert 'hx-trigger="every 1s"' in text and "<html" not in text


@pytest.mark.django_db
def test_the_same_long_run_asked_twice_is_one_job(cast, as_user):
    client = as_user(cast.gm)
    client.post(run_url(cast), run_data(cast), **HTMX)
    client.post(run_url(cast), run_data(cast), **HTMX)
    assert Job.objects.count() == 1


@pytest.mark.django_db
def test_a_campaign_has_at_most_a_few_runs_waiting(cast, as_user):
    client = as_user(cast.gm)
    for seed in range(MAX_WAITING):
        assert client.post(run_url(cast), run_data(cast, seed=seed), **HTMX).status_code == 200
    refused = client.post(run_url(cast), run_data(cast, seed=99), **HTMX)
    assert refused.status_code == 400 and "still going" in refused.content.decode()
    assert Job.objects.count() == MAX_WAITING


@pytest.mark.django_db
def test_without_htmx_a_long_run_goes_to_its_jobs_page(cast, as_user):
    response = as_user(cast.gm).post(run_url(cast), run_data(cast))
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == job_url(cast, job)
    page = as_user(cast.gm).get(job_url(cast, job))
    assert page.status_code == 200 and "<html" in page.content.decode()
    assert "<progress" in page.content.decode()


@pytest.mark.django_db(transaction=True)  # the worker closes its connection between tasks
def test_the_workers_result_is_shown_where_the_bar_polls(cast, as_user, monkeypatch):
    monkeypatch.setattr(odds_runs, "CHUNK", 5_000)
    client = as_user(cast.owner)
    client.post(run_url(cast), run_data(cast), **HTMX)
    job = Job.objects.get()
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE
    answer = client.get(job_url(cast, job), **HTMX)
    text = answer.content.decode()
    assert "<progress" not in text and "every 1s" not in text
    ask = OddsAsk.from_params(cast.campaign, job.params)
    expected = odds_in_chunks(ask.setup(), bouts=LONG, seed=7)
    assert f"{expected.a_wins:,} of {LONG:,}" in text
    listing = client.get(reverse("arena:odds", args=[cast.campaign.pk])).content.decode()
    assert job.title in listing and "Done" in listing


@pytest.mark.django_db
def test_a_failed_run_says_why(cast, as_user):
    job = Job.objects.create(
        campaign=cast.campaign,
        kind=odds_runs.KIND,
        title="t",
        total=10,
        status="failed",
        error="the man is gone",
    )
    text = as_user(cast.gm).get(job_url(cast, job), **HTMX).content.decode()
    assert "The run failed: the man is gone" in text


@pytest.mark.django_db
def test_another_campaigns_job_and_an_outsider_get_404(cast, as_user):
    as_user(cast.gm).post(run_url(cast), run_data(cast), **HTMX)
    job = Job.objects.get()
    assert as_user(cast.outsider).get(job_url(cast, job)).status_code == 404
    other = Job.objects.create(campaign=cast.campaign, kind="export", title="t", total=1)
    assert as_user(cast.gm).get(job_url(cast, other)).status_code == 404
    huge = reverse("arena:odds_job", args=[cast.campaign.pk, 2**70])
    assert as_user(cast.gm).get(huge).status_code == 404
