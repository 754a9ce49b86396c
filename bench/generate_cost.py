"""The services' cost a bout: CPU and queries of `generate_campaign` (docs/performance.md,
"A large campaign").

    rm -f /tmp/gen.sqlite3
    .venv/bin/python bench/generate_cost.py sqlite:////tmp/gen.sqlite3 200 20 200 1

Migrates the (fresh) database, then builds the campaign (gladiators, shows, bouts, seed) with
desk.generate.generate_campaign under a `connection.execute_wrapper` that counts every
statement, and prints one JSON object a line: the CPU (`time.process_time`) and the queries a
bout. Run it on a scratch database only.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(url: str, gladiators: int, shows: int, bouts: int, seed: int) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from desk.generate import generate_campaign

    call_command("migrate", verbosity=0)
    count = [0]

    def counted(execute, sql, params, many, context):
        count[0] += 1
        return execute(sql, params, many, context)

    started = time.process_time()
    with connection.execute_wrapper(counted):
        made = generate_campaign(gladiators=gladiators, shows=shows, bouts=bouts, seed=seed)
    cpu = time.process_time() - started
    for name, value, unit in (
        ("generate_cpu_per_bout", round(cpu / made.bouts * 1000, 1), "ms"),
        ("generate_queries_per_bout", round(count[0] / made.bouts, 1), "queries"),
        ("generate_entries", made.entries, "entries"),
    ):
        print(json.dumps({"name": name, "value": value, "unit": unit}))


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    main(sys.argv[1], *(int(arg) for arg in sys.argv[2:]))
