"""Ludus settings: one module, every deployment choice read from the environment.

DATABASE_URL       sqlite:///path or postgres://user:pass@host:port/name (default: db.sqlite3 here)
DJANGO_DEBUG       true/false (default false: hosted; `make run` sets true for the local table)
DJANGO_SECRET_KEY  required when DJANGO_DEBUG is false
DJANGO_ALLOWED_HOSTS  comma-separated (default localhost,127.0.0.1)
When DJANGO_DEBUG is false (hosted), HTTPS is assumed and each of these may loosen or tune it:
DJANGO_SSL_REDIRECT        true/false, redirect http to https (default true)
DJANGO_HSTS_SECONDS        Strict-Transport-Security max-age (default 31536000, a year; 0 is off)
DJANGO_HSTS_INCLUDE_SUBDOMAINS, DJANGO_HSTS_PRELOAD  true/false (default false)
DJANGO_SECURE_COOKIES      true/false, session and CSRF cookies over https only (default true)
DJANGO_CSRF_TRUSTED_ORIGINS  comma-separated origins, e.g. https://ludus.example (default none)
DJANGO_SECURE_PROXY_SSL_HEADER  the header a TLS proxy sets, e.g. X-Forwarded-Proto (default none)
LUDUS_LOG_LEVEL    the app's log level on standard error: DEBUG, INFO, WARNING, ERROR (INFO)
LUDUS_PROXY_COUNT  how many proxies stand before the app, for the login throttle's address (0)
LUDUS_TASKS_BACKEND   the background tasks' backend (default the database's, run by
                      `manage.py db_worker`; e.g. django_tasks_rq.RQBackend on a real queue)
LUDUS_TASKS_OPTIONS   that backend's OPTIONS as JSON (default {})
LUDUS_RQ_URL       the Redis server of the RQ backend (default redis://127.0.0.1:6379/0)
LUDUS_JOB_LEASE_SECONDS  a running job whose worker gave no sign of life this long is failed (90)
"""

import json
import os
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from arena.rulesets import ruleset_apps
from config.env import (
    env_bool,
    env_database,
    env_int,
    env_level,
    env_list,
    env_origins,
    env_proxy_header,
)

BASE_DIR = Path(__file__).resolve().parent.parent

# Fail closed: DEBUG only when the environment asks for it (`make run` does).
DEBUG = env_bool("DJANGO_DEBUG", default=False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false")
    SECRET_KEY = "ludus-local-development-key-not-for-hosting"
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_tasks",
    "django_tasks_db",
    "simple_history",
    "ludus",
    "arena",
    "economy",
    "desk",
    "axes",
    *ruleset_apps(),  # each ruleset's own package (arena/rulesets/<key>/), from its registry
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # The Content-Security-Policy header on every response (CONTENT_SECURITY_POLICY below).
    "ludus.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A NUL character anywhere a view could read it is a 400 before any view or query runs.
    "ludus.middleware.NulRefusalMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "ludus.middleware.RefusalMiddleware",
    # Who made each change kept in the history tables (django-simple-history).
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into our page (AXES_LOCKOUT_CALLABLE).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "ludus.context_processors.campaign",
            ],
        },
    },
]

DATABASES = {
    "default": env_database("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Background work (ludus.services.jobs): the database backend needs no other server.
TASKS = {
    "default": {
        "BACKEND": os.environ.get("LUDUS_TASKS_BACKEND", "django_tasks_db.DatabaseBackend"),
        "OPTIONS": json.loads(os.environ.get("LUDUS_TASKS_OPTIONS", "{}")),
    }
}
if TASKS["default"]["BACKEND"] == "django_tasks_rq.RQBackend":  # the `rq` extra
    INSTALLED_APPS.append("django_rq")
    RQ_QUEUES = {
        "default": {"URL": os.environ.get("LUDUS_RQ_URL", "redis://127.0.0.1:6379/0")},
    }
# ludus.services.jobs: the worker beats on a running job every lease / 18 seconds.
JOB_LEASE_SECONDS = env_int("LUDUS_JOB_LEASE_SECONDS", default=90, minimum=2)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
# Logins are throttled by django-axes: 10 wrong passwords for one user name from one address
# within 15 minutes lock that name at that address for 15 minutes (a burst of 50 in 15 seconds
# is locked at the tenth). The pair, not the address alone: players sharing a house's address
# (or a proxy's) are not all locked out by one of them; nor is a name alone, which anyone
# could lock from anywhere. A right password clears the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_USE_ATTEMPT_EXPIRATION = True
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "ludus.views.login.locked_out"
# The address is the connection's own unless LUDUS_PROXY_COUNT proxies stand in front
# (ludus.throttle.client_address reads X-Forwarded-For from the right then).
PROXY_COUNT = env_int("LUDUS_PROXY_COUNT", default=0)
AXES_CLIENT_IP_CALLABLE = "ludus.throttle.client_address"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "campaign_list"
LOGOUT_REDIRECT_URL = "login"

# Everything worth a look goes to standard error, errors with their request and traceback
# (config.logs.RequestFormatter). LUDUS_LOG_LEVEL tunes the app's own loggers (default INFO).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "request": {
            "()": "config.logs.RequestFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s: %(message)s",
        },
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "request",
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # Django's own: 5xx as errors, 4xx as warnings, each with its request.
        "django": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        **{
            app: {"handlers": ["stderr"], "level": env_level("LUDUS_LOG_LEVEL"), "propagate": False}
            for app in ("ludus", "economy", "arena", "desk", "rules")
        },
    },
}

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# What a page may load and run (ludus.middleware.ContentSecurityPolicyMiddleware): scripts and
# style sheets from this site's static files only (htmx is django-htmx's copy), so no inline
# script, handler or <style> runs; the charts are inline SVG, which needs nothing more. Style
# attributes stay allowed (style-src-attr): a bar's width or a man's colour on a chart key is
# a value per row; they cannot run code, and the templates escape what they put in them.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

# Hosted (DEBUG off) the site is HTTPS only unless the environment says otherwise; every
# variable is read (and checked) at every DEBUG setting, so a typo fails on the local table too.
HOSTED = not DEBUG
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", default=HOSTED)
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", default=31_536_000 if HOSTED else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", default=False)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", default=HOSTED)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
CSRF_TRUSTED_ORIGINS = env_origins("DJANGO_CSRF_TRUSTED_ORIGINS")
SECURE_PROXY_SSL_HEADER = env_proxy_header("DJANGO_SECURE_PROXY_SSL_HEADER")
