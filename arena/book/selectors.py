"""Reads for the betting pages: books, their lines, and the bets each member may see.

Who sees what (docs/rules.md): every member sees every book and its line (the odds are
cried in the stands). A player sees only his own bets, the bets of the bettors he plays; the
GM sees every bet, the stakes on each side and what the bookmaker stands to win or pay.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.contenttypes.prefetch import GenericPrefetch
from django.db.models import Exists, OuterRef, Q, QuerySet

from arena.book.services import winning_side
from arena.models import Bout, Race
from economy.accounts import bettor_account
from economy.ledger import balances
from economy.models import Bet, Bettor, Book
from economy.services.betting import Side, book_sides
from ludus.access import Access
from ludus.models import Campaign


def book_events(lookup: str = "event") -> GenericPrefetch:
    """Fetch books' bouts (with both men and the show) and races (with the show) in one query
    each: a book knows its event by reference only (ludus.references)."""
    return GenericPrefetch(
        lookup,
        [
            # A bout's log (its every roll) is no book's business: left unread (issue 14).
            Bout.objects.select_related("show").defer("log").prefetch_related("entries__gladiator"),
            Race.objects.select_related("show"),
        ],
    )


def books_for_campaign(campaign: Campaign) -> QuerySet[Book]:
    return (
        Book.objects.filter(campaign=campaign)
        .select_related("event_type")
        .prefetch_related(book_events())
    )


def book_for_campaign(campaign: Campaign, book_id: int) -> Book:
    return books_for_campaign(campaign).get(pk=book_id)


def book_for_event(event: Bout | Race) -> Book | None:
    """The book on a bout or a race, if one is open or was (for links from other pages)."""
    if isinstance(event, Bout):
        return Book.objects.filter(bout=event).first()
    return Book.objects.filter(race=event).first()


def bettors_for(access: Access) -> QuerySet[Bettor]:
    """The bettors this member may bet as: the GM any, a player those he plays."""
    bettors = Bettor.objects.filter(campaign=access.campaign).order_by("name")
    return bettors if access.is_gm else bettors.filter(player=access.user)


def bettor_balances(access: Access) -> list[tuple[Bettor, int]]:
    bettors = list(bettors_for(access).select_related("account"))
    accounts = {b.pk: _account(b) for b in bettors}
    found = balances(accounts.values())
    return [(b, found[accounts[b.pk].pk]) for b in bettors]


def _account(bettor: Bettor):
    """His purse, fetched with him when it is open (economy.accounts opens it otherwise)."""
    try:
        return bettor.account
    except Bettor.account.RelatedObjectDoesNotExist:
        return bettor_account(bettor)


def visible_bets(access: Access, book: Book | None = None) -> QuerySet[Bet]:
    """Every bet for the GM; a player's own bets (his bettors') for a player."""
    # The campaign as EXISTS, not a join: the latest bets are then read from the bets' own
    # (day, id) index and the reading stops after a page, however many bets (issue 14).
    of_campaign = Book.objects.filter(pk=OuterRef("book_id"), campaign=access.campaign)
    bets = (
        Bet.objects.filter(Exists(of_campaign))
        .select_related("bettor", "fighter", "book", "book__event_type")
        .prefetch_related(book_events("book__event"))
    )
    if book is not None:
        bets = bets.filter(book=book)
    if not access.is_gm:
        bets = bets.filter(bettor__player=access.user)
    return bets.order_by("-day", "-pk")


@dataclass(frozen=True)
class SideRow:
    side: Side
    staked: int  # GM only: sesterces staked on this side
    bets: int
    owed: int  # GM only: stakes and winnings owed if this side wins
    house: int  # GM only: the bookmaker's gain (or, negative, what he pays in) if it wins
    won: bool


def side_rows(book: Book, *, with_totals: bool) -> list[SideRow]:
    """The line, side by side; the stake totals and the book's exposure only `with_totals`."""
    bets = list(book.bets.all()) if with_totals else []
    total = sum(bet.stake for bet in bets)
    winner = winning_side(book) if book.status == Book.Status.SETTLED else None
    rows = []
    for side in book_sides(book):
        mine = [bet for bet in bets if bet.side_id == side.id]
        owed = sum(bet.odds.payout(bet.stake) for bet in mine)
        rows.append(
            SideRow(
                side=side,
                staked=sum(bet.stake for bet in mine),
                bets=len(mine),
                owed=owed,
                house=total - owed,
                won=winner == side.id,
            )
        )
    return rows


def open_events_without_book(campaign: Campaign) -> tuple[list[Bout], list[Race]]:
    """Planned bouts and races with no book yet: where the GM may open one."""
    bouts = (
        Bout.objects.filter(show__campaign=campaign, status=Bout.Status.PLANNED, books__isnull=True)
        .select_related("show")
        .prefetch_related("entries__gladiator")
        .order_by("show__day", "order", "pk")
    )
    races = (
        Race.objects.filter(
            Q(show__campaign=campaign), status=Race.Status.PLANNED, books__isnull=True
        )
        .select_related("show")
        .order_by("show__day", "pk")
    )
    return list(bouts), [race for race in races if race.entries.exists()]
