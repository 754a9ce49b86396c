"""Background jobs: work a page should not wait for, run by a task worker (issue 14).

The page that asks creates a `Job` and enqueues its task once the job is committed
(`job_start`); the task reports its progress (`job_progress`) and its end (`job_finish`,
`job_fail`) on the job's row, which the page polls with htmx. The tasks framework is Django's
(the `django-tasks` backport for Django 5.2): on the embedded default its database backend
needs no other server (`manage.py db_worker`, which `make run` starts beside the web server);
a hosted campaign points `LUDUS_TASKS_BACKEND` at a real queue. Each write is its own short
statement, outside any long transaction, so the poll sees the progress as it is made.

A worker can stop in the middle of a job (killed, its host restarted, its database gone): the
job would stay "running" forever. So a running job holds a lease: the worker beats on the
job's row (`heartbeat`) every BEAT_EVERY seconds from a thread of its own (`job_heartbeat`, and
each progress report beats too), and a job whose last beat is older than LEASE has lost its
worker. `jobs_reap` fails such a job with LAPSED and runs its kind's cleanup (`on_lapse`: a
half-built generated campaign is deleted, say); the worker's supervisor reaps when it starts
and every LEASE / 2 (desk's `run_worker`), and a page that reads a job reaps it first
(`job_fresh`), so a lapsed job shows as failed whether or not a worker runs. A job finished or
failed by a worker that comes back after its lease lapsed stays failed (`job_finish` and
`job_progress` touch a running job only).

ludus knows no task: the layer above passes its own (arena's odds task, say) to `job_start`.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, OperationalError, connection, transaction
from django.db.models import F, Q
from django.db.models.functions import Least
from django.utils import timezone

from ludus.errors import Refusal
from ludus.limits import check_range
from ludus.models import Campaign, Job

MAX_JOB_TOTAL = 100_000_000
ERROR_LENGTH = 2_000
# A beat may wait behind a writer on SQLite (up to the database's 20 s timeout) and miss: the
# lease (90 s unless LUDUS_JOB_LEASE_SECONDS says otherwise) outlasts several missed beats, so
# only a worker that is gone lets it lapse.
LEASE = timedelta(seconds=settings.JOB_LEASE_SECONDS)
BEAT_EVERY = LEASE.total_seconds() / 18  # seconds between two beats (5 s at 90)
LAPSED = (
    "The job stopped: its worker gave no sign of life for {seconds} s (stopped or restarted); "
    "nothing it left half-done was kept. Ask again."
)

logger = logging.getLogger(__name__)
_cleanups: dict[str, Callable[[Job], None]] = {}


class JobError(Refusal):
    """A job the app refuses to queue."""


@transaction.atomic
def job_start(
    *,
    campaign: Campaign,
    kind: str,
    title: str,
    params: dict[str, Any],
    total: int,
    task,
    user=None,
) -> Job:
    """Record the job and queue `task` with its id when the job is committed."""
    check_range(total, field="total", low=1, high=MAX_JOB_TOTAL)
    job = Job(
        campaign=campaign,
        kind=kind,
        title=title[:200],
        params=params,
        total=total,
        requested_by=user if user is not None and user.is_authenticated else None,
    )
    job.full_clean()
    job.save()
    transaction.on_commit(lambda: task.enqueue(job.pk))
    return job


def job_begin(job_id: int) -> Job:
    """The worker has picked the job up: it runs, its lease starts."""
    Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
        status=Job.Status.RUNNING, heartbeat=timezone.now()
    )
    return Job.objects.get(pk=job_id)


def job_take(job_id: int, kind: str) -> bool:
    """The worker takes a queued job of `kind` for itself (False: taken already, or over)."""
    return bool(
        Job.objects.filter(pk=job_id, kind=kind, status=Job.Status.QUEUED).update(
            status=Job.Status.RUNNING, heartbeat=timezone.now()
        )
    )


def job_beat(job_id: int) -> bool:
    """The worker is alive and on the job (False: the job is no longer running)."""
    return bool(
        Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(heartbeat=timezone.now())
    )


def job_resize(job_id: int, total: int) -> None:
    """The job's size, once the worker knows it (an export counts its rows as it reads them);
    never below what is done."""
    check_range(total, field="total", low=1, high=MAX_JOB_TOTAL)
    Job.objects.filter(pk=job_id, status=Job.Status.RUNNING, done__lte=total).update(total=total)


def job_progress(job_id: int, done: int) -> None:
    Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(
        done=done, heartbeat=timezone.now()
    )


def job_finish(job_id: int, result: dict[str, Any]) -> bool:
    """The job is done (False: it was not running, e.g. failed as lapsed meanwhile)."""
    return bool(
        Job.objects.filter(pk=job_id, status__in=[Job.Status.QUEUED, Job.Status.RUNNING]).update(
            status=Job.Status.DONE, done=F("total"), result=result, finished=timezone.now()
        )
    )


def job_fail(job_id: int, error: str) -> None:
    """The job failed; a job already over keeps its end (a lapsed one its reason)."""
    Job.objects.filter(pk=job_id, status__in=[Job.Status.QUEUED, Job.Status.RUNNING]).update(
        status=Job.Status.FAILED, error=error[:ERROR_LENGTH], finished=timezone.now()
    )


@contextmanager
def job_heartbeat(job_id: int, done: Callable[[], int] | None = None) -> Iterator[None]:
    """Beat on the job every BEAT_EVERY seconds while the block runs, from a thread with its own
    database connection (so a beat is seen while the block is inside a long transaction on
    PostgreSQL, and the beats go on while the block computes without reporting); with `done`,
    each beat also puts its count on the job (the progress of a block in one transaction)."""
    stop = threading.Event()

    def one_beat() -> None:
        if done is None:
            job_beat(job_id)
        else:
            Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(
                heartbeat=timezone.now(), done=Least(done(), F("total"))
            )

    def beat() -> None:
        beaten = False
        try:
            while not stop.wait(BEAT_EVERY):
                try:
                    beaten = True
                    one_beat()
                except DatabaseError as error:  # the database is busy or away: the next beat
                    logger.warning("job %s: a heartbeat was missed (%s)", job_id, error)
                    connection.close()  # the next beat connects again (after a restart)
        finally:
            if beaten:
                connection.close()  # this thread's own connection

    thread = threading.Thread(target=beat, name=f"job-{job_id}-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def heartbeat(task_function: Callable[[int], None]) -> Callable[[int], None]:
    """A task's function, of a job's id, run under the job's heartbeat (`job_heartbeat`)."""

    @functools.wraps(task_function)
    def run(job_id: int) -> None:
        with job_heartbeat(job_id):
            task_function(job_id)

    return run


