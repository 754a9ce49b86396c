"""5. A demo show: `demo_build()` (what `manage.py load_demo` writes), then `show_hold` on two
of its shows, with the queries counted.

Django: this module imports the app's models at the top, so bench/run.py imports it only after
the harness's `Database` has set Django up (and migrated the bench database).
"""

from __future__ import annotations

from django.contrib.auth.hashers import make_password
from django.db import connection

from arena.models import Bout, BoutEntry
from arena.services.shows import show_hold
from bench.harness import QueryCounter, Report, Scale, at_most, ms, timed
from desk.demo import demo_build


def run(scale: Scale, report: Report) -> None:
    report.section("5. A demo show (desk/demo.py demo_build, arena/services/shows.py)")
    hashing, _ = timed(lambda: make_password("ave-caesar"))
    seconds, demo = timed(demo_build)
    new_users = sum(1 for _, created in demo.users.values() if created)
    report.add(
        "show.demo_build_s",
        "load the demo campaign (demo_build)",
        seconds,
        "s",
        at_most(5),
        note=f"includes hashing {new_users} new users' passwords, {ms(hashing):.0f} ms each",
    )
    for key, bouts_target in (("grandfather", 1_000), ("forum", 500)):
        show = demo.shows[key]
        bouts = show.bouts.count()
        counter = QueryCounter()
        with connection.execute_wrapper(counter):
            seconds, held = timed(lambda show=show: show_hold(show=show, seed=42))
        fought = Bout.objects.filter(show=held, entries__result=BoutEntry.Result.WON).count()
        report.add(
            f"show.hold.{key}_ms",
            f"show_hold: {held.name} ({bouts} bout{'s' if bouts > 1 else ''}), seed 42",
            ms(seconds),
            "ms",
            at_most(bouts_target),
            note=(
                f"{counter.count:,} queries, {counter.count / bouts:.0f} a bout; "
                f"{fought} of {bouts} bouts with a winner"
            ),
        )
        report.add(
            f"show.hold.{key}_per_bout_ms",
            "  per bout",
            ms(seconds) / bouts,
            "ms",
            at_most(200),
        )
