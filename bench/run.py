"""Ludus benchmarks: the engines' speed and the ledger's, with a target next to each figure.

    make bench                          # or: .venv/bin/python bench/run.py
    .venv/bin/python bench/run.py --quick               # a short run (under 20 s)
    .venv/bin/python bench/run.py --json                # machine-readable output
    .venv/bin/python bench/run.py --only dice,races     # some sections only
    .venv/bin/python bench/run.py --database-url postgres://user:pass@host/scratch

Sections: 1 exact dice distributions, 2 bouts, 3 chariot races, 4 the ledger, 5 a demo show.
The engine sections (1-3) are pure Python and never touch a database. The ledger and the show
(4-5) set Django up on a throwaway SQLite file in a temporary folder (deleted afterwards), so the
developer's db.sqlite3 is never touched; `--database-url` points them at another database
instead (it must be a scratch one: the bench writes campaigns into it).

design.md states no speed or memory targets; the targets here are ours and bench/README.md
gives the reason for each. Every figure is a median of repeats, or a count over a timed loop
(time.perf_counter); peak memory is tracemalloc's, measured in a separate pass so that tracing
does not slow the timed one. `--strict` exits 1 when a figure misses its target.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import gc
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = ("dice", "bouts", "races", "ledger", "show")
FROM_ENVIRONMENT = "<environment>"  # --database-url with no URL: the DATABASE_URL already set
MB = 1024 * 1024


# --- the scale of a run -------------------------------------------------------------------


@dataclass(frozen=True)
class Scale:
    name: str
    repeats: int  # timings of one call are the median of this many
    runs: int  # rates of the engines are the median of this many timed loops
    warm_lookups: int
    odds_bouts: int  # bout_odds(setup, bouts=N)
    memory_bouts: int  # bout_odds under tracemalloc (slower, so fewer)
    logged_bouts: int
    odds_races: int  # race_odds(drivers, races=N)
    logged_races: int
    durable_posts: int  # each posting its own committed transaction
    batch_posts: int  # postings inside one outer transaction
    ledger_entries: int  # entries in the bench campaign before the balances are read
    scale_posts: int  # postings made once the ledger is full, per account measured


FULL = Scale(
    name="full",
    repeats=5,
    runs=3,
    warm_lookups=200_000,
    odds_bouts=20_000,
    memory_bouts=5_000,
    logged_bouts=2_000,
    odds_races=200_000,
    logged_races=5_000,
    durable_posts=200,
    batch_posts=2_000,
    ledger_entries=20_000,
    scale_posts=300,
)
QUICK = Scale(
    name="quick",
    repeats=3,
    runs=3,
    warm_lookups=50_000,
    odds_bouts=2_000,
    memory_bouts=1_000,
    logged_bouts=300,
    odds_races=20_000,
    logged_races=500,
    durable_posts=30,
    batch_posts=200,
    ledger_entries=2_000,
    scale_posts=50,
)


# --- figures and the report ---------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    op: str  # ">=" (a rate: at least) or "<=" (a time or a size: at most)
    value: float

    def met(self, value: float) -> bool:
        return value >= self.value if self.op == ">=" else value <= self.value


def at_least(value: float) -> Target:
    return Target(">=", value)


def at_most(value: float) -> Target:
    return Target("<=", value)


@dataclass(frozen=True)
class Figure:
    section: str
    key: str
    label: str
    value: float
    unit: str  # "ms", "s", "/s", "MB" or "" (a count)
    target: Target | None = None
    note: str = ""

    @property
    def result(self) -> str | None:
        if self.target is None:
            return None
        return "PASS" if self.target.met(self.value) else "MISS"

    def as_dict(self) -> dict:
        target = None
        if self.target is not None:
            target = {"op": self.target.op, "value": self.target.value}
        return {
            "section": self.section,
            "key": self.key,
            "label": self.label,
            "value": round(self.value, 6),
            "unit": self.unit,
            "target": target,
            "result": self.result,
            "note": self.note,
        }


def number(value: float, unit: str) -> str:
    """A figure as people read it: rates and counts whole, times to three figures."""
    if unit in ("/s", ""):
        return f"{value:,.0f}"
    if unit == "MB":
        return f"{value:,.2f}"
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}" if value >= 0.1 else f"{value:.3f}"


def target_text(target: Target | None, unit: str) -> str:
    if target is None:
        return ""
    return f"{target.op} {number(target.value, unit)}{unit and ' ' + unit}"


class Report:
    """Collects the figures; prints each row as it comes unless the output is JSON."""

    WIDTH = 68

    def __init__(self, *, as_json: bool) -> None:
        self.as_json = as_json
        self.figures: list[Figure] = []
        self.section_title = ""

    def say(self, text: str = "") -> None:
        if not self.as_json:
            print(text, flush=True)

    def section(self, title: str) -> None:
        self.section_title = title
        self.say()
        self.say(title)

    def add(
        self,
        key: str,
        label: str,
        value: float,
        unit: str,
        target: Target | None = None,
        note: str = "",
    ) -> Figure:
        figure = Figure(self.section_title, key, label, value, unit, target, note)
        self.figures.append(figure)
        shown = f"{number(value, unit)} {unit}".rstrip()
        line = f"  {label:<{self.WIDTH}} {shown:>14}  {target_text(target, unit):<14} "
        self.say((line + (figure.result or "")).rstrip())
        if note:
            self.say(f"      {note}")
        return figure

    def misses(self) -> list[Figure]:
        return [f for f in self.figures if f.result == "MISS"]

    def header(self) -> None:
        self.say(f"{'':<{self.WIDTH + 2}} {'figure':>14}  {'target':<14} result")


# --- measuring ----------------------------------------------------------------------------


def median_seconds(call: Callable[[], object], repeats: int, before=None) -> float:
    """The median wall time of `call`, running `before` (untimed) ahead of each repeat."""
    times = []
    for _ in range(repeats):
        if before is not None:
            before()
        gc.collect()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def per_second(call: Callable[[], object], count: int, repeats: int) -> tuple[float, object]:
    """The median rate of `count` operations done by `call`, over `repeats` runs (a shared
    machine's passing load slows one run, not the median); also the last run's result."""
    rates, result = [], None
    for _ in range(repeats):
        seconds, result = timed(call)
        rates.append(count / seconds)
    return statistics.median(rates), result


def timed(call: Callable[[], object]) -> tuple[float, object]:
    gc.collect()
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def peak_mb(call: Callable[[], object], before=None) -> float:
    """Peak memory allocated by `call` (tracemalloc), in MB; `before` runs untraced."""
    if before is not None:
        before()
    gc.collect()
    tracemalloc.start()
    try:
        call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / MB


def ms(seconds: float) -> float:
    return seconds * 1000


# --- 1. exact dice distributions ----------------------------------------------------------


def bench_dice(scale: Scale, report: Report) -> None:
    from rules import dice
    from rules.dice import Pool, distribution

    report.section("1. Exact dice distributions (rules/dice.py distribution)")

    def clear() -> None:
        distribution.cache_clear()
        dice._die_counts.cache_clear()

    # (key, pool, target in ms): the seed's two published checks, Bithys's attack on the
    # murmillo, and two large pools of 6 positive against 6 negative dice.
    pools = [
        ("seed_1m1a_3t", Pool(mastery=1, ability=1, trial=3), 5),
        ("seed_2m1a_2t", Pool(mastery=2, ability=1, trial=2), 5),
        ("bithys_attack", Pool(mastery=3, boon=1, trial=2, bane=1), 5),
        ("six_each_mixed", Pool(mastery=2, ability=2, boon=2, crisis=2, trial=2, bane=2), 100),
        ("six_mastery_six_crisis", Pool(mastery=6, crisis=6), 100),
    ]
    for key, pool, target in pools:
        seconds = median_seconds(functools.partial(distribution, pool), scale.repeats, clear)
        found = distribution(pool)
        report.add(
            f"dice.cold.{key}",
            f"cold {pool.describe()}",
            ms(seconds),
            "ms",
            at_most(target),
            note=f"{len(found.counts):,} joint outcomes over {found.total:,} equal cases",
        )

    # Warm: equal but distinct Pool objects, as the engines build them, so each lookup hashes
    # and compares the pool the way a real caller's does.
    copies = [replace(pool) for _, pool, _ in pools]
    for pool in copies:
        distribution(pool)
    calls = (copies * (scale.warm_lookups // len(copies) + 1))[: scale.warm_lookups]

    def lookups() -> None:
        for pool in calls:
            distribution(pool)

    rate, _ = per_second(lookups, scale.warm_lookups, scale.repeats)
    report.add(
        "dice.warm.lookups_per_second",
        f"warm lookups ({scale.warm_lookups:,} over the {len(copies)} pools)",
        rate,
        "/s",
        at_least(100_000),
    )
    largest = pools[-1][1]
    report.add(
        "dice.cold.peak_memory",
        f"peak memory, cold {largest.describe()}",
        peak_mb(functools.partial(distribution, largest), before=clear),
        "MB",
        at_most(10),
    )


# --- 2. bouts -----------------------------------------------------------------------------


def forum_setup():
    """The seed's Forum pairing exactly as `manage.py bout_odds` builds it by default."""
    from arena.management.commands.bout_odds import Command, build_setup

    options = vars(Command().create_parser("manage.py", "bout_odds").parse_args([]))
    return build_setup(options)


def bench_bouts(scale: Scale, report: Report) -> None:
    from rules.era.bout import fight_bout
    from rules.era.odds import bout_odds, bout_seeds

    report.section("2. Bouts (rules/era/odds.py bout_odds, bout.py fight_bout)")
    setup = forum_setup()
    _ = setup.fixed  # worked out once per setup; the odds reuse it

    rate, odds = per_second(
        lambda: bout_odds(setup, bouts=scale.odds_bouts, seed=1), scale.odds_bouts, scale.runs
    )
    report.add(
        "bouts.odds.per_second",
        f"bout_odds, Forum pairing, {scale.odds_bouts:,} bouts, seed 1",
        rate,
        "/s",
        at_least(10_000),
        note=(
            f"Bithys wins {odds.percent(odds.a_wins):.1f} in 100 "
            f"(± {odds.standard_error(odds.a_wins):.1f}; the seed says 52), "
            f"{odds.mean_rounds:.2f} rounds a bout"
        ),
    )
    report.add(
        "bouts.odds.peak_memory",
        f"peak memory, bout_odds of {scale.memory_bouts:,} bouts",
        peak_mb(lambda: bout_odds(setup, bouts=scale.memory_bouts, seed=1)),
        "MB",
        at_most(10),
    )

    seeds = bout_seeds(1, scale.logged_bouts)

    def logged() -> None:
        for seed in seeds:
            fight_bout(setup, seed=seed)

    def logged_as_stored() -> None:
        for seed in seeds:
            fight_bout(setup, seed=seed).as_dict()

    rate, _ = per_second(logged, scale.logged_bouts, scale.runs)
    report.add(
        "bouts.logged.per_second",
        f"logged bout (record=True), {scale.logged_bouts:,} bouts",
        rate,
        "/s",
        at_least(200),
    )
    rate, _ = per_second(logged_as_stored, scale.logged_bouts, scale.runs)
    report.add(
        "bouts.logged_as_dict.per_second",
        "logged bout and its log as JSON-ready data (as_dict)",
        rate,
        "/s",
        at_least(200),
    )


# --- 3. chariot races ---------------------------------------------------------------------


def bench_races(scale: Scale, report: Report) -> None:
    from arena.management.commands.race_odds import build_drivers
    from rules import dice
    from rules.era import race
    from rules.era.race import RaceSetup, exact_race_odds, race_odds, run_race

    report.section("3. Chariot races (rules/era/race.py)")
    # The field of `manage.py race_odds --driver 3,3 --driver 3,2 --driver 2,2 --driver 2,1`.
    drivers = build_drivers(["3,3", "3,2", "2,2", "2,1"], "none")

    def clear() -> None:
        for cached in (race._leg_table, race._leg_outcomes, race._save_chance):
            cached.cache_clear()
        dice.distribution.cache_clear()
        dice._die_counts.cache_clear()

    def cold_odds():
        clear()  # each run builds its leg tables from cold, as a fresh process would
        return race_odds(drivers, scale.odds_races, 1)

    rate, odds = per_second(cold_odds, scale.odds_races, scale.runs)
    exact = exact_race_odds(drivers)
    worst = max(
        abs(mc.win - ex.win) / mc.win_se
        for mc, ex in zip(odds.drivers, exact.drivers, strict=True)
        if mc.win_se
    )
    report.add(
        "races.odds.per_second",
        f"race_odds, 4 drivers (3,3 3,2 2,2 2,1), {scale.odds_races:,} races",
        rate,
        "/s",
        at_least(50_000),
        note=(
            "win in 100: "
            + ", ".join(f"{100 * d.win:.1f}" for d in odds.drivers)
            + f"; exact: {', '.join(f'{100 * d.win:.1f}' for d in exact.drivers)}"
            + f" (largest gap {worst:.1f} s.e.)"
        ),
    )
    report.add(
        "races.exact.cold_ms",
        "exact_race_odds, same field, cold caches",
        ms(median_seconds(lambda: exact_race_odds(drivers), scale.repeats, clear)),
        "ms",
        at_most(200),
    )
    exact_race_odds(drivers)
    report.add(
        "races.exact.warm_ms",
        "exact_race_odds, same field, warm caches",
        ms(median_seconds(lambda: exact_race_odds(drivers), scale.repeats)),
        "ms",
        at_most(100),
    )

    setup = RaceSetup(tuple(drivers))

    def logged() -> None:
        for seed in range(scale.logged_races):
            run_race(setup, seed=seed).as_dict()

    rate, _ = per_second(logged, scale.logged_races, scale.runs)
    report.add(
        "races.logged.per_second",
        f"run_race with its full log (as_dict), {scale.logged_races:,} races",
        rate,
        "/s",
        at_least(200),
    )


# --- Django, for the ledger and the show --------------------------------------------------


class Database:
    """Django set up once, on a throwaway SQLite file unless the user named a database."""

    def __init__(self, url: str | None) -> None:
        self.tempdir: tempfile.TemporaryDirectory | None = None
        if url:
            self.description = f"{url.split(':', 1)[0]} database given by --database-url"
            print(
                "bench: writing bench campaigns into the database given (use a scratch one).",
                file=sys.stderr,
            )
        else:
            self.tempdir = tempfile.TemporaryDirectory(prefix="ludus-bench-")
            url = f"sqlite:///{self.tempdir.name}/bench.sqlite3"
            self.description = "SQLite, a throwaway file in a temporary folder"
        # All of this before django.setup(): the settings read the environment once.
        os.environ["DATABASE_URL"] = url
        os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
        # As hosted (no query log kept); a key is needed only because DEBUG is off.
        os.environ.setdefault("DJANGO_DEBUG", "false")
        os.environ.setdefault("DJANGO_SECRET_KEY", "ludus-bench-only-not-a-secret")

        import django
        from django.core.management import call_command

        django.setup()
        self.migrate_seconds, _ = timed(lambda: call_command("migrate", verbosity=0))
        from django.db import connection

        self.vendor = connection.vendor

    def close(self) -> None:
        from django.db import connections

        connections.close_all()
        if self.tempdir is not None:
            self.tempdir.cleanup()


class QueryCounter:
    """A connection.execute_wrapper that counts the queries run inside it."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


# --- 4. the ledger ------------------------------------------------------------------------


@dataclass
class LedgerWorld:
    campaign: object
    market: object
    bookmaker: object
    people: list  # chests, purses: accounts that cannot be overdrawn
    hot: object  # the bettor's purse, which takes one leg of every filler transaction
    gm: object  # Access of the campaign's GM
    player: object  # Access of the player who owns the hot purse
    posted: int = 0


def ledger_world() -> LedgerWorld:
    from django.contrib.auth import get_user_model

    from economy import accounts
    from economy.ledger import Leg, transaction_post
    from economy.models import Bettor, Transaction
    from ludus.access import Access
    from ludus.models import Campaign, Editor, Lanista, Membership

    stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S%f")
    campaign = Campaign.objects.create(name=f"Bench ledger {stamp}", day=1)
    users = get_user_model()
    gm_user, _ = users.objects.get_or_create(username="ludus-bench-gm")
    player_user, _ = users.objects.get_or_create(username="ludus-bench-player")
    gm = Membership.objects.create(campaign=campaign, user=gm_user, role="gm")
    player = Membership.objects.create(campaign=campaign, user=player_user, role="player")
    chests = [
        accounts.chest(Lanista.objects.create(campaign=campaign, name=f"Lanista {i}", school="L"))
        for i in range(10)
    ]
    purses = [
        accounts.purse(Editor.objects.create(campaign=campaign, name=f"Editor {i}", office="E"))
        for i in range(10)
    ]
    bettor = Bettor.objects.create(campaign=campaign, name="Bench bettor", player=player_user)
    hot = accounts.bettor_account(bettor)
    market = accounts.market(campaign)
    world = LedgerWorld(
        campaign=campaign,
        market=market,
        bookmaker=accounts.bookmaker(campaign),
        people=chests + purses,
        hot=hot,
        gm=Access(campaign=campaign, membership=gm),
        player=Access(campaign=campaign, membership=player),
    )
    for account in [*world.people, hot]:  # opening balances from the market, sesterces
        transaction_post(
            campaign=campaign,
            cause=Transaction.Cause.OPENING,
            memo=f"Opening balance of {account.name}",
            legs=[Leg(market, -10_000_000), Leg(account, 10_000_000)],
            idempotency_key=f"opening:{account.pk}",
        )
    return world


def post(world: LedgerWorld, payer, payee, amount: int):
    from economy.ledger import Leg, transaction_post
    from economy.models import Transaction

    world.posted += 1
    return transaction_post(
        campaign=world.campaign,
        cause=Transaction.Cause.OTHER,
        memo="bench posting",
        legs=[Leg(payer, -amount), Leg(payee, amount)],
        idempotency_key=f"bench:{world.posted}",
    )


def post_between_people(world: LedgerWorld, count: int, rng: random.Random) -> None:
    for _ in range(count):
        payer, payee = rng.sample(world.people, 2)
        post(world, payer, payee, rng.randint(1, 800))


def fill_ledger(world: LedgerWorld, target_entries: int) -> int:
    """Bring the campaign to `target_entries` entries with balanced two-leg transactions
    written in bulk (setup, not measured); the hot purse takes one leg of each."""
    from django.db import transaction

    from economy.models import Entry, Transaction

    have = Entry.objects.filter(account__campaign=world.campaign).count()
    pairs = max(0, (target_entries - have) // 2)
    others = [*world.people, world.bookmaker, world.market]
    rng = random.Random(7)
    with transaction.atomic():
        for start in range(0, pairs, 1_000):
            batch = [
                Transaction(
                    campaign=world.campaign,
                    cause=Transaction.Cause.BET,
                    memo="bench filler",
                    day=1,
                    idempotency_key=f"fill:{index}",
                )
                for index in range(start, min(pairs, start + 1_000))
            ]
            Transaction.objects.bulk_create(batch)
            entries = []
            for posted in batch:
                amount = rng.randint(1, 50) * rng.choice((1, -1))
                entries.append(Entry(transaction=posted, account=world.hot, amount=amount))
                entries.append(
                    Entry(transaction=posted, account=rng.choice(others), amount=-amount)
                )
            Entry.objects.bulk_create(entries)
    return Entry.objects.filter(account__campaign=world.campaign).count()


def ledger_page(access) -> None:
    """What the ledger view reads (economy/views/ledger.py), without the template: the
    balances, the count for the paginator and the first page of 50 with their entries."""
    from django.core.paginator import Paginator

    from economy.selectors_web import ledger_listing, visible_balances

    visible_balances(access)
    page = Paginator(ledger_listing(access), 50).get_page(1)
    for posted in page.object_list:
        list(posted.entries.all())


def bench_ledger(scale: Scale, report: Report) -> None:
    from django.db import transaction

    from economy.ledger import account_balance, balances
    from economy.models import Account
    from economy.selectors import account_history, balances_by_party, ledger_csv_rows

    report.section("4. Ledger (economy/ledger.py transaction_post, balances; selectors)")
    world = ledger_world()
    rng = random.Random(1)

    # Each posting its own transaction, committed as a GM's click or a bet commits it.
    seconds, _ = timed(lambda: post_between_people(world, scale.durable_posts, rng))
    report.add(
        "ledger.post.durable_per_second",
        f"transaction_post, each committed, {scale.durable_posts:,} postings",
        scale.durable_posts / seconds,
        "/s",
        at_least(20),
        note="two legs each, the payer's balance checked; includes the commit's disk sync",
    )

    # Many postings inside one outer transaction, as a show's settlement makes them: the
    # ledger's own work (checks, locks, queries) without a disk sync per posting.
    def batch() -> None:
        with transaction.atomic():
            post_between_people(world, scale.batch_posts, rng)

    seconds, _ = timed(batch)
    report.add(
        "ledger.post.batch_per_second",
        f"transaction_post, {scale.batch_posts:,} postings in one transaction",
        scale.batch_posts / seconds,
        "/s",
        at_least(100),
    )

    entries = fill_ledger(world, scale.ledger_entries)
    hot_entries = world.hot.entries.count()
    cold = world.people[0]
    cold_entries = cold.entries.count()
    report.say(
        f"  (ledger filled to {entries:,} entries; the bettor's purse holds {hot_entries:,} "
        f"of them, a lanista's chest {cold_entries:,})"
    )

    def post_from(payer) -> None:
        with transaction.atomic():
            for _ in range(scale.scale_posts):
                post(world, payer, world.bookmaker, rng.randint(1, 50))

    seconds, _ = timed(lambda: post_from(cold))
    report.add(
        "ledger.post.full_cold_per_second",
        f"transaction_post at {entries:,} entries, payer has {cold_entries:,}",
        scale.scale_posts / seconds,
        "/s",
        at_least(100),
    )
    seconds, _ = timed(lambda: post_from(world.hot))
    report.add(
        "ledger.post.full_hot_per_second",
        f"transaction_post at {entries:,} entries, payer has {hot_entries:,}",
        scale.scale_posts / seconds,
        "/s",
        at_least(100),
        note="the overdraft check sums every entry of the payer's account on each posting",
    )

    every = list(Account.objects.filter(campaign=world.campaign))
    reads = [
        (
            "ledger.balances.all_ms",
            f"balances() of all {len(every)} accounts over {entries:,} entries",
            lambda: balances(every),
            50,
            5,
        ),
        (
            "ledger.balances.one_ms",
            f"account_balance() of one account ({hot_entries:,} entries)",
            lambda: account_balance(world.hot),
            10,
            None,
        ),
        (
            "ledger.selectors.balances_by_party_ms",
            "selectors.balances_by_party() (every account, balance, owner)",
            lambda: list(balances_by_party(campaign=world.campaign)),
            100,
            5,
        ),
        (
            "ledger.selectors.account_history_ms",
            f"selectors.account_history() of the {hot_entries:,}-entry purse",
            lambda: account_history(account=world.hot),
            500,
            50,
        ),
        (
            "ledger.page.gm_ms",
            "ledger page reads, the GM: balances, count, first 50",
            lambda: ledger_page(world.gm),
            100,
            5,
        ),
        (
            "ledger.page.player_ms",
            "ledger page reads, the player who owns the purse",
            lambda: ledger_page(world.player),
            100,
            5,
        ),
        (
            "ledger.csv.whole_ms",
            f"selectors.ledger_csv_rows(), the whole ledger ({entries:,} rows)",
            lambda: sum(1 for _ in ledger_csv_rows(campaign=world.campaign)),
            2_000,
            100,
        ),
    ]
    for key, label, call, target_ms, target_mb in reads:
        call()  # the first call pays for compiling the query; the figure is the steady one
        report.add(key, label, ms(median_seconds(call, scale.repeats)), "ms", at_most(target_ms))
        if target_mb is not None:
            report.add(
                key.replace("_ms", "_peak_memory"),
                "  peak memory of the same",
                peak_mb(call),
                "MB",
                at_most(target_mb),
            )


# --- 5. a demo show -----------------------------------------------------------------------


def bench_show(scale: Scale, report: Report) -> None:
    from django.contrib.auth.hashers import make_password
    from django.db import connection

    from arena.models import Bout
    from arena.services.shows import show_hold
    from ludus.demo import demo_build

    report.section("5. A demo show (ludus/demo.py demo_build, arena/services/shows.py)")
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
        fought = Bout.objects.filter(show=held).exclude(winner=None).count()
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


# --- the run ------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/run.py",
        description="Ludus benchmarks: engine and ledger speed, with targets (bench/README.md).",
    )
    parser.add_argument("--quick", action="store_true", help="a short run (under 20 seconds)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--only",
        default=",".join(SECTIONS),
        help=f"comma-separated sections to run, of {', '.join(SECTIONS)} (default: all)",
    )
    parser.add_argument(
        "--database-url",
        nargs="?",
        const=FROM_ENVIRONMENT,
        default=None,
        metavar="URL",
        help=(
            "run the ledger and show sections on this database (a scratch one: the bench "
            "writes into it); with no URL, the DATABASE_URL already in the environment. "
            "Default: a throwaway SQLite file"
        ),
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 if a figure misses")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in SECTIONS]
    if unknown or not chosen:
        parser.error(f"--only takes {', '.join(SECTIONS)}; got {args.only!r}")
    args.sections = [name for name in SECTIONS if name in chosen]
    if args.database_url == FROM_ENVIRONMENT:
        args.database_url = os.environ.get("DATABASE_URL", "")
        if not args.database_url:
            parser.error("--database-url without a URL needs DATABASE_URL in the environment")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # `python bench/run.py` puts bench/ first, not the root
    scale = QUICK if args.quick else FULL
    report = Report(as_json=args.json)
    started = time.perf_counter()
    now = datetime.datetime.now()
    meta = {
        "date": now.isoformat(timespec="seconds"),
        "run": scale.name,
        "command": " ".join(["bench/run.py", *(argv if argv is not None else sys.argv[1:])]),
        "python": platform.python_version(),
        "platform": f"{platform.system()} {platform.machine()}",
        "cpus": os.cpu_count(),
        "sections": args.sections,
        "targets": "ours: design.md states none (bench/README.md gives each reason)",
        "load_average_at_start": round(os.getloadavg()[0], 2),
    }
    report.say(
        f"Ludus benchmarks ({scale.name} run) {now:%Y-%m-%d %H:%M}: Python "
        f"{meta['python']}, {meta['platform']}, {meta['cpus']} CPUs"
    )
    report.say(f"Targets are {meta['targets']}.")
    report.header()

    engines = {"dice": bench_dice, "bouts": bench_bouts, "races": bench_races}
    for name in args.sections:
        if name in engines:
            engines[name](scale, report)

    needs_database = [name for name in args.sections if name in ("ledger", "show")]
    if needs_database:
        database = Database(args.database_url)
        try:
            meta["database"] = database.description
            meta["migrate_seconds"] = round(database.migrate_seconds, 3)
            report.say()
            report.say(
                f"Database: {database.description} ({database.vendor}); migrated in "
                f"{database.migrate_seconds:.1f} s"
            )
            if "ledger" in needs_database:
                bench_ledger(scale, report)
            if "show" in needs_database:
                bench_show(scale, report)
        finally:
            database.close()

    elapsed = time.perf_counter() - started
    meta["seconds"] = round(elapsed, 1)
    meta["load_average_at_end"] = round(os.getloadavg()[0], 2)
    misses = report.misses()
    passed = sum(1 for f in report.figures if f.result == "PASS")
    if args.json:
        payload = {
            "meta": meta,
            "figures": [f.as_dict() for f in report.figures],
            "summary": {"pass": passed, "miss": len(misses)},
        }
        print(json.dumps(payload, indent=2))
    else:
        report.say()
        report.say(
            f"{passed} PASS, {len(misses)} MISS of {passed + len(misses)} targets; "
            f"{elapsed:.1f} s in all. Load average {meta['load_average_at_start']} at the "
            f"start, {meta['load_average_at_end']} at the end (other work slows the figures)."
        )
        for figure in misses:
            report.say(f"  MISS: {figure.label.strip()} ({figure.key})")
    return 1 if args.strict and misses else 0


if __name__ == "__main__":
    sys.exit(main())
