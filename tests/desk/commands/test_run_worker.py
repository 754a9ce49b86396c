"""`manage.py run_worker` for real (issue 27): a worker process killed in the middle of a
generation leaves no job stuck and nothing half-written (the job is failed once its lease
lapses, the half-built campaign removed) and is started again, which then builds the GM's next
campaign; on PostgreSQL the database dropping every connection (what a restart does to its
clients) does not stop the worker either. Everything runs in subprocesses on a database of the
test's own (a SQLite file, or a fresh database on the PostgreSQL server of DATABASE_URL), with
a short lease.

LUDUS_TEST_TASKS_BACKEND=django_tasks_rq.RQBackend (with LUDUS_RQ_URL) runs the same on RQ
with a real `rqworker` (CI does, with Debian's redis-server)."""

from __future__ import annotations

import itertools
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[3]
LEASE = 4  # seconds
BACKEND = os.environ.get("LUDUS_TEST_TASKS_BACKEND", "django_tasks_db.DatabaseBackend")
LONG = {"gladiators": 200, "shows": 60, "bouts": 600, "seed": 7}  # minutes of the worker
TINY = {"gladiators": 8, "shows": 2, "bouts": 4, "seed": 3}

pytestmark = pytest.mark.worker


class Database:
    """A database of the test's own, migrated; read here with plain SQL."""

    def __init__(self, tmp_path: Path) -> None:
        url = os.environ.get("DATABASE_URL", "")
        self.postgres = url.startswith(("postgres://", "postgresql://"))
        if self.postgres:
            import psycopg

            self.name = f"ludus_worker_{os.getpid()}"
            parts = urlsplit(url)
            self.admin = url
            self.url = urlunsplit(parts._replace(path=f"/{self.name}"))
            with psycopg.connect(self.admin, autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {self.name}")
                admin.execute(f"CREATE DATABASE {self.name}")
        else:
            self.url = f"sqlite:///{tmp_path / 'worker.sqlite3'}"
        self.env = {
            **os.environ,
            "DATABASE_URL": self.url,
            "DJANGO_DEBUG": "true",
            "LUDUS_JOB_LEASE_SECONDS": str(LEASE),
            "LUDUS_TASKS_BACKEND": BACKEND,
            "PYTHONPATH": os.pathsep.join(
                [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
            ),
        }
        if BACKEND.endswith("RQBackend"):
            self.env["LUDUS_RQ_URL"] = _own_redis_database()
        self.manage("migrate", "-v0")

    def manage(self, *args: str) -> str:
        result = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            env=self.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr[-3000:]
        return result.stdout

    def query(self, sql: str, *params):
        if self.postgres:
            import psycopg

            with psycopg.connect(self.url, autocommit=True) as db:
                return db.execute(sql, params).fetchall()
        with sqlite3.connect(self.url.removeprefix("sqlite:///"), timeout=30) as db:
            return db.execute(sql.replace("%s", "?"), params).fetchall()

    def drop_every_connection(self) -> None:
        """What a server restart does to its clients: every connection is cut."""
        import psycopg

        with psycopg.connect(self.admin, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                (self.name,),
            )

    def close(self) -> None:
        if self.postgres:
            import psycopg

            self.drop_every_connection()
            with psycopg.connect(self.admin, autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {self.name}")


_REDIS_DATABASES = itertools.count(1)


def _own_redis_database() -> str:
    """A Redis database of the test's own, emptied: a task another test left queued (a worker
    stopped with it) is never taken by this test's worker, for a job of another database."""
    import redis

    base = os.environ.get("LUDUS_RQ_URL", "redis://127.0.0.1:6379/0").rsplit("/", 1)[0]
    url = f"{base}/{next(_REDIS_DATABASES) % 16}"
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture
def database(tmp_path):
    db = Database(tmp_path)
    yield db
    db.close()


def generate(db: Database, user: str, plan: dict) -> int:
    """A GM's generation, asked as the page asks it; the job's id."""
    code = (
        "from django.contrib.auth import get_user_model as U\n"
        "from desk.services.generation import generation_start\n"
        "from desk.tasks import campaign_generate_job\n"
        f"user, _ = U().objects.get_or_create(username={user!r})\n"
        "job = generation_start(user=user, task=campaign_generate_job, once_key=None, "
        f"**{plan!r})\n"
        "print(job.pk)\n"
    )
    return int(db.manage("shell", "-c", code).split()[-1])


def job_row(db: Database, job_id: int) -> dict:
    status, done, error, campaign = db.query(
        "SELECT status, done, error, campaign_id FROM ludus_job WHERE id = %s", job_id
    )[0]
    return {"status": status, "done": done, "error": error, "campaign": campaign}


def wait_for(what, seconds: float, every: float = 0.5):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"still waiting after {seconds} s: {what.__doc__ or what}")


def children(pid: int) -> list[int]:
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return [int(child) for child in text.split()]


def kill_tree(pid: int) -> None:
    """SIGKILL a process and all it started (RQ's worker runs a task in a forked child)."""
    for child in children(pid):
        kill_tree(child)
    os.kill(pid, signal.SIGKILL)


@pytest.fixture
def supervisor(database, tmp_path):
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "run_worker", "--reap-every", "1"],
        env=database.env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "worker.log").open("w"),  # shown by the test that fails
    )
    yield process
    print((tmp_path / "worker.log").read_text()[-4000:])  # shown for a test that failed
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(40)
        except subprocess.TimeoutExpired:
            for child in children(process.pid):
                os.kill(child, signal.SIGKILL)
            process.kill()
            process.wait()


