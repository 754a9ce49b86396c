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


SQLITE_INIT = "PRAGMA journal_mode=WAL;"


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
        # "database is locked" when two players act together on a SQLite file. The file is in
        # WAL mode: the pages keep reading while a writer (a player, or the background worker
        # reporting a job's progress) commits, and a reader never holds a writer back.
        config["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": SQLITE_INIT,
        }
    elif not config.get("NAME"):
        raise ImproperlyConfigured(f"{name} must name a database, e.g. postgres://host/ludus")
    return config


def env_int(name: str, *, default: int, minimum: int = 0) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number; got {raw!r}") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}; got {value}")
    return value


def env_origins(name: str) -> list[str]:
    """Origins such as https://ludus.example (scheme and host, no path), comma-separated."""
    raw = os.environ.get(name, "")
    origins = [item.strip() for item in raw.split(",") if item.strip()]
    for origin in origins:
        scheme, _, rest = origin.partition("://")
        if scheme not in ("http", "https") or not rest or "/" in rest.rstrip("/"):
            raise ImproperlyConfigured(
                f"{name} must list origins such as https://ludus.example; got {origin!r}"
            )
    return [origin.rstrip("/") for origin in origins]


def env_proxy_header(name: str) -> tuple[str, str] | None:
    """The header a TLS-terminating proxy sets, e.g. X-Forwarded-Proto (meaning "https"),
    as Django's SECURE_PROXY_SSL_HEADER: ("HTTP_X_FORWARDED_PROTO", "https")."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    header, _, value = raw.partition("=")
    header, value = header.strip(), (value.strip() or "https")
    if not header or not all(c.isalnum() or c == "-" for c in header):
        raise ImproperlyConfigured(
            f"{name} must be a header name such as X-Forwarded-Proto; got {raw!r}"
        )
    return ("HTTP_" + header.upper().replace("-", "_"), value)


LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def env_level(name: str, *, default: str = "INFO") -> str:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if raw.upper() not in LEVELS:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(LEVELS)}; got {raw!r}")
    return raw.upper()
