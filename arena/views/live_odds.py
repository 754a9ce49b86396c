"""A bout's live odds (issue 14): each man's exact chance to win and to walk out, at the start
and after every round, drawn beside the Crowd Favor chart and under the replay.

The figures come from the ruleset alone (arena.selectors.pages.live_line, the Era adapter's
exact chain). The bout page and the replay load them after the page, with an indicator, so a
page never waits on the chain. They follow the men's own orders, so they reveal what the
orders imply: the GM always sees them, the players only where he shares them (one campaign
setting, `Campaign.live_odds_for_players`); to anyone else they do not exist (404).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from arena.models import Bout
from arena.selectors.fights import is_pair
from arena.selectors.pages import bout_for_campaign, live_line, live_odds_visible
from ludus.access import campaign_view
from ludus.inputs import whole_number
from ludus.services.campaign_settings import campaign_live_odds_share

SHARED = "The players now see the bouts' live odds."
HIDDEN = "The bouts' live odds are the GM's alone again."


def _round_asked(request: HttpRequest, last: int) -> int:
    """?round=N (the replay's round), kept within the bout; anything else: the last."""
    try:
        number = int(request.GET.get("round", last))
    except ValueError:
        return last
    return min(max(number, 0), last)


@campaign_view(nav="shows")
def bout_live_odds(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    access = request.access
    if not live_odds_visible(access, access.campaign):
        raise Http404("No live odds here")
    try:
        bout = bout_for_campaign(access.campaign, bout_id)
    except Bout.DoesNotExist:
        raise Http404("No such bout") from None
    line = live_line(bout)
    points = line.points
    last = True
    if points:
        asked = _round_asked(request, len(points) - 1)
        last = asked == len(points) - 1
        points = points[: asked + 1]
    decided = last and bout.status == Bout.Status.DONE
    context = {
        "bout": bout,
        # Once decided, the panel says what happened, not odds (the replay's earlier rounds
        # keep theirs): after the sword, "walks out 100 in 100" was the odds' default, not his.
        "decided": decided,
        # The chart stops at the last round's odds: its settled point assumed missio.
        "chart_points": points[:-1] if decided and points and points[-1].settled else points,
        "line": line,
        "points": points,
        "now": points[-1] if points else None,
        # A fight of several men has no pair to name (and no live line: its refusal shows).
        "name_a": str(bout.entry_a) if is_pair(bout) else "",
        "name_b": str(bout.entry_b) if is_pair(bout) else "",
        "may_share": access.is_gm,
    }
    return render(request, "arena/partials/live_odds.html", context)


@campaign_view(gm_only=True, nav="shows")
@require_POST
def live_odds_share(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM shares the live odds with the players, or takes them back; then back to the
    page he was on (a bout's), or the campaign's shows."""
    campaign = campaign_live_odds_share(
        campaign=request.access.campaign, shown=request.POST.get("shown") == "yes"
    )
    messages.success(request, SHARED if campaign.live_odds_for_players else HIDDEN)
    bout_id = whole_number(request.POST.get("bout", ""))
    if bout_id is not None and campaign.shows.filter(bouts__pk=bout_id).exists():
        return redirect("arena:bout_detail", campaign.pk, bout_id)
    return redirect("arena:show_list", campaign.pk)
