"""A generated practice campaign asked for in the browser, built by a background job (issue 14).

`manage.py generate_campaign` builds a campaign inline (desk/generate.py), for up to an hour at
the issue's size. The page `campaigns/generate/` asks for the same thing, smaller
(`WEB_BOUNDS`), as a job of the signed-in user:

1. The request only validates the plan (`Plan.check` with the web's bounds: a refusal names
   its field, nothing is written), makes the campaign's row, **with no member yet**, and queues
   the job (`generation_start`). A repeated click or a stale tab sent again meets its first job
   (the form's one-time key, `once_per_key`); a user has one generation waiting at a time.
2. The worker (desk.tasks.campaign_generate_job) runs `generation_run`: the builder of the
   command (`generate_into`, the same rows and dice as the command for the same plan), the
   shows held reported on the job after each show, then, in one transaction, the user made
   the campaign's GM and the job finished with its figures.

While it is built the campaign has no member, so no page shows it to anyone (every campaign
page is a member's, ludus.access): nobody can play a half-built campaign or see it change
under him. The user follows it on his campaign list and on the job's page (a bar polling the
job). A generation that fails, or whose worker stops (its lease lapses: ludus.services.jobs),
has its half-built campaign removed (`purge_unopened`), so he can ask again at once.

Removing it removes its ledger, which the app never does otherwise: the database's guard on
the ledger (economy migration 0003) is opened for that one transaction, for a campaign that no
member ever saw, its rows, history included, all gone together. On PostgreSQL this takes the
table owner's right to disable a trigger (the app's user, which migrates, owns its tables).
"""

from __future__ import annotations

import time
from collections import defaultdict
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import ProtectedError, Q
from django.utils import timezone

from desk.generate import Bounds, GenerateError, Plan, campaign_name, generate_into
from economy.models import Bet, Entry, Hire
from ludus.history import TRACKED
from ludus.models import Campaign, Job, Membership, default_ruleset
from ludus.services.jobs import (
    job_fail,
    job_finish,
    job_progress,
    job_start,
    job_take,
    jobs_reap,
    on_lapse,
)
from ludus.services.once import once_per_key

KIND = "campaign_generate"
# The page's bounds, below the command's: the job shares the machine with the web server, and
# on SQLite each show's transaction holds the database's lock for the show's moments. 5,000
# bouts are about a quarter of an hour of the worker at today's speed (about 0.15 s a bout).
WEB_BOUNDS = Bounds(gladiators=1_000, shows=1_000, bouts=5_000)
# The defaults: a season of a few hundred bouts, about a minute of the worker.
DEFAULTS = {"gladiators": 80, "shows": 30, "bouts": 300, "seed": 1}
STALE_AFTER = timedelta(hours=2)  # a job still waiting then was lost (its worker stopped)
STALE = "The generation never finished (the worker stopped?); it was given up."
FAILED = "The generation failed on the server; the error is in the worker's log."
NO_GM = "The user who asked for it is gone; the campaign was not opened to anyone."
ONE_AT_A_TIME = "A campaign of yours is being generated already (“{title}”); wait for it to finish."
SHOWN = 5  # generations running or failed shown on the campaign list
FAILED_SHOWN = timedelta(days=1)
REPORT_EVERY = 0.25  # seconds between two progress reports of the worker


class GenerationError(GenerateError):
    """A generation the page refuses; `field` names the option (or "__all__")."""


def generation_jobs(user):
    """The user's generations, the latest first."""
    return Job.objects.filter(kind=KIND, requested_by=user).select_related("campaign")


def generations_shown(user) -> list[Job]:
    """The campaign list's: the user's generations waiting, and those failed in the last
    FAILED_SHOWN (a done one is his campaign, listed with the others)."""
    jobs_reap(generation_jobs(user))  # one whose worker stopped shows as failed
    waiting = Q(status__in=[Job.Status.QUEUED, Job.Status.RUNNING])
    failed = Q(status=Job.Status.FAILED, finished__gte=timezone.now() - FAILED_SHOWN)
    return list(generation_jobs(user).filter(waiting | failed)[:SHOWN])


