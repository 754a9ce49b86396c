"""The campaign's settings the GM changes in play (each kept by the campaign's history)."""

from __future__ import annotations

from django.db import transaction

from ludus.models import Campaign


@transaction.atomic
def campaign_books_with_bouts(*, campaign: Campaign, opened: bool) -> Campaign:
    """Open a book with every bout the GM puts on a card, or leave it to him. Setting what is
    already set writes nothing."""
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if campaign.books_open_with_bouts != opened:
        campaign.books_open_with_bouts = opened
        campaign.full_clean()
        campaign.save(update_fields=["books_open_with_bouts"])
    return campaign


@transaction.atomic
def campaign_live_odds_share(*, campaign: Campaign, shown: bool) -> Campaign:
    """Let the players see the bouts' live odds, or hide them again. Setting what is already
    set writes nothing (a repeated click, a stale tab)."""
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if campaign.live_odds_for_players != shown:
        campaign.live_odds_for_players = shown
        campaign.full_clean()
        campaign.save(update_fields=["live_odds_for_players"])
    return campaign
