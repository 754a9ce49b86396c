"""The Circus pages, under c/<campaign_id>/circus/: the races, one race leg by leg with its
chart, running it (the GM), and a driver's orders (his lanista's player or the GM).

Every member sees the races, the field and every leg run. A driver's push orders for legs not
yet run are seen and set by the GM and the player whose school owns him; Peril Points are the
GM's. Writes are POSTs through arena.rulesets.era.circus.services.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRefresh

from arena.book.selectors import book_for_event
from arena.models import Race, RaceEntry, Show
from arena.rulesets.era.circus import services as race_services
from arena.rulesets.era.circus.chart import race_chart_svg
from arena.rulesets.era.circus.forms import RaceEntryForm, RaceOrdersForm, RacePlanForm, RaceRunForm
from arena.rulesets.era.circus.selectors import (
    entry_rows,
    race_chart_lines,
    race_for_campaign,
    race_legs,
    race_roll_off,
    races_for_campaign,
)
from arena.selectors.calendar import show_day_note
from economy.services.betting import book_sides
from ludus.access import Access, campaign_view
from ludus.errors import AlreadyDone, Refusal
from ludus.picker import pick_answer
from ludus.views.calendar import say_if_moved


def _get_race(access: Access, race_id: int) -> Race:
    try:
        return race_for_campaign(access.campaign, race_id)
    except ObjectDoesNotExist:
        raise Http404("No such race") from None


def _planned_shows(access: Access):
    return Show.objects.filter(campaign=access.campaign, status=Show.Status.PLANNED).order_by(
        "day", "pk"
    )


@campaign_view(nav="circus")
def race_list(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    return _race_list_page(request, access)


def _race_list_page(request, access: Access, form=None, status: int = 200) -> HttpResponse:
    if form is None and access.is_gm:
        form = RacePlanForm(shows=_planned_shows(access))
    context = {
        "races": races_for_campaign(access.campaign),
        "plan_form": form if access.is_gm else None,
    }
    return render(request, "arena/circus/race_list.html", context, status=status)


@campaign_view(gm_only=True, nav="circus")
@require_POST
def race_plan_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM plans a race on a show still to come; then he builds its field on its page."""
    access = request.access
    form = RacePlanForm(request.POST, shows=_planned_shows(access))
    if not form.is_valid():
        return _race_list_page(request, access, form, status=400)
    try:
        race = race_services.race_plan(
            show=form.cleaned_data["show"],
            name=form.cleaned_data["name"],
            chariot=form.cleaned_data["chariot"],
            prize_purses=form.cleaned_data["prize_purses"],
            once_key=form.cleaned_data["key"],
        )
    except AlreadyDone as done:
        # The same form sent twice: the race planned by the first post.
        messages.info(request, str(done))
        if done.result_id is None:
            return redirect("circus:race_list", campaign_id)
        return redirect("circus:race_detail", campaign_id, done.result_id)
    except race_services.RaceError as error:
        form.add_error(None, str(error))
        return _race_list_page(request, access, form, status=400)
    messages.success(request, f"{race.name} is planned. Add its drivers.")
    return redirect("circus:race_detail", campaign_id, race.pk)


def _entry_form(access: Access, race: Race, data=None) -> RaceEntryForm:
    return RaceEntryForm(
        data,
        men=race_services.race_driver_choices(race),
        factions=race_services.campaign_factions(access.campaign),
    )


def _race_context(access: Access, race: Race, entry_form=None) -> dict:
    rows = entry_rows(race, access)
    book = book_for_event(race)
    prices = {side.id: side.odds for side in book_sides(book)} if book else {}
    orders_forms = {}
    for row in rows:
        if row.orders_visible and race.status != Race.Status.DONE:
            entry = row.entry
            initial = {f"push_{leg + 1}": bool(p) for leg, p in enumerate(entry.push_legs or [])}
            initial |= {f"peril_{leg}": True for leg in entry.peril_legs or []}
            orders_forms[entry.pk] = RaceOrdersForm(
                initial=initial, with_peril=access.is_gm, legs_run=race.legs_run
            )
    winner = next((row.entry for row in rows if row.entry.won), None)
    field_open = access.is_gm and race_services.race_field_open(race, book)
    if field_open and entry_form is None:
        entry_form = _entry_form(access, race)
    return {
        "race": race,
        "rows": [(row, prices.get(row.entry.pk), orders_forms.get(row.entry.pk)) for row in rows],
        "legs": race_legs(race),
        "roll_off": race_roll_off(race),
        "chart": race_chart_svg(race_chart_lines(race), title=f"{race.name}, leg by leg"),
        "book": book,
        "winner": winner,
        "day_note": show_day_note(race.show, access.campaign.day)
        if access.is_gm and race.legs_run == 0
        else None,
        "run_form": (
            RaceRunForm(initial={"leg": race.legs_run + 1})
            if access.is_gm and race.status != Race.Status.DONE
            else None
        ),
        "orders_any": bool(orders_forms),
        "entry_form": entry_form,
        "field_open": field_open,
        # The GM sees why he may no longer change the field before the first leg.
        "field_held": access.is_gm
        and race.legs_run == 0
        and race.status == Race.Status.PLANNED
        and not field_open,
    }


@campaign_view(nav="circus")
def race_detail(request: HttpRequest, campaign_id: int, race_id: int) -> HttpResponse:
    access = request.access
    race = _get_race(access, race_id)
    template = "arena/circus/race_detail.html"
    if request.htmx and request.GET.get("part") == "page":
        template += "#race-page"
    context = _race_context(access, race)
    if (answer := pick_answer(request, context["entry_form"])) is not None:  # a driver search
        return answer
    return render(request, template, context)


