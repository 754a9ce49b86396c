"""A Sands bout at the table (arena.views.bouts hands a Sands campaign's bout here, as it hands
a Moritari one to arena.views.moritari, through its `RULESET_PAGES`): the hex board as SVG and
both sheets, the GM's buttons, the turn's choice, the end, and the replay move by move from the
stored log. The context is arena.selectors.sands's.

Every member sees the bout (the public record) and its replay. The GM fights it ("Fight a
turn", "Fight to the end": the calendar moves first when the show is on a later day, as on the
Era's page) and may take back a turn. A turn's choice is shown to the GM and the player whose
school owns that man; nobody else is shown it. A man's orders are shown only to his owner and
the GM.

The interface is the one arena.views.bouts dispatches to: bout_detail, respond, report,
bout_choose, bout_replay.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from arena.models import Bout
from arena.selectors import sands
from arena.selectors.pages import bout_for_campaign, pending_choice
from arena.views.answers import answer_and_fight
from ludus.access import Access

NOT_YOUR_CHOICE = "That choice is not yours to make."
NO_CHOICE_PENDING = "The bout is not waiting for a choice."
FOUGHT_TURN = "Turn {turn} fought."  # a Sands bout is fought a turn at a time
FOUGHT_TO_END = "The bout is fought: {text}"
AWAITING_EDITOR = "The bout waits for the editor's decision."
WAITING = "The engine waits for a choice: {prompt}"
NO_LOG = "This bout has not been fought yet; there is nothing to replay."

TEMPLATE = "arena/sands/bout_detail.html"
REPLAY_TEMPLATE = "arena/sands/bout_replay.html"


def _may_choose(access: Access, bout: Bout, side: str) -> bool:
    """The GM, or the player whose school owns the man on that side."""
    return access.owns_gladiator(bout.entry(side).gladiator)


def _render(request, access, bout, *, status: int = 200, part: str = "") -> HttpResponse:
    bout = bout_for_campaign(access.campaign, bout.pk)  # re-read: a service may have changed it
    template = TEMPLATE + (f"#{part}" if part else "")
    return render(request, template, sands.bout_context(access, bout), status=status)


def bout_detail(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    if request.htmx and request.GET.get("part") == "panel":
        return _render(request, access, bout, part="bout-panel")
    return _render(request, access, bout)


def respond(request: HttpRequest, access: Access, bout: Bout, status: int = 200) -> HttpResponse:
    """The panel under htmx; without it a redirect back to the page, or the page itself with
    the refusal when the service refused (the status kept)."""
    if request.htmx:
        return _render(request, access, bout, status=status, part="bout-panel")
    if status != 200:
        return _render(request, access, bout, status=status)
    return redirect("arena:bout_detail", access.campaign.pk, bout.pk)


def report(request: HttpRequest, bout: Bout) -> None:
    if bout.status == Bout.Status.FIGHTING:
        pending = pending_choice(bout)
        if pending is not None:
            messages.info(request, WAITING.format(prompt=pending.prompt))
        else:
            messages.info(request, FOUGHT_TURN.format(turn=bout.rounds))
    else:
        end = next((e for e in reversed(bout.log) if e.get("kind") == "end"), None)
        messages.success(request, FOUGHT_TO_END.format(text=end["text"] if end else ""))
        if bout.status == Bout.Status.AWAITING_VERDICT:
            messages.info(request, AWAITING_EDITOR)


def bout_choose(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    """A turn's choice (the GM or the man's player): the bout goes on to the end of the turn,
    or to the next choice."""
    pending = pending_choice(bout)
    if pending is None:
        if not access.is_gm and not any(access.owns_gladiator(m) for m in bout.fighters):
            raise Http404(NOT_YOUR_CHOICE)
        messages.error(request, NO_CHOICE_PENDING)
        return respond(request, access, bout, 400)
    if not _may_choose(access, bout, str(pending.side)):
        raise Http404(NOT_YOUR_CHOICE)
    bout, status = answer_and_fight(
        request,
        bout,
        [str(o) for o in pending.options],
        lambda choice: {"kind": str(pending.kind), "side": str(pending.side), "choice": choice},
        report,
    )
    return respond(request, access, bout, status)


def bout_replay(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    """The bout move by move from its stored log (?step=N: after the Nth event)."""
    if not bout.log:
        messages.info(request, NO_LOG)
        return redirect("arena:bout_detail", access.campaign.pk, bout.pk)
    context = sands.replay_context(bout, sands.parse_step(request.GET.get("step")))
    template = REPLAY_TEMPLATE + ("#replay-step" if request.htmx else "")
    return render(request, template, context)
