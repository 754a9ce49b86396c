"""Settings read the environment, and a bad value stops start-up naming the variable."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


LOCAL = {"DJANGO_DEBUG": "true"}
HOSTED = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "tests-only-q8Zr3vWm6Ty1Lp0Kx5Nc9Bd2Hg7Fs4Ja-not-a-real-secret",
    "DJANGO_ALLOWED_HOSTS": "ludus.example",
}


def start_django(*args: str, code: str | None = None, **env: str) -> subprocess.CompletedProcess:
    """Load the settings in a fresh interpreter with the given environment (and run `args` as
    manage.py's command line, or `code`, by default printing DEBUG)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATA"))}
    environment.update(env)
    if code is None:
        code = (
            "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
        )
    command = [sys.executable, "manage.py", *args] if args else [sys.executable, "-c", code]
    return subprocess.run(
        command,
        cwd=ROOT,
        env={**environment, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_debug_is_off_unless_the_environment_turns_it_on():
    # Fail closed: with nothing set, DEBUG is off, so the secret key is asked for.
    result = start_django()
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr.strip().splitlines()[-1]
    result = start_django(DJANGO_DEBUG="true")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"


def test_make_run_turns_debug_on_for_the_local_table():
    makefile = (ROOT / "Makefile").read_text()
    assert "run: export DJANGO_DEBUG ?= true" in makefile.splitlines()


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({**LOCAL, "DATABASE_URL": "mysql://db/ludus"}, "DATABASE_URL"),
        ({**LOCAL, "DATABASE_URL": "postgres://host"}, "DATABASE_URL"),
        ({"DJANGO_DEBUG": "perhaps"}, "DJANGO_DEBUG"),
        ({"DJANGO_DEBUG": "false"}, "DJANGO_SECRET_KEY"),
        ({**LOCAL, "DJANGO_ALLOWED_HOSTS": " , "}, "DJANGO_ALLOWED_HOSTS"),
        ({**HOSTED, "DJANGO_HSTS_SECONDS": "a year"}, "DJANGO_HSTS_SECONDS"),
        ({**HOSTED, "DJANGO_HSTS_SECONDS": "-1"}, "DJANGO_HSTS_SECONDS"),
        ({**HOSTED, "DJANGO_HSTS_PRELOAD": "maybe"}, "DJANGO_HSTS_PRELOAD"),
        ({**HOSTED, "DJANGO_HSTS_INCLUDE_SUBDOMAINS": "2"}, "DJANGO_HSTS_INCLUDE_SUBDOMAINS"),
        ({**HOSTED, "DJANGO_SSL_REDIRECT": "sometimes"}, "DJANGO_SSL_REDIRECT"),
        ({**HOSTED, "DJANGO_SECURE_COOKIES": "nah"}, "DJANGO_SECURE_COOKIES"),
        ({**HOSTED, "DJANGO_CSRF_TRUSTED_ORIGINS": "ludus.example"}, "DJANGO_CSRF_TRUSTED_ORIGINS"),
        (
            {**HOSTED, "DJANGO_CSRF_TRUSTED_ORIGINS": "https://ludus.example/campaigns"},
            "DJANGO_CSRF_TRUSTED_ORIGINS",
        ),
        (
            {**HOSTED, "DJANGO_SECURE_PROXY_SSL_HEADER": "X Forwarded: Proto"},
            "DJANGO_SECURE_PROXY_SSL_HEADER",
        ),
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
    result = start_django(**LOCAL, DATABASE_URL="postgres://user:pw@127.0.0.1:5432/ludus")
    assert result.returncode == 0, result.stderr


def test_sqlite_writers_queue_instead_of_failing_at_once():
    from config.env import env_database

    config = env_database("NO_SUCH_VARIABLE", default="sqlite:////tmp/ludus-test.sqlite3")
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert config["OPTIONS"]["timeout"] == 20


WAL = (
    "import django; django.setup(); from django.db import connection;"
    "cursor = connection.cursor(); cursor.execute('PRAGMA journal_mode');"
    "print(cursor.fetchone()[0])"
)


def test_a_sqlite_file_is_read_while_it_is_written(tmp_path):
    """WAL mode on a SQLite file: a page reads while the worker or a player commits."""
    url = f"sqlite:///{tmp_path / 'wal.sqlite3'}"
    result = start_django(**LOCAL, DATABASE_URL=url, code=WAL)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "wal"


SECURITY = (
    "from django.conf import settings as s; import django; django.setup(); print(repr(("
    "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS,"
    " s.SECURE_HSTS_PRELOAD, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE,"
    " s.CSRF_TRUSTED_ORIGINS, s.SECURE_PROXY_SSL_HEADER)))"
)


def test_hosted_defaults_are_https_only():
    result = start_django(code=SECURITY, **HOSTED)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == repr((True, 31_536_000, False, False, True, True, [], None))


def test_the_local_table_is_plain_http():
    result = start_django(code=SECURITY, DJANGO_DEBUG="true")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == repr((False, 0, False, False, False, False, [], None))


def test_hosting_variables_set_the_security_settings():
    result = start_django(
        code=SECURITY,
        **HOSTED,
        DJANGO_SSL_REDIRECT="false",
        DJANGO_HSTS_SECONDS="600",
        DJANGO_HSTS_INCLUDE_SUBDOMAINS="yes",
        DJANGO_HSTS_PRELOAD="on",
        DJANGO_SECURE_COOKIES="false",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://ludus.example, https://www.ludus.example/",
        DJANGO_SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
    )
    assert result.returncode == 0, result.stderr
    expected = (
        False,
        600,
        True,
        True,
        False,
        False,
        ["https://ludus.example", "https://www.ludus.example"],
        ("HTTP_X_FORWARDED_PROTO", "https"),
    )
    assert result.stdout.strip() == repr(expected)


def test_check_deploy_is_clean_when_hosted():
    result = start_django(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        **HOSTED,
        DATABASE_URL="sqlite:///:memory:",
        DJANGO_HSTS_INCLUDE_SUBDOMAINS="true",
        DJANGO_HSTS_PRELOAD="true",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://ludus.example",
        DJANGO_SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr + result.stdout
    assert "System check identified no issues" in result.stdout