@campaign_view(gm_only=True, nav="circus")
@require_POST
def race_run_view(request: HttpRequest, campaign_id: int, race_id: int) -> HttpResponse:
    access = request.access
    race = _get_race(access, race_id)
    form = RaceRunForm(request.POST)
    status = 200
    refresh = False
    if not form.is_valid():
        errors = [str(e) for errs in form.errors.values() for e in errs]
        if set(form.errors) - {"leg"}:
            # The form's own messages name the field (ludus.limits.bounded_integer).
            errors.insert(0, "Run the next leg or to the end.")
        messages.error(request, " ".join(errors))
        status = 400
    else:
        # The leg the GM saw: "next" runs that leg only, and a repeat is "already done".
        leg = form.cleaned_data["leg"]
        legs = leg if form.cleaned_data["to"] == "next" else None
        today = access.campaign.day
        try:
            race = race_services.race_run(
                race=race, seed=form.cleaned_data["seed"], legs=legs, leg=leg, user=request.user
            )
        except AlreadyDone as done:
            messages.info(request, str(done))
        except Refusal as error:  # the race's rules, or the calendar's limit
            messages.error(request, str(error))
            status = 400
        else:
            if say_if_moved(request, access.campaign, today) and request.htmx:
                refresh = True  # run on its show's later day: the page whole, with its day
            done = "The race is run" if race.status == Race.Status.DONE else "Leg run"
            messages.success(request, f"{done}: {race.legs_run} of 3 legs.")
    if request.htmx and refresh:
        return HttpResponseClientRefresh()
    if request.htmx:
        race = _get_race(access, race_id)
        context = _race_context(access, race)
        return render(request, "arena/circus/race_detail.html#race-page", context, status=status)
    return redirect("circus:race_detail", campaign_id, race_id)


@campaign_view(nav="circus")
@require_POST
def race_orders(
    request: HttpRequest, campaign_id: int, race_id: int, entry_id: int
) -> HttpResponse:
    access = request.access
    race = _get_race(access, race_id)
    try:
        entry = race.entries.select_related("driver__owner").get(pk=entry_id)
    except RaceEntry.DoesNotExist:
        raise Http404("No such driver in this race") from None
    if not access.owns_gladiator(entry.driver):
        # Another player's driver: his orders are private, so the page is not there for you.
        raise Http404("Not available")
    initial = {f"push_{leg + 1}": bool(p) for leg, p in enumerate(entry.push_legs or [])}
    initial |= {f"peril_{leg}": True for leg in entry.peril_legs or []}
    form = RaceOrdersForm(
        request.POST, initial=initial, with_peril=access.is_gm, legs_run=race.legs_run
    )
    if form.is_valid():
        try:
            race_services.race_orders_set(
                entry=entry, push_legs=form.push_legs(), peril_legs=form.peril_legs()
            )
            messages.success(request, f"Orders for {entry.driver.name} are set.")
        except race_services.RaceError as error:
            messages.error(request, str(error))
    else:
        messages.error(request, "The orders could not be read.")
    return redirect("circus:race_detail", campaign_id, race_id)


def _field_response(request, access: Access, race_id: int, entry_form=None, status: int = 200):
    """With htmx the field card (and, out of band, the chart and the orders), else a redirect."""
    if not request.htmx:
        return redirect("circus:race_detail", access.campaign.pk, race_id)
    race = _get_race(access, race_id)
    context = _race_context(access, race, entry_form=entry_form)
    page_url = reverse("circus:race_detail", args=[access.campaign.pk, race_id])
    pick_answer(request, context["entry_form"], url=page_url)  # its driver search
    return render(request, "arena/circus/partials/field_swap.html", context, status=status)


@campaign_view(gm_only=True, nav="circus")
@require_POST
def race_entry_add_view(request: HttpRequest, campaign_id: int, race_id: int) -> HttpResponse:
    access = request.access
    race = _get_race(access, race_id)
    form = _entry_form(access, race, request.POST)
    status = 200
    if not form.is_valid():
        messages.error(request, "Choose a man of the campaign in the ludus, not yet in the field.")
        status = 400
    else:
        try:
            entry, note = race_services.race_entry_add(
                race=race, gladiator=form.cleaned_data["gladiator"], faction=form.faction_name()
            )
        except race_services.RaceError as error:
            messages.error(request, str(error))
            status = 400
        else:
            who = f"{entry.driver.name} of the {entry.faction}"
            messages.success(request, f"{who} drives from stall {entry.lane}.")
            if note:
                messages.warning(request, note)
            form = None
    return _field_response(request, access, race_id, form if status == 400 else None, status)


@campaign_view(gm_only=True, nav="circus")
@require_POST
def race_entry_remove_view(
    request: HttpRequest, campaign_id: int, race_id: int, entry_id: int
) -> HttpResponse:
    access = request.access
    race = _get_race(access, race_id)
    try:
        entry = race.entries.select_related("driver").get(pk=entry_id)
    except RaceEntry.DoesNotExist:
        raise Http404("No such driver in this race") from None
    status = 200
    try:
        note = race_services.race_entry_remove(race=race, entry=entry)
    except race_services.RaceError as error:
        messages.error(request, str(error))
        status = 400
    else:
        messages.success(request, f"{entry.driver.name} is out of the field.")
        if note:
            messages.warning(request, note)
    return _field_response(request, access, race_id, status=status)
