"""7. Pages: the 95th percentile of each main page's answer on a generated campaign (issue 14:
150 ms on SQLite), with its queries counted.

The campaign is made by `desk.generate.generate_campaign` (what `manage.py generate_campaign`
runs) at the scale's size. With `--database-url` naming a database that already holds a
generated campaign (e.g. one made by `manage.py generate_campaign --gladiators 1000 --shows
2000 --bouts 20000`), the largest one there is measured instead and nothing is generated.

Each page is asked once untimed (the first request compiles templates and warms caches), then
`page_requests` times in-process through Django's test client, as the GM, with a session: the
full stack of middleware, view, queries and template, without a network.

Django: imported only after the harness's `Database` has set Django up.
"""

from __future__ import annotations

import gc
import logging
import math
import time

from django.db import connection, transaction
from django.db.models import Count
from django.test import Client
from django.urls import reverse

from arena.models import Bout
from bench.harness import QueryCounter, Report, Scale, at_most, ms, percentile, timed
from bench.sections.every_page import busiest, every_page
from desk.generate import generate_campaign
from desk.views.edits import PER_PAGE as CHANGES_PER_PAGE
from economy.models import Entry
from ludus.history import CampaignLog
from ludus.models import Campaign, Gladiator

TARGET_MS = 150
GENERATED = "Generated campaign"


def _campaign(scale: Scale, report: Report) -> Campaign:
    found = (
        Campaign.objects.filter(name__startswith=GENERATED)
        .annotate(n=Count("shows__bouts"))
        .order_by("-n")
        .first()
    )
    if found is not None and found.n >= scale.pages_campaign[2]:
        report.say(f"  (measuring {found.name}, #{found.pk}, already in the database)")
        return found
    gladiators, shows, bouts = scale.pages_campaign
    seconds, made = timed(
        lambda: generate_campaign(
            gladiators=gladiators, shows=shows, bouts=bouts, seed=1, gm_username="ludus-bench-gm"
        )
    )
    report.add(
        "pages.generate_s",
        f"generate_campaign: {gladiators} men, {shows} shows, {bouts} bouts",
        seconds,
        "s",
        note=f"{made.entries:,} ledger entries; {1000 * seconds / bouts:.0f} ms a bout",
    )
    return made.campaign


def _urls(campaign: Campaign) -> dict[str, str]:
    pk = campaign.pk
    man, show, bout = busiest(campaign)
    middle = max(1, math.ceil(len(CampaignLog(campaign)) / CHANGES_PER_PAGE) // 2)
    return {
        "dashboard": reverse("campaign_dashboard", args=[pk]),
        "roster": reverse("roster", args=[pk]),
        "gladiator": reverse("gladiator_detail", args=[pk, man.pk]),
        "market": reverse("economy:market", args=[pk]),
        "shows": reverse("arena:show_list", args=[pk]),
        "show": reverse("arena:show_detail", args=[pk, show.pk]),
        "bout": reverse("arena:bout_detail", args=[pk, bout.pk]),
        "ledger": reverse("economy:ledger", args=[pk]),
        # Past the end: the paginator answers with the last page.
        "ledger_last_page": reverse("economy:ledger", args=[pk]) + "?page=1000000",
        "recovery": reverse("recovery", args=[pk]),
        "circus": reverse("circus:race_list", args=[pk]),
        "bets": reverse("bets:book_list", args=[pk]),
        "odds": reverse("arena:odds", args=[pk]),
        "change_log": reverse("change_log", args=[pk]),
        # Its deepest page asked by number (the pager's own links read on from a row).
        "change_log_middle": reverse("change_log", args=[pk]) + f"?page={middle}",
        "change_log_last_page": reverse("change_log", args=[pk]) + "?page=1000000",
    }


def run(scale: Scale, report: Report) -> None:
    report.section(f"7. Pages on a generated campaign (p95, target {TARGET_MS} ms on SQLite)")
    campaign = _campaign(scale, report)
    entries = Entry.objects.filter(account__campaign=campaign).count()
    bouts = Bout.objects.filter(show__campaign=campaign).count()
    men = Gladiator.objects.filter(campaign=campaign).count()
    report.say(f"  ({men:,} men, {bouts:,} bouts, {entries:,} ledger entries)")
    gm = campaign.memberships.get(role="gm").user
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(gm)
    note = f"{connection.vendor}, {entries:,} entries"
    # As config/wsgi.py does in a server's worker once the app is loaded: what lives as long
    # as the process is frozen, so the collector's full passes do not walk it.
    gc.collect()
    gc.freeze()
    main = _urls(campaign)
    for name, url in main.items():
        if _measure(client, name, url, scale, report, note) is None:
            raise RuntimeError(f"bench: {url} is not a page")
    # What the other pages need and the campaign lacks is made, then rolled back.
    with transaction.atomic():
        _every_other_page(client, campaign, gm, set(main.values()), scale, report, note)
        transaction.set_rollback(True)


def _measure(client, name, url, scale, report, note) -> float | None:
    """The page's 95th percentile over `page_requests` requests after one untimed, or None
    if the URL is not a page (a POST's, a download, a redirect)."""
    counter = QueryCounter()
    with connection.execute_wrapper(counter):
        first = client.get(url)
    if first.status_code != 200 or first.streaming:
        return None
    times = []
    for _ in range(scale.page_requests):
        start = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - start)
    p95 = ms(percentile(times, 0.95))
    report.add(
        f"pages.{name}.p95_ms",
        f"{name}: 95th percentile of {scale.page_requests} requests",
        p95,
        "ms",
        at_most(TARGET_MS),
        note=f"{counter.count} queries; {len(first.content) // 1024:,} KB; "
        f"median {ms(sorted(times)[len(times) // 2]):.0f} ms; {note}",
    )
    return p95


def _every_other_page(client, campaign, gm, measured, scale, report, note) -> None:
    """Every other page of the app (bench/sections/every_page.py), and the slowest of all."""
    worst, skipped = ("", 0.0), []
    refusals = logging.getLogger("django.request")
    level, refusals.level = refusals.level, logging.ERROR  # a POST's URL answers GET with 405
    try:
        for name, url in every_page(campaign, gm).items():
            if url in measured:
                continue
            p95 = _measure(client, name.replace(":", "."), url, scale, report, note)
            if p95 is None:
                skipped.append(name)
            elif p95 > worst[1]:
                worst = (name, p95)
    finally:
        refusals.level = level
    report.say(f"  ({len(skipped)} URLs are a POST's, a download or a redirect: not timed)")
    report.add(
        "pages.every_other.max_p95_ms",
        f"the slowest of the other pages: {worst[0]}",
        worst[1],
        "ms",
        at_most(TARGET_MS),
    )
