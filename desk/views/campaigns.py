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
from economy.selectors.visibility import visible_balances
from ludus.access import campaign_view
from ludus.selectors.recovery import hurt_with_injuries


@login_required
def campaign_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "desk/campaign_list.html",
        {"memberships": memberships_for_user(request.user)},
    )


@campaign_view(nav="dashboard")
def campaign_dashboard(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    campaign = access.campaign
    shows = list(upcoming_shows(campaign)[:3])
    context = {
        "next_show": shows[0] if shows else None,
        "later_shows": shows[1:],
        "days_to_show": shows[0].day - campaign.day if shows else None,
        "hurt": hurt_with_injuries(campaign),
        "sent_out_hurt": sent_out_hurt(campaign),
        "balances": visible_balances(access),
        "verdicts": latest_verdicts(campaign),
        "awaiting": bouts_awaiting_verdict(campaign),
    }
    return render(request, "desk/dashboard.html", context)
