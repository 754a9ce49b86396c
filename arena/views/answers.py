"""Answering the choice a bout stopped for, the same on every ruleset's bout page.

Each page checks who may answer and builds the answer in its engine's terms; this posts it and
fights on to the end of the round (or turn) it was asked in, saying in the page's messages what
came of it. A repeat of an answer already given writes nothing (`answered`: the answers the page
was drawn with)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest

from arena.errors import BoutError
from arena.forms import DecisionForm
from arena.models import Bout
from arena.services.bouts import bout_fight
from economy.ledger import LedgerError
from ludus.errors import AlreadyDone


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
