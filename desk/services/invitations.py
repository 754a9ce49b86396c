"""Invitations: how a player joins a campaign without the admin (issue 11).

The GM makes a link for a role: a player, a game master, or the player of one of the
campaign's lanistae, editors or bettors (`invitation_create`). Whoever opens the link signs up
(a new user) or logs in, and then accepts (`invitation_accept`); only then is he a member, and
the lanista, editor or bettor the link names is his. Nobody is made a member without accepting.

The token is `secrets.token_urlsafe(32)`; only its SHA-256 is kept (`token_digest`), so the
database does not hold a working link, and the lookup is by digest (the digest of a guess says
nothing of the real token). A link is used once, is open for `INVITATION_DAYS` days, and the
GM may revoke it (`invitation_revoke`). Every write is one `transaction.atomic` under the
invitation's row lock: two accepts at once, or a stale tab sent again, join once.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from economy.models import Bettor
from ludus.errors import AlreadyDone, Refusal
from ludus.models import INVITATION_DAYS, Campaign, Editor, Invitation, Lanista, Membership
from ludus.services.once import once_per_key

TOKEN_MAX = 64  # token_urlsafe(32) is 43 characters; anything longer is no token of ours

FOREIGN_PARTY = "{party} belongs to another campaign."
PARTY_PLAYED = "{party} is already played by {player}."
PARTY_TAKEN = (
    "{party} is now played by someone else; this invitation cannot be accepted. "
    "Ask the game master for a new one."
)
ALREADY_MEMBER = (
    "You are already in {campaign}; this invitation names no part for you, so it is left "
    "unused for the one it was meant for."
)
ALREADY_ACCEPTED = "Already done: you accepted this invitation on {when:%Y-%m-%d %H:%M}."
ALREADY_REVOKED = "Already done: this invitation was revoked on {when:%Y-%m-%d %H:%M}."
CLOSED = {
    "used": "This invitation has already been used.",
    "revoked": "This invitation was revoked by the game master.",
    "expired": "This invitation has expired.",
}
NOT_OPEN = "This invitation is no longer open: it was {state}."

PARTY_MODELS = {"lanista": Lanista, "editor": Editor, "bettor": Bettor}


class InvitationError(Refusal):
    pass


class InvitationClosed(InvitationError):
    """The link was used, revoked or has expired; `state` says which."""

    def __init__(self, state: str):
        self.state = state
        super().__init__(CLOSED[state])


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def party_label(party) -> str:
    """A lanista, an editor or a bettor as an invitation names him: "Nerva (lanista)"."""
    kind = {Lanista: "lanista", Editor: "editor", Bettor: "bettor"}[type(party)]
    return f"{party.name} ({kind})"


@once_per_key("invitation_create")
@transaction.atomic
def invitation_create(
    *,
    campaign: Campaign,
    role: str = Membership.Role.PLAYER,
    party: Lanista | Editor | Bettor | None = None,
    created_by=None,
) -> Invitation:
    """A new open link. Its token is on the returned row as `token` (this once only)."""
    if role not in Membership.Role.values:
        raise InvitationError(f"Role: “{role}” is not a role of a campaign.")
    if party is not None:
        if party.campaign_id != campaign.pk:
            raise InvitationError(FOREIGN_PARTY.format(party=party.name))
        if party.player_id is not None:
            player = party.player.get_username()
            raise InvitationError(PARTY_PLAYED.format(party=party.name, player=player))
    token = secrets.token_urlsafe(32)
    now = timezone.now()
    invitation = Invitation.objects.create(
        campaign=campaign,
        token_hash=token_digest(token),
        role=role,
        party=party,
        party_name=party_label(party) if party is not None else "",
        created=now,
        created_by=created_by,
        expires=now + timedelta(days=INVITATION_DAYS),
    )
    invitation.token = token
    return invitation


def invitation_for_token(token: str) -> Invitation | None:
    """The invitation of a link (in any state), or None for a token that is none of ours."""
    if not isinstance(token, str) or not 0 < len(token) <= TOKEN_MAX:
        return None
    return (
        Invitation.objects.select_related("campaign", "used_by")
        .filter(token_hash=token_digest(token))
        .first()
    )


@transaction.atomic
def invitation_revoke(*, invitation: Invitation) -> Invitation:
    """Close an open link (under its row lock). A revoked link is AlreadyDone; a used or
    expired one cannot be revoked (nothing is open to close)."""
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.revoked is not None:
        raise AlreadyDone(ALREADY_REVOKED.format(when=invitation.revoked))
    state = invitation.state()
    if state != "open":
        raise InvitationError(NOT_OPEN.format(state=state))
    invitation.revoked = timezone.now()
    invitation.save(update_fields=["revoked"])
    return invitation


@transaction.atomic
def invitation_accept(*, invitation: Invitation, user) -> Membership:
    """`user` accepts: he becomes a member in the link's role (a member already keeps his
    role), the link's lanista, editor or bettor becomes his, and the link is used.

    Accepted again by the same user (a second click, a stale tab): AlreadyDone, nothing
    written. Used by another, revoked or expired: InvitationClosed.
    """
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.used is not None and invitation.used_by_id == user.pk:
        raise AlreadyDone(ALREADY_ACCEPTED.format(when=invitation.used))
    state = invitation.state()
    if state != "open":
        raise InvitationClosed(state)
    campaign = invitation.campaign
    membership = Membership.objects.filter(campaign=campaign, user=user).first()
    party = None
    if invitation.party_type_id is not None:
        model = invitation.party_type.model_class()
        party = model.objects.select_for_update().filter(pk=invitation.party_id).first()
        if party is None or party.campaign_id != campaign.pk:
            raise InvitationError(PARTY_TAKEN.format(party=invitation.party_name))
        if party.player_id is not None and party.player_id != user.pk:
            raise InvitationError(PARTY_TAKEN.format(party=party.name))
    elif membership is not None:
        raise InvitationError(ALREADY_MEMBER.format(campaign=campaign.name))
    if membership is None:
        try:
            with transaction.atomic():  # a savepoint: the unique index lets one join in
                membership = Membership.objects.create(
                    campaign=campaign, user=user, role=invitation.role
                )
        except IntegrityError:
            membership = Membership.objects.get(campaign=campaign, user=user)
    if party is not None and party.player_id != user.pk:
        party.player = user
        party.save(update_fields=["player"])
    invitation.used = timezone.now()
    invitation.used_by = user
    invitation.save(update_fields=["used", "used_by"])
    return membership
