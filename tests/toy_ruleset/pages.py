"""The coin-flip duel's bout pages (the plug-in's `pages`: the interface arena.views.bouts hands
a bout to): the flips so far and the score, the GM's buttons (flip once, flip to the end, take
a flip back) on the shared bout page's shape. Nothing is ever asked, and the page is its own
replay."""

from __future__ import annotations

from functools import partial

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect

from arena.models import Bout
from arena.views.answers import report_fought
from arena.views.bout_pages import bout_draw, bout_page, bout_respond
from ludus.access import Access
from tests.toy_ruleset import engine

TEMPLATE = "toy/bout_detail.html"
FLIPPED = "Flip {round} flipped."
NOTHING_ASKED = "A coin-flip duel asks nothing of the table."


def _context(access: Access, bout: Bout) -> dict:
    going = bout.status in (Bout.Status.PLANNED, Bout.Status.FIGHTING)
    return {
        "bout": bout,
        "show": bout.show,
        "book": getattr(bout, "book", None),
        "scores": engine.scores(bout.log),
        "can_fight": access.is_gm and going,
        "can_undo": access.is_gm and bout.status == Bout.Status.FIGHTING and bout.rounds > 0,
    }


def _render(request, access, bout, **drawn) -> HttpResponse:
    return bout_draw(request, access, bout, TEMPLATE, partial(_context, access), **drawn)


def bout_detail(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    return bout_page(request, access, bout, _render)


def respond(request: HttpRequest, access: Access, bout: Bout, status: int = 200) -> HttpResponse:
    return bout_respond(request, access, bout, status, _render)


def report(request: HttpRequest, bout: Bout) -> None:
    report_fought(request, bout, fought=FLIPPED.format(round=bout.rounds))


def bout_choose(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    raise Http404(NOTHING_ASKED)


def bout_replay(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    return redirect("arena:bout_detail", access.campaign.pk, bout.pk)
