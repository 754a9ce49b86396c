"""6. Load: gunicorn with 2 workers on loopback, locust reading the dashboard and the ledger
(issue 14: 100 requests a second with no error, on SQLite and on PostgreSQL; run the bench a
second time with --database-url for the other database).

The bench's database gets a copy of the demo; the GM's session is made here and handed to
locust, so the load is of pages, not of logins. Bounded in time (scale) and count (each
simulated member stops after LUDUS_LOAD_REQUESTS requests); the server is stopped at the end.

Django: imported only after the harness's `Database` has set Django up.
"""

from __future__ import annotations

import csv
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from django.conf import settings
from django.test import Client

from bench.harness import ROOT, Report, Scale, at_least, at_most
from desk.demo import demo_build

# Two timed runs against one server: members at PACE requests a second each, so OVER_MEMBERS
# offer 120 a second (the rate it holds, and its failures: at least the 100) and
# TARGET_MEMBERS offer the 100 (the 95th percentile at that rate).
PACE = 4
OVER_MEMBERS = int(os.environ.get("LUDUS_LOAD_USERS", "30"))
TARGET_MEMBERS = 25
# Two sync worker processes (the two workers). Measured on this 2-core machine
# (docs/performance.md, "Load"): threads in a worker cost more CPU a request than they save
# (4 threads: 16.5 to 18.8 ms; 1: about 14), since the pages are CPU-bound and share a GIL.
# LUDUS_LOAD_WORKER=gthread (with LUDUS_LOAD_THREADS) to compare.
WORKER = os.environ.get("LUDUS_LOAD_WORKER", "sync")
THREADS = int(os.environ.get("LUDUS_LOAD_THREADS", "4"))
WARM_UP = 20  # requests to both pages before the timed run (templates compiled, caches full)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _bin(name: str) -> str:
    found = Path(sys.executable).with_name(name)
    return str(found) if found.exists() else (shutil.which(name) or name)


def _wait_for(url: str, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            urllib.request.urlopen(url, timeout=1)  # noqa: S310 - loopback only
            return
        except urllib.error.HTTPError:
            return  # it answers
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the bench's server did not answer at {url}")


def _warm_up(base: str, campaign: int, session: str) -> None:
    """Ask both pages a few times as the GM, untimed, so that each worker has compiled its
    templates and opened its database connection before the load is measured."""
    cookie = f"{settings.SESSION_COOKIE_NAME}={session}"
    for index in range(WARM_UP):
        path = f"/c/{campaign}/" if index % 2 else f"/c/{campaign}/money/"
        request = urllib.request.Request(base + path, headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310 - loopback
            answer.read()


def _cpu_seconds(server: int) -> float:
    """The CPU time (user and system) the server has used so far: its master and every worker
    (the processes whose parent it is), read from /proc (Linux; 0 elsewhere)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for entry in Path("/proc").iterdir() if Path("/proc/self/stat").exists() else ():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(entry.name) == server or int(fields[1]) == server:
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _aggregated(stats_csv: Path) -> dict[str, str]:
    with stats_csv.open() as handle:
        return next(row for row in csv.DictReader(handle) if row["Name"] == "Aggregated")


def _locust(port: int, members: int, seconds: int, env: dict) -> dict[str, str]:
    """One timed run of locust against the server; its aggregated row of figures."""
    with tempfile.TemporaryDirectory(prefix="ludus-load-") as out:
        subprocess.run(
            [
                _bin("locust"),
                "-f",
                str(ROOT / "bench" / "locustfile.py"),
                "--headless",
                "--host",
                f"http://127.0.0.1:{port}",
                "-u",
                str(members),
                "-r",
                str(members),
                "--run-time",
                f"{seconds}s",
                "--csv",
                f"{out}/load",
                "--only-summary",
                "--loglevel",
                "ERROR",
            ],
            cwd=ROOT,
            env=env,
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=seconds + 60,
        )
        return _aggregated(Path(out) / "load_stats.csv")


def _server(port: int, env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [
            _bin("gunicorn"),
            "config.wsgi",
            "-w",
            "2",
            "--worker-class",
            WORKER,
            *(["--threads", str(THREADS)] if WORKER == "gthread" else []),
            "-b",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def run(scale: Scale, report: Report) -> None:
    report.section("6. Load: gunicorn, 2 workers, locust on the dashboard and the ledger")
    demo = demo_build()
    gm = demo.users["gm"][0]
    client = Client()
    client.force_login(gm)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    seconds = 6 if scale.name == "quick" else 20
    port = _free_port()
    env = {**os.environ, "LUDUS_LOAD_CAMPAIGN": str(demo.campaign.pk)}
    env.update(LUDUS_LOAD_SESSION=session, LUDUS_LOAD_PACE=str(PACE))
    env["LUDUS_LOAD_REQUESTS"] = str(PACE * seconds + 10)
    server = _server(port, env)
    try:
        _wait_for(f"http://127.0.0.1:{port}/login/")
        _warm_up(f"http://127.0.0.1:{port}", demo.campaign.pk, session)
        server_before, locust_before = _cpu_seconds(server.pid), _children_cpu()
        over = _locust(port, OVER_MEMBERS, seconds, env)
        server_cpu = _cpu_seconds(server.pid) - server_before
        locust_cpu = _children_cpu() - locust_before
        at_target = _locust(port, TARGET_MEMBERS, seconds, env)
    finally:
        server.terminate()
        server.wait(timeout=30)
    database = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    server_line = f"gunicorn -w 2 {WORKER}{f' --threads {THREADS}' if WORKER == 'gthread' else ''}"
    report.add(
        "load.requests_per_s",
        f"requests a second held, {PACE * OVER_MEMBERS} offered",
        float(over["Requests/s"]),
        "req/s",
        at_least(100),
        note=f"{over['Request Count']} requests in {seconds} s, {OVER_MEMBERS} members at "
        f"{PACE} a second, {database}, {server_line}",
    )
    failures = float(over["Failure Count"]) + float(at_target["Failure Count"])
    report.add("load.failures", "requests that failed (both runs)", failures, "", at_most(0))
    report.add(
        "load.p95_ms",
        f"95th percentile at {PACE * TARGET_MEMBERS} requests a second offered",
        float(at_target["95%"]),
        "ms",
        at_most(150),
        note=f"{at_target['Request Count']} requests in {seconds} s "
        f"({float(at_target['Requests/s']):.1f} a second), {TARGET_MEMBERS} members; "
        f"at {PACE * OVER_MEMBERS} offered: p95 {over['95%']} ms",
    )
    # What the machine's two cores can hold at best: the server's CPU a request, and locust's.
    requests = max(int(over["Request Count"]), 1)
    report.add(
        "load.server_cpu_ms_per_request",
        "gunicorn's CPU a request (master and workers, /proc)",
        1000 * server_cpu / requests,
        "ms",
        note=f"{server_cpu:.1f} s of CPU for {requests} requests; locust's own: "
        f"{1000 * locust_cpu / requests:.1f} ms a request; 2 cores hold at most "
        f"{2000 / max(1000 * (server_cpu + locust_cpu) / requests, 0.001):.0f} requests a second "
        "with nothing else running",
    )
