"""A bout at the table, whatever its rules: each page is its ruleset's (the plug-in's `pages`:
the Era's pair, the Sands's board, the Moritari's skirmish); the actions every ruleset shares
are here: fight, take back, the editor's decision and the rudis.

Every member sees a bout (the public record) and can replay it. The GM fights it ("Fight a
round", "Fight to the end"). A choice the engine stops for is made by the GM or by the player
whose school owns that fighter; nobody else is shown it. A bout that ends with the loser alive
waits for the editor's decision (the page fights with `auto_decide=False`): the GM or the editor's
player follows the crowd or defies it (THE EDITOR'S DECISION III: 1 Dignitas), and in the sword
band the loser's appeal is rolled first by the decision service. The rudis is theirs too.
Fighters' orders are shown only to those who may set them.

With htmx each POST answers with the bout panel alone (`#bout-panel`); without it, a redirect
back to the page, or the page itself with status 400 when the service refused.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRefresh

from arena.errors import BoutError
from arena.forms import EditorChoiceForm, FightForm, UndoForm
from arena.models import Bout, Verdict
from arena.rulesets import plugin_for
from arena.selectors.pages import (
    bout_defiance,
    bout_for_campaign,
    editor_costs,
    editor_standing,
)
from arena.services.bouts import appeal_appellant, bout_decide, bout_fight, crowd_call
from arena.services.rudis import rudis_give
from arena.services.undo import bout_undo
from arena.views.answers import NOT_YOUR_CHOICE
from economy.ledger import LedgerError
from ludus.access import Access, campaign_view
from ludus.errors import AlreadyDone, Refusal
from ludus.services.ludus import LudusError
from ludus.views.calendar import say_if_moved

DECIDED = "The editor {act}."
APPEAL_WON = "The appeal succeeds: the editor grants missio, at no cost to his Dignitas."
DEFIED = "The editor {act}, defying the crowd: he loses 1 Dignitas."
NOT_A_CHOICE = "The editor grants missio or gives the sword."
RUDIS_GIVEN = "{name} is given the rudis."


def _pages(bout: Bout):
    """The bout's pages, its ruleset plug-in's (the board or the pair, its own choices and
    words): bout_detail, respond, report, bout_choose and bout_replay."""
    return plugin_for(bout.show.campaign.ruleset).pages


def _get_bout(access: Access, bout_id: int) -> Bout:
    try:
        return bout_for_campaign(access.campaign, bout_id)
    except Bout.DoesNotExist:
        raise Http404("No such bout") from None


def editor_choice_context(access: Access, bout: Bout) -> dict:
    """What the editor's choice (arena/partials/editor_choice.html) needs for a bout awaiting
    his verdict, outside the bout page (the show page, while the show is held)."""
    call = crowd_call(bout, bout.losing_entry.standing)
    return {
        "bout": bout,
        "crowd_call": call,
        "crowd_call_label": dict(Verdict.Call.choices).get(call),
        "loser_favor": bout.losing_entry.standing,
        "editor_dignitas": editor_standing(bout.show),
        "appellant": appeal_appellant(bout) if call == Verdict.Call.SWORD else None,
        "editor_costs": editor_costs(bout),
    }


def _respond(request, access, bout, status=200) -> HttpResponse:
    """The bout's panel under htmx; without it a redirect back to the page, or, when the
    service refused (status 400), the page itself with the refusal (its ruleset's pages)."""
    return _pages(bout).respond(request, access, bout, status)


def _report(request: HttpRequest, bout: Bout) -> None:
    """Say in the page's messages what the last fight or answer came to."""
    _pages(bout).report(request, bout)


@campaign_view(nav="shows")
def bout_detail(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    access = request.access
    bout = _get_bout(access, bout_id)
    return _pages(bout).bout_detail(request, access, bout)


@campaign_view(nav="shows")
@require_POST
def bout_choose(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    """Answer the choice the engine stopped for (the GM or the fighter's player), then finish
    the round it was asked in."""
    access = request.access
    bout = _get_bout(access, bout_id)
    return _pages(bout).bout_choose(request, access, bout)


@campaign_view(nav="shows")
def bout_replay(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    """Step through a bout from its stored log."""
    access = request.access
    bout = _get_bout(access, bout_id)
    return _pages(bout).bout_replay(request, access, bout)


def decided_message(verdict: Verdict) -> str:
    return _decided(verdict)


@campaign_view(gm_only=True, nav="shows")
@require_POST
def bout_fight_view(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    """Fight one round, or to the end (GM). The engine may stop early for a choice."""
    access = request.access
    bout = _get_bout(access, bout_id)
    rounds = None if request.POST.get("to") == "end" else 1
    form = FightForm(request.POST)
    status = 200
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return _respond(request, access, bout, 400)
    today = access.campaign.day
    try:
        # The editor decides from the page whatever the crowd calls (he may defy it).
        bout = bout_fight(
            bout=bout,
            rounds=rounds,
            user=request.user,
            auto_decide=False,
            at_round=form.cleaned_data["at_round"],
        )
    except AlreadyDone as done:
        messages.info(request, str(done))
    except (BoutError, LedgerError, Refusal) as error:  # Refusal: the calendar's limit
        messages.error(request, str(error))
        status = 400
    else:
        moved = say_if_moved(request, access.campaign, today)  # fought on its show's later day
        _report(request, bout)
        if moved and request.htmx:
            return HttpResponseClientRefresh()  # the whole page: its head shows the new day
    return _respond(request, access, bout, status)


@campaign_view(gm_only=True, nav="shows")
@require_POST
def bout_undo_view(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    """Take back the last answer or round of a bout being fought (GM): it replays from its
    seed without them. The form carries the round and answers the page was drawn at."""
    access = request.access
    bout = _get_bout(access, bout_id)
    form = UndoForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return _respond(request, access, bout, 400)
    status = 200
    try:
        bout, said = bout_undo(
            bout=bout,
            at_round=form.cleaned_data["at_round"],
            answered=form.cleaned_data["answers"],
        )
    except AlreadyDone as done:
        messages.info(request, str(done))
    except BoutError as error:
        messages.error(request, str(error))
        status = 400
    else:
        messages.success(request, said)
    return _respond(request, access, bout, status)


@campaign_view(nav="shows")
@require_POST
def bout_decide_view(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    """The editor's decision (the GM or the editor's player): his choice for a divided crowd,
    or to follow or defy a crowd calling for release or the sword. The decision service rolls
    the appeal first in the sword band and charges the Dignitas for defiance."""
    access = request.access
    bout = _get_bout(access, bout_id)
    if not access.is_editor(bout.show.editor):
        raise Http404(NOT_YOUR_CHOICE)
    form = EditorChoiceForm(request.POST)
    status = 200
    if not form.is_valid():
        messages.error(request, NOT_A_CHOICE)
        status = 400
    else:
        try:
            verdict = bout_decide(
                bout=bout, editor_choice=form.cleaned_data["choice"], user=request.user
            )
        except (BoutError, LedgerError) as error:
            messages.error(request, str(error))
            status = 400
        else:
            messages.success(request, _decided(verdict))
    return _respond(request, access, bout, status)


def _decided(verdict: Verdict) -> str:
    act = verdict.get_editor_act_display().lower()
    if verdict.appeal_success:
        return APPEAL_WON
    if bout_defiance(verdict.bout) is not None:
        return DEFIED.format(act=act)
    return DECIDED.format(act=act)


@campaign_view(nav="shows")
@require_POST
def bout_rudis(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    """The editor gives the winner the rudis (the GM or the editor's player)."""
    access = request.access
    bout = _get_bout(access, bout_id)
    if not access.is_editor(bout.show.editor):
        raise Http404(NOT_YOUR_CHOICE)
    status = 200
    try:
        winner = rudis_give(bout=bout)
    except LudusError as error:
        messages.error(request, str(error))
        status = 400
    else:
        messages.success(request, RUDIS_GIVEN.format(name=winner.name))
    return _respond(request, access, bout, status)
