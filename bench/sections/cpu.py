"""8. Page CPU: the processor time of one request to the dashboard and to the ledger, in-process.

The load section's target (100 requests a second on 2 workers, with locust on the same 2-core
machine) needs each request to cost about 10 ms of CPU or less in gunicorn; a wall-clock p95
on a shared machine mostly measures the other tenants. `time.process_time()` counts this
process's own CPU only, so the figure holds still on a loaded machine (it still moves a little:
caches are shared).

Each page is asked through Django's test client (the full stack: middleware, session, auth,
view, queries, template; no network, no WSGI server) by the GM and by a player, on the demo
(what `make run` loads, and what the load section reads) and on the bench's generated campaign
(section 7's, the largest already in `--database-url` if any). Each is asked `WARM` times
untimed, then `requests` times; the figure is the mean CPU of a request.

Django: imported only after the harness's `Database` has set Django up.
"""

from __future__ import annotations

import cProfile
import pstats
import time

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from bench.harness import Report, Scale
from bench.sections.pages import GENERATED
from desk.demo import demo_build
from desk.generate import generate_campaign
from ludus.models import Campaign, Lanista, Membership

# No target of its own: this section was a proxy for the load's 100 requests a second (once
# guessed at 8 ms a page), which section 6 now measures directly, with the CPU gunicorn spends
# a request beside it. These figures show where a request's CPU goes, and compare versions.
WARM = 10
PLAYER = "ludus-bench-player"


def _bench_campaign(scale: Scale) -> tuple[Campaign, object, object]:
    """The bench's generated campaign (the largest there, else a new one of the scale's size),
    its GM and a player who runs its first school (made here if it has none)."""
    found = Campaign.objects.filter(name__startswith=GENERATED).order_by("-pk").first()
    if found is None:
        gladiators, shows, bouts = scale.pages_campaign
        found = generate_campaign(
            gladiators=gladiators, shows=shows, bouts=bouts, seed=1, gm_username="ludus-bench-gm"
        ).campaign
    gm = found.memberships.get(role=Membership.Role.GM).user
    player_membership = found.memberships.filter(role=Membership.Role.PLAYER).first()
    if player_membership is None:
        player, _ = get_user_model().objects.get_or_create(username=PLAYER)
        Membership.objects.create(campaign=found, user=player, role=Membership.Role.PLAYER)
        school = Lanista.objects.filter(campaign=found, player__isnull=True).order_by("pk").first()
        if school is not None:
            school.player = player
            school.save(update_fields=["player"])
    else:
        player = player_membership.user
    return found, gm, player


def cpu_ms(client: Client, url: str, requests: int) -> float:
    """The mean processor time of one GET of `url` (ms), after WARM untimed ones."""
    for _ in range(WARM):
        answer = client.get(url)
        if answer.status_code != 200:
            raise RuntimeError(f"bench: {url} answered {answer.status_code}")
    start = time.process_time()
    for _ in range(requests):
        client.get(url)
    return 1000 * (time.process_time() - start) / requests


def python_calls(client: Client, url: str, requests: int = 10) -> int:
    """Python function calls of one GET of `url` (cProfile's count): unlike a time, the same
    on a loaded machine as on an idle one, so two versions of the code compare exactly."""
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(requests):
        client.get(url)
    profile.disable()
    return pstats.Stats(profile).total_calls // requests


def run(scale: Scale, report: Report) -> None:
    report.section("8. Page CPU in-process (process_time a request; no target, see section 6)")
    requests = 60 if scale.name == "quick" else 200
    demo = demo_build()
    demo_player = next(user for name, (user, _) in demo.users.items() if name != "gm")
    bench, bench_gm, bench_player = _bench_campaign(scale)
    cases = [
        ("demo", demo.campaign, demo.users["gm"][0], demo_player),
        ("bench", bench, bench_gm, bench_player),
    ]
    for where, campaign, gm, player in cases:
        for role, user in (("gm", gm), ("player", player)):
            client = Client(HTTP_HOST="127.0.0.1")
            client.force_login(user)
            for page, name in (("dashboard", "campaign_dashboard"), ("ledger", "economy:ledger")):
                url = reverse(name, args=[campaign.pk])
                spent = cpu_ms(client, url, requests)
                calls = python_calls(client, url)
                report.add(
                    f"pages.{page}_cpu_ms.{where}.{role}",
                    f"{page}, {where} campaign, as {'the GM' if role == 'gm' else 'a player'}",
                    spent,
                    "ms",
                    note=f"mean of {requests} requests, test client, {user.username}; "
                    f"{calls:,} Python calls a request",
                )
