"""Recovery: who is hurt, the medicus's checks, and the turning of the day (rest for all)."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from ludus.access import Access, campaign_view
from ludus.errors import AlreadyDone, Refusal
from ludus.forms import AdvanceDayForm, TreatForm, UndoMarkForm
from ludus.forms_calendar import AdvanceToForm
from ludus.models import DayEnd, Injury, TreatmentAttempt
from ludus.selectors.people import campaign_ruleset
from ludus.selectors.recovery import (
    medicus_injuries,
    medicus_rows,
    treatable_today,
    treatment_attempt,
    wounded,
)
from ludus.services.calendar import MAX_ADVANCE
from ludus.services.recovery import RecoveryError, campaign_advance_day, medicus_treat
from ludus.services.undo import (
    UndoError,
    day_end_undo,
    day_end_undo_refusal,
    last_day_end,
    last_roll,
    medicus_undo,
    roll_undo_refusal,
)

DAY_ADVANCED = "Day {day} begins. Every man in the ludus had a night's rest."
RESTED = "Rested: {names}."
DIED = "Died in the night of untreated injuries: {names}."
TREATED = "The medicus {verb} {name}'s injury ({injury})."
ROLL_TAKEN_BACK = (
    "The medicus's roll on {name}'s injury ({injury}) is taken back{healed}; it no longer counts "
    "as today's attempt."
)
DAY_TAKEN_BACK = "The end of day {day} is taken back: it is day {day} again{rested}."


def _get_treatable_injury_for_user(
    request: HttpRequest, campaign_id: int, injury_id: int
) -> tuple[Access, Injury]:
    """The injury, for the GM or the player whose school owns the man; 404 for anyone else."""
    access = request.access
    injury = get_object_or_404(
        Injury.objects.select_related("gladiator", "gladiator__owner"),
        pk=injury_id,
        gladiator__campaign=access.campaign,
    )
    if not access.owns_gladiator(injury.gladiator):
        raise Http404("No such injury to treat")
    return access, injury


def _undo_context(access: Access) -> dict:
    """The GM's "take back" of the last roll and the last end of day, each with what stands in
    its way said before the click (the button is offered only when nothing does)."""
    if not access.is_gm:
        return {}
    roll = last_roll(access.campaign)
    night = last_day_end(access.campaign)
    return {
        "undo_roll": roll,
        "undo_roll_refusal": roll_undo_refusal(roll) if roll else None,
        "undo_day": night,
        "undo_day_refusal": day_end_undo_refusal(night) if night else None,
    }


INJURIES_PER_PAGE = 25  # a large campaign has a thousand injuries and men with Wounds
WOUNDED_PER_PAGE = 50


def advance_to_injuries(campaign) -> list[Injury]:
    """The injuries the GM may tick for the medicus before "Advance to day N" (any page's)."""
    return treatable_today(medicus_rows(campaign))


def recovery_context(
    access: Access, *, attempt=None, error: str = "", advance_form=None, query=None
) -> dict:
    query = query or {}
    injuries = Paginator(medicus_injuries(access.campaign), INJURIES_PER_PAGE).get_page(
        query.get("page")
    )
    rows = medicus_rows(access.campaign, injuries.object_list)
    men = Paginator(wounded(access.campaign), WOUNDED_PER_PAGE).get_page(query.get("wounded"))
    day = access.campaign.day
    if advance_form is None and access.is_gm:
        # The boxes to tick are this page's injuries: a large campaign has a thousand.
        advance_form = AdvanceToForm(
            initial={"day": day, "to_day": day + 1}, injuries=treatable_today(rows)
        )
    ruleset = campaign_ruleset(access.campaign)
    return _undo_context(access) | {
        # A ruleset that heals otherwise says how (Sands: ludus/sands/recovery_note.html).
        "recovery_note": ruleset.templates.get("recovery") if ruleset else None,
        "day_form": AdvanceDayForm(initial={"day": day}),
        "advance_form": advance_form,
        "advance_most": day + MAX_ADVANCE,
        "rows": rows,
        "injuries_page": injuries,
        "treatable": {row.injury.pk for row in rows if access.owns_gladiator(row.injury.gladiator)},
        "wounded": men.object_list,
        "wounded_page": men,
        "attempt": attempt,
        "treat_form": TreatForm(),
        "error": error,
    }


@campaign_view(nav="recovery")
def recovery(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    attempt = treatment_attempt(access.campaign, request.GET.get("attempt"))
    context = recovery_context(access, attempt=attempt, query=request.GET)
    return render(request, "ludus/recovery.html", context)


@campaign_view(gm_only=True, nav="recovery")
@require_POST
def advance_day(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    form = AdvanceDayForm(request.POST)
    if not form.is_valid():
        error = " ".join(form.errors["day"])
        return render(
            request, "ludus/recovery.html", recovery_context(access, error=error), status=400
        )
    try:
        report = campaign_advance_day(
            campaign=access.campaign, day=form.cleaned_data["day"], user=request.user
        )
    except AlreadyDone as done:
        # A repeated click or a stale tab: the day has turned already; nothing more is written.
        messages.info(request, str(done))
        return redirect("recovery", campaign_id)
    except RecoveryError as error:
        context = recovery_context(access, error=str(error))
        return render(request, "ludus/recovery.html", context, status=400)
    messages.success(request, DAY_ADVANCED.format(day=report.day))
    if report.rested:
        names = ", ".join(f"{name} (−{n} Wounds)" for name, n in report.rested.items())
        messages.info(request, RESTED.format(names=names))
    if report.died:
        messages.warning(request, DIED.format(names=", ".join(report.died)))
    return redirect("recovery", campaign_id)


@campaign_view(nav="recovery")
@require_POST
def treat_injury(request: HttpRequest, campaign_id: int, injury_id: int) -> HttpResponse:
    access, injury = _get_treatable_injury_for_user(request, campaign_id, injury_id)
    form = TreatForm(request.POST)
    try:
        attempt = medicus_treat(injury=injury, at_ludus=form.at_ludus)
    except RecoveryError as error:
        context = recovery_context(access, error=str(error))
        return render(request, "ludus/recovery.html", context, status=400)
    verb = "healed" if attempt.success else "failed to heal"
    messages.success(
        request, TREATED.format(verb=verb, injury=injury.name, name=injury.gladiator.name)
    )
    url = reverse("recovery", args=[campaign_id])
    return redirect(f"{url}?attempt={attempt.pk}#attempt")


@campaign_view(gm_only=True, nav="recovery")
@require_POST
def undo_roll(request: HttpRequest, campaign_id: int, attempt_id: int) -> HttpResponse:
    """Take back the campaign's last medicus roll (GM), if nothing depends on it yet."""
    access = request.access
    attempt = get_object_or_404(
        TreatmentAttempt.objects.select_related("injury__gladiator"),
        pk=attempt_id,
        injury__gladiator__campaign=access.campaign,
    )
    return _undo(request, access, lambda user: medicus_undo(attempt=attempt, user=user), attempt)


@campaign_view(gm_only=True, nav="recovery")
@require_POST
def undo_day(request: HttpRequest, campaign_id: int, record_id: int) -> HttpResponse:
    """Take back the campaign's last end of day (GM), if nothing depends on it yet."""
    access = request.access
    record = get_object_or_404(DayEnd, pk=record_id, campaign=access.campaign)
    return _undo(request, access, lambda user: day_end_undo(record=record, user=user), record)


def _undo(request, access: Access, undo, target) -> HttpResponse:
    form = UndoMarkForm(request.POST)
    if not form.is_valid():
        error = " ".join(e for errs in form.errors.values() for e in errs)
        return render(
            request, "ludus/recovery.html", recovery_context(access, error=error), status=400
        )
    try:
        done = undo(request.user)
    except AlreadyDone as repeat:
        messages.info(request, str(repeat))
        return redirect("recovery", access.campaign.pk)
    except (UndoError, Refusal) as error:
        return render(
            request, "ludus/recovery.html", recovery_context(access, error=str(error)), status=400
        )
    if isinstance(done, TreatmentAttempt):
        healed = ": the injury is carried again" if done.success else ""
        messages.success(
            request,
            ROLL_TAKEN_BACK.format(
                injury=done.injury.name, name=done.injury.gladiator.name, healed=healed
            ),
        )
    else:
        rested = ", and the Wounds the night rested off are carried again" if done.rested else ""
        messages.success(request, DAY_TAKEN_BACK.format(day=done.day, rested=rested))
    return redirect("recovery", access.campaign.pk)
