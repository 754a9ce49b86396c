"""The shows of a campaign: the list, the planner (GM), a show's card, and holding it.

Every member sees the shows and their cards (the public record). Planning, putting pairs on the
card, hiring the men and holding the show are the GM's; a player asking for those pages gets 404.
Writes are POSTs through arena.services.shows and economy.services.hire.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from arena.book.services import book_open_with
from arena.errors import BoutError
from arena.forms import (
    BoutAddForm,
    BoutReplaceForm,
    EditorChoiceForm,
    ShowEditForm,
    ShowPlanForm,
)
from arena.models import Bout, Show
from arena.rulesets import plugin_for
from arena.selectors.bouts import shows as campaign_shows
from arena.selectors.calendar import show_day_note
from arena.selectors.pages import (
    card_rows,
    editor_standing,
    fit_for_card,
    past_bouts,
    show_cost,
    show_for_campaign,
)
from arena.services.bouts import bout_decide
from arena.services.shows import (
    ShowError,
    bout_add,
    bout_remove,
    bout_replace,
    show_edit,
    show_hold,
    show_plan,
    show_verdict_due,
)
from arena.views.bouts import NOT_A_CHOICE, decided_message, editor_choice_context
from economy.ledger import LedgerError
from economy.services.betting import BettingError
from economy.services.hire import hire_contract_create
from economy.services.lex_tullia import lex_tullia_warning
from ludus.access import Access, campaign_view
from ludus.errors import AlreadyDone, Refusal
from ludus.history import objects_changes
from ludus.picker import pick_answer
from ludus.views.calendar import say_if_moved

SHOW_PLANNED = "{show} is planned for day {day}. Put pairs on its card."
PAIR_ADDED = "{a} and {b} are on the card."
PAIR_REMOVED = "{pair} is off the card: the bout is void, and both men are free for another."
PAIR_CHANGED = "The card now has {pair}."
HIRED = "Hired {name} from {lanista} for {price:,} HS."
SHOW_EDITED = "{show} is changed: {fields}."
SHOW_HELD = "{show} is held: every bout is fought and decided."
SHOW_HELD_BY_RULES = (
    "{show} is held: every bout is fought, and the rules took each verdict (the crowd's call; "
    "a divided crowd, the editor's default, missio)."
)
SHOW_HELD_WAITING = (
    "{show} is held: every bout is fought. The editor's decision is awaited for {pairs}."
)
HOLD_STOPPED = (
    "Holding {show} stopped at pair {order}, {pair}: the editor's verdict is yours to give "
    "below; holding goes on once it is given."
)


def _get_show(access: Access, show_id: int) -> Show:
    try:
        return show_for_campaign(access.campaign, show_id)
    except Show.DoesNotExist:
        raise Http404("No such show") from None


SHOWS_PER_PAGE = 50  # the calendar, a page at a time


@campaign_view(nav="shows")
def show_list(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    calendar = campaign_shows(access.campaign)
    number = request.GET.get("page")
    if number is None:
        # The page that holds today: the shows of the days before it fill the pages before.
        past = calendar.filter(day__lt=access.campaign.day).count()
        number = past // SHOWS_PER_PAGE + 1
    page = Paginator(calendar.annotate(pairs=Count("bouts")), SHOWS_PER_PAGE).get_page(number)
    context = {
        "page": page,
        "shows": page.object_list,
        "past_bouts": past_bouts(access.campaign)[:20],
    }
    return render(request, "arena/shows/show_list.html", context)


@campaign_view(gm_only=True, nav="shows")
def show_plan_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Plan a new show (GM): its name, kind, editor, venue and day."""
    access = request.access
    form = ShowPlanForm(request.POST or None, campaign=access.campaign)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = dict(form.cleaned_data)
            try:
                show = show_plan(campaign=access.campaign, once_key=data.pop("key"), **data)
            except AlreadyDone as done:
                # The same form sent twice: the show planned by the first post.
                messages.info(request, str(done))
                if done.result_id is None:
                    return redirect("arena:show_list", campaign_id)
                return redirect("arena:show_detail", campaign_id, done.result_id)
            except ShowError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, SHOW_PLANNED.format(show=show.name, day=show.day))
                return redirect("arena:show_detail", campaign_id, show.pk)
        status = 400
    return render(request, "arena/shows/show_plan.html", {"form": form}, status=status)


