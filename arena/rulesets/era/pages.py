"""The Era's bout pages (a pair, seed 001): the two corners, the dice round by round, the
choice the engine stops for, the editor's verdict, the Crowd Favor chart and the replay round
by round. arena.views.bouts hands an Era campaign's bout here through the plug-in's `pages`, as
it hands a Sands or Moritari bout to theirs; the shared views (fight, undo, decide, rudis)
answer through `respond` and `report`."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from arena.book.selectors import book_for_event
from arena.forms import DecisionForm, EditorChoiceForm
from arena.models import Bout, Verdict
from arena.rulesets.era.selectors import bout_steps, favor_series
from arena.selectors.calendar import show_day_note
from arena.selectors.pages import (
    bout_aftermath,
    bout_defiance,
    bout_for_campaign,
    bout_inputs,
    choice_costs,
    editor_costs,
    editor_standing,
    live_odds_visible,
    pending_choice,
    verdict_funding,
)
from arena.services.bouts import appeal_appellant, crowd_call
from arena.views.answers import choose_pending, report_fought
from ludus.access import Access
from ludus.history import objects_changes

FOUGHT_ROUND = "Round {round} fought."
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
ERA_BOUT = "arena/era/bout_detail.html"
ERA_REPLAY = "arena/era/bout_replay.html"


def _get_bout(access: Access, bout_id: int) -> Bout:
    return bout_for_campaign(access.campaign, bout_id)


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


def _panel(request: HttpRequest, access: Access, bout: Bout, status: int = 200) -> HttpResponse:
    bout = _get_bout(access, bout.pk)  # re-read: the service may have changed it
    context = _bout_context(access, bout)
    return render(request, ERA_BOUT + "#bout-panel", context, status=status)


def respond(request: HttpRequest, access: Access, bout: Bout, status: int = 200) -> HttpResponse:
    """The panel under htmx; without it a redirect back to the page, or, when the service
    refused (status 400), the page itself with the refusal, so the status is kept."""
    if request.htmx:
        return _panel(request, access, bout, status)
    if status != 200:
        bout = _get_bout(access, bout.pk)
        return render(request, ERA_BOUT, _bout_context(access, bout), status=status)
    return redirect("arena:bout_detail", access.campaign.pk, bout.pk)


def bout_detail(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    if request.htmx and request.GET.get("part") == "panel":
        return _panel(request, access, bout)
    return render(request, ERA_BOUT, _bout_context(access, bout))


def report(request: HttpRequest, bout: Bout) -> None:
    report_fought(request, bout, fought=FOUGHT_ROUND.format(round=bout.rounds))


def bout_choose(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    return choose_pending(
        request, access, bout, may_choose=_may_choose, report=report, respond=respond
    )


def bout_replay(request: HttpRequest, access: Access, bout: Bout) -> HttpResponse:
    """Step through a bout round by round from its stored log (?round=N)."""
    steps = bout_steps(bout)
    if not bout.log:
        messages.info(request, NO_LOG)
        return redirect("arena:bout_detail", access.campaign.pk, bout.pk)
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
    template = ERA_REPLAY
    if request.htmx:
        template += "#replay-step"
    return render(request, template, context)
