"""`manage.py run_worker`: the background tasks' worker, kept alive, and the jobs it lost reaped.

The tasks framework's worker (`db_worker` on the database backend, `rqworker` on RQ) exits when
its database goes away (a restart, a failover) and never comes back; killed in the middle of a
job it leaves the job "running". This command is the small supervisor `make run` starts and a
host's service manager runs (docs/architecture.md, "Background jobs"):

- it runs the worker as a child process and starts it again whenever it exits, after a pause
  that grows from 1 s to RESTART_PAUSE_MAX while the worker keeps dying at once (the database
  still down) and falls back to 1 s once it has lived a minute;
- when it starts, and every REAP_EVERY seconds, it reaps: a running job whose lease lapsed
  (its worker gave no sign of life for ludus.services.jobs.LEASE) is failed and its
  half-written rows removed, and a failed generation's campaign left behind is swept
  (desk.services.generation);
- SIGTERM or SIGINT stop the worker (the same signal, then SIGKILL after STOP_GRACE seconds)
  and the command.

The database may be down when it reaps: it says so on its log and tries again next time.
"""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import DatabaseError, connection

from desk.services.generation import generations_sweep
from ludus.services.jobs import LEASE, jobs_reap

logger = logging.getLogger(__name__)

REAP_EVERY = LEASE.total_seconds() / 2
RESTART_PAUSE_MAX = 10.0  # seconds
HEALTHY_AFTER = 60.0  # seconds a worker lives before its pause falls back to 1 s
STOP_GRACE = 30.0  # seconds a stopped worker has to end its task before SIGKILL
MANAGE = Path(__file__).resolve().parents[3] / "manage.py"


def worker_command() -> list[str]:
    """The worker of the backend the settings name."""
    backend = settings.TASKS["default"]["BACKEND"]
    if backend.endswith("RQBackend"):
        queues = list(getattr(settings, "RQ_QUEUES", {"default": {}}))
        # RQ runs a task through django-tasks-rq's own job class (its README says so).
        job_class = ["--job-class", "django_tasks_rq.Job"]
        return [sys.executable, str(MANAGE), "rqworker", *job_class, *queues]
    return [sys.executable, str(MANAGE), "db_worker", "--no-reload"]


def reap() -> int:
    """Fail the jobs whose worker stopped, clean up after them; never raises for a database
    that is away (the next round tries again)."""
    try:
        reaped = jobs_reap() + generations_sweep()
    except DatabaseError as error:
        logger.warning("run_worker: the database is unreachable; jobs reaped later (%s)", error)
        return 0
    finally:
        connection.close()  # a connection kept between reaps would not survive a restart
    if reaped:
        logger.warning("run_worker: %s job(s) whose worker stopped were failed", reaped)
    return reaped


class Command(BaseCommand):
    help = "Run the background tasks' worker, restarting it when it exits, and reap lost jobs."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--reap-every",
            type=float,
            default=REAP_EVERY,
            help=f"seconds between two reaps of lost jobs (default {REAP_EVERY:g})",
        )

    def handle(self, *args, reap_every: float, **options) -> None:
        self.stopping = False
        self.child: subprocess.Popen | None = None
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        command = worker_command()
        pause, started, next_reap = 1.0, 0.0, 0.0
        while not self.stopping:
            if time.monotonic() >= next_reap:
                reap()
                next_reap = time.monotonic() + reap_every
            if self.child is None:
                self.child = subprocess.Popen(command)
                started = time.monotonic()
                logger.info("run_worker: worker %s started", self.child.pid)
            elif self.child.poll() is not None:
                lived = time.monotonic() - started
                logger.warning(
                    "run_worker: worker %s exited (%s) after %.0f s; restarting in %.0f s",
                    self.child.pid,
                    self.child.returncode,
                    lived,
                    pause,
                )
                self.child = None
                self._sleep(pause)
                pause = 1.0 if lived >= HEALTHY_AFTER else min(2 * pause, RESTART_PAUSE_MAX)
                continue
            self._sleep(min(1.0, max(0.0, next_reap - time.monotonic())))
        self._stop_child()

    def _sleep(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.stopping and time.monotonic() < deadline:
            time.sleep(min(0.2, deadline - time.monotonic()))

    def _stop(self, signum, frame) -> None:
        self.stopping = True
        self.stop_signal = signum

    def _stop_child(self) -> None:
        child = self.child
        if child is None or child.poll() is not None:
            return
        child.send_signal(self.stop_signal)
        try:
            child.wait(STOP_GRACE)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