def _lex_tullia(show: Show) -> str | None:
    """The law touches gladiator shows: a munus, or ludi with pairs on the card."""
    if show.kind == Show.Kind.MUNUS or show.bouts.exists():
        return lex_tullia_warning(editor=show.editor, show_year=show.year)
    return None


BOOK_OPENED = "Its book is open: {book}."
NO_BOOK = "No book was opened with it: {reason} Open one on the bets page."


def say_book_opened(request: HttpRequest, bout: Bout) -> None:
    """Open the book of a bout just put on the card, if the campaign says so, and say so
    (arena.book.services.book_open_with); the bout stays on the card either way."""
    try:
        book = book_open_with(bout)
    except BettingError as refused:
        messages.warning(request, NO_BOOK.format(reason=refused))
        return
    if book is not None:
        messages.info(request, BOOK_OPENED.format(book=book))


def _show_context(
    access: Access,
    show: Show,
    bout_form: BoutAddForm | None = None,
    edit_form: ShowEditForm | None = None,
) -> dict:
    is_editor = access.is_editor(show.editor)
    planning = access.is_gm and show.status == Show.Status.PLANNED
    if planning and bout_form is None:
        bout_form = BoutAddForm(campaign=access.campaign, fighters=fit_for_card(show))
    extra = {}
    if access.is_gm:
        # The show's history and its card's (pairs put on, taken off, men replaced, rounds
        # fought and taken back): the GM's, since the entries' history holds private orders.
        bouts = list(show.bouts.prefetch_related("entries__gladiator"))
        entries = [entry for bout in bouts for entry in bout.entries.all()]
        extra["history"] = objects_changes([show, *bouts, *entries])
        if planning or edit_form is not None:  # a refused edit is shown with its reason
            extra["edit_form"] = edit_form or ShowEditForm(campaign=access.campaign, show=show)
    plugin = plugin_for(access.campaign.ruleset)
    return extra | {
        "show": show,
        "fight_form": plugin.card_add_form(show, fit_for_card(show)) if planning else None,
        "fight_form_template": plugin.card_add_template,
        "fight_row_template": plugin.card_row_template,
        "rows": card_rows(show),
        "races": show.races.all(),
        "planning": planning,
        "bout_form": bout_form if planning else None,
        "cost": show_cost(show) if is_editor else None,
        "lex_tullia": _lex_tullia(show),
        "dignitas": editor_standing(show),
        "can_hold": planning and show.bouts.exclude(status=Bout.Status.VOID).exists(),
        "due": _verdict_due(access, show) if planning else None,
        "day_note": show_day_note(show, access.campaign.day) if planning else None,
        "replace_form": BoutReplaceForm(fighters=fit_for_card(show)) if planning else None,
    }


def _verdict_due(access: Access, show: Show) -> dict | None:
    """The verdict holding stopped at, for the GM to give on this page."""
    bout = show_verdict_due(show) if access.is_gm else None
    if bout is None:
        return None
    return editor_choice_context(access, bout)


def _show_page(
    request: HttpRequest, show: Show, context: dict, *, template: str = "", status: int = 200
) -> HttpResponse:
    """The show page; the planner's selects of men search it (ludus.picker)."""
    page_url = reverse("arena:show_detail", args=[show.campaign_id, show.pk])
    forms = (context.get("bout_form"), context.get("fight_form"), context.get("replace_form"))
    if (answer := pick_answer(request, *forms, url=page_url)) is not None:
        return answer
    return render(request, template or "arena/shows/show_detail.html", context, status=status)


@campaign_view(nav="shows")
def show_detail(request: HttpRequest, campaign_id: int, show_id: int) -> HttpResponse:
    """A show's card (everyone); for the GM while it is planned, the planner as well."""
    access = request.access
    show = _get_show(access, show_id)
    template = "arena/shows/show_detail.html"
    if request.htmx and request.GET.get("part") == "card":
        template += "#show-card"
    return _show_page(request, show, _show_context(access, show), template=template)