def on_lapse(kind: str) -> Callable[[Callable[[Job], None]], Callable[[Job], None]]:
    """Register what removes the half-written rows of a `kind` of job whose worker stopped;
    it runs inside the transaction that fails the job."""

    def register(cleanup: Callable[[Job], None]) -> Callable[[Job], None]:
        _cleanups[kind] = cleanup
        return cleanup

    return register


def _lapsed() -> Q:
    cutoff = timezone.now() - LEASE
    return Q(status=Job.Status.RUNNING) & (
        Q(heartbeat__lt=cutoff) | Q(heartbeat__isnull=True, created__lt=cutoff)
    )


def jobs_reap(jobs=None) -> int:
    """Fail every running job (of `jobs`, default all) whose lease lapsed, and clean up after
    each; the number failed. Each is its own transaction: a job a worker beat on meanwhile, or
    that another reaper took, is left alone."""
    jobs = Job.objects.all() if jobs is None else jobs
    reaped = 0
    for job in jobs.filter(_lapsed()).order_by("pk"):
        with transaction.atomic():
            failed = Job.objects.filter(_lapsed(), pk=job.pk).update(
                status=Job.Status.FAILED,
                error=LAPSED.format(seconds=int(LEASE.total_seconds())),
                finished=timezone.now(),
            )
            if failed and job.kind in _cleanups:
                _cleanups[job.kind](job)
        if failed:
            reaped += 1
            logger.warning("job %s (%s) lapsed: its worker stopped; failed", job.pk, job.kind)
    return reaped


def job_fresh(job: Job) -> Job:
    """The job as a page should show it: failed if its lease lapsed (reaped now). On SQLite a
    long import holds the write lock (its beats wait too): the page then shows the job as it
    is, and the reaper tries again later."""
    if job.status != Job.Status.RUNNING:
        return job
    try:
        reaped = jobs_reap(Job.objects.filter(pk=job.pk))
    except OperationalError as busy:
        logger.warning("job %s: not reaped now, the database is busy (%s)", job.pk, busy)
        return job
    if reaped:
        job.refresh_from_db()
    return job
