"""desk's background tasks (Django's tasks framework; see ludus.services.jobs)."""

from __future__ import annotations

import logging

from django_tasks import task

from desk.services.exports import export_fail, export_run

logger = logging.getLogger(__name__)


@task()
def campaign_export_job(job_id: int) -> None:
    """The whole campaign as a file, the rows written reported on the job (the GM's
    Download). A failure is told on the job, and the error kept in the worker's log."""
    try:
        export_run(job_id)
    except Exception:
        export_fail(job_id)
        logger.exception("campaign export job %s failed", job_id)
        raise
