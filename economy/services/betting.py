"""The betting book (seed 001, BETS): lines, stakes, settlement and void books.

A Book is opened on one bout or one race with a line: the seed's table by match type, or the
engine's own odds for this matchup and these orders, which the GM can shorten for a popular
fighter. `bet_place` moves a stake from the bettor's purse into the book's own account (never
past his balance). `book_settle` closes the book in ONE balanced transaction: every winner gets
his stake back and his winnings, and the rest of the stakes go to the bookmaker, who pays any
winnings beyond them. `book_void` returns every stake when the bout or race has no winner.

Money moves only through economy.ledger.transaction_post. Every amount is in sesterces.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from fractions import Fraction

from django.db import transaction

from arena.models import Bout, Race, RaceEntry
from economy.accounts import bettor_account, bookmaker
from economy.ledger import LedgerError, Leg, account_balance, transaction_post
from economy.models import Account, Bet, Bettor, Book, Transaction
from economy.odds_lines import Odds, OddsError, check_stake, nearest_odds, shorten, table_line
from ludus.models import Campaign, Gladiator
from rules.era.race import exact_race_odds

BOOK_EXISTS = "{event} already has a book."
BOOK_NEEDS_ONE = "Open a book on one bout or one race."
EVENT_BEGUN = "{event} has begun; the book can no longer be opened or bets taken."
BOOK_NOT_OPEN = "This book is {status}; it takes no more bets and cannot be closed again."
NOT_FOR_RACES = "The seed's table prices bouts only; open a race's book on the engine's odds."
BAD_SOURCE = "A line comes from the table or the engine; got {source!r}."
UNKNOWN_SIDE = "{side!r} is not a side of this book."
WRONG_CAMPAIGN = "{what} belongs to another campaign."
STAKE_ABOVE_BALANCE = "{bettor} has {balance:,} sesterces and cannot stake {stake:,}."
NO_WINNER = "{event} has no winner yet; settle the book when it has one, or void it."
BOOK_TAMPERED = "The book holds {held:,} sesterces but its bets staked {staked:,}."
ENGINE_REFUSED = "The engine cannot price this bout: {error}"

# The engine's Monte Carlo for a bout: enough bouts for a standard error near half a point.
BOUT_ODDS_RUNS = 10_000
BOUT_ODDS_SEED = 1


class BettingError(ValueError):
    """A book or a bet the rules refuse; the message is shown to the user as it is."""


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


def _event(book: Book) -> Bout | Race:
    return book.bout if book.bout_id is not None else book.race


def _event_begun(event: Bout | Race) -> bool:
    if isinstance(event, Bout):
        return event.status != Bout.Status.PLANNED
    return event.status != Race.Status.PLANNED or event.legs_run > 0


def _event_name(event: Bout | Race) -> str:
    if isinstance(event, Bout):
        return f"The bout {event}"
    return f"The race {event}"


# --- the line ----------------------------------------------------------------------------


def bout_table_sides(bout: Bout) -> tuple[list[Side], str]:
    """The seed's table line for a bout (BETS): even, one or two Melee ranks, heavier armour."""
    a, b = bout.fighter_a, bout.fighter_b
    try:
        line = table_line((a.name, b.name), (a.melee, b.melee), (a.armatura, b.armatura))
    except OddsError as error:
        raise BettingError(str(error)) from error
    sides = [
        Side(man.pk, man.name, odds, float(chance))
        for man, odds, chance in zip((a, b), line.odds, line.chances, strict=True)
    ]
    return sides, f"The seed's table: {line.row.label} ({line.row.chance})"


def bout_engine_chances(bout: Bout, *, runs: int, seed: int) -> tuple[float, float, str]:
    """Fighter A's and B's chances to win by the bout engine's Monte Carlo, and a description.

    Draws (neither wins) are left out of both chances; a book on a drawn bout is void.
    """
    from arena.services.bouts import BoutError, bout_setup  # bouts import betting: import late
    from rules.dice import RulesError
    from rules.era.odds import bout_odds

    try:
        result = bout_odds(bout_setup(bout=bout), bouts=runs, seed=seed)
    except (RulesError, BoutError) as error:
        raise BettingError(ENGINE_REFUSED.format(error=error)) from error
    return (
        result.a_wins / result.bouts,
        result.b_wins / result.bouts,
        f"The engine: {runs:,} simulated bouts with these orders, seed {seed}",
    )


