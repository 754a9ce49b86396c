"""A bout at the table: the two men, the dice round by round, the choices, the verdict, and the
replay of any bout from its stored log.

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
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRefresh

from arena.book.selectors import book_for_event
from arena.errors import BoutError
from arena.forms import DecisionForm, EditorChoiceForm, FightForm, UndoForm
from arena.models import Bout, Verdict
from arena.rulesets import plugin_for
from arena.selectors.calendar import show_day_note
from arena.selectors.pages import (
    bout_aftermath,
    bout_defiance,
    bout_for_campaign,
    bout_inputs,
    bout_steps,
    choice_costs,
    editor_costs,
    editor_standing,
    favor_series,
    live_odds_visible,
    pending_choice,
    verdict_funding,
)
from arena.services.bouts import appeal_appellant, bout_decide, bout_fight, crowd_call
from arena.services.rudis import rudis_give
from arena.services.undo import bout_undo
from arena.views.answers import (
    NOT_YOUR_CHOICE,
    choose_pending,
    report_fought,
)
from economy.ledger import LedgerError
from ludus.access import Access, campaign_view
from ludus.errors import AlreadyDone, Refusal
from ludus.history import objects_changes
from ludus.services.ludus import LudusError
from ludus.views.calendar import say_if_moved

FOUGHT_ROUND = "Round {round} fought."
DECIDED = "The editor {act}."
APPEAL_WON = "The appeal succeeds: the editor grants missio, at no cost to his Dignitas."
DEFIED = "The editor {act}, defying the crowd: he loses 1 Dignitas."
NOT_A_CHOICE = "The editor grants missio or gives the sword."
RUDIS_GIVEN = "{name} is given the rudis."
NO_LOG = "This bout has not been fought yet; there is nothing to replay."

CHOICE_LABELS = {
    "fight": "Fight",
    "yield": "Yield",
    "fight_on": "Fight on (+1 Crowd Favor)",
    "crit": "A Critical Injury",
    "flourish": "A flourish (+1 Crowd Favor)",
    "none": "Nothing",
}
END_LABELS = dict(Bout.EndReason.choices)
ERA_BOUT = "arena/bouts/bout_detail.html"


def _ruleset_pages(bout: Bout):
    """The bout's own pages when its ruleset's plug-in draws them (the board, its own choices
    and words: bout_detail, respond, report, bout_choose, bout_replay); None for a pair's."""
    return plugin_for(bout.show.campaign.ruleset).pages


def _get_bout(access: Access, bout_id: int) -> Bout:
    try:
        return bout_for_campaign(access.campaign, bout_id)
    except Bout.DoesNotExist:
        raise Http404("No such bout") from None


def _side_man(bout: Bout, side: str):
    return bout.entry(side).gladiator


def _may_choose(access: Access, bout: Bout, side: str) -> bool:
    """The GM, or the player whose school owns the fighter on that side."""
    return access.owns_gladiator(_side_man(bout, side))


def _verdict(bout: Bout) -> Verdict | None:
    try:
        return bout.verdict
    except Verdict.DoesNotExist:
        return None


def _bout_context(access: Access, bout: Bout) -> dict:
    steps = bout_steps(bout)
    inputs = bout_inputs(bout)
    pending = pending_choice(bout)
    may_choose = pending is not None and _may_choose(access, bout, str(pending.side))
    choice_form = None
    if may_choose:
        choice_form = DecisionForm(options=[str(o) for o in pending.options])
    is_editor = access.is_editor(bout.show.editor)
    awaiting = bout.status == Bout.Status.AWAITING_VERDICT
    losing = bout.losing_entry
    loser_favor = None if losing is None else losing.standing
    call = crowd_call(bout, loser_favor) if loser_favor is not None else None
    verdict = _verdict(bout)
    rounds = [step for step in steps if step.events]
    costs = choice_costs(bout) if may_choose else {}
    extra = {}
    if access.is_gm:
        # Take back the last answer or round while the bout is fought; the bout's history
        # (its entries' holds private orders: the GM's only).
        extra["can_undo"] = bout.status == Bout.Status.FIGHTING and bout.rounds > 0
        extra["history"] = objects_changes([bout, *bout.entries.all()])
        if bout.status == Bout.Status.PLANNED:  # the calendar moves before the first round
            extra["day_note"] = show_day_note(bout.show, access.campaign.day)
    return extra | {
        "bout": bout,
        "show": bout.show,
        "steps": steps,
        "now": steps[-1],
        "rounds": rounds,
        "series": favor_series(bout, steps),
        "pending": pending,
        "pending_man": _side_man(bout, str(pending.side)) if pending else None,
        "may_choose": may_choose,
        "choice_form": choice_form,
        "choice_options": [
            (str(o), costs.get(str(o)) or CHOICE_LABELS.get(str(o), str(o)))
            for o in (pending.options if pending else [])
        ],
        "can_fight": access.is_gm
        and bout.status in (Bout.Status.PLANNED, Bout.Status.FIGHTING)
        and pending is None,
        "verdict": verdict,
        "crowd_call": call,
        "crowd_call_label": dict(Verdict.Call.choices).get(call) if call else None,
        "loser_favor": loser_favor,
        "may_decide": awaiting and is_editor,
        "editor_form": EditorChoiceForm() if awaiting and is_editor else None,
        "is_editor": is_editor,
        "editor_dignitas": editor_standing(bout.show) if awaiting and is_editor else None,
        "editor_costs": editor_costs(bout) if awaiting and is_editor else None,
        "appellant": appeal_appellant(bout) if awaiting and call == "sword" else None,
        "defiance": bout_defiance(bout) if verdict is not None else None,
        "aftermath": bout_aftermath(bout, steps),
        "end_label": END_LABELS.get(bout.end_reason, bout.end_reason),
        "orders_a": inputs.get("a", {}).get("orders")
        if access.owns_gladiator(bout.entry_a.gladiator)
        else None,
        "orders_b": inputs.get("b", {}).get("orders")
        if access.owns_gladiator(bout.entry_b.gladiator)
        else None,
        "book": book_for_event(bout),
        "funding": verdict_funding(bout) if access.is_gm else None,
        "live_odds_shown": live_odds_visible(access, access.campaign),
    }


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


