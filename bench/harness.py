"""The bench's harness: the scale of a run, figures and their targets, the report, the timing
and memory helpers, and the throwaway database that the ledger and show sections run on.

Nothing here imports the app: Django is imported (and set up) only when `Database` is built.
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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
    posting_small: int  # entries of the ledger when a posting's cost is first measured
    posting_large: int  # ... and again, once the ledger is this long
    pages_campaign: tuple[int, int, int]  # generate_campaign's gladiators, shows, bouts
    page_requests: int  # requests timed per page (the p95 is taken over them)


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
    posting_small=2_000,
    posting_large=200_000,
    pages_campaign=(120, 60, 360),
    page_requests=40,
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
    posting_small=2_000,
    posting_large=20_000,
    pages_campaign=(16, 3, 12),
    page_requests=10,
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
    unit: str  # "ms", "s", a rate ("/s", "ops/s", "req/s"), "MB", "x" (a ratio) or "" (a count)
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
    if unit.endswith("/s") or unit == "":
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
    """Collects the figures. Each figure is printed as it comes, as one JSON object a line on
    stdout (`{"name", "value", "unit", ...}`), and as a row of the table people read on stderr;
    with `as_json`, stdout gets one JSON object of every figure at the end instead (run.py).

    `reference` is the rate of the fixed pure-Python loop timed in the same run
    (`reference_loop`); a rate's line also carries its ratio to it (`per_reference`), which a
    noisy machine moves less than the rate itself."""

    WIDTH = 68

    def __init__(self, *, as_json: bool, stream=None, table=None) -> None:
        self.as_json = as_json
        self.stream = stream if stream is not None else sys.stdout
        self.table = table if table is not None else sys.stderr
        self.figures: list[Figure] = []
        self.section_title = ""
        self.reference: float | None = None

    def say(self, text: str = "") -> None:
        print(text, file=self.table, flush=True)

    def line(self, figure: Figure) -> dict:
        """The figure's JSON line: name, value and unit first."""
        row = {"name": figure.key, "value": round(figure.value, 6), "unit": figure.unit}
        row.update({k: v for k, v in figure.as_dict().items() if k not in ("key", "value", "unit")})
        if self.reference and figure.unit.endswith("/s") and figure.key != REFERENCE_KEY:
            row["per_reference"] = round(figure.value / self.reference, 6)
        return row

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
        if not self.as_json:
            print(json.dumps(self.line(figure)), file=self.stream, flush=True)
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

REFERENCE_KEY = "reference_loop_ops_per_s"
REFERENCE_OPS = 200_000


def reference_loop(ops: int = REFERENCE_OPS) -> int:
    """A fixed pure-Python loop (integer arithmetic, a list, a dict), never changed: its rate
    on this machine, timed in the same run, is the yardstick the other rates are read against."""
    table = [i * 7 % 13 for i in range(64)]
    counts: dict[int, int] = {}
    total = 0
    for i in range(ops):
        value = table[i & 63] + (i % 5)
        counts[value] = counts.get(value, 0) + 1
        total += value
    return total


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values fall (nearest rank), e.g. 0.95 for p95."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), -(-int(share * 1000) * len(ordered) // 1000)))
    return ordered[rank - 1]


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


class QueryCounter:
    """A connection.execute_wrapper that counts the queries run inside it."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


# --- Django, for the ledger and the show --------------------------------------------------


class Database:
    """Django set up once, on a throwaway SQLite file unless the user named a database.

    Build it before importing a section that needs the database (bench.sections.ledger,
    bench.sections.show): those import the app's models at the top of the module."""

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
        # The load section's gunicorn answers plain http on loopback, with no proxy before it.
        os.environ.setdefault("DJANGO_SSL_REDIRECT", "false")

        # Imported here, not at the top: the environment above must be set first.
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
