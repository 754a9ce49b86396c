"""Reads of the market and ledger pages: the quotes, what each member may deal in, the shows.

The market page reads every app: men (ludus), prices (economy) and the shows a man may be hired
to (arena), so it sits on the desk.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from arena.models import Show
from ludus.access import Access
from ludus.models import Gladiator, Lanista


def ledger_shows(access: Access) -> QuerySet[Show]:
    """Shows to filter the ledger by: every show of the campaign (shows are public)."""
    return Show.objects.filter(campaign=access.campaign).order_by("day", "pk")


def _living(campaign) -> QuerySet[Gladiator]:
    return (
        Gladiator.objects.filter(campaign=campaign)
        .exclude(status__in=[Gladiator.Status.DEAD, Gladiator.Status.FREED])
        .select_related("owner")
        .order_by("name")
    )


@dataclass(frozen=True)
class MarketChoices:
    """What a member may deal in: the GM in everything; a player only with his own money and
    men, and with the market outside the campaign (a deal between two schools, or at a price
    other than the seed's usual one, is the GM's to record)."""

    hire_shows: QuerySet
    hire_men: QuerySet
    buyers: QuerySet
    buy_men: QuerySet
    sell_men: QuerySet
    sell_buyers: QuerySet
    sign_lanistae: QuerySet
    sign_men: QuerySet
    manumit_men: QuerySet


def market_choices(access: Access) -> MarketChoices:
    campaign = access.campaign
    user = access.user
    unfree = [Gladiator.LegalStatus.SLAVE, Gladiator.LegalStatus.CONDEMNED]
    living = _living(campaign)
    owned = living.filter(owner__isnull=False)
    shows = Show.objects.filter(campaign=campaign, status=Show.Status.PLANNED).select_related(
        "editor"
    )
    lanistae = Lanista.objects.filter(campaign=campaign).order_by("name")
    free_men = (
        Gladiator.objects.filter(campaign=campaign)
        .exclude(status=Gladiator.Status.DEAD)
        .filter(
            Q(legal_status=Gladiator.LegalStatus.FREEDMAN)
            | Q(status=Gladiator.Status.FREED)
            | Q(legal_status=Gladiator.LegalStatus.AUCTORATUS, contract_bouts_left__in=[0, None])
        )
        .order_by("name")
    )
    if access.is_gm:
        return MarketChoices(
            hire_shows=shows.order_by("day", "pk"),
            hire_men=owned,
            buyers=lanistae,
            buy_men=living.filter(legal_status__in=unfree),
            sell_men=owned.filter(legal_status__in=unfree),
            sell_buyers=lanistae,
            sign_lanistae=lanistae,
            sign_men=free_men,
            manumit_men=owned.filter(legal_status=Gladiator.LegalStatus.SLAVE),
        )
    mine = lanistae.filter(player=user)
    my_men = owned.filter(owner__player=user)
    return MarketChoices(
        hire_shows=shows.filter(editor__player=user).order_by("day", "pk"),
        hire_men=owned,
        buyers=mine,
        buy_men=living.filter(owner__isnull=True, legal_status__in=unfree),
        sell_men=my_men.filter(legal_status__in=unfree),
        sell_buyers=Lanista.objects.none(),
        sign_lanistae=mine,
        sign_men=free_men,
        manumit_men=my_men.filter(legal_status=Gladiator.LegalStatus.SLAVE),
    )
