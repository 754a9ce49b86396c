"""A Moritari fight at the table (arena.views.bouts hands a Moritari campaign's bout here): the
board as SVG with a move-by-move replay from the log, the fighters, Caesar's choice, and what
Caesar chose.

Every member sees the fight (the public record) and its replay. The GM fights it ("Fight a
turn", "Fight to the end") and may take back a step. When the fight waits for Caesar (the
order of the turn's moves or fights, or the thumb over a man out of action), the choice is
shown only to the player who is Caesar this turn (the owner of the Caesar side's men) and to
the GM, who may always answer (for a Caesar whose player he is not, his answer is marked
"answered by the GM"); the others read "Caesar (Nerva) is choosing", and afterwards what he
chose in the log.
Under moritari/2 the orders of the moves and of the fights may be any order, typed by number.
A man's orders are shown only to his owner and the GM.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from arena.book.selectors import book_for_event
from arena.errors import BoutError
from arena.models import Bout, BoutEntry
from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari.board import board_svg
from arena.rulesets.moritari.selectors import (
    caesar_lines,
    event_words,
    fight_fighters,
    fight_setup,
    frames,
    pending_view,
    planned_frame,
    typed_order,
)
from arena.selectors.calendar import show_day_note
from arena.views.answers import answer_and_fight
from arena.views.bout_pages import bout_draw, bout_page, bout_respond
from economy.models import Transaction
from ludus.access import Access
from ludus.history import objects_changes

NOT_YOUR_CHOICE = "That choice is Caesar's: only his player (or the GM) answers it."
NO_CHOICE_PENDING = "The fight is not waiting for Caesar."
FOUGHT_TURN = "Turn {turn} fought."
FOUGHT_TO_END = "The fight is over: {text}"
WAITING = "The fight waits for Caesar ({caesar}): {prompt}"
NO_LOG = "This fight has not been fought yet; there is nothing to replay."

TEMPLATE = "arena/moritari/bout_detail.html"
REPLAY_TEMPLATE = "arena/moritari/bout_replay.html"


def _owns(access: Access):
    def owns(entry: BoutEntry) -> bool:
        if entry.gladiator is None:
            return access.is_gm  # the beasts are the GM's
        return access.owns_gladiator(entry.gladiator)

    return owns


def _may_answer(access: Access, entry: BoutEntry | None) -> bool:
    """The GM, or the player who owns the Caesar side's men."""
    if access.is_gm:
        return True
    return (
        entry is not None and entry.gladiator is not None and access.owns_gladiator(entry.gladiator)
    )


def _is_caesars_player(access: Access, pending) -> bool:
    """Whether he is the player of Caesar's side: his school's lanista is his (the GM, who
    may answer any choice, answers for an absent Caesar otherwise)."""
    entry = pending.entry if pending is not None else None
    owner = entry.gladiator.owner if entry is not None and entry.gladiator else None
    return owner is not None and owner.player_id == access.user.pk


def _step(request: HttpRequest, last: int) -> int:
    try:
        number = int(request.GET.get("step", last))
    except ValueError:
        number = last
    return min(max(number, 0), last)


def _board(bout: Bout, setup: dict, request: HttpRequest) -> dict:
    """The replay's frames and the one asked for (?step=N; the last by default)."""
    shown = frames(setup, bout.log) if bout.log else []
    if not shown:
        start = planned_frame(setup)
        shown = [start] if start is not None else []
    last = len(shown) - 1
    number = _step(request, last) if shown else 0
    frame = shown[number] if shown else None
    label = f"The board, {frame.text}" if frame else "The board"
    return {
        "frames": shown,
        "frame": frame,
        "last": last,
        "previous": number - 1 if number > 0 else None,
        "next": number + 1 if number < last else None,
        "board": board_svg(frame.pieces, actor=frame.actor, label=label) if frame else "",
    }


def _purses(bout: Bout) -> dict[int, int]:
    """Sesterces paid to each man for this fight (his purse), by gladiator id."""
    out: dict[int, int] = {}
    posted = Transaction.objects.filter(bout=bout, cause=Transaction.Cause.PURSE)
    for row in posted.prefetch_related("entries__account"):
        for entry in row.entries.all():
            if entry.amount > 0 and entry.account.gladiator_id:
                out[entry.account.gladiator_id] = entry.amount
    return out


