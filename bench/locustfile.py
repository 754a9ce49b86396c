"""The load generator of bench section "load" (locust, headless): members who read the
dashboard and the ledger, each at a steady pace, logged in by a session the bench made (its
cookie sent with every request).

Bounded in time (the bench's --run-time) and in count: each simulated member stops after
LUDUS_LOAD_REQUESTS requests. Only the loopback server the bench started is ever addressed.
"""

from __future__ import annotations

import os

from locust import FastHttpUser, constant_throughput, task
from locust.exception import StopUser

CAMPAIGN = os.environ["LUDUS_LOAD_CAMPAIGN"]
SESSION = os.environ["LUDUS_LOAD_SESSION"]
PER_USER_PER_S = float(os.environ.get("LUDUS_LOAD_PACE", "4"))
MAX_REQUESTS = int(os.environ.get("LUDUS_LOAD_REQUESTS", "400"))
COOKIE = {"Cookie": f"sessionid={SESSION}"}


class Member(FastHttpUser):
    """locust's geventhttpclient user: about half the CPU a request of its `requests`-based
    HttpUser (0.8 against 1.7 ms here), which matters when it shares the server's 2 cores."""

    wait_time = constant_throughput(PER_USER_PER_S)

    def on_start(self) -> None:
        self.sent = 0

    def _get(self, path: str, name: str) -> None:
        if self.sent >= MAX_REQUESTS:
            raise StopUser()
        self.sent += 1
        with self.client.get(
            path, name=name, headers=COOKIE, catch_response=True, allow_redirects=False
        ) as r:
            if r.status_code != 200:
                r.failure(f"status {r.status_code}")

    @task
    def dashboard(self) -> None:
        self._get(f"/c/{CAMPAIGN}/", "dashboard")

    @task
    def ledger(self) -> None:
        self._get(f"/c/{CAMPAIGN}/money/", "ledger")
