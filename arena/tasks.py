"""arena's background task (Django's tasks framework, the django-tasks backport; see
ludus.services.jobs): one for the odds of every ruleset. It takes a job's id, finds the odds
page whose `kind` the job is (each ruleset's plug-in has one) and reports on the job's row."""

from __future__ import annotations

import logging

from django_tasks import task

from arena.rulesets import served_plugins
from ludus.services.jobs import heartbeat, job_begin, job_fail, job_finish, job_progress

logger = logging.getLogger(__name__)

FAILED = "The run failed on the server; the error is in the worker's log."
NO_SUCH_KIND = "No ruleset of this app runs odds of the kind {kind!r}."


@task()
@heartbeat
def odds_job(job_id: int) -> None:
    """The odds of a matchup over many bouts or fights, the progress on the job."""
    job = job_begin(job_id)
    # Only a ruleset a campaign is played under has an odds page (and so jobs).
    page = next((p.odds_page for p in served_plugins() if p.odds_page.kind == job.kind), None)
    if page is None:
        job_fail(job_id, NO_SUCH_KIND.format(kind=job.kind))
        return
    try:
        result = page.run_job(job, lambda done: job_progress(job_id, done))
    except page.job_refusals as error:
        job_fail(job_id, str(error))
        return
    except Exception:
        job_fail(job_id, FAILED)
        logger.exception("%s job %s failed", job.kind, job_id)
        raise
    job_finish(job_id, result)