def page_context(
    access: Access, bout: Bout, request: HttpRequest, *, page: str = "arena:bout_detail"
) -> dict:
    setup = fight_setup(bout)
    board = _board(bout, setup, request)
    now = board["frames"][-1] if board["frames"] else None
    fighters = fight_fighters(bout, setup, now, _owns(access))
    names = [f.name for f in fighters]
    pending = pending_view(bout, names)
    may_choose = pending is not None and _may_answer(access, pending.entry)
    extra = {}
    if access.is_gm:
        extra["can_undo"] = bout.status == Bout.Status.FIGHTING and bout.rounds > 0
        extra["history"] = objects_changes([bout, *bout.entries.all()])
        if bout.status == Bout.Status.PLANNED:  # the calendar moves before the first turn
            extra["day_note"] = show_day_note(bout.show, access.campaign.day)
    purses = _purses(bout) if bout.status == Bout.Status.DONE else {}
    return (
        extra
        | board
        | {
            "bout": bout,
            "show": bout.show,
            "fighters": fighters,
            "pending": pending,
            "may_choose": may_choose,
            "caesar_lines": caesar_lines(bout.log or [], setup, bout.decisions),
            "log_lines": [(event, event_words(event, names)) for event in bout.log or []],
            "for_absent_caesar": may_choose and not _is_caesars_player(access, pending),
            "can_fight": access.is_gm
            and bout.status in (Bout.Status.PLANNED, Bout.Status.FIGHTING)
            and pending is None,
            "fighter_rows": [(f, purses.get(f.entry.gladiator_id, 0)) for f in fighters],
            "end": next((e for e in reversed(bout.log or []) if e.get("kind") == "end"), None),
            "book": book_for_event(bout),
            # The board's steps go to the page (never to the POST a panel answered).
            "board_url": reverse(page, args=[access.campaign.pk, bout.pk]),
        }
    )


def _render(request, access, bout, **drawn) -> HttpResponse:
    """The page, or its named partial (`part=`), with the status given (`status=`)."""
    return bout_draw(
        request, access, bout, TEMPLATE, lambda fresh: page_context(access, fresh, request), **drawn
    )


def bout_detail(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    if request.htmx and "step" in request.GET:
        return _render(request, access, bout, part="moritari-board")
    return bout_page(request, access, bout, _render)


def respond(request: HttpRequest, access: Access, bout: Bout, status: int = 200) -> HttpResponse:
    return bout_respond(request, access, bout, status, _render)


def report(request: HttpRequest, bout: Bout) -> None:
    if bout.status == Bout.Status.FIGHTING:
        names = [str(entry) for entry in moritari.fight_entries(bout)]
        pending = pending_view(bout, names)
        if pending is not None:
            messages.info(request, WAITING.format(caesar=pending.caesar, prompt=pending.prompt))
        else:
            messages.info(request, FOUGHT_TURN.format(turn=bout.rounds))
    else:
        end = next((e for e in reversed(bout.log) if e.get("kind") == "end"), None)
        messages.success(request, FOUGHT_TO_END.format(text=end["text"] if end else ""))


def bout_choose(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    """Caesar's answer (his player or the GM): the fight goes on to the end of the turn, or to
    his next choice."""
    pending = moritari.bout_pending(bout)
    if pending is None:
        if not access.is_gm and not any(access.owns_gladiator(m) for m in bout.fighters):
            raise Http404(NOT_YOUR_CHOICE)
        messages.error(request, NO_CHOICE_PENDING)
        return respond(request, access, bout, 400)
    if not _may_answer(access, moritari.pending_entry(bout, pending)):
        raise Http404(NOT_YOUR_CHOICE)
    names = [str(entry) for entry in moritari.fight_entries(bout)]
    view = pending_view(bout, names)
    options = list(pending.options)
    if view is not None and view.any_order and request.POST.get("order", "").strip():
        try:
            typed = typed_order(request.POST["order"], view)
        except BoutError as error:
            messages.error(request, str(error))
            return respond(request, access, bout, 400)
        request.POST = request.POST.copy()
        request.POST["choice"] = typed
        options.append(typed)  # any order is his (moritari/2); the engine checks it again
    mark = {} if _is_caesars_player(access, view) else {"by": moritari.ANSWERED_BY_GM}
    bout, status = answer_and_fight(
        request,
        bout,
        options,
        lambda choice: {"kind": pending.kind, "entrant": pending.entrant, "choice": choice} | mark,
        report,
    )
    return respond(request, access, bout, status)


def bout_replay(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    """Step through a fight line by line from its stored log (?step=N)."""
    if not bout.log:
        messages.info(request, NO_LOG)
        return redirect("arena:bout_detail", access.campaign.pk, bout.pk)
    context = page_context(access, bout, request, page="arena:bout_replay")
    template = REPLAY_TEMPLATE + ("#moritari-board" if request.htmx else "")
    return render(request, template, context)
