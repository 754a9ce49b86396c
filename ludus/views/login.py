"""The login page when django-axes has locked the account or the address (settings.AXES_*).

Axes calls `locked_out` in place of the login view: the page is the login page itself, in the
layout, with status 429 and a message that says why the password was not even tried.
"""

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

LOCKED = (
    "Too many wrong passwords: logging in to this account, or from this address, is locked "
    "for {minutes} minutes. Try again later."
)


def locked_message() -> str:
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return LOCKED.format(minutes=minutes)


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    username = (credentials or {}).get("username", "")
    form = AuthenticationForm(request, initial={"username": username})
    context = {"form": form, "locked": locked_message(), "next": request.POST.get("next", "")}
    return render(request, "registration/login.html", context, status=429)
