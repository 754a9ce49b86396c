"""A Sands bout at the table (arena.views.bouts hands a Sands campaign's bout here, through the
plug-in's `pages`): the hex board as SVG and
both sheets, the GM's buttons, the turn's choice, the end, and the replay move by move from the
stored log. The context is arena.rulesets.sands.selectors's.

Every member sees the bout (the public record) and its replay. The GM fights it ("Fight a
turn", "Fight to the end": the calendar moves first when the show is on a later day, as on the
Era's page) and may take back a turn. A turn's choice is shown to the GM and the player whose
school owns that man; nobody else is shown it. A man's orders are shown only to his owner and
the GM.

The interface is the one arena.views.bouts dispatches to: bout_detail, respond, report,
bout_choose, bout_replay.
"""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from arena.models import Bout
from arena.rulesets.sands import selectors as sands
from arena.views.answers import choose_pending, report_fought
from arena.views.bout_pages import bout_draw, bout_page, bout_respond
from ludus.access import Access

FOUGHT_TURN = "Turn {turn} fought."  # a Sands bout is fought a turn at a time
NO_LOG = "This bout has not been fought yet; there is nothing to replay."

TEMPLATE = "arena/sands/bout_detail.html"
REPLAY_TEMPLATE = "arena/sands/bout_replay.html"


def _may_choose(access: Access, bout: Bout, side: str) -> bool:
    """The GM, or the player whose school owns the man on that side."""
    return access.owns_gladiator(bout.entry(side).gladiator)


def _render(request, access, bout, **drawn) -> HttpResponse:
    """The page, or its named partial (`part=`), with the status given (`status=`)."""
    return bout_draw(request, access, bout, TEMPLATE, partial(sands.bout_context, access), **drawn)


def bout_detail(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    return bout_page(request, access, bout, _render)


def respond(request: HttpRequest, access: Access, bout: Bout, status: int = 200) -> HttpResponse:
    return bout_respond(request, access, bout, status, _render)


def report(request: HttpRequest, bout: Bout) -> None:
    report_fought(request, bout, fought=FOUGHT_TURN.format(turn=bout.rounds))


def bout_choose(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    """A turn's choice (the GM or the man's player): the bout goes on to the end of the turn,
    or to the next choice."""
    return choose_pending(
        request, access, bout, may_choose=_may_choose, report=report, respond=respond
    )


def bout_replay(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    """The bout move by move from its stored log (?step=N: after the Nth event)."""
    if not bout.log:
        messages.info(request, NO_LOG)
        return redirect("arena:bout_detail", access.campaign.pk, bout.pk)
    context = sands.replay_context(bout, sands.parse_step(request.GET.get("step")))
    template = REPLAY_TEMPLATE + ("#replay-step" if request.htmx else "")
    return render(request, template, context)
