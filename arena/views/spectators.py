"""What spectators read: a show's printable handout (members), and the pages a share link
opens without logging in (a show's handout, or the campaign's public record).

Only arena.selectors.public's rows reach these templates: the card, results, verdicts and
leaders, never money, orders, prices or odds. A share link that is unknown or revoked is 404.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from arena.models import ShareLink, Show
from arena.selectors.pages import show_for_campaign
from arena.selectors.public import campaign_calendar, handouts, leaders, show_handout
from ludus.access import campaign_view

TOKEN_MAX = 64
SHOWS_PER_PAGE = 5  # the public record's shows a page: a campaign of years has thousands


@campaign_view(nav="shows")
def show_handout_view(request: HttpRequest, campaign_id: int, show_id: int) -> HttpResponse:
    try:
        show = show_for_campaign(request.access.campaign, show_id)
    except Show.DoesNotExist:
        raise Http404("No such show") from None
    return render(request, "arena/spectators/handout.html", {"handout": show_handout(show)})


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    link = None
    if len(token) <= TOKEN_MAX:
        link = (
            ShareLink.objects.select_related("campaign", "show__editor", "show__campaign")
            .filter(token=token, revoked=None)
            .first()
        )
    if link is None:
        raise Http404("No such link")
    context = {"spectator": True, "shared_campaign": link.campaign}
    if link.show is not None:
        context["handout"] = show_handout(link.show)
        return render(request, "arena/spectators/handout.html", context)
    calendar = campaign_calendar(link.campaign)
    number = request.GET.get("page")
    if number is None:
        # The page that holds today, as the calendar opens: the latest results and what is next.
        past = calendar.filter(day__lt=link.campaign.day).count()
        number = past // SHOWS_PER_PAGE + 1
    page = Paginator(calendar, SHOWS_PER_PAGE).get_page(number)
    context |= {
        "page": page,
        "handouts": handouts(list(page.object_list)),
        "leaders": leaders(link.campaign),
    }
    return render(request, "arena/spectators/record.html", context)