def _orders(preset: str, ask: list[str], cut: bool = False) -> dict:
    """A bout's orders as the bout service reads them: {} is the man's standing orders;
    "ask" the choices left to the table; "cut": true has him declare cuts."""
    orders: dict = {"name": preset} if preset else {}
    if ask:
        orders["ask"] = sorted(ask)
    if cut:
        orders["cut"] = True
    return orders


@campaign_view(gm_only=True, nav="shows")
@require_POST
def bout_add_view(request: HttpRequest, campaign_id: int, show_id: int) -> HttpResponse:
    """Put a pair on the card (GM) and hire each man who belongs to a lanista."""
    access = request.access
    show = _get_show(access, show_id)
    form = BoutAddForm(request.POST, campaign=access.campaign, fighters=fit_for_card(show))
    if form.is_valid():
        data = form.cleaned_data
        try:
            # One step: the pair goes on the card only if both hires are paid, and no hire is
            # paid for a pair the card refuses.
            with transaction.atomic():
                bout = bout_add(
                    show=show,
                    fighter_a=data["fighter_a"],
                    fighter_b=data["fighter_b"],
                    kind=data["kind"],
                    orders_a=_orders(data["orders_a"], data["ask_a"], data["cut_a"]),
                    orders_b=_orders(data["orders_b"], data["ask_b"], data["cut_b"]),
                    first=data["first"],
                    consent_a=data["consent_a"],
                    consent_b=data["consent_b"],
                )
                hires = []
                if data["hire"]:
                    for man in bout.fighters:
                        if man.owner_id is not None and not man.hires.filter(show=show).exists():
                            hires.append(
                                hire_contract_create(
                                    show=show,
                                    gladiator=man,
                                    kind=bout.kind,
                                    consent=bout.entry_for(man).consented,
                                    created_by=request.user,
                                )
                            )
        except (ShowError, LedgerError) as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, PAIR_ADDED.format(a=bout.entry_a, b=bout.entry_b))
            say_book_opened(request, bout)
            for hire in hires:
                messages.info(
                    request,
                    HIRED.format(
                        name=hire.gladiator.name, lanista=hire.lanista.name, price=hire.price
                    ),
                )
            return redirect("arena:show_detail", campaign_id, show_id)
    return _show_page(request, show, _show_context(access, show, bout_form=form), status=400)


@campaign_view(gm_only=True, nav="shows")
@require_POST
def show_hold_view(request: HttpRequest, campaign_id: int, show_id: int) -> HttpResponse:
    """Hold the show (GM): fight every remaining bout by the men's orders; the service decides
    what the editor need not be asked, and says which bouts wait for his decision."""
    access = request.access
    show = _get_show(access, show_id)
    crowd_decides = request.POST.get("crowd_decides") == "on"
    _hold(request, access, show, crowd_decides=crowd_decides)
    return redirect("arena:show_detail", campaign_id, show_id)


def _hold(request: HttpRequest, access: Access, show: Show, *, crowd_decides: bool) -> None:
    """Hold the show (or go on holding it) and say where it stands: held, or stopped at the
    verdict the GM gives next."""
    today = access.campaign.day
    try:
        show = show_hold(show=show, user=request.user, crowd_decides=crowd_decides)
    except (ShowError, BoutError, LedgerError, Refusal) as error:  # Refusal: the calendar's
        messages.error(request, str(error))
        return
    say_if_moved(request, access.campaign, today)  # held on its later day
    due = show_verdict_due(show)
    if due is not None and show.status != Show.Status.HELD:
        messages.info(request, HOLD_STOPPED.format(show=show.name, order=due.order, pair=due))
        return
    waiting = [
        str(b)
        for b in show.bouts.filter(status=Bout.Status.AWAITING_VERDICT)
        .prefetch_related("entries__gladiator")
        .order_by("order", "pk")
    ]
    if waiting:
        messages.success(
            request, SHOW_HELD_WAITING.format(show=show.name, pairs="; ".join(waiting))
        )
    else:
        held = SHOW_HELD_BY_RULES if crowd_decides else SHOW_HELD
        messages.success(request, held.format(show=show.name))