def half_built(db: Database, job_id: int) -> dict:
    """The job once its worker has held a show: running, its campaign half-built."""

    def running():
        row = job_row(db, job_id)
        return row if row["status"] == "running" and row["done"] >= 1 else None

    return wait_for(running, 240)


def nothing_left_of(db: Database, campaign: int) -> bool:
    tables = ("ludus_campaign", "ludus_gladiator", "arena_show", "economy_transaction")
    column = {"ludus_campaign": "id"}
    return all(
        db.query(f"SELECT COUNT(*) FROM {t} WHERE {column.get(t, 'campaign_id')} = %s", campaign)[
            0
        ][0]
        == 0
        for t in tables
    )


def test_a_killed_worker_leaves_no_job_stuck_nothing_half_built_and_comes_back(
    database, supervisor
):
    job = generate(database, "gm", LONG)
    half = half_built(database, job)["campaign"]
    worker = wait_for(lambda: children(supervisor.pid), 30)[0]
    kill_tree(worker)

    def failed():
        return job_row(database, job)["status"] == "failed"

    wait_for(failed, 10 * LEASE)
    row = job_row(database, job)
    assert "gave no sign of life" in row["error"] and row["campaign"] is None
    assert nothing_left_of(database, half)
    again = wait_for(lambda: [pid for pid in children(supervisor.pid) if pid != worker], 60)
    assert again and supervisor.poll() is None

    # the GM asks again at once, and the worker started again builds it for him
    retry = generate(database, "gm", TINY)
    wait_for(lambda: job_row(database, retry)["status"] == "done", 240)
    campaign = job_row(database, retry)["campaign"]
    members = database.query(
        "SELECT COUNT(*) FROM ludus_membership WHERE campaign_id = %s AND role = 'gm'", campaign
    )
    assert members == [(1,)]

    supervisor.send_signal(signal.SIGTERM)
    assert supervisor.wait(60) == 0


EVERY_KIND = """
import json
from arena.rulesets.era.odds import KIND, OddsAsk
from arena.services.odds_runs import odds_job_start
from arena.tasks import odds_job
from desk.campaign_archive import campaign_export
from desk.services.exports import export_job_start
from desk.services.generation import generation_start
from desk.services.imports import import_job_start
from desk.tasks import campaign_export_job, campaign_generate_job, campaign_import_job
from ludus.models import Campaign, Gladiator
from django.contrib.auth import get_user_model

gm = get_user_model().objects.get(username="gm")
rome = Campaign.objects.filter(ruleset="era", memberships__user=gm).first()
a, b = Gladiator.objects.filter(campaign=rome, status="active").order_by("pk")[:2]
ask = OddsAsk(fighter_a=a, fighter_b=b, orders_a="fight-on", orders_b="cautious",
              venue="capua", favor_a=None, favor_b=None, bouts=3000, seed=1)
odds = odds_job_start(campaign=rome, ask=ask, task=odds_job, user=gm, kind=KIND)
export = export_job_start(campaign=rome, task=campaign_export_job, user=gm)
data = campaign_export(rome)
data["campaign"]["name"] = "Rome imported"
imported = import_job_start(data=data, raw=json.dumps(data).encode(), file_name="r.json",
                            user=gm, task=campaign_import_job, name="Rome imported")
made = generation_start(user=gm, task=campaign_generate_job, once_key=None,
                        gladiators=8, shows=2, bouts=4, seed=3)
print(odds.pk, export.pk, imported.pk, made.pk)
"""


def test_every_kind_of_job_runs_on_the_worker(database, supervisor):
    """Odds, export, import and generation, queued as the pages queue them, run to their end
    on the worker of the backend (the database's, or RQ's)."""
    database.manage("load_demo")
    ids = [int(pk) for pk in database.manage("shell", "-c", EVERY_KIND).split()[-4:]]

    def all_done():
        return all(job_row(database, pk)["status"] == "done" for pk in ids)

    try:
        wait_for(all_done, 300)
    except AssertionError:
        raise AssertionError([job_row(database, pk) for pk in ids]) from None
    odds, export, imported, _ = ids
    files = database.query("SELECT COUNT(*) FROM ludus_jobfile WHERE job_id = %s", export)
    assert files == [(1,)]
    assert database.query("SELECT done FROM ludus_job WHERE id = %s", odds) == [(3000,)]
    names = database.query(
        "SELECT c.name FROM ludus_campaign c JOIN ludus_job j ON j.campaign_id = c.id "
        "WHERE j.id = %s",
        imported,
    )
    assert names == [("Rome imported",)]


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
    reason="a database server to restart: run with a PostgreSQL DATABASE_URL (CI does)",
)
def test_the_worker_survives_its_database_dropping_every_connection(database, supervisor):
    first = generate(database, "gm", TINY)
    wait_for(lambda: job_row(database, first)["status"] == "done", 240)
    job = generate(database, "gm2", LONG)
    half = half_built(database, job)["campaign"]
    for _ in range(3):  # the restart, and the clients' reconnections dropped as they come
        database.drop_every_connection()
        time.sleep(0.5)

    def over():
        return job_row(database, job)["status"] in ("failed", "done")

    wait_for(over, 10 * LEASE + 240)  # failed (or, had it reconnected, done): never stuck
    if job_row(database, job)["status"] == "failed":
        wait_for(lambda: nothing_left_of(database, half), 10 * LEASE)
    after = generate(database, "gm3", TINY)
    wait_for(lambda: job_row(database, after)["status"] == "done", 240)
    assert supervisor.poll() is None
