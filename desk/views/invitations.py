"""Joining a campaign by invitation: the link's page and its sign-up.

Anyone may open a live link: it names the campaign and what the invitee becomes, and offers to
sign up (a new user) or to log in. Accepting is a POST of a logged-in user; only then does he
join (desk.services.invitations.invitation_accept). An unknown link answers 404, and a used,
revoked or expired one a page that says so (410), never a 500. There is no sign-up but this
one: a new user is always someone the GM invited.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from desk.services.invitations import (
    InvitationClosed,
    InvitationError,
    invitation_accept,
    invitation_for_token,
)
from ludus.errors import AlreadyDone
from ludus.models import Invitation

UNKNOWN = (
    "This invitation link is not known. Check that it was copied whole, or ask the game "
    "master for a new one."
)
JOINED = "Welcome to {campaign}: you joined as {what}."
SIGNED_UP = "Your account {username} is made and you are logged in. Accept the invitation below."
BACKEND = "django.contrib.auth.backends.ModelBackend"


def _closed(request: HttpRequest, invitation: Invitation | None, message: str, status: int):
    joined = (
        invitation is not None
        and request.user.is_authenticated
        and invitation.used_by_id == request.user.pk
    )
    context = {"invitation": invitation, "message": message, "joined": joined}
    return render(request, "desk/invitations/closed.html", context, status=status)


def _page(request: HttpRequest, invitation: Invitation, token: str, error: str = "", status=200):
    context = {
        "invitation": invitation,
        "token": token,
        "error": error,
        "login_url": reverse("login") + "?next=" + reverse("invitation", args=[token]),
    }
    return render(request, "desk/invitations/invitation.html", context, status=status)


def invitation_page(request: HttpRequest, invitation_token: str) -> HttpResponse:
    invitation = invitation_for_token(invitation_token)
    if invitation is None:
        return _closed(request, None, UNKNOWN, status=404)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            membership = invitation_accept(invitation=invitation, user=request.user)
        except AlreadyDone as done:
            messages.info(request, str(done))
            return redirect("campaign_dashboard", invitation.campaign_id)
        except InvitationClosed as closed:
            return _closed(request, invitation, str(closed), status=410)
        except InvitationError as error:
            return _page(request, invitation, invitation_token, str(error), status=409)
        what = invitation.describe
        messages.success(request, JOINED.format(campaign=membership.campaign.name, what=what))
        return redirect("campaign_dashboard", invitation.campaign_id)
    state = invitation.state()
    if state != "open":
        return _closed(request, invitation, InvitationClosed(state).args[0], status=410)
    return _page(request, invitation, invitation_token)


def invitation_signup(request: HttpRequest, invitation_token: str) -> HttpResponse:
    """A new user (user name and password, Django's validators), logged in and sent back to
    the invitation to accept it."""
    invitation = invitation_for_token(invitation_token)
    if invitation is None:
        return _closed(request, None, UNKNOWN, status=404)
    state = invitation.state()
    if state != "open":
        return _closed(request, invitation, InvitationClosed(state).args[0], status=410)
    if request.user.is_authenticated:
        return redirect("invitation", invitation_token)
    form = UserCreationForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            user = form.save()
            login(request, user, backend=BACKEND)
            messages.success(request, SIGNED_UP.format(username=user.get_username()))
            return redirect("invitation", invitation_token)
        status = 400
    else:
        status = 200
    context = {"invitation": invitation, "token": invitation_token, "form": form}
    return render(request, "desk/invitations/signup.html", context, status=status)
