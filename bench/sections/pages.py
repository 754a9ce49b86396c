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
import time

from django.db import connection
from django.db.models import Count
from django.test import Client
from django.urls import reverse

from arena.models import Bout, Show
from bench.harness import QueryCounter, Report, Scale, at_most, ms, percentile, timed
from desk.generate import generate_campaign
from economy.models import Entry
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
    man = (
        Gladiator.objects.filter(campaign=campaign)
        .annotate(n=Count("bout_entries"))
        .order_by("-n", "pk")
        .first()
    )
    show = Show.objects.filter(campaign=campaign).annotate(n=Count("bouts")).order_by("-n").first()
    bout = Bout.objects.filter(show__campaign=campaign).order_by("-pk").first()
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
    }


def run(scale: Scale, report: Report) -> None:
    report.section(f"7. Pages on a generated campaign (p95, target {TARGET_MS} ms on SQLite)")
    campaign = _campaign(scale, report)
    entries = Entry.objects.filter(account__campaign=campaign).count()
    bouts = Bout.objects.filter(show__campaign=campaign).count()
    men = Gladiator.objects.filter(campaign=campaign).count()
    report.say(f"  ({men:,} men, {bouts:,} bouts, {entries:,} ledger entries)")
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(campaign.memberships.get(role="gm").user)
    vendor = connection.vendor
    # As config/wsgi.py does in a server's worker once the app is loaded: what lives as long
    # as the process is frozen, so the collector's full passes do not walk it.
    gc.collect()
    gc.freeze()
    for name, url in _urls(campaign).items():
        counter = QueryCounter()
        with connection.execute_wrapper(counter):
            first = client.get(url)
        if first.status_code != 200:
            raise RuntimeError(f"bench: {url} answered {first.status_code}")
        times = []
        for _ in range(scale.page_requests):
            start = time.perf_counter()
            client.get(url)
            times.append(time.perf_counter() - start)
        report.add(
            f"pages.{name}.p95_ms",
            f"{name}: 95th percentile of {scale.page_requests} requests",
            ms(percentile(times, 0.95)),
            "ms",
            at_most(TARGET_MS),
            note=f"{counter.count} queries; median {ms(sorted(times)[len(times) // 2]):.0f} ms; "
            f"{vendor}, {entries:,} entries",
        )
