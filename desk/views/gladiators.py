"""The roster of each ludus, a gladiator's page, and his standing orders."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from arena.rulesets import plugin_for
from arena.selectors.records import gladiator_record
from desk.forms_edits import GladiatorEditForm, LanistaEditForm
from desk.forms_gladiators import OrdersForm
from desk.selectors import (
    city_records,
    gladiator_bouts,
    injuries_with_treatments,
    lanistae,
    schools,
)
from economy.selectors.visibility import peculium_balance
from economy.services.dealing import may_be_freed, may_be_sold
from ludus.access import Access, campaign_view
from ludus.history import object_changes, objects_changes
from ludus.models import Gladiator, Lanista
from ludus.selectors.people import campaign_ruleset, gladiator_figures
from ludus.services.orders import OrdersError, gladiator_orders_set

ORDERS_SAVED = "{name}'s standing orders are now: {orders}."


def _get_gladiator_for_user(
    request: HttpRequest, campaign_id: int, gladiator_id: int
) -> tuple[Access, Gladiator]:
    """The member's access and the campaign's gladiator; 404 for non-members or another
    campaign's man."""
    access = request.access
    gladiator = get_object_or_404(
        Gladiator.objects.select_related("owner", "owner__player"),
        pk=gladiator_id,
        campaign=access.campaign,
    )
    return access, gladiator


def _get_orders_gladiator_for_user(
    request: HttpRequest, campaign_id: int, gladiator_id: int
) -> tuple[Access, Gladiator]:
    """As above, but only for the GM and his owner's player: nobody else may even learn the
    orders exist (404)."""
    access, gladiator = _get_gladiator_for_user(request, campaign_id, gladiator_id)
    if not access.owns_gladiator(gladiator):
        raise Http404("No such orders")
    return access, gladiator


SCHOOLS_PER_PAGE = 3  # a large campaign has a hundred schools of a hundred men: a few a page


@campaign_view(nav="roster")
def roster(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    page = Paginator(lanistae(access.campaign), SCHOOLS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "schools": schools(
            access.campaign, among=list(page.object_list), schoolless=not page.has_next()
        ),
        "page": page,
    }
    return render(request, "desk/roster.html", context)


@campaign_view(nav="roster")
def school_roster(request: HttpRequest, campaign_id: int, lanista_id: int) -> HttpResponse:
    access = request.access
    lanista = get_object_or_404(Lanista, pk=lanista_id, campaign=access.campaign)
    return render(request, "desk/roster.html", _school_context(access, lanista))


def _school_context(access: Access, lanista: Lanista, edit_form=None) -> dict:
    """A school's page; the GM's edit form of the lanista, his school and medicus, and its
    history (GM only: the history holds who plays whom)."""
    context = {
        "schools": schools(access.campaign, lanista=lanista),
        "lanista": lanista,
    }
    if access.is_gm:
        context["edit_form"] = edit_form or LanistaEditForm(instance=lanista)
        context["history"] = object_changes(lanista)
    return context


def _detail_context(
    access: Access, gladiator: Gladiator, orders_form: OrdersForm | None, edit_form=None
):
    private = access.owns_gladiator(gladiator)
    if private and orders_form is None:
        orders_form = OrdersForm(initial={"orders": gladiator.orders}, campaign=access.campaign)
    # A ruleset that shows its own sheet names its template (Sands: desk/sands/sheet.html).
    ruleset = campaign_ruleset(access.campaign)
    sheet_template = ruleset.templates.get("sheet") if ruleset else None
    context = {
        "gladiator": gladiator,
        "sheet": None
        if sheet_template
        else plugin_for(access.campaign.ruleset).pair_sheet(gladiator),
        "sheet_template": sheet_template,
        "figures": gladiator_figures(gladiator) if sheet_template else None,
        "record": gladiator_record(gladiator),
        "city_records": city_records(gladiator),
        "injuries": injuries_with_treatments(gladiator),
        "bouts": gladiator_bouts(gladiator),
        "private": private,
        "peculium": peculium_balance(gladiator) if private else None,
        "orders_form": orders_form if private else None,
        "market_offer": _market_offer(gladiator) if private else "",
    }
    if access.is_gm:
        # The GM's edit and the history of the man (his orders are in it: the GM's only) and
        # of his injuries (the medicus's rolls and their undoing).
        context["edit_form"] = edit_form or GladiatorEditForm(instance=gladiator)
        context["history"] = objects_changes([gladiator, *gladiator.injuries.all()])
    return context


def _market_offer(gladiator: Gladiator) -> str:
    """The market's button on his page, only for what the rules allow: none for a dead or
    freed man or a volunteer under contract, "Sell him" for a condemned man."""
    if may_be_freed(gladiator):
        return "Sell or free him"
    return "Sell him" if may_be_sold(gladiator) else ""


@campaign_view(nav="roster")
def gladiator_detail(request: HttpRequest, campaign_id: int, gladiator_id: int) -> HttpResponse:
    if request.GET.get("part") == "orders":
        # The orders card alone: his owner's player and the GM only (404 for anyone else, who
        # must not learn whose the card is, nor that it exists).
        access, gladiator = _get_orders_gladiator_for_user(request, campaign_id, gladiator_id)
    else:
        access, gladiator = _get_gladiator_for_user(request, campaign_id, gladiator_id)
    context = _detail_context(access, gladiator, None)
    if request.htmx and request.GET.get("part") == "orders":
        return render(request, "desk/gladiator_detail.html#orders", context)
    return render(request, "desk/gladiator_detail.html", context)


@campaign_view(nav="roster")
@require_POST
def gladiator_orders(request: HttpRequest, campaign_id: int, gladiator_id: int) -> HttpResponse:
    access, gladiator = _get_orders_gladiator_for_user(request, campaign_id, gladiator_id)
    form = OrdersForm(request.POST, campaign=access.campaign)
    if form.is_valid():
        try:
            gladiator = gladiator_orders_set(
                gladiator=gladiator, orders=form.cleaned_data["orders"]
            )
        except OrdersError as error:
            form.add_error(None, str(error))
        else:
            if request.htmx:
                context = _detail_context(access, gladiator, None)
                context["orders_saved"] = True
                return render(request, "desk/gladiator_detail.html#orders", context)
            messages.success(
                request, ORDERS_SAVED.format(name=gladiator.name, orders=gladiator.orders)
            )
            return redirect("gladiator_detail", campaign_id, gladiator.pk)
    context = _detail_context(access, gladiator, form)
    template = "desk/gladiator_detail.html"
    if request.htmx:
        template += "#orders"
    return render(request, template, context, status=400)