def decided_message(verdict: Verdict) -> str:
    return _decided(verdict)


def _panel(request: HttpRequest, access: Access, bout: Bout, status: int = 200) -> HttpResponse:
    bout = _get_bout(access, bout.pk)  # re-read: the service may have changed it
    context = _bout_context(access, bout)
    return render(request, ERA_BOUT + "#bout-panel", context, status=status)


def _respond(request, access, bout, status=200) -> HttpResponse:
    """The panel under htmx; without it a redirect back to the page, or, when the service
    refused (status 400), the page itself with the refusal, so the status is kept."""
    if (pages := _ruleset_pages(bout)) is not None:
        return pages.respond(request, access, bout, status)
    if request.htmx:
        return _panel(request, access, bout, status)
    if status != 200:
        bout = _get_bout(access, bout.pk)
        return render(request, ERA_BOUT, _bout_context(access, bout), status=status)
    return redirect("arena:bout_detail", access.campaign.pk, bout.pk)


@campaign_view(nav="shows")
def bout_detail(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    access = request.access
    bout = _get_bout(access, bout_id)
    if (pages := _ruleset_pages(bout)) is not None:
        return pages.bout_detail(request, access, bout)
    if request.htmx and request.GET.get("part") == "panel":
        return _panel(request, access, bout)
    return render(request, ERA_BOUT, _bout_context(access, bout))


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


def _report(request: HttpRequest, bout: Bout) -> None:
    if (pages := _ruleset_pages(bout)) is not None:
        return pages.report(request, bout)
    report_fought(request, bout, fought=FOUGHT_ROUND.format(round=bout.rounds))


@campaign_view(nav="shows")
@require_POST
def bout_choose(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    """Answer the choice the engine stopped for (the GM or the fighter's player), then finish
    the round it was asked in."""
    access = request.access
    bout = _get_bout(access, bout_id)
    if (pages := _ruleset_pages(bout)) is not None:
        return pages.bout_choose(request, access, bout)
    return choose_pending(
        request, access, bout, may_choose=_may_choose, report=_report, respond=_respond
    )


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


@campaign_view(nav="shows")
def bout_replay(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    """Step through a bout round by round from its stored log (?round=N)."""
    access = request.access
    bout = _get_bout(access, bout_id)
    if (pages := _ruleset_pages(bout)) is not None:
        return pages.bout_replay(request, access, bout)
    steps = bout_steps(bout)
    if not bout.log:
        messages.info(request, NO_LOG)
        return redirect("arena:bout_detail", campaign_id, bout_id)
    last = steps[-1].round
    try:
        number = int(request.GET.get("round", last))
    except ValueError:
        number = last
    number = min(max(number, 0), last)
    step = steps[number]
    context = {
        "bout": bout,
        "show": bout.show,
        "step": step,
        "steps": steps,
        "last": last,
        "previous": number - 1 if number > 0 else None,
        "next": number + 1 if number < last else None,
        "series": favor_series(bout, steps[: number + 1]),
        "end_label": END_LABELS.get(bout.end_reason, bout.end_reason),
        "finished": number == last
        and bout.status
        in (
            Bout.Status.AWAITING_VERDICT,
            Bout.Status.DONE,
        ),
        "verdict": _verdict(bout) if number == last else None,
        "live_odds_shown": live_odds_visible(access, access.campaign),
    }
    template = "arena/bouts/bout_replay.html"
    if request.htmx:
        template += "#replay-step"
    return render(request, template, context)