def generations_recent(user, count: int) -> list[Job]:
    """The user's latest generations, one whose worker stopped shown failed."""
    jobs_reap(generation_jobs(user))
    return list(generation_jobs(user)[:count])


def web_plan(*, gladiators: int, shows: int, bouts: int, seed: int) -> Plan:
    """The plan, checked against the page's bounds; GenerateError names the field."""
    plan = Plan(gladiators=gladiators, shows=shows, bouts=bouts, seed=seed)
    plan.check(dash="", bounds=WEB_BOUNDS)
    return plan


@once_per_key("campaign_generate")
def generation_start(*, user, gladiators: int, shows: int, bouts: int, seed: int, task) -> Job:
    """Check the plan, make the (memberless) campaign and queue its generation."""
    plan = web_plan(gladiators=gladiators, shows=shows, bouts=bouts, seed=seed)
    with transaction.atomic():
        # The user's row is the lock: two tabs at once see each other's job.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        jobs_reap(generation_jobs(user))  # one whose worker stopped is failed and removed
        for job in generation_jobs(user).filter(status__in=[Job.Status.QUEUED, Job.Status.RUNNING]):
            if job.created > timezone.now() - STALE_AFTER:
                raise GenerationError(ONE_AT_A_TIME.format(title=job.title), field="__all__")
            job_fail(job.pk, STALE)
            generation_lapsed(job)
        # As campaign_create makes it (desk.services.setup), but with no member until done.
        campaign = Campaign(
            name=campaign_name(plan.seed), year=-50, city="Rome", ruleset=default_ruleset()
        )
        campaign.full_clean()
        campaign.save()
        return job_start(
            campaign=campaign,
            kind=KIND,
            title=(
                f"{plan.gladiators:,} men, {plan.shows:,} shows, {plan.bouts:,} bouts, "
                f"seed {plan.seed}"
            ),
            params={
                "gladiators": plan.gladiators,
                "shows": plan.shows,
                "bouts": plan.bouts,
                "seed": plan.seed,
            },
            total=plan.shows,
            task=task,
            user=user,
        )


class _Reporter:
    """Puts the shows held on the job, at most every REPORT_EVERY seconds (and the last)."""

    def __init__(self, job_id: int, total: int) -> None:
        self.job_id, self.total, self.last = job_id, total, 0.0

    def __call__(self, shows: int, bouts: int) -> None:
        now = time.monotonic()
        if now - self.last >= REPORT_EVERY or shows == self.total:
            job_progress(self.job_id, shows)
            self.last = now


def generation_run(job_id: int) -> Job | None:
    """The worker's part: build the campaign, then open it to its GM and finish the job. A job
    not waiting (already taken by a worker, or over) is left alone: it is built once."""
    if not job_take(job_id, KIND):
        return None
    job = Job.objects.select_related("campaign", "requested_by").get(pk=job_id)
    if job.requested_by is None:
        job_fail(job_id, NO_GM)
        return Job.objects.get(pk=job_id)
    plan = Plan(**{key: int(job.params[key]) for key in ("gladiators", "shows", "bouts", "seed")})
    made = generate_into(job.campaign, plan, _Reporter(job_id, plan.shows))
    campaign = made.campaign
    with transaction.atomic():
        # Taken from the worker (its lease lapsed) while it built: the reaper removes the rest.
        running = Job.objects.select_for_update().filter(pk=job_id, status=Job.Status.RUNNING)
        if not running.exists():
            return Job.objects.get(pk=job_id)
        Membership.objects.create(campaign=campaign, user=job.requested_by, role=Membership.Role.GM)
        job_finish(
            job_id,
            {
                "campaign": campaign.pk,
                "shows": made.shows,
                "bouts": made.bouts,
                "entries": made.entries,
                "recruits": made.recruits,
                "day": campaign.day,
                "seconds": round(made.seconds, 1),
            },
        )
    return Job.objects.get(pk=job_id)


