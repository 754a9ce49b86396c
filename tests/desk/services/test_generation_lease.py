"""A generation whose worker stops in the middle (issue 27): the job, left "running" with a
half-built campaign, is failed once its lease lapses, the half-built campaign goes with every
row of it (its ledger and history too, other campaigns untouched), and the GM may ask again."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from arena.models import Bout, Show
from desk.services import generation
from desk.services.generation import (
    KIND,
    generation_run,
    generation_start,
    generations_shown,
    generations_sweep,
)
from desk.tasks import campaign_generate_job
from economy.ledger import balance_mismatches
from economy.models import Account, Entry, Transaction
from ludus.history import TRACKED
from ludus.models import Campaign, Gladiator, Job, Membership
from ludus.services import jobs
from ludus.services.jobs import LAPSED, LEASE, job_fresh, jobs_reap
from tests import factories

TINY = {"gladiators": 8, "shows": 3, "bouts": 5, "seed": 3}


class WorkerKilled(BaseException):
    """Stands for SIGKILL: no `except Exception` of the task sees it, nothing is cleaned."""


def _user(name: str = "gm"):
    return get_user_model().objects.create_user(username=name, password="x" * 12)


def _killed_after_first_show(monkeypatch, gm) -> Job:
    job = generation_start(user=gm, task=campaign_generate_job, once_key=None, **TINY)

    def progress(job_id, shows):
        jobs.job_progress(job_id, shows)
        raise WorkerKilled

    monkeypatch.setattr(generation, "REPORT_EVERY", 0)
    monkeypatch.setattr(generation, "job_progress", progress)
    with pytest.raises(WorkerKilled):
        campaign_generate_job.call(job.pk)
    job.refresh_from_db()
    return job


def _lapse(job: Job) -> None:
    Job.objects.filter(pk=job.pk).update(heartbeat=timezone.now() - LEASE - timedelta(seconds=1))


def _history_rows(campaign_id: int) -> int:
    """History rows of objects that were the campaign's (looked up by the history's own
    copy of the campaign where it has one)."""
    total = 0
    for model in TRACKED:
        fields = {f.name for f in model.history.model._meta.fields}
        if "campaign" in fields:
            total += model.history.model.objects.filter(campaign_id=campaign_id).count()
        elif model is Campaign:
            total += model.history.model.objects.filter(id=campaign_id).count()
    return total


@pytest.mark.django_db
def test_a_killed_generation_is_failed_and_its_half_built_campaign_removed(monkeypatch):
    other = factories.CampaignFactory()  # someone else's campaign, with a ledger of its own
    factories.LanistaFactory(campaign=other)
    before = (Entry.objects.count(), Transaction.objects.count(), Account.objects.count())
    gm = _user()
    job = _killed_after_first_show(monkeypatch, gm)
    half = job.campaign_id
    assert job.status == Job.Status.RUNNING and job.done == 1  # what a killed worker leaves
    assert Gladiator.objects.filter(campaign_id=half).exists()
    assert Entry.objects.filter(transaction__campaign_id=half).exists()
    assert _history_rows(half) > 0

    assert jobs_reap() == 0  # the lease has not lapsed yet: the worker may be alive
    _lapse(job)
    assert jobs_reap() == 1
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and job.finished
    assert job.error == LAPSED.format(seconds=int(LEASE.total_seconds()))
    assert job.campaign_id is None and not Campaign.objects.filter(pk=half).exists()
    assert not Gladiator.objects.filter(campaign_id=half).exists()
    assert not Show.objects.filter(campaign_id=half).exists()
    assert not Bout.objects.filter(show__campaign_id=half).exists()
    assert not Transaction.objects.filter(campaign_id=half).exists()
    assert (Entry.objects.count(), Transaction.objects.count(), Account.objects.count()) == before
    assert _history_rows(half) == 0
    assert balance_mismatches() == []
    assert generations_shown(gm) == [job]  # he learns of it on his campaign list

    # and he may ask again at once, and get his campaign
    again = generation_start(user=gm, task=campaign_generate_job, once_key=None, **TINY)
    monkeypatch.undo()
    assert generation_run(again.pk).status == Job.Status.DONE
    assert Membership.objects.filter(campaign=again.campaign, user=gm).exists()


@pytest.mark.django_db
def test_a_page_that_reads_a_lapsed_job_shows_it_failed(monkeypatch):
    job = _killed_after_first_show(monkeypatch, _user())
    assert job_fresh(job).status == Job.Status.RUNNING
    _lapse(job)
    shown = job_fresh(Job.objects.get(pk=job.pk))
    assert shown.status == Job.Status.FAILED and "gave no sign of life" in shown.error
    assert not Campaign.objects.filter(name__startswith="Generated").exists()


@pytest.mark.django_db
def test_a_new_generation_reaps_the_lapsed_one_instead_of_waiting_for_it(monkeypatch):
    gm = _user()
    job = _killed_after_first_show(monkeypatch, gm)
    monkeypatch.undo()
    _lapse(job)
    again = generation_start(user=gm, task=campaign_generate_job, once_key=None, **TINY)
    assert again.status == Job.Status.QUEUED
    assert Job.objects.get(pk=job.pk).status == Job.Status.FAILED
    assert Campaign.objects.filter(jobs__kind=KIND).count() == 1


@pytest.mark.django_db
def test_a_worker_back_after_its_lease_lapsed_does_not_open_the_campaign(monkeypatch):
    gm = _user()
    job = generation_start(user=gm, task=campaign_generate_job, once_key=None, **TINY)
    real = generation.generate_into

    def slow_worker(campaign, plan, on_show):
        made = real(campaign, plan, on_show)
        _lapse(job)
        jobs_reap()  # the reaper took the job while this worker was away
        return made

    monkeypatch.setattr(generation, "generate_into", slow_worker)
    assert generation_run(job.pk).status == Job.Status.FAILED
    assert not Membership.objects.exists()
    assert not Campaign.objects.exists()


@pytest.mark.django_db
def test_a_failed_generation_removes_its_campaign_and_a_sweep_any_left(monkeypatch):
    gm = _user()
    job = generation_start(user=gm, task=campaign_generate_job, once_key=None, **TINY)

    def broken(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(generation, "generate_into", broken)
    with pytest.raises(RuntimeError):
        campaign_generate_job.call(job.pk)
    assert not Campaign.objects.exists()
    # a failure whose cleanup could not run (the database away) is swept by the supervisor
    left = generation_start(user=gm, task=campaign_generate_job, once_key=None, **TINY)
    Job.objects.filter(pk=left.pk).update(status=Job.Status.FAILED)
    assert generations_sweep() == 1
    assert not Campaign.objects.exists() and generations_sweep() == 0


@pytest.mark.django_db
def test_the_job_page_and_the_list_show_a_lapsed_generation_failed(monkeypatch, client):
    gm = _user()
    job = _killed_after_first_show(monkeypatch, gm)
    _lapse(job)
    client.force_login(gm)
    page = client.get(reverse("campaign_generate_job", args=[job.pk])).content.decode()
    assert "The generation failed" in page and "gave no sign of life" in page
    assert "A generated campaign (removed)" in page and "every 1s" not in page
    listed = client.get(reverse("campaign_list")).content.decode()
    assert "gave no sign of life" in listed
