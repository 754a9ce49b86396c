"""Requests at once: each call in its own thread, with its own database connection, as web
requests would be (the tests that use it commit for real: django_db(transaction=True)).

On PostgreSQL a write that meets another's lock waits for it. SQLite's in-memory test database
(shared cache) locks whole tables and a writer meeting another's write fails at once with
OperationalError; such a call is tried again, as the user would click again, so on both
databases every call ends with what the service answers once the others have committed.
"""

import threading
import time

import pytest
from django.db import OperationalError, connection, connections

ON_POSTGRES = connection.vendor == "postgresql"

# The repeats-at-once tests of every write (issue 10) prove row locks and unique keys, which
# only PostgreSQL has; SQLite takes the whole database for a write. CI runs them on PostgreSQL.
postgres_only = pytest.mark.skipif(
    not ON_POSTGRES, reason="row locks: run with a PostgreSQL DATABASE_URL (CI does)"
)


def at_once(*calls, tries: int = 500) -> list:
    """Run each call in its own thread, all released together; each one's result or error."""
    results: list = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(index, call):
        try:
            connection.ensure_connection()  # connect first, so the calls start together
            start.wait(10)
            for _ in range(tries):
                try:
                    results[index] = call()
                    return
                except OperationalError:
                    if ON_POSTGRES:
                        raise
                    time.sleep(0.005)
            raise AssertionError("the database stayed locked")
        except Exception as error:  # noqa: BLE001 - the test inspects what each call met
            results[index] = error
        finally:
            connections.close_all()  # this thread's own connection

    threads = [threading.Thread(target=run, args=(i, c), daemon=True) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive()
    return results


def sort_out(results: list, made: type | tuple[type, ...]) -> tuple[list, list]:
    """The results that are `made` (what a write returns) and all the others."""
    done = [r for r in results if isinstance(r, made)]
    return done, [r for r in results if not isinstance(r, made)]