def bout_engine_sides(bout: Bout, *, runs: int, seed: int) -> tuple[list[Side], str]:
    a_wins, b_wins, basis = bout_engine_chances(bout, runs=runs, seed=seed)
    decided = a_wins + b_wins
    # Each man's price is the fair one for his share of the bouts that have a winner.
    p_a = Fraction(a_wins / decided).limit_denominator(10_000) if decided else Fraction(1, 2)
    p_a = min(max(p_a, Fraction(1, 10_000)), Fraction(9_999, 10_000))
    odds_a = nearest_odds(p_a)
    sides = [
        Side(bout.fighter_a.pk, bout.fighter_a.name, odds_a, a_wins),
        Side(bout.fighter_b.pk, bout.fighter_b.name, odds_a.reverse, b_wins),
    ]
    return sides, basis


def race_engine_sides(race: Race, *, with_orders: bool) -> tuple[list[Side], str]:
    """Each driver's price from the race engine's exact odds for this field.

    With `with_orders` the line knows each driver's push orders; without it every driver is
    taken to drive carefully, the public's line (a driver's orders are his own secret).
    """
    from arena.services.races import race_drivers  # races settle books: import it late

    entries = list(race.entries.select_related("driver").order_by("lane", "pk"))
    drivers = race_drivers(entries, with_orders=with_orders)
    odds = exact_race_odds(drivers)
    sides = []
    for entry, row in zip(entries, odds.drivers, strict=True):
        chance = min(max(row.win, 1e-4), 1 - 1e-4)
        sides.append(
            Side(entry.pk, f"{entry.driver.name} ({entry.faction})", nearest_odds(chance), row.win)
        )
    orders = "these push orders" if with_orders else "every driver careful"
    return sides, f"The engine: exact race odds for this field, {orders}"


# --- opening and pricing -----------------------------------------------------------------


@transaction.atomic
def book_open(
    *,
    bout: Bout | None = None,
    race: Race | None = None,
    source: str = Book.Source.TABLE,
    shorten_steps: dict[int, int] | None = None,
    with_orders: bool = True,
    runs: int = BOUT_ODDS_RUNS,
    seed: int = BOUT_ODDS_SEED,
) -> Book:
    """Open a book on a bout or a race, with its own BOOK account and a line.

    `source` "table" is the seed's table (bouts only); "engine" is the engine's odds for this
    matchup and these orders (a bout's Monte Carlo of `runs` bouts from `seed`; a race's exact
    odds). `shorten_steps` maps a side id to the rungs the GM shortens it by (BETS I).
    """
    if (bout is None) == (race is None):
        raise BettingError(BOOK_NEEDS_ONE)
    event = bout if bout is not None else race
    # Lock the bout or race row: two GMs opening a book at once write one book.
    event = type(event).objects.select_for_update().get(pk=event.pk)
    existing = (
        Book.objects.filter(bout=bout) if bout is not None else Book.objects.filter(race=race)
    )
    if existing.exists():
        raise BettingError(BOOK_EXISTS.format(event=_event_name(event)))
    if _event_begun(event):
        raise BettingError(EVENT_BEGUN.format(event=_event_name(event)))
    if source == Book.Source.TABLE:
        if race is not None:
            raise BettingError(NOT_FOR_RACES)
        sides, basis = bout_table_sides(event)
    elif source == Book.Source.ENGINE:
        if bout is not None:
            sides, basis = bout_engine_sides(event, runs=runs, seed=seed)
        else:
            sides, basis = race_engine_sides(event, with_orders=with_orders)
    else:
        raise BettingError(BAD_SOURCE.format(source=source))
    campaign = event.show.campaign
    account = Account(campaign=campaign, kind=Account.Kind.BOOK, name=f"Book on {event}"[:120])
    account.full_clean()
    account.save()
    book = Book(
        campaign=campaign,
        bout=bout,
        race=race,
        account=account,
        source=source,
        basis=basis[:300],
        line=[side.as_dict() for side in sides],
        opened_day=campaign.day,
    )
    for side_id, steps in (shorten_steps or {}).items():
        _shorten_in_line(book, side_id, steps)
    book.full_clean()
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


@transaction.atomic
def book_shorten(*, book: Book, side: int, steps: int = 1) -> Book:
    """The GM shortens one side's price for a popular fighter (BETS I). Placed bets keep
    the price they were taken at."""
    book = Book.objects.select_for_update().get(pk=book.pk)
    if not book.is_open:
        raise BettingError(BOOK_NOT_OPEN.format(status=book.get_status_display().lower()))
    _shorten_in_line(book, side, steps)
    book.full_clean()
    book.save(update_fields=["line"])
    return book


