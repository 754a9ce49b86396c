"""The Recovery page's "Advance to day N" (GM): every night to day N, with the medicus rolls
asked for (ludus.services.calendar)."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ludus.access import campaign_view
from ludus.errors import AlreadyDone, Refusal
from ludus.forms_calendar import AdvanceToForm
from ludus.selectors.calendar import nights_between
from ludus.services.calendar import AdvanceReport, campaign_advance_to
from ludus.views.recovery import advance_to_injuries, recovery_context

ADVANCED = "Day {day} begins: {nights} nights of rest for every man in the ludus (from day {frm})."
ROLLED = "The medicus, on day {day}: {rolls}."
RESTED = "Rested over the nights: {names}."
DIED = "Died in the night: {names}."


def advance_messages(request: HttpRequest, report: AdvanceReport) -> None:
    """What the nights did, as the page's messages (also said after a show moved the day)."""
    nights = report.nights
    messages.success(
        request,
        ADVANCED.format(day=report.to_day, nights=nights, frm=report.from_day).replace(
            "1 nights", "1 night"
        ),
    )
    if report.attempts:
        rolls = "; ".join(
            f"{a.injury.gladiator.name}'s {a.injury.name} {'healed' if a.success else 'not healed'}"
            for a in report.attempts
        )
        messages.info(request, ROLLED.format(day=report.from_day, rolls=rolls))
    if report.rested:
        names = ", ".join(f"{name} (−{n} Wounds)" for name, n in report.rested.items())
        messages.info(request, RESTED.format(names=names))
    if report.died:
        names = ", ".join(f"{name} (night of day {day})" for name, day in report.died)
        messages.warning(request, DIED.format(names=names))


@campaign_view(gm_only=True, nav="recovery")
@require_POST
def advance_to(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    form = AdvanceToForm(request.POST, injuries=advance_to_injuries(access.campaign))
    if not form.is_valid():
        error = " ".join(e for errs in form.errors.values() for e in errs)
        context = recovery_context(access, error=error, advance_form=form)
        return render(request, "ludus/recovery.html", context, status=400)
    data = form.cleaned_data
    try:
        report = campaign_advance_to(
            campaign=access.campaign,
            to_day=data["to_day"],
            day=data["day"],
            treat=form.treated(),
            at_ludus=form.at_ludus,
            user=request.user,
        )
    except AlreadyDone as done:
        # A repeated click or a stale tab: the day has moved already; nothing more is written.
        messages.info(request, str(done))
        return redirect("recovery", campaign_id)
    except Refusal as error:
        context = recovery_context(access, error=str(error), advance_form=form)
        return render(request, "ludus/recovery.html", context, status=400)
    advance_messages(request, report)
    return redirect("recovery", campaign_id)


def say_if_moved(request: HttpRequest, campaign, before: int) -> bool:
    """After an event fought on its show's later day: say how the calendar moved (the nights'
    rest and deaths), if it did. Returns whether it did (a page swapped in part by htmx is then
    drawn whole again, so its head shows the new day)."""
    campaign.refresh_from_db(fields=["day"])
    if campaign.day <= before:
        return False
    advance_messages(request, nights_between(campaign, before, campaign.day))
    return True
