"""Share links: the GM gives spectators a read-only page (a show's handout, or the campaign's
public record) under a random token, and can take it back.

A link is made for the campaign, or for one of its shows; revoking it stamps `revoked` (the
row stays, so the GM sees which links he gave out and when). A revoked link answers 404.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from arena.models import ShareLink, Show
from ludus.errors import AlreadyDone, Refusal
from ludus.models import Campaign
from ludus.services.once import once_per_key

FOREIGN_SHOW = "{show} is a show of another campaign."
ALREADY_REVOKED = "Already done: this link was revoked on {when:%Y-%m-%d %H:%M}."


class ShareError(Refusal):
    pass


@once_per_key("share_link_create")
@transaction.atomic
def share_link_create(*, campaign: Campaign, show: Show | None = None, user=None) -> ShareLink:
    """A new live link to the campaign's public record, or to `show`'s handout."""
    if show is not None and show.campaign_id != campaign.pk:
        raise ShareError(FOREIGN_SHOW.format(show=show))
    return ShareLink.objects.create(campaign=campaign, show=show, created_by=user)


@transaction.atomic
def share_link_revoke(*, link: ShareLink) -> ShareLink:
    """Revoke the link (under its row lock: a repeat is answered AlreadyDone)."""
    link = ShareLink.objects.select_for_update().get(pk=link.pk)
    if link.revoked is not None:
        raise AlreadyDone(ALREADY_REVOKED.format(when=link.revoked))
    link.revoked = timezone.now()
    link.save(update_fields=["revoked"])
    return link
