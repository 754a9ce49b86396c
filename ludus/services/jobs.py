"""Background jobs: work a page should not wait for, run by a task worker (issue 14).

The page that asks creates a `Job` and enqueues its task once the job is committed
(`job_start`); the task reports its progress (`job_progress`) and its end (`job_finish`,
`job_fail`) on the job's row, which the page polls with htmx. The tasks framework is Django's
(the `django-tasks` backport for Django 5.2): on the embedded default its database backend
needs no other server (`manage.py db_worker`, which `make run` starts beside the web server);
a hosted campaign points `LUDUS_TASKS_BACKEND` at a real queue. Each write is its own short
statement, outside any long transaction, so the poll sees the progress as it is made.

ludus knows no task: the layer above passes its own (arena's odds task, say) to `job_start`.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ludus.errors import Refusal
from ludus.limits import check_range
from ludus.models import Campaign, Job

MAX_JOB_TOTAL = 100_000_000
ERROR_LENGTH = 2_000


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
    """The worker has picked the job up."""
    Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(status=Job.Status.RUNNING)
    return Job.objects.get(pk=job_id)


def job_resize(job_id: int, total: int) -> None:
    """The job's size, once the worker knows it (an export counts its rows as it reads them);
    never below what is done."""
    check_range(total, field="total", low=1, high=MAX_JOB_TOTAL)
    Job.objects.filter(pk=job_id, status=Job.Status.RUNNING, done__lte=total).update(total=total)


def job_progress(job_id: int, done: int) -> None:
    Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(done=done)


def job_finish(job_id: int, result: dict[str, Any]) -> None:
    Job.objects.filter(pk=job_id).update(
        status=Job.Status.DONE, done=F("total"), result=result, finished=timezone.now()
    )


def job_fail(job_id: int, error: str) -> None:
    Job.objects.filter(pk=job_id).update(
        status=Job.Status.FAILED, error=error[:ERROR_LENGTH], finished=timezone.now()
    )
