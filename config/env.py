"""Read and check the environment variables the settings depend on.

A bad value stops start-up with a message that names the variable, so a misconfigured
deployment fails loudly instead of running on a guess.
"""

import os

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def env_bool(name: str, *, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}"
    )


def env_list(name: str, *, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    items = [item.strip() for item in raw.split(",") if item.strip()]
    if not items:
        raise ImproperlyConfigured(f"{name} must be a comma-separated list of host names")
    return items


def env_database(name: str, *, default: str) -> dict:
    import dj_database_url

    url = os.environ.get(name) or default
    if not url.startswith(("sqlite://", "postgres://", "postgresql://")):
        raise ImproperlyConfigured(
            f"{name} must start with sqlite:// or postgres://; got {url.split(':', 1)[0]!r}"
        )
    try:
        config = dj_database_url.parse(url, conn_max_age=60)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} is not a database URL: {error}") from error
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # Writers queue (BEGIN IMMEDIATE, wait up to 20 s) instead of failing at once with
        # "database is locked" when two players act together on a SQLite file.
        config["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
    elif not config.get("NAME"):
        raise ImproperlyConfigured(f"{name} must name a database, e.g. postgres://host/ludus")
    return config
