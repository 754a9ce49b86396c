"""Record the golden files in data/ from the code in the current directory.

Run it only when an engine's results change on purpose (a new engine version), from the
checkout whose output is to become golden:

    DATABASE_URL=sqlite:////tmp/golden.sqlite3 python tests/golden/record.py

Each held demo is recorded in a fresh SQLite file of its own (ids, and so idempotency keys,
start from 1, as they do in the test's fresh database).
"""

import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from unittest import mock

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), os.getcwd()]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_DEBUG", "true")  # a script of the local table

import django  # noqa: E402

django.setup()

import cases  # noqa: E402
import dump  # noqa: E402
from django.core.management import call_command  # noqa: E402

from rules.era import bout as era_bout  # noqa: E402

DATA = HERE / "data"


def record_commands() -> None:
    DATA.mkdir(exist_ok=True)
    for name, command, argv in cases.command_cases():
        out = io.StringIO()
        call_command(command, *cases.under_recorded_engine(command, argv), stdout=out)
        record = {"command": command, "argv": argv, "output": json.loads(out.getvalue())}
        (DATA / f"{name}.json").write_text(json.dumps(record, indent=1, sort_keys=True))
        print("recorded", name)
    for name in cases.PLAY_SHOW_SEEDS:
        with tempfile.TemporaryDirectory() as scratch:
            env = {**os.environ, "DATABASE_URL": f"sqlite:///{scratch}/golden.sqlite3"}
            subprocess.run([sys.executable, __file__, name], env=env, check=True)


def record_play(name: str) -> None:
    call_command("migrate", verbosity=0)
    seed = cases.PLAY_SHOW_SEEDS[name]
    with mock.patch.object(era_bout, "ENGINE_VERSION", cases.RECORDED_ENGINE):
        record = {"seed": seed, "campaign": dump.play_demo(seed, io.StringIO())}
    (DATA / f"{name}.json").write_text(json.dumps(record, indent=1, sort_keys=True))
    print("recorded", name)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        record_play(sys.argv[1])
    else:
        record_commands()