# --- bets --------------------------------------------------------------------------------


@transaction.atomic
def bet_place(
    *,
    book: Book,
    bettor: Bettor,
    side: int,
    stake: int,
    idempotency_key: str | None = None,
    user=None,
) -> Bet:
    """Take a stake on one side at the book's price of the moment.

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
    book = (
        Book.objects.select_for_update(of=("self",)).select_related("bout", "race").get(pk=book.pk)
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
    event = _event(book)
    if _event_begun(event):
        raise BettingError(EVENT_BEGUN.format(event=_event_name(event)))
    price = book_side(book, side)
    purse = bettor_account(bettor)
    locked = Account.objects.select_for_update().filter(pk__in=[purse.pk, book.account_id])
    list(locked.order_by("pk"))
    balance = account_balance(purse)
    if stake > balance:
        raise BettingError(
            STAKE_ABOVE_BALANCE.format(bettor=bettor.name, balance=balance, stake=stake)
        )
    links = {"bout": book.bout} if book.bout_id else {"race": book.race}
    try:
        posted = transaction_post(
            campaign=book.campaign,
            cause=Transaction.Cause.BET,
            memo=f"{bettor.name} stakes {stake:,} on {price.name} at {price.odds}"[:200],
            legs=[Leg(purse, -stake), Leg(book.account, stake)],
            idempotency_key=key,
            created_by=user,
            **links,
        )
    except LedgerError as error:
        raise BettingError(str(error)) from error
    bet = Bet(
        book=book,
        bettor=bettor,
        fighter=Gladiator.objects.get(pk=side) if book.bout_id else None,
        entry=RaceEntry.objects.get(pk=side) if book.race_id else None,
        stake=stake,
        odds_numerator=price.odds.numerator,
        odds_denominator=price.odds.denominator,
        odds_on=price.odds.on,
        day=book.campaign.day,
        transaction=posted,
        created_by=user,
    )
    bet.full_clean()
    bet.save()
    return bet


# --- closing the book --------------------------------------------------------------------


def _locked_open_book(book: Book) -> Book:
    book = (
        Book.objects.select_for_update(of=("self",))
        .select_related("campaign", "bout", "race", "account")
        .get(pk=book.pk)
    )
    if not book.is_open:
        raise BettingError(BOOK_NOT_OPEN.format(status=book.get_status_display().lower()))
    return book


def _check_held(book: Book, bets: list[Bet]) -> int:
    staked = sum(bet.stake for bet in bets)
    held = account_balance(book.account)
    if held != staked:
        raise BettingError(BOOK_TAMPERED.format(held=held, staked=staked))
    return staked


def winning_side(book: Book) -> int | None:
    """The side that won the book's bout or race, or None (not over, a draw, all wrecked)."""
    if book.bout_id is not None:
        return book.bout.winner_id
    entry = book.race.entries.filter(won=True).first()
    return entry.pk if entry else None


def _close(book: Book, status: str, posted: Transaction | None, bets: list[Bet]) -> Book:
    book.status = status
    book.closed_day = book.campaign.day
    book.settlement = posted
    book.full_clean()
    book.save(update_fields=["status", "closed_day", "settlement"])
    if posted is not None:
        Bet.objects.filter(pk__in=[bet.pk for bet in bets]).update(settlement=posted)
    return book


@transaction.atomic
def book_settle(*, book: Book, user=None) -> Book:
    """Pay the book on its bout's or race's winner, in ONE balanced transaction.

    Every winning bet is paid its stake and its winnings out of the book's account; what is
    left goes to the bookmaker, or, when the winners are owed more than the stakes, the
    bookmaker pays the difference in. Raises NO_WINNER when there is no winner.
    """
    book = _locked_open_book(book)
    side = winning_side(book)
    if side is None:
        raise BettingError(NO_WINNER.format(event=_event_name(_event(book))))
    bets = list(book.bets.select_related("bettor").order_by("pk"))
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
        links = {"bout": book.bout} if book.bout_id else {"race": book.race}
        winner = book_side(book, side).name
        posted = transaction_post(
            campaign=book.campaign,
            cause=Transaction.Cause.SETTLEMENT,
            memo=f"{book} settled: {winner} won; {paid:,} paid on {staked:,} staked"[:200],
            legs=legs,
            idempotency_key=f"book:{book.pk}:close",
            created_by=user,
            **links,
        )
    return _close(book, Book.Status.SETTLED, posted, bets)


