"""desk's background tasks (Django's tasks framework; see ludus.services.jobs)."""

from __future__ import annotations

import logging

from django.db import close_old_connections, connection
from django_tasks import task

from desk.services.exports import export_fail, export_run
from desk.services.generation import generation_fail, generation_run
from desk.services.imports import import_fail, import_run
from ludus.services.jobs import heartbeat

logger = logging.getLogger(__name__)


def _reconnect() -> None:
    """A connection the database dropped (a restart) is opened again for the failure's
    report (not inside a caller's transaction: a test's)."""
    if not connection.in_atomic_block:
        close_old_connections()


@task()
@heartbeat
def campaign_export_job(job_id: int) -> None:
    """The whole campaign as a file, the rows written reported on the job (the GM's
    Download). A failure is told on the job, and the error kept in the worker's log."""
    try:
        export_run(job_id)
    except Exception:
        _reconnect()
        export_fail(job_id)
        logger.exception("campaign export job %s failed", job_id)
        raise


@task()
@heartbeat
def campaign_generate_job(job_id: int) -> None:
    """A generated practice campaign, built as `manage.py generate_campaign` builds it, the
    shows held reported on the job. A failure is told on the job, and the error kept in the
    worker's log."""
    try:
        generation_run(job_id)
    except Exception:
        _reconnect()
        generation_fail(job_id)
        logger.exception("campaign generation job %s failed", job_id)
        raise


@task()
def campaign_import_job(job_id: int) -> None:
    """An uploaded campaign file imported as a new campaign of its uploader (it beats on the
    job itself, with the rows imported: desk.services.imports). A failure is told on the job,
    and the error kept in the worker's log."""
    try:
        import_run(job_id)
    except Exception:
        _reconnect()
        import_fail(job_id)
        logger.exception("campaign import job %s failed", job_id)
        raise
