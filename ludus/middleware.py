"""Refusals are shown inside the normal page, never as a 500 nor as a bare error document.

- A Refusal (or a RulesError) no view caught: for htmx, a 422 fragment with the message,
  retargeted to the page's message area (#page-messages in base.html), so the part of the
  page the request meant to replace stays as it was; a form post goes back to its page with
  the message; anything else gets the refusal page in the layout.
- An htmx request answered 403 or 404 (a stale tab: the thing was removed, the login changed
  and the CSRF token with it, or it is not yours): the same message area says so, keeping the
  status. Without htmx, Django's 403 and our 404.html are whole pages in the layout already.
- An htmx request sent to log in (the session ended): the whole tab goes to the login page
  (HX-Redirect), instead of the login page being swapped into a corner of the old one.

base.html swaps 400, 403, 404, 409 and 422 and loads no script that would replace the
document on a 4xx (ludus.templatetags.ludus_htmx).
"""

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render, resolve_url
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme

from ludus.errors import Refusal
from rules.core.errors import RulesError

# 422: the request was understood, and refused (htmx swaps 4xx fragments in, docs/pages.md).
REFUSED = 422
MESSAGE_AREA = "#page-messages"
STALE = {
    403: "That was not accepted: the page may be out of date (a login elsewhere changes it). "
    "Reload the page and try again.",
    404: "That is no longer there, or not yours to see. Reload the page.",
}


def in_page(request, message: str, status: int):
    """The refusal fragment for an htmx request, aimed at the page's message area."""
    response = render(request, "partials/refusal.html", {"message": message}, status=status)
    response["HX-Retarget"] = MESSAGE_AREA
    response["HX-Reswap"] = "innerHTML show:top"
    return response


class RefusalMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not getattr(request, "htmx", False):
            return response
        if response.status_code in STALE and not response.has_header("HX-Retarget"):
            return in_page(request, STALE[response.status_code], response.status_code)
        if response.status_code == 302 and response["Location"].startswith(
            resolve_url(settings.LOGIN_URL)
        ):
            to_login = HttpResponse(status=204)
            to_login["HX-Redirect"] = response["Location"]
            return to_login
        return response

    def process_exception(self, request, exception):
        if not isinstance(exception, Refusal | RulesError):
            return None
        message = str(exception)
        if getattr(request, "htmx", False):
            return in_page(request, message, REFUSED)
        back = request.headers.get("referer", "")
        if request.method == "POST" and url_has_allowed_host_and_scheme(
            back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            messages.error(request, message)
            return redirect(back)
        return render(request, "refusal.html", {"message": message}, status=REFUSED)


NUL = "\x00"
NUL_REFUSED = "A NUL character (%00) is no part of any address or form here."


def _has_nul(values) -> bool:
    return any(NUL in key or any(NUL in value for value in values.getlist(key)) for key in values)


class NulRefusalMiddleware:
    """400 for a request whose path, query, form fields or cookies hold a NUL character.

    No page of the app takes one, and PostgreSQL refuses it in any text it is sent (a ValueError
    at the query: a 500 from a share link `/s/%00/` or any search). One guard at the door, ahead
    of every view, session and form, instead of a check in each. Uploaded files' contents are
    not fields and are left to their own readers.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        held = (
            NUL in request.path
            or _has_nul(request.GET)
            or any(NUL in key or NUL in value for key, value in request.COOKIES.items())
            or (request.method == "POST" and _has_nul(request.POST))
        )
        if not held:
            return self.get_response(request)
        if request.headers.get("HX-Request") == "true":
            # The page's message area says so, as for any refusal (no context processors: they
            # would read the session, whose cookie may be the one holding the NUL).
            fragment = render_to_string("partials/refusal.html", {"message": NUL_REFUSED})
            response = HttpResponseBadRequest(fragment)
            response["HX-Retarget"] = MESSAGE_AREA
            response["HX-Reswap"] = "innerHTML show:top"
            return response
        return HttpResponseBadRequest(NUL_REFUSED, content_type="text/plain; charset=utf-8")


class ContentSecurityPolicyMiddleware:
    """Sets settings.CONTENT_SECURITY_POLICY on every response that has none of its own.

    With DEBUG on, Django's technical 404 and 500 pages (inline styles and scripts) go without
    it, so the local table still reads them whole.
    """

    DEBUG_PAGES = (404, 500)

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = settings.CONTENT_SECURITY_POLICY

    def __call__(self, request):
        response = self.get_response(request)
        if settings.DEBUG and response.status_code in self.DEBUG_PAGES:
            return response
        response.headers.setdefault("Content-Security-Policy", self.policy)
        return response