@transaction.atomic
def book_void(*, book: Book, reason: str = "", user=None) -> Book:
    """Return every stake (a bout that ends with no winner, a race where every man wrecked)."""
    book = _locked_open_book(book)
    bets = list(book.bets.select_related("bettor").order_by("pk"))
    staked = _check_held(book, bets)
    posted = None
    if staked:
        links = {"bout": book.bout} if book.bout_id else {"race": book.race}
        legs = [Leg(bettor_account(bet.bettor), bet.stake) for bet in bets]
        legs.append(Leg(book.account, -staked))
        posted = transaction_post(
            campaign=book.campaign,
            cause=Transaction.Cause.SETTLEMENT,
            memo=f"{book} void{': ' + reason if reason else ''}; {staked:,} returned"[:200],
            legs=legs,
            idempotency_key=f"book:{book.pk}:close",
            created_by=user,
            **links,
        )
    return _close(book, Book.Status.VOID, posted, bets)


@transaction.atomic
def book_close(*, book: Book, user=None) -> Book | None:
    """Close a finished event's book: settle on its winner, or void it if it has none.

    Idempotent: a book already closed is returned as it is. The bout and race services call
    this (through bout_book_close / race_book_close) when the bout or race is over.
    """
    book = (
        Book.objects.select_for_update(of=("self",)).select_related("bout", "race").get(pk=book.pk)
    )
    if not book.is_open:
        return book
    if winning_side(book) is None:
        return book_void(book=book, reason="no winner", user=user)
    return book_settle(book=book, user=user)


def bout_book_close(*, bout: Bout, user=None) -> Book | None:
    """The hook for the bout service: close the bout's book, if it has one."""
    book = Book.objects.filter(bout=bout).first()
    return book_close(book=book, user=user) if book else None


def race_book_close(*, race: Race, user=None) -> Book | None:
    """The hook for the race service: close the race's book, if it has one."""
    book = Book.objects.filter(race=race).first()
    return book_close(book=book, user=user) if book else None


# --- the demo ----------------------------------------------------------------------------


def demo_books(campaign: Campaign) -> list[Book | Bet]:
    """Open books on the demo's planned bouts and races, and place Eros's bets from the seed.

    Bouts get the seed's table line where the table has a row (else the engine's); races the
    public line (every driver careful). Eros (the Bettor whose name starts "Eros") backs
    Bithys with 400 sesterces and the Reds' driver with 200, if those are on the card and his
    purse holds the stakes. Safe to call twice: it skips books that exist and reuses its keys.
    """
    made: list[Book | Bet] = []
    eros = Bettor.objects.filter(campaign=campaign, name__istartswith="Eros").first()
    bouts = Bout.objects.filter(show__campaign=campaign, status=Bout.Status.PLANNED)
    for bout in bouts.select_related("fighter_a", "fighter_b", "show"):
        book = Book.objects.filter(bout=bout).first()
        if book is None:
            try:
                book = book_open(bout=bout, source=Book.Source.TABLE)
            except BettingError:
                book = book_open(bout=bout, source=Book.Source.ENGINE)
            made.append(book)
        backed = [m for m in (bout.fighter_a, bout.fighter_b) if m.name.startswith("Bithys")]
        if eros and backed:
            made.extend(_demo_bet(book, eros, backed[0].pk, 400))
    races = Race.objects.filter(show__campaign=campaign, status=Race.Status.PLANNED)
    for race in races:
        if not race.entries.exists():
            continue
        book = Book.objects.filter(race=race).first()
        if book is None:
            book = book_open(race=race, source=Book.Source.ENGINE, with_orders=False)
            made.append(book)
        reds = race.entries.filter(faction__iexact="Reds").order_by("lane").first()
        if eros and reds:
            made.extend(_demo_bet(book, eros, reds.pk, 200))
    return made


def _demo_bet(book: Book, bettor: Bettor, side: int, stake: int) -> list[Bet]:
    key = f"demo:{bettor.pk}:book:{book.pk}"
    if Bet.objects.filter(
        transaction__campaign=book.campaign, transaction__idempotency_key=key
    ).exists():
        return []
    if not book.is_open or account_balance(bettor_account(bettor)) < stake:
        return []
    return [bet_place(book=book, bettor=bettor, side=side, stake=stake, idempotency_key=key)]
