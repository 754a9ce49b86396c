"""The campaign list and a campaign's dashboard."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from desk.selectors import (
    bouts_awaiting_verdict,
    latest_verdicts,
    memberships_for_user,
    sent_out_hurt,
    upcoming_shows,
)
from desk.services.generation import generations_shown
from economy.selectors.balance_groups import visible_balance_groups
from ludus.access import campaign_view
from ludus.selectors.people import hurt_gladiators
from ludus.selectors.recovery import hurt_with_injuries

HURT_SHOWN = 12  # the hurt named on the dashboard; the recovery page lists them all


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "desk/campaign_list.html",
        {
            "memberships": memberships_for_user(request.user),
            # The user's campaigns being generated (or failed): their bars poll their jobs.
            "generations": generations_shown(request.user),
        },
    )


@campaign_view(nav="dashboard")
def campaign_dashboard(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    campaign = access.campaign
    shows = list(upcoming_shows(campaign)[:3])
    # A large campaign has hundreds of hurt men: the first few here, all of them on the
    # recovery page (one count, one page of rows: the page's cost does not grow with them).
    hurt = list(hurt_with_injuries(campaign)[: HURT_SHOWN + 1])
    hurt_more = hurt_gladiators(campaign).count() - HURT_SHOWN if len(hurt) > HURT_SHOWN else 0
    context = {
        "next_show": shows[0] if shows else None,
        "later_shows": shows[1:],
        "days_to_show": shows[0].day - campaign.day if shows else None,
        "hurt": hurt[:HURT_SHOWN],
        "hurt_more": hurt_more,
        # Only a show still planned has a card to be sent out on: none planned, none asked.
        "sent_out_hurt": sent_out_hurt(campaign) if shows else [],
        "balance_groups": visible_balance_groups(access),
        "verdicts": latest_verdicts(campaign),
        "awaiting": bouts_awaiting_verdict(campaign),
    }
    return render(request, "desk/dashboard.html", context)
