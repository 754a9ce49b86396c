"""The odds runs of every ruleset in the background: one queue of jobs per campaign and kind
(each ruleset's odds page names its kind), at most MAX_WAITING waiting at once, a repeated ask
queued once. The task that runs a job is arena.tasks.odds_job."""

from __future__ import annotations

from django.db import transaction

from ludus.models import Campaign, Job
from ludus.services.jobs import JobError, job_start

MAX_WAITING = 3  # unfinished odds jobs a campaign may have at once: the worker is shared


def odds_job_start(*, campaign: Campaign, ask, task, user=None, kind: str) -> Job:
    """Queue the odds of `ask` (a ruleset's ask: `setup`, `params`, `title`, `bouts`) as a
    background job of `kind`. The setup is built first, so a matchup the engine refuses is
    refused here, at once, and queues nothing. The same ask still waiting is that job (a
    repeated click queues once), and a campaign has at most MAX_WAITING waiting."""
    ask.setup()
    params = ask.params()
    with transaction.atomic():
        # The campaign's row is the lock: two asks at once see each other's job.
        Campaign.objects.select_for_update().filter(pk=campaign.pk).first()
        waiting = list(
            odds_jobs(campaign, kind).filter(status__in=[Job.Status.QUEUED, Job.Status.RUNNING])
        )
        for job in waiting:
            if job.params == params:
                return job
        if len(waiting) >= MAX_WAITING:
            raise JobError(
                f"{MAX_WAITING} odds runs of this campaign are still going: "
                "wait for one to finish, or ask for fewer bouts."
            )
        return job_start(
            campaign=campaign,
            kind=kind,
            title=ask.title,
            params=params,
            total=ask.bouts,
            task=task,
            user=user,
        )


def odds_jobs(campaign: Campaign, kind: str):
    """The campaign's odds runs of `kind` in the background, the latest first."""
    return Job.objects.filter(campaign=campaign, kind=kind)
