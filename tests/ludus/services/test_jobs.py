"""A running job's lease (issue 27): the worker beats on the job from a thread of its own while
the task runs; a job whose beat is older than the lease is failed by the reaper, once, with its
kind's cleanup; a job that beats is left alone; a worker that comes back late cannot finish or
move a job the reaper failed."""

import time
from datetime import timedelta

import pytest
from django.db import OperationalError
from django.utils import timezone

from ludus.models import Job
from ludus.services import jobs
from ludus.services.jobs import (
    LAPSED,
    LEASE,
    heartbeat,
    job_begin,
    job_finish,
    job_fresh,
    job_progress,
    jobs_reap,
    on_lapse,
)
from tests import factories


def _job(kind: str = "test_kind", **fields) -> Job:
    return Job.objects.create(
        campaign=factories.CampaignFactory(), kind=kind, title="t", total=10, **fields
    )


def _ago(seconds: float):
    return timezone.now() - timedelta(seconds=seconds)


@pytest.mark.django_db
def test_only_a_running_job_whose_beat_is_older_than_its_lease_is_reaped():
    lease = LEASE.total_seconds()
    lapsed = _job(status=Job.Status.RUNNING, heartbeat=_ago(lease + 1))
    beating = _job(status=Job.Status.RUNNING, heartbeat=_ago(lease - 5))
    queued = _job(status=Job.Status.QUEUED)
    Job.objects.filter(pk__in=[beating.pk, queued.pk]).update(created=_ago(3 * lease))
    done = _job(status=Job.Status.DONE, heartbeat=_ago(lease + 1))
    assert jobs_reap() == 1
    statuses = dict(Job.objects.values_list("pk", "status"))
    assert statuses == {
        lapsed.pk: "failed",
        beating.pk: "running",
        queued.pk: "queued",
        done.pk: "done",
    }
    assert Job.objects.get(pk=lapsed.pk).error == LAPSED.format(seconds=int(lease))
    assert jobs_reap() == 0  # once


@pytest.mark.django_db
def test_a_running_job_that_never_beat_lapses_from_its_creation():
    job = _job(status=Job.Status.RUNNING)
    assert jobs_reap() == 0
    Job.objects.filter(pk=job.pk).update(created=_ago(LEASE.total_seconds() + 1))
    assert job_fresh(Job.objects.get(pk=job.pk)).status == Job.Status.FAILED


@pytest.mark.django_db
def test_the_kinds_cleanup_runs_once_for_a_lapsed_job(monkeypatch):
    cleaned = []
    monkeypatch.setattr(jobs, "_cleanups", {})
    on_lapse("test_kind")(lambda job: cleaned.append(job.pk))
    job = _job(status=Job.Status.RUNNING, heartbeat=_ago(LEASE.total_seconds() + 1))
    _job(kind="other", status=Job.Status.RUNNING, heartbeat=_ago(LEASE.total_seconds() + 1))
    assert jobs_reap() == 2 and cleaned == [job.pk]


@pytest.mark.django_db
def test_a_late_worker_cannot_finish_or_move_a_reaped_job():
    job = _job(status=Job.Status.RUNNING, heartbeat=_ago(LEASE.total_seconds() + 1))
    jobs_reap()
    assert job_finish(job.pk, {"x": 1}) is False
    job_progress(job.pk, 5)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and job.done == 0 and job.result is None


@pytest.mark.django_db
def test_beginning_and_progress_beat():
    job = _job()
    assert job_begin(job.pk).heartbeat is not None
    Job.objects.filter(pk=job.pk).update(heartbeat=_ago(60))
    job_progress(job.pk, 3)
    assert Job.objects.get(pk=job.pk).heartbeat > _ago(5)


@pytest.mark.django_db(transaction=True)
def test_a_task_that_reports_nothing_still_beats_while_it_runs(monkeypatch):
    """The heartbeat is a thread of its own: a long silent step (a snapshot read, a big
    show) does not let the lease lapse."""
    monkeypatch.setattr(jobs, "BEAT_EVERY", 0.05)
    job = _job()
    job_begin(job.pk)
    Job.objects.filter(pk=job.pk).update(heartbeat=_ago(3600))
    seen = []

    @heartbeat
    def silent_task(job_id: int) -> None:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if Job.objects.get(pk=job_id).heartbeat > _ago(60):
                seen.append(True)
                return
            time.sleep(0.05)

    silent_task(job.pk)
    assert seen == [True]
    assert silent_task.__name__ == "silent_task"  # the task framework names it so


@pytest.mark.django_db
def test_a_page_shows_the_job_as_it_is_when_the_database_is_busy(monkeypatch):
    """SQLite during a long import: the reap waits on the write lock, then gives up; the page
    is answered all the same (never a 500)."""
    job = _job(status=Job.Status.RUNNING, heartbeat=_ago(LEASE.total_seconds() + 1))

    def busy(jobs=None):
        raise OperationalError("database is locked")

    monkeypatch.setattr(jobs, "jobs_reap", busy)
    assert job_fresh(job).status == Job.Status.RUNNING
