"""Refusals a view did not catch are shown inside the normal page, never as a 500."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from ludus.errors import Refusal
from rules.core.errors import RulesError

# 422: the request was understood, and refused (htmx swaps 4xx fragments in, docs/pages.md).
REFUSED = 422


class RefusalMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, Refusal | RulesError):
            return None
        message = str(exception)
        if getattr(request, "htmx", False):
            return render(request, "partials/refusal.html", {"message": message}, status=REFUSED)
        back = request.headers.get("referer", "")
        if request.method == "POST" and url_has_allowed_host_and_scheme(
            back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            messages.error(request, message)
            return redirect(back)
        return render(request, "refusal.html", {"message": message}, status=REFUSED)
