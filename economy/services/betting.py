"""The betting book (seed 001, BETS): lines, stakes, settlement and void books.

A Book is opened on one bout or one race with the line arena priced (arena.book.services: the
seed's table or the engine's odds), which the GM can shorten for a popular fighter. economy
never imports arena: a book knows its event by reference, and arena tells it the winning side
when the event ends. `bet_take` moves a stake from the bettor's purse into the book's own
account (never past his balance). `book_settle` closes the book in ONE balanced transaction:
every winner gets his stake back and his winnings, and the rest of the stakes go to the
bookmaker, who pays any winnings beyond them. `book_void` returns every stake when the bout or
race has no winner.

Money moves only through economy.ledger.transaction_post. Every amount is in sesterces.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass

from django.db import transaction

from economy.accounts import bettor_account, bookmaker
from economy.events import BoutRef, RaceRef
from economy.ledger import LedgerError, Leg, account_balance, transaction_post
from economy.models import Account, Bet, Bettor, Book, Transaction
from economy.odds_lines import Odds, OddsError, check_stake, shorten
from ludus.errors import AlreadyDone, Refusal
from ludus.models import Campaign, Gladiator
from ludus.references import event_is
from ludus.validation import full_clean_held

BOOK_EXISTS = "{event} already has a book."
BOOK_NEEDS_ONE = "Open a book on one bout or one race."
BOOK_NOT_OPEN = "This book is {status}; it takes no more bets and cannot be closed again."
BAD_SOURCE = "A line comes from the table or the engine; got {source!r}."
UNKNOWN_SIDE = "{side!r} is not a side of this book."
WRONG_CAMPAIGN = "{what} belongs to another campaign."
STAKE_ABOVE_BALANCE = "{bettor} has {balance:,} sesterces and cannot stake {stake:,}."
BOOK_TAMPERED = "The book holds {held:,} sesterces but its bets staked {staked:,}."
PRICE_MOVED = (
    "The line has moved since this page was drawn: {side} is now at {now}, not {seen}. "
    "Nothing was staked; place the bet again at the new price if you still want it."
)
LINE_DONE = (
    "Already done: the line has changed since this page was drawn; nothing more was "
    "shortened. Here it is as it stands."
)


class BettingError(Refusal):
    """A book or a bet the rules refuse; the message is shown to the user as it is."""


class PriceMoved(BettingError):
    """A bet sent for a price the line no longer offers (a stale tab, a shortened line)."""


@dataclass(frozen=True)
class Side:
    """One side of a book as its line shows it."""

    id: int  # the Gladiator's id (a bout) or the RaceEntry's id (a race)
    name: str
    odds: Odds
    chance: float  # the chance the line was made from

    def as_dict(self) -> dict:
        return {"side": self.id, "name": self.name, "chance": self.chance, **self.odds.as_dict()}

    @classmethod
    def from_dict(cls, data: dict) -> Side:
        odds = Odds(data["numerator"], data["denominator"], data["on"])
        return cls(data["side"], data["name"], odds, data["chance"])


def book_sides(book: Book) -> list[Side]:
    return [Side.from_dict(row) for row in book.line]


def book_side(book: Book, side: int) -> Side:
    for row in book_sides(book):
        if row.id == side:
            return row
    raise BettingError(UNKNOWN_SIDE.format(side=side))


def _event_links(book: Book) -> dict:
    """The ledger's reference to the book's bout or race (economy never reads the row)."""
    return {"event_type_id": book.event_type_id, "event_id": book.event_id}


# --- opening and pricing -----------------------------------------------------------------


@transaction.atomic
def book_create(
    *,
    campaign: Campaign,
    event_name: str,
    sides: list[Side],
    basis: str,
    source: str,
    event: BoutRef | RaceRef,
    shorten_steps: dict[int, int] | None = None,
) -> Book:
    """Open a book on a bout or a race with the line arena priced, and its own BOOK account.

    arena locks the event, checks that it has not begun and prices the line (the seed's table
    or the engine's odds); economy only keeps the book. `shorten_steps` maps a side id to the
    rungs the GM shortens it by (BETS I).
    """
    if source not in Book.Source.values:
        raise BettingError(BAD_SOURCE.format(source=source))
    if Book.objects.filter(**event_is(event)).exists():
        raise BettingError(BOOK_EXISTS.format(event=event_name))
    account = Account(campaign=campaign, kind=Account.Kind.BOOK, name=f"Book on {event}"[:120])
    # Its one constraint concerns the house's accounts, not a book's: not asked.
    full_clean_held(account, validate_constraints=False)
    account.save()
    book = Book(
        campaign=campaign,
        event=event,
        account=account,
        source=source,
        basis=basis[:300],
        line=[side.as_dict() for side in sides],
        opened_day=campaign.day,
    )
    for side_id, steps in (shorten_steps or {}).items():
        _shorten_in_line(book, side_id, steps)
    # Its one constraint (one book per event) is the check above: not asked again.
    full_clean_held(book, validate_constraints=False)
    book.save()
    return book


def _shorten_in_line(book: Book, side: int, steps: int) -> None:
    found = False
    line = []
    for row in book_sides(book):
        if row.id == side:
            found = True
            try:
                row = Side(row.id, row.name, shorten(row.odds, steps), row.chance)
            except OddsError as error:
                raise BettingError(str(error)) from error
        line.append(row.as_dict())
    if not found:
        raise BettingError(UNKNOWN_SIDE.format(side=side))
    book.line = line


def line_mark(book: Book) -> str:
    """The line as a page shows it, in 16 hex digits: the state a shorten form is drawn for."""
    text = json.dumps(book.line, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@transaction.atomic
def book_shorten(*, book: Book, side: int, steps: int = 1, line: str | None = None) -> Book:
    """The GM shortens one side's price for a popular fighter (BETS I). Placed bets keep
    the price they were taken at.

    `line` is the line the page was drawn for (`line_mark`): a repeated click or a stale tab,
    sent after the line has moved, is refused (AlreadyDone) and shortens nothing more.
    """
    book = Book.objects.select_for_update().get(pk=book.pk)
    if not book.is_open:
        raise BettingError(BOOK_NOT_OPEN.format(status=book.get_status_display().lower()))
    if line is not None and line != line_mark(book):
        raise AlreadyDone(LINE_DONE)
    _shorten_in_line(book, side, steps)
    full_clean_held(book)
    book.save(update_fields=["line"])
    return book


# --- bets --------------------------------------------------------------------------------


@transaction.atomic
def bet_take(
    *,
    book: Book,
    bettor: Bettor,
    side: int,
    stake: int,
    fighter: Gladiator | None = None,
    idempotency_key: str | None = None,
    user=None,
    seen: Odds | None = None,
) -> Bet:
    """Take a stake on one side at the book's price of the moment.

    `seen` is the price the bettor was shown (the bet form carries it): if the line has moved
    since, the bet is refused with PriceMoved, naming the new price, and nothing changes. A bet
    is never booked at a price its bettor did not see. (None: the caller takes the price of
    the moment, as an import or a script does.)

    arena calls this (arena.book.services.bet_place) once it has checked that the bout or race
    has not begun; `fighter` is the man backed on a bout (None on a race).

    The stake moves from the bettor's purse into the book's account. A stake above his balance
    is refused with STAKE_ABOVE_BALANCE and nothing changes. The same `idempotency_key` (a
    form's token) writes once: a double click returns the first bet.
    """
    try:
        check_stake(stake)
    except OddsError as error:
        raise BettingError(str(error)) from error
    # Lock order, here and in settlement: the book row, then the accounts (by id). The book
    # lock keeps a bet from landing in a book being settled; the account lock makes the
    # balance read below and the posting one step, so two bets cannot overdraw the purse.
    # Read with its campaign and account (only the book's row is locked, as before): the
    # posting below uses both, which would otherwise be read again one by one.
    book = (
        Book.objects.select_for_update(of=("self",))
        .select_related("campaign", "account")
        .get(pk=book.pk)
    )
    if bettor.campaign_id != book.campaign_id:
        raise BettingError(WRONG_CAMPAIGN.format(what=bettor.name))
    key = idempotency_key or f"bet:{uuid.uuid4().hex}"
    done = Bet.objects.filter(
        transaction__campaign=book.campaign, transaction__idempotency_key=key
    ).first()
    if done is not None:
        return done
    if not book.is_open:
        raise BettingError(BOOK_NOT_OPEN.format(status=book.get_status_display().lower()))
    price = book_side(book, side)
    if seen is not None and seen.ratio != price.odds.ratio:
        raise PriceMoved(PRICE_MOVED.format(side=price.name, now=price.odds, seen=seen))
    purse = bettor_account(bettor)
    locked = Account.objects.select_for_update().filter(pk__in=[purse.pk, book.account_id])
    # The purse's running balance as its locked row holds it (no second read of the row).
    balance = {account.pk: account.balance for account in locked.order_by("pk")}[purse.pk]
    if stake > balance:
        raise BettingError(
            STAKE_ABOVE_BALANCE.format(bettor=bettor.name, balance=balance, stake=stake)
        )
    try:
        posted = transaction_post(
            campaign=book.campaign,
            cause=Transaction.Cause.BET,
            memo=f"{bettor.name} stakes {stake:,} on {price.name} at {price.odds}"[:200],
            legs=[Leg(purse, -stake), Leg(book.account, stake)],
            idempotency_key=key,
            created_by=user,
            **_event_links(book),
        )
    except LedgerError as error:
        raise BettingError(str(error)) from error
    bet = Bet(
        book=book,
        bettor=bettor,
        fighter=fighter,
        side=price.id,
        side_name=price.name[:120],
        stake=stake,
        odds_numerator=price.odds.numerator,
        odds_denominator=price.odds.denominator,
        odds_on=price.odds.on,
        day=book.campaign.day,
        transaction=posted,
        created_by=user,
    )
    # Its one constraint (a stake of at least 1) is check_stake's, above: not asked of the
    # database again.
    full_clean_held(bet, validate_constraints=False)
    bet.save()
    return bet


# --- closing the book --------------------------------------------------------------------


def _locked_book(book: Book) -> Book:
    locked = (
        Book.objects.select_for_update(of=("self",))
        .select_related("campaign", "account")
        .get(pk=book.pk)
    )
    # The event the caller's instance holds (arena passes the bout it has just fought, with its
    # men) is kept on the row read again: the settlement's memo names it (`str(book)`), which
    # read the bout, its entries and each man again, a query each.
    event = Book._meta.get_field("event")
    if (
        event.is_cached(book)
        and book.event_type_id == locked.event_type_id
        and book.event_id == locked.event_id
    ):
        event.set_cached_value(locked, event.get_cached_value(book))
    return locked


def _locked_open_book(book: Book) -> Book:
    book = _locked_book(book)
    if not book.is_open:
        raise BettingError(BOOK_NOT_OPEN.format(status=book.get_status_display().lower()))
    return book


def _bets(book: Book) -> list[Bet]:
    # Each bettor with his purse (reverse one-to-one): economy.accounts then pays him without
    # reading his account again, a query a bet.
    return list(book.bets.select_related("bettor", "bettor__account").order_by("pk"))


def _check_held(book: Book, bets: list[Bet]) -> int:
    staked = sum(bet.stake for bet in bets)
    held = account_balance(book.account)
    if held != staked:
        raise BettingError(BOOK_TAMPERED.format(held=held, staked=staked))
    return staked


def _close(book: Book, status: str, posted: Transaction | None, bets: list[Bet]) -> Book:
    book.status = status
    book.closed_day = book.campaign.day
    book.settlement = posted
    # Its event (its one constraint's field) does not change when it closes: not asked again.
    full_clean_held(book, validate_constraints=False)
    book.save(update_fields=["status", "closed_day", "settlement", "winning_side"])
    if posted is not None:
        Bet.objects.filter(pk__in=[bet.pk for bet in bets]).update(settlement=posted)
    return book


@transaction.atomic
def book_settle(*, book: Book, side: int, user=None) -> Book:
    """Pay the book on the winning side arena names, in ONE balanced transaction.

    Every winning bet is paid its stake and its winnings out of the book's account; what is
    left goes to the bookmaker, or, when the winners are owed more than the stakes, the
    bookmaker pays the difference in.
    """
    return _settle(_locked_open_book(book), side=side, user=user)


def _settle(book: Book, *, side: int, user) -> Book:
    book.winning_side = book_side(book, side).id
    bets = _bets(book)
    staked = _check_held(book, bets)
    legs = []
    paid = 0
    for bet in bets:
        if bet.side_id == side:
            payout = bet.odds.payout(bet.stake)
            paid += payout
            legs.append(Leg(bettor_account(bet.bettor), payout))
    if staked:
        legs.append(Leg(book.account, -staked))
    if staked != paid:
        legs.append(Leg(bookmaker(book.campaign), staked - paid))
    posted = None
    if legs:
        winner = book_side(book, side).name
        posted = transaction_post(
            campaign=book.campaign,
            cause=Transaction.Cause.SETTLEMENT,
            memo=f"{book} settled: {winner} won; {paid:,} paid on {staked:,} staked"[:200],
            legs=legs,
            idempotency_key=f"book:{book.pk}:close",
            created_by=user,
            **_event_links(book),
        )
    return _close(book, Book.Status.SETTLED, posted, bets)


@transaction.atomic
def book_void(*, book: Book, reason: str = "", user=None) -> Book:
    """Return every stake (a bout that ends with no winner, a race where every man wrecked)."""
    return _void(_locked_open_book(book), reason=reason, user=user)


def _void(book: Book, *, reason: str, user) -> Book:
    bets = _bets(book)
    staked = _check_held(book, bets)
    posted = None
    if staked:
        legs = [Leg(bettor_account(bet.bettor), bet.stake) for bet in bets]
        legs.append(Leg(book.account, -staked))
        posted = transaction_post(
            campaign=book.campaign,
            cause=Transaction.Cause.SETTLEMENT,
            memo=f"{book} void{': ' + reason if reason else ''}; {staked:,} returned"[:200],
            legs=legs,
            idempotency_key=f"book:{book.pk}:close",
            created_by=user,
            **_event_links(book),
        )
    return _close(book, Book.Status.VOID, posted, bets)


@transaction.atomic
def book_close(*, book: Book, side: int | None, user=None) -> Book:
    """Close a finished event's book: settle on the winning side arena names, or void it when
    there is none (a draw, every driver wrecked).

    Idempotent: a book already closed is returned as it is. arena calls this when the bout or
    race is over, inside the same transaction that records the result.
    """
    # Locked once, here, and settled or voided on that row (book_settle and book_void, asked
    # directly, lock it themselves).
    book = _locked_book(book)
    if not book.is_open:
        return book
    if side is None:
        return _void(book, reason="no winner", user=user)
    return _settle(book, side=side, user=user)
