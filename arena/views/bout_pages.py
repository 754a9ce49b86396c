"""What a ruleset's bout pages module (arena/views/sands.py, arena/views/moritari.py) draws the
same way: the page, or one of its named partials, drawn afresh from the bout as it now stands,
and the answer to a POST on the bout (the fight, the undo, a choice)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from arena.models import Bout
from arena.selectors.pages import bout_for_campaign
from ludus.access import Access

PANEL = "bout-panel"  # the page's named partial that a POST's answer swaps in under htmx


def bout_draw(
    request: HttpRequest,
    access: Access,
    bout: Bout,
    template: str,
    context: Callable[[Bout], dict],
    *,
    status: int = 200,
    part: str = "",
) -> HttpResponse:
    """The page `template` (or its named partial `part`) with `context(bout)`, the bout re-read
    first: a service may have changed it."""
    bout = bout_for_campaign(access.campaign, bout.pk)
    return render(request, template + (f"#{part}" if part else ""), context(bout), status=status)


def bout_page(
    request: HttpRequest, access: Access, bout: Bout, draw: Callable[..., HttpResponse]
) -> HttpResponse:
    """The bout's page, or under htmx with `?part=panel` its panel alone."""
    if request.htmx and request.GET.get("part") == "panel":
        return draw(request, access, bout, part=PANEL)
    return draw(request, access, bout)


def bout_respond(
    request: HttpRequest,
    access: Access,
    bout: Bout,
    status: int,
    draw: Callable[..., HttpResponse],
) -> HttpResponse:
    """The panel under htmx; without it a redirect back to the page, or the page itself with
    the refusal when the service refused (the status kept). `draw(request, access, bout,
    status=, part=)`: the page module's drawing."""
    if request.htmx:
        return draw(request, access, bout, status=status, part=PANEL)
    if status != 200:
        return draw(request, access, bout, status=status)
    return redirect("arena:bout_detail", access.campaign.pk, bout.pk)
