"""The betting pages, under c/<campaign_id>/bets/: the books, one book, placing a bet, and the
GM's book-keeping (open, shorten, settle or void).

Every member sees the books and their lines; a player sees and places only his own bets (as a
bettor he plays); the GM sees every bet and keeps the books. Writes are POSTs through
economy.services.betting; a refused bet shows the service's message and changes nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ObjectDoesNotExist
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from arena.book import services as book_services
from arena.book.forms import BetForm, BookOpenForm, CloseForm, ShortenForm
from arena.book.selectors import (
    bettor_balances,
    bettors_for,
    book_for_campaign,
    books_for_campaign,
    open_events_without_book,
    side_rows,
    visible_bets,
)
from arena.models import Bout, Race
from economy.models import Book
from economy.services import betting
from ludus.access import Access, campaign_view
from ludus.errors import AlreadyDone
from ludus.picker import pick_answer
from ludus.services.campaign_settings import campaign_books_with_bouts


def _get_book(access: Access, book_id: int) -> Book:
    try:
        return book_for_campaign(access.campaign, book_id)
    except ObjectDoesNotExist:
        raise Http404("No such book") from None


BOOKS_PER_PAGE = 25  # books on a page of the list, newest first
LATEST_BETS = 50  # the latest bets shown beside them (each book's page lists all of its own)


@campaign_view(nav="bets")
def book_list(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    bouts, races = open_events_without_book(access.campaign) if access.is_gm else ([], [])
    page = Paginator(books_for_campaign(access.campaign), BOOKS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {
        "page": page,
        "books": [(book, side_rows(book, with_totals=False)) for book in page.object_list],
        "my_bets": visible_bets(access)[:LATEST_BETS],
        "latest_bets": LATEST_BETS,
        "purses": bettor_balances(access),
        "open_form": BookOpenForm(bouts=bouts, races=races) if (bouts or races) else None,
    }
    return render(request, "arena/book/book_list.html", context)


def _book_context(request: HttpRequest, access: Access, book: Book, bet_form=None) -> dict:
    sides = betting.book_sides(book)
    bettors = bettors_for(access)
    # No form on a book whose bout or race has begun: it takes no more bets (bet_place says so).
    begun = book.is_open and book_services.event_begun(book_services.event_of(book))
    can_bet = book.is_open and not begun and bettors.exists()
    return {
        "book": book,
        "event": book.event,
        "begun": begun,
        "rows": side_rows(book, with_totals=access.is_gm),
        "bets": visible_bets(access, book),
        "purses": bettor_balances(access),
        "bet_form": (bet_form or BetForm(bettors=bettors, sides=sides)) if can_bet else None,
        "shorten_form": (
            ShortenForm(sides=sides, initial={"line": betting.line_mark(book)})
            if access.is_gm and book.is_open
            else None
        ),
        "close_form": CloseForm() if access.is_gm and book.is_open else None,
        "winner_known": book_services.winning_side(book) is not None,
    }


@campaign_view(nav="bets")
def book_detail(request: HttpRequest, campaign_id: int, book_id: int) -> HttpResponse:
    access = request.access
    book = _get_book(access, book_id)
    context = _book_context(request, access, book)
    if (answer := pick_answer(request, context["bet_form"])) is not None:  # a bettor search
        return answer
    return render(request, "arena/book/book_detail.html", context)


@campaign_view(nav="bets")
@require_POST
def bet_place_view(request: HttpRequest, campaign_id: int, book_id: int) -> HttpResponse:
    access = request.access
    book = _get_book(access, book_id)
    bettors = bettors_for(access)
    if not bettors.exists():
        raise Http404("No bettor of yours in this campaign")
    form = BetForm(request.POST, bettors=bettors, sides=betting.book_sides(book))
    status = 200
    if form.is_valid():
        data = form.cleaned_data
        try:
            bet = book_services.bet_place(
                book=book,
                bettor=data["bettor"],
                side=data["side"],
                stake=data["stake"],
                idempotency_key=f"bet-form:{data['key']}",
                user=request.user,
                seen=data["seen"],
            )
        except betting.PriceMoved as moved:
            form.add_error(None, str(moved))
            form.show_current_prices()  # the side's new price is in its label, and sent again
            status = 409
        except betting.BettingError as error:
            form.add_error(None, str(error))
            status = 400
        else:
            messages.success(
                request,
                f"{bet.bettor.name} stakes {bet.stake:,} HS on {bet.side_name} at "
                f"{bet.odds_label}, to win {bet.winnings:,}.",
            )
            if not request.htmx:
                return redirect("bets:book_detail", campaign_id, book.pk)
            form = None  # a fresh form, with a fresh key, for the next bet
    else:
        status = 400
    book.refresh_from_db()
    context = _book_context(request, access, book, bet_form=form)
    pick_answer(request, form, url=reverse("bets:book_detail", args=[campaign_id, book.pk]))
    template = "arena/book/book_detail.html"
    if request.htmx:
        template += "#book-page"
    return render(request, template, context, status=status)


@campaign_view(gm_only=True, nav="bets")
@require_POST
def book_open_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    bouts, races = open_events_without_book(access.campaign)
    form = BookOpenForm(request.POST, bouts=bouts, races=races)
    if not form.is_valid():
        messages.error(request, "Choose a planned bout or race without a book.")
        return redirect("bets:book_list", campaign_id)
    kind, pk = form.cleaned_data["event"].split(":")
    try:
        if kind == "bout":
            book = book_services.book_open(
                bout=Bout.objects.get(pk=int(pk)), source=form.cleaned_data["source"]
            )
        else:
            book = book_services.book_open(
                race=Race.objects.get(pk=int(pk)), source=Book.Source.ENGINE
            )
    except betting.BettingError as error:
        messages.error(request, str(error))
        return redirect("bets:book_list", campaign_id)
    messages.success(request, f"{book} is open.")
    return redirect("bets:book_detail", campaign_id, book.pk)


BOOKS_WITH_BOUTS = "A bout put on a card now has its book opened with it."
BOOKS_BY_HAND = "Books are now opened by hand, here."


@campaign_view(gm_only=True, nav="bets")
@require_POST
def books_with_bouts_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM has every bout's book opened with it (the campaign's setting), or opens them."""
    campaign = campaign_books_with_bouts(
        campaign=request.access.campaign, opened=request.POST.get("opened") == "yes"
    )
    messages.success(request, BOOKS_WITH_BOUTS if campaign.books_open_with_bouts else BOOKS_BY_HAND)
    return redirect("bets:book_list", campaign_id)


