"""Answering the choice a bout stopped for, the same on every ruleset's bout page.

Each page checks who may answer and builds the answer in its engine's terms; this posts it and
fights on to the end of the round (or turn) it was asked in, saying in the page's messages what
came of it. A repeat of an answer already given writes nothing (`answered`: the answers the page
was drawn with). The Era's and the Sands's pages (a choice of one side's man, the engine's
`pending_choice`) share the whole step, `choose_pending`, and its messages, `report_fought`."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse

from arena.errors import BoutError
from arena.forms import DecisionForm
from arena.models import Bout
from arena.rulesets import plugin_for
from arena.selectors.pages import pending_choice
from arena.services.bouts import bout_fight
from economy.ledger import LedgerError
from ludus.access import Access
from ludus.errors import AlreadyDone

NOT_YOUR_CHOICE = "That choice is not yours to make."
NO_CHOICE_PENDING = "The bout is not waiting for a choice."
FOUGHT_TO_END = "The bout is fought: {text}"
AWAITING_EDITOR = "The bout waits for the editor's decision."
WAITING = "The engine waits for a choice: {prompt}"


def answer_and_fight(
    request: HttpRequest,
    bout: Bout,
    options: list[str],
    answer_of: Callable[[str], dict],
    report: Callable[[HttpRequest, Bout], None],
) -> tuple[Bout, int]:
    """Post the chosen option (`answer_of(choice)`: the engine's decision) and fight on; the
    bout as it now stands and the page's status (400 when refused)."""
    form = DecisionForm(request.POST, options=options)
    if not form.is_valid():
        messages.error(request, "Choose one of: " + ", ".join(options))
        return bout, 400
    try:
        bout = bout_fight(
            bout=bout,
            decisions=[answer_of(form.cleaned_data["choice"])],
            rounds=1,
            user=request.user,
            auto_decide=False,
            answered=form.cleaned_data["answers"],
        )
    except AlreadyDone as done:
        messages.info(request, str(done))
    except (BoutError, LedgerError) as error:
        messages.error(request, str(error))
        return bout, 400
    else:
        report(request, bout)
    return bout, 200


def report_fought(request: HttpRequest, bout: Bout, *, fought: str) -> None:
    """Say in the page's messages what came of a fight: the choice the engine now waits for,
    `fought` (the page's words for the round or turn just fought), or the end (and the editor's
    decision it waits for)."""
    if bout.status == Bout.Status.FIGHTING:
        pending = pending_choice(bout)
        if pending is not None:
            messages.info(request, WAITING.format(prompt=pending.prompt))
        else:
            messages.info(request, fought)
    else:
        words = plugin_for(bout.show.campaign.ruleset).end_words(bout)
        messages.success(request, FOUGHT_TO_END.format(text=words))
        if bout.status == Bout.Status.AWAITING_VERDICT:
            messages.info(request, AWAITING_EDITOR)


def choose_pending(
    request: HttpRequest,
    access: Access,
    bout: Bout,
    *,
    may_choose: Callable[[Access, Bout, str], bool],
    report: Callable[[HttpRequest, Bout], None],
    respond: Callable[[HttpRequest, Access, Bout, int], HttpResponse],
) -> HttpResponse:
    """Answer the choice of one side's man the bout waits for (`may_choose(access, bout, side)`:
    the GM or his school's player; anyone else is answered 404, as if there were no such
    choice), then fight on; `respond` draws the page's answer."""
    pending = pending_choice(bout)
    if pending is None:
        if not access.is_gm and not any(access.owns_gladiator(m) for m in bout.fighters):
            raise Http404(NOT_YOUR_CHOICE)
        messages.error(request, NO_CHOICE_PENDING)
        return respond(request, access, bout, 400)
    if not may_choose(access, bout, str(pending.side)):
        raise Http404(NOT_YOUR_CHOICE)
    bout, status = answer_and_fight(
        request,
        bout,
        [str(o) for o in pending.options],
        lambda choice: {"kind": str(pending.kind), "side": str(pending.side), "choice": choice},
        report,
    )
    return respond(request, access, bout, status)
