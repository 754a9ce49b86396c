"""Ludus benchmarks: the engines' speed, the ledger's and the pages', with a target next to
each figure.

    make bench                          # or: .venv/bin/python bench/run.py
    .venv/bin/python bench/run.py --quick               # a short run
    .venv/bin/python bench/run.py --json                # one JSON object at the end instead
    .venv/bin/python bench/run.py --only dice,races     # some sections only
    .venv/bin/python bench/run.py --database-url postgres://user:pass@host/scratch

stdout gets one JSON object a line, one per figure: {"name", "value", "unit", "target",
"result", ...}; the first is `reference_loop_ops_per_s`, a fixed pure-Python loop timed in the
same run, and every rate also carries its ratio to it (`per_reference`). The table people read
goes to stderr.

Sections: 1 exact dice distributions, 2 bouts, 3 chariot races, 4 the ledger, 5 a demo show,
6 load (gunicorn and locust), 7 pages (p95 on a generated campaign), one module each in
bench/sections/ (each with one `run(scale, report)`); bench/harness.py holds the scale, the
figures and the report, the timing helpers and the database. This file parses the arguments,
keeps the registry of sections and runs them.

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
import importlib
import json
import os
import platform
import sys
import time
from dataclasses import dataclass
from pathlib import Path

# `python bench/run.py` puts bench/ first on the path, not the root that holds the apps and the
# bench package itself.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.rulesets import ruleset_apps
from bench.harness import (
    FULL,
    QUICK,
    REFERENCE_KEY,
    REFERENCE_OPS,
    Database,
    Report,
    per_second,
    reference_loop,
)

FROM_ENVIRONMENT = "<environment>"  # --database-url with no URL: the DATABASE_URL already set


@dataclass(frozen=True)
class Section:
    module: str  # a module with one run(scale, report)
    needs_database: bool  # if so, imported only once Database has set Django up


def ruleset_sections() -> dict[str, Section]:
    """Each ruleset's own sections (its package's `bench.SECTIONS`), in registry order."""
    sections = {}
    for package in ruleset_apps():
        try:
            listed = importlib.import_module(f"{package}.bench").SECTIONS
        except ModuleNotFoundError:
            continue  # a ruleset with no benchmark of its own
        sections |= {name: Section(module, needs) for name, (module, needs) in listed.items()}
    return sections


# The sections, in the order they run (the engines first, then what needs the database).
SECTIONS = {
    **ruleset_sections(),
    "ledger": Section("bench.sections.ledger", needs_database=True),
    "show": Section("bench.sections.show", needs_database=True),
    "load": Section("bench.sections.load", needs_database=True),
    "pages": Section("bench.sections.pages", needs_database=True),
    "cpu": Section("bench.sections.cpu", needs_database=True),
}


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
    report.section("0. The yardstick: a fixed pure-Python loop (bench/harness.py reference_loop)")
    rate, _ = per_second(reference_loop, REFERENCE_OPS, 5)
    report.add(REFERENCE_KEY, f"reference loop, {REFERENCE_OPS:,} steps", rate, "ops/s")
    report.reference = rate

    database = None
    try:
        for name in args.sections:
            section = SECTIONS[name]
            if section.needs_database and database is None:
                database = Database(args.database_url)
                meta["database"] = database.description
                meta["migrate_seconds"] = round(database.migrate_seconds, 3)
                report.say()
                report.say(
                    f"Database: {database.description} ({database.vendor}); migrated in "
                    f"{database.migrate_seconds:.1f} s"
                )
            # Imported here, when the section runs: after django.setup() for those that
            # need the database, and not at all for the sections left out by --only.
            importlib.import_module(section.module).run(scale, report)
    finally:
        if database is not None:
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
