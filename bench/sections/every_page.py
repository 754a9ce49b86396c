"""The pages of the app beyond the pages section's main ones, for "every page of the app under
150 ms" (issue 14): every URL pattern a GET answers with a page, found from the URL
configuration as tests/test_url_sweep.py finds them, so a new page is measured without being
listed here.

What a page needs and a generated campaign lacks (a race and its driver, a patron's favor,
share links, an invitation, a job under way) is made here, inside the pages section's
transaction, which is rolled back at the end: the measured database is left as it was.

Django: imported only after the harness's `Database` has set Django up.
"""

from __future__ import annotations

import re

from django.db.models import Count
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from arena.models import Bout, Race, RaceEntry, ShareLink, Show
from arena.services.sharing import share_link_create
from desk.services.exports import export_job_start
from desk.services.generation import generation_jobs, generation_start
from desk.services.invitations import invitation_create
from desk.tasks import campaign_export_job, campaign_generate_job
from economy.models import Book
from ludus.models import (
    Campaign,
    DayEnd,
    Editor,
    Favor,
    Gladiator,
    Injury,
    Job,
    Membership,
    Patron,
    TreatmentAttempt,
)

# Not pages of the app: the admin, Django's own login pages, the icon's redirect.
OUTSIDE = ("admin:", "login", "logout", "favicon")
ARGUMENT = re.compile(r"<(?:int|str):(\w+)>")


def _patterns(patterns=None, namespace: str = "", outer: frozenset = frozenset()):
    """(name, the names of its arguments) of every named URL pattern."""
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            arguments = outer | set(ARGUMENT.findall(str(entry.pattern)))
            yield from _patterns(entry.url_patterns, inner, frozenset(arguments))
        elif isinstance(entry, URLPattern) and entry.name:
            yield f"{namespace}{entry.name}", outer | set(ARGUMENT.findall(str(entry.pattern)))


def busiest(campaign: Campaign) -> tuple[Gladiator, Show, Bout]:
    """What the pages are asked about: the man with the most bouts, the show with the longest
    card, the last bout fought out."""
    man = (
        Gladiator.objects.filter(campaign=campaign)
        .annotate(n=Count("bout_entries"))
        .order_by("-n", "pk")
        .first()
    )
    show = Show.objects.filter(campaign=campaign).annotate(n=Count("bouts")).order_by("-n").first()
    bout = Bout.objects.filter(show__campaign=campaign).exclude(log=[]).order_by("-pk").first()
    return man, show, bout


def _last(queryset):
    return queryset.order_by("-pk").first()


def _made_for_the_pages(campaign: Campaign, gm, show: Show, man: Gladiator) -> dict:
    """What the generated campaign lacks, made (in the caller's rolled-back transaction)."""
    race = _last(Race.objects.filter(show__campaign=campaign))
    if race is None:
        race = Race.objects.create(show=show, name="The bench's race")
    entry = _last(RaceEntry.objects.filter(race=race))
    if entry is None:
        entry = RaceEntry.objects.create(race=race, driver=man, faction="Reds", lane=1)
    favor = _last(Favor.objects.filter(patron__campaign=campaign))
    if favor is None:
        patron = Patron.objects.create(campaign=campaign, name="The bench's patron")
        favor = Favor.objects.create(patron=patron, owed_by="a client", gladiator=man)
    link = _last(ShareLink.objects.filter(campaign=campaign, show=None, revoked=None))
    link = link or share_link_create(campaign=campaign)
    invitation = invitation_create(campaign=campaign, created_by=gm)
    job = Job.objects.create(campaign=campaign, kind="bout_odds", title="odds", total=30_000)
    return {
        "race_id": race.pk,
        "entry_id": entry.pk,
        "favor_id": favor.pk,
        "link_id": link.pk,
        "token": link.token,
        "invitation_id": invitation.pk,
        "invitation_token": invitation.token,
        "job_id": job.pk,
        "export_id": export_job_start(campaign=campaign, task=campaign_export_job).pk,
        "generation_id": _generation(gm).pk,
    }


def _generation(gm) -> Job:
    """The GM's generation under way, else a new one (one at a time per user)."""
    running = generation_jobs(gm).filter(status__in=[Job.Status.QUEUED, Job.Status.RUNNING])
    return running.first() or generation_start(
        user=gm, task=campaign_generate_job, gladiators=8, shows=2, bouts=4, seed=1
    )


def _ids(campaign: Campaign, gm) -> dict:
    man, show, bout = busiest(campaign)
    ids = {
        "campaign_id": campaign.pk,
        "show_id": show.pk,
        "bout_id": bout.pk,
        "gladiator_id": man.pk,
        "lanista_id": man.owner_id,
        "editor_id": _last(Editor.objects.filter(campaign=campaign)).pk,
        "membership_id": Membership.objects.get(campaign=campaign, user=gm).pk,
    }
    attempts = TreatmentAttempt.objects.filter(injury__gladiator__campaign=campaign)
    for key, row in (
        ("injury_id", _last(Injury.objects.filter(gladiator__campaign=campaign))),
        ("record_id", _last(DayEnd.objects.filter(campaign=campaign))),
        ("book_id", _last(Book.objects.filter(bout__show__campaign=campaign))),
        ("attempt_id", _last(attempts)),
    ):
        if row is not None:
            ids[key] = row.pk
    return ids | _made_for_the_pages(campaign, gm, show, man)


def every_page(campaign: Campaign, gm) -> dict[str, str]:
    """Every URL of the app with its arguments filled from the campaign, by pattern name."""
    ids = _ids(campaign, gm)
    urls = {}
    for name, arguments in _patterns():
        if name.startswith(OUTSIDE) or not arguments <= ids.keys():
            continue
        urls[name] = reverse(name, kwargs={key: ids[key] for key in arguments})
    return urls