def generations_sweep() -> int:
    """Remove the campaigns of failed generations still there (a failure whose own cleanup
    could not run: the database was away); the worker's supervisor calls it."""
    swept = 0
    failed = Job.objects.filter(kind=KIND, status=Job.Status.FAILED, campaign__isnull=False)
    for job in failed.filter(campaign__memberships__isnull=True).order_by("pk"):
        with transaction.atomic():
            generation_lapsed(job)
        swept += 1
    return swept


def generation_fail(job_id: int) -> None:
    """The worker's generation raised: the job fails and its half-built campaign goes."""
    with transaction.atomic():
        job_fail(job_id, FAILED)
        job = Job.objects.select_for_update().filter(pk=job_id, kind=KIND).first()
        if job is not None and job.status == Job.Status.FAILED:
            generation_lapsed(job)


@on_lapse(KIND)
def generation_lapsed(job: Job) -> None:
    """A generation that stopped: its campaign, still without a member, is removed."""
    campaign = Campaign.objects.filter(pk=job.campaign_id).first()
    if campaign is None or campaign.memberships.exists():
        return
    Job.objects.filter(pk=job.pk).update(campaign=None)
    purge_unopened(campaign)


# PostgreSQL alters a table only with no deferred check pending in the transaction: the checks
# are made at once while the guard is open (the deletes then checked as they are made).
_LEDGER_GUARD = {
    "sqlite": (
        ["UPDATE economy_ledger_guard SET open = 1"],
        ["UPDATE economy_ledger_guard SET open = 0"],
    ),
    "postgresql": (
        [
            "SET CONSTRAINTS ALL IMMEDIATE",
            "ALTER TABLE economy_entry DISABLE TRIGGER economy_entry_immutable",
        ],
        [
            "ALTER TABLE economy_entry ENABLE TRIGGER economy_entry_immutable",
            "SET CONSTRAINTS ALL DEFERRED",
        ],
    ),
}
ID_CHUNK = 500  # ids of one history delete (below SQLite's variables' limit)
PASSES = 10  # rounds of "delete what protects the rows" (the chains are 3 or 4 long)


@transaction.atomic
def purge_unopened(campaign: Campaign) -> None:
    """Remove a campaign that no member ever had, with every row of it: its ledger (the
    guard opened for this transaction only) and its history."""
    if campaign.memberships.exists():
        raise ValueError(f"campaign {campaign.pk} has members: it is never removed")
    tracked = {
        model: list(
            model._base_manager.filter(**{info.campaign_lookup: campaign.pk}).values_list(
                "pk", flat=True
            )
        )
        for model, info in TRACKED.items()
    }
    opened, closed = _LEDGER_GUARD.get(connection.vendor, ([], []))
    with connection.cursor() as cursor:
        for statement in opened:
            cursor.execute(statement)
        Bet._base_manager.filter(book__campaign=campaign).delete()
        Hire._base_manager.filter(lanista__campaign=campaign).delete()
        Entry._base_manager.filter(transaction__campaign=campaign).delete()
        _delete_with_protectors(Campaign.objects.filter(pk=campaign.pk))
        for statement in closed:
            cursor.execute(statement)
    for model, ids in tracked.items():
        for start in range(0, len(ids), ID_CHUNK):
            model.history.model.objects.filter(id__in=ids[start : start + ID_CHUNK]).delete()


def _delete_with_protectors(rows, passes: int = PASSES) -> None:
    """Delete `rows` (a queryset), first deleting the rows that PROTECT them (the ones the
    cascade reaches itself too, which Django's collector still refuses)."""
    for _ in range(passes):
        try:
            rows.delete()
            return
        except ProtectedError as error:
            by_model = defaultdict(list)
            for row in error.protected_objects:
                by_model[type(row)].append(row.pk)
            for model, pks in by_model.items():
                for start in range(0, len(pks), ID_CHUNK):
                    chunk = model._base_manager.filter(pk__in=pks[start : start + ID_CHUNK])
                    _delete_with_protectors(chunk, passes - 1)
    rows.delete()
