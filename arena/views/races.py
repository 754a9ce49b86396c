"""The Circus pages, under c/<campaign_id>/circus/: the races, one race leg by leg with its
chart, running it (the GM), and a driver's orders (his lanista's player or the GM).

Every member sees the races, the field and every leg run. A driver's push orders for legs not
yet run are seen and set by the GM and the player whose school owns him; Peril Points are the
GM's. Writes are POSTs through arena.services.races.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from arena.forms_races import RaceOrdersForm, RaceRunForm
from arena.models import Race, RaceEntry
from arena.race_chart import race_chart_svg
from arena.selectors_races import (
    entry_rows,
    race_chart_lines,
    race_for_campaign,
    race_legs,
    race_roll_off,
    races_for_campaign,
)
from arena.services import races as race_services
from economy.selectors_bets import book_for_event
from economy.services.betting import book_sides
from ludus.access import Access, campaign_access, require_gm


def _get_race(access: Access, race_id: int) -> Race:
    try:
        return race_for_campaign(access.campaign, race_id)
    except ObjectDoesNotExist:
        raise Http404("No such race") from None


@login_required
def race_list(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request.user, campaign_id)
    context = {
        "access": access,
        "campaign": access.campaign,
        "nav": "circus",
        "races": races_for_campaign(access.campaign),
    }
    return render(request, "arena/races/race_list.html", context)


def _race_context(access: Access, race: Race) -> dict:
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
    return {
        "access": access,
        "campaign": access.campaign,
        "nav": "circus",
        "race": race,
        "rows": [(row, prices.get(row.entry.pk), orders_forms.get(row.entry.pk)) for row in rows],
        "legs": race_legs(race),
        "roll_off": race_roll_off(race),
        "chart": race_chart_svg(race_chart_lines(race), title=f"{race.name}, leg by leg"),
        "book": book,
        "winner": winner,
        "run_form": RaceRunForm() if access.is_gm and race.status != Race.Status.DONE else None,
        "orders_any": bool(orders_forms),
    }


@login_required
def race_detail(request: HttpRequest, campaign_id: int, race_id: int) -> HttpResponse:
    access = campaign_access(request.user, campaign_id)
    race = _get_race(access, race_id)
    template = "arena/races/race_detail.html"
    if request.htmx and request.GET.get("part") == "page":
        template += "#race-page"
    return render(request, template, _race_context(access, race))


@login_required
@require_POST
def race_run(request: HttpRequest, campaign_id: int, race_id: int) -> HttpResponse:
    access = campaign_access(request.user, campaign_id)
    require_gm(access)
    race = _get_race(access, race_id)
    form = RaceRunForm(request.POST)
    status = 200
    if not form.is_valid():
        messages.error(request, "Run the next leg or to the end; a seed is a whole number.")
        status = 400
    else:
        legs = race.legs_run + 1 if form.cleaned_data["to"] == "next" else None
        try:
            race = race_services.race_run(
                race=race, seed=form.cleaned_data["seed"], legs=legs, user=request.user
            )
        except race_services.RaceError as error:
            messages.error(request, str(error))
            status = 400
        else:
            done = "The race is run" if race.status == Race.Status.DONE else "Leg run"
            messages.success(request, f"{done}: {race.legs_run} of 3 legs.")
    if request.htmx:
        race = _get_race(access, race_id)
        context = _race_context(access, race)
        return render(request, "arena/races/race_detail.html#race-page", context, status=status)
    return redirect("circus:race_detail", campaign_id, race_id)


@login_required
@require_POST
def race_orders(
    request: HttpRequest, campaign_id: int, race_id: int, entry_id: int
) -> HttpResponse:
    access = campaign_access(request.user, campaign_id)
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