@campaign_view(gm_only=True, nav="bets")
@require_POST
def book_shorten_view(request: HttpRequest, campaign_id: int, book_id: int) -> HttpResponse:
    access = request.access
    book = _get_book(access, book_id)
    form = ShortenForm(request.POST, sides=betting.book_sides(book))
    if form.is_valid():
        try:
            betting.book_shorten(
                book=book,
                side=form.cleaned_data["side"],
                steps=form.cleaned_data["steps"],
                line=form.cleaned_data["line"] or None,
            )
            messages.success(request, "The line is shortened.")
        except AlreadyDone as done:
            messages.info(request, str(done))
        except betting.BettingError as error:
            messages.error(request, str(error))
    elif "line" in form.errors:
        messages.error(request, " ".join(form.errors["line"]))
    else:
        messages.error(request, "Choose a side and 1 to 5 rungs.")
    return redirect("bets:book_detail", campaign_id, book.pk)


@campaign_view(gm_only=True, nav="bets")
@require_POST
def book_close_view(request: HttpRequest, campaign_id: int, book_id: int) -> HttpResponse:
    access = request.access
    book = _get_book(access, book_id)
    form = CloseForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Settle or void the book.")
        return redirect("bets:book_detail", campaign_id, book.pk)
    try:
        if form.cleaned_data["action"] == "settle":
            book_services.book_settle(book=book, user=request.user)
            messages.success(request, "The book is settled.")
        else:
            betting.book_void(book=book, reason=form.cleaned_data["reason"], user=request.user)
            messages.success(request, "The book is void; every stake is returned.")
    except betting.BettingError as error:
        messages.error(request, str(error))
    return redirect("bets:book_detail", campaign_id, book.pk)
