"""Log lines on standard error, with the request an error happened on (settings.LOGGING).

Django's request logger hands the request to the record (`record.request`); the line then
names the method, the path, the user and the address, and the traceback follows.

A log line never needs the database: the error may be that the database is down. The user is
named only from what the request already loaded (the user, or the session's user id); a user
nobody loaded yet stays "not loaded" rather than being fetched from the session table.
"""

import logging

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject, empty


class RequestFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        request = getattr(record, "request", None)
        if request is None or not hasattr(request, "method"):
            return line
        where = request.META.get("REMOTE_ADDR", "?")
        described = (
            f"request: {request.method} {request.get_full_path()} "
            f"(user {loaded_user(request)}, from {where})"
        )
        head, newline, rest = line.partition("\n")
        return f"{head}\n  {described}{newline}{rest}"


def loaded_user(request: HttpRequest) -> str:
    """Who made the request, as far as it is known without a query."""
    user = request.__dict__.get("user")
    if isinstance(user, SimpleLazyObject) and user._wrapped is empty:
        return _session_user(request)
    if user is None:
        return "anonymous"
    return user.get_username() if user.is_authenticated else "anonymous"


def _session_user(request: HttpRequest) -> str:
    session = request.__dict__.get("session")
    if session is None or session.session_key is None:
        return "anonymous"  # no session cookie: nobody logged in
    # SessionBase keeps what it read in _session_cache; absent, the session was never read.
    cache = getattr(session, "_session_cache", None)
    if cache is None:
        return "not loaded"
    user_id = cache.get("_auth_user_id")
    return f"id {user_id}" if user_id is not None else "anonymous"
