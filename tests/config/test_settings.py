"""Settings read the environment, and a bad value stops start-up naming the variable."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def start_django(**env: str) -> subprocess.CompletedProcess:
    """Load the settings in a fresh interpreter with the given environment."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATA"))}
    environment.update(env)
    code = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**environment, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_defaults_start_in_debug_on_sqlite():
    result = start_django()
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"DATABASE_URL": "mysql://db/ludus"}, "DATABASE_URL"),
        ({"DATABASE_URL": "postgres://host"}, "DATABASE_URL"),
        ({"DJANGO_DEBUG": "perhaps"}, "DJANGO_DEBUG"),
        ({"DJANGO_DEBUG": "false"}, "DJANGO_SECRET_KEY"),
        ({"DJANGO_ALLOWED_HOSTS": " , "}, "DJANGO_ALLOWED_HOSTS"),
    ],
)
def test_bad_values_stop_start_up_naming_the_variable(env, named):
    result = start_django(**env)
    assert result.returncode != 0
    assert named in result.stderr.strip().splitlines()[-1]


def test_production_settings_need_and_use_the_secret_key():
    result = start_django(
        DJANGO_DEBUG="false", DJANGO_SECRET_KEY="s" * 50, DJANGO_ALLOWED_HOSTS="ludus.example"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_postgres_url_is_accepted():
    result = start_django(DATABASE_URL="postgres://user:pw@127.0.0.1:5432/ludus")
    assert result.returncode == 0, result.stderr


def test_sqlite_writers_queue_instead_of_failing_at_once():
    from config.env import env_database

    config = env_database("NO_SUCH_VARIABLE", default="sqlite:////tmp/ludus-test.sqlite3")
    assert config["OPTIONS"] == {"transaction_mode": "IMMEDIATE", "timeout": 20}
