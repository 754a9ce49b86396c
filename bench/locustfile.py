"""The load generator of bench section "load" (locust, headless): members who read the
dashboard and the ledger, each at a steady pace, logged in by a session the bench made.

Bounded in time (the bench's --run-time) and in count: each simulated member stops after
LUDUS_LOAD_REQUESTS requests. Only the loopback server the bench started is ever addressed.
"""

from __future__ import annotations

import os

from locust import FastHttpUser, HttpUser, constant_throughput, task
from locust.exception import StopUser

CAMPAIGN = os.environ["LUDUS_LOAD_CAMPAIGN"]
SESSION = os.environ["LUDUS_LOAD_SESSION"]
PER_USER_PER_S = float(os.environ.get("LUDUS_LOAD_PACE", "4"))
MAX_REQUESTS = int(os.environ.get("LUDUS_LOAD_REQUESTS", "400"))
COOKIE = {"Cookie": f"sessionid={SESSION}"}


_CLIENT = FastHttpUser if os.environ.get("LUDUS_LOAD_FAST") == "1" else HttpUser


class Member(_CLIENT):
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
