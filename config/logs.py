"""Log lines on standard error, with the request an error happened on (settings.LOGGING).

Django's request logger hands the request to the record (`record.request`); the line then
names the method, the path, the user and the address, and the traceback follows.
"""

import logging


class RequestFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        request = getattr(record, "request", None)
        if request is None or not hasattr(request, "method"):
            return line
        user = getattr(request, "user", None)
        who = user.get_username() if user is not None and user.is_authenticated else "anonymous"
        where = request.META.get("REMOTE_ADDR", "?")
        described = (
            f"request: {request.method} {request.get_full_path()} (user {who}, from {where})"
        )
        head, newline, rest = line.partition("\n")
        return f"{head}\n  {described}{newline}{rest}"