@campaign_view(gm_only=True, nav="shows")
@require_POST
def show_decide_view(
    request: HttpRequest, campaign_id: int, show_id: int, bout_id: int
) -> HttpResponse:
    """The GM gives the verdict holding stopped at (the GM's editor), and holding goes on to
    the next verdict or the end of the card."""
    access = request.access
    show = _get_show(access, show_id)
    bout = _card_bout(access, show, bout_id)
    form = EditorChoiceForm(request.POST)
    if not form.is_valid():
        messages.error(request, NOT_A_CHOICE)
        return redirect("arena:show_detail", campaign_id, show_id)
    try:
        verdict = bout_decide(
            bout=bout, editor_choice=form.cleaned_data["choice"], user=request.user
        )
    except (BoutError, LedgerError) as error:
        messages.error(request, str(error))
        return redirect("arena:show_detail", campaign_id, show_id)
    messages.success(request, f"{bout}: {decided_message(verdict)}")
    show.refresh_from_db(fields=["status"])
    if show.status == Show.Status.HELD:  # the last verdict of the card held it
        messages.success(request, SHOW_HELD.format(show=show.name))
    else:
        _hold(request, access, show, crowd_decides=False)
    return redirect("arena:show_detail", campaign_id, show_id)


def _card_bout(access: Access, show: Show, bout_id: int) -> Bout:
    try:
        return show.bouts.get(pk=bout_id)
    except Bout.DoesNotExist:
        raise Http404("No such bout on this card") from None


@campaign_view(gm_only=True, nav="shows")
@require_POST
def bout_remove_view(request: HttpRequest, campaign_id: int, show_id: int, bout_id: int):
    """Take a pair off the card (GM): the bout is void, its book voided, both men free."""
    access = request.access
    show = _get_show(access, show_id)
    bout = bout_remove(bout=_card_bout(access, show, bout_id), user=request.user)
    messages.success(request, PAIR_REMOVED.format(pair=bout))
    return redirect("arena:show_detail", campaign_id, show_id)


@campaign_view(gm_only=True, nav="shows")
@require_POST
def bout_replace_view(request: HttpRequest, campaign_id: int, show_id: int, bout_id: int):
    """Put another man in one corner of a pair not yet fought (GM)."""
    access = request.access
    show = _get_show(access, show_id)
    bout = _card_bout(access, show, bout_id)
    form = BoutReplaceForm(request.POST, fighters=fit_for_card(show))
    if not form.is_valid():
        problems = [f"{name}: {e}" for name, errs in form.errors.items() for e in errs]
        messages.error(request, " ".join(problems))
        return redirect("arena:show_detail", campaign_id, show_id)
    data = form.cleaned_data
    bout = bout_replace(
        bout=bout,
        side=data["side"],
        gladiator=data["gladiator"],
        consent=data["consent"],
        user=request.user,
    )
    messages.success(request, PAIR_CHANGED.format(pair=bout))
    return redirect("arena:show_detail", campaign_id, show_id)


@campaign_view(gm_only=True, nav="shows")
@require_POST
def show_edit_view(request: HttpRequest, campaign_id: int, show_id: int) -> HttpResponse:
    """Correct a show before it is held (GM): its name, day, venue and editor."""
    access = request.access
    show = _get_show(access, show_id)
    form = ShowEditForm(request.POST, campaign=access.campaign, show=show)
    if form.is_valid():
        data = dict(form.cleaned_data)
        changed = [name for name in form.changed_data if name != "seen"]
        try:
            show_edit(show=show, **data)
        except AlreadyDone as done:
            messages.info(request, str(done))
            return redirect("arena:show_detail", campaign_id, show_id)
        except ShowError as error:
            form.add_error(None, str(error))
        else:
            fields = ", ".join(str(form.fields[name].label or name).lower() for name in changed)
            messages.success(request, SHOW_EDITED.format(show=show.name, fields=fields))
            return redirect("arena:show_detail", campaign_id, show_id)
    show = _get_show(access, show_id)
    return _show_page(request, show, _show_context(access, show, edit_form=form), status=400)
