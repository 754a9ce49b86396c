"""The book's arena side (seed 001, BETS): arena prices the line, checks that the bout or race
has not begun, and tells economy the winning side when it ends.

economy.services.betting keeps the money (the book's account, stakes, settlement); it never
imports arena. Everything here runs inside the caller's transaction or opens its own.
"""

from __future__ import annotations

from fractions import Fraction

from django.db import transaction

from arena.errors import BoutError
from arena.models import Bout, Race
from arena.rulesets import plugin_for
from arena.rulesets.base import NO_MAN_SIDE_ID, RulesetPlugin
from arena.selectors.fights import is_pair
from economy.models import Bet, Bettor, Book
from economy.odds_lines import Odds, OddsError, nearest_odds, table_line
from economy.services import betting
from economy.services.betting import (
    BAD_SOURCE,
    BOOK_EXISTS,
    BOOK_NEEDS_ONE,
    BettingError,
    Side,
    bet_take,
    book_close,
    book_create,
)
from ludus.models import Gladiator
from rules.core.errors import RulesError

EVENT_BEGUN = "{event} has begun; the book can no longer be opened or bets taken."
NO_ENGINE_LINE = "The rules of this campaign give no line for this bout."
NOT_FOR_RACES = "The seed's table prices bouts only; open a race's book on the engine's odds."
NO_WINNER = "{event} has no winner yet; settle the book when it has one, or void it."
ENGINE_REFUSED = "The engine cannot price this bout: {error}"
NO_FIELD = "{event} has no driver in its field yet; put the drivers in before opening its book."
RACE_ENGINE_REFUSED = "The engine cannot price this race: {error}"


def event_of(book: Book) -> Bout | Race:
    return book.event


def event_begun(event: Bout | Race) -> bool:
    if isinstance(event, Bout):
        return event.status != Bout.Status.PLANNED
    return event.status != Race.Status.PLANNED or event.legs_run > 0


def event_name(event: Bout | Race) -> str:
    if isinstance(event, Bout):
        return f"The bout {event}"
    return f"The race {event}"


def bout_winning_side(bout: Bout) -> int | None:
    """The side that won a bout: its winning man's id (a fight of several men a side: its
    first man's, as its line names it; the beasts: NO_MAN_SIDE_ID), or None (a draw)."""
    entry = bout.winning_entry
    if entry is None:
        return None
    return entry.gladiator_id if entry.gladiator_id is not None else NO_MAN_SIDE_ID


def winning_side(book: Book) -> int | None:
    """The side that won the book's bout or race, or None (not over, a draw, all wrecked)."""
    event = book.event
    if isinstance(event, Bout):
        return bout_winning_side(event)
    entry = event.entries.filter(won=True).first()
    return entry.pk if entry else None


# --- the line ----------------------------------------------------------------------------


def bout_table_sides(bout: Bout) -> tuple[list[Side], str]:
    """The seed's table line for a bout (BETS): even, one or two Melee ranks, heavier armour."""
    plugin = plugin_for(bout.show.campaign.ruleset)
    if not plugin.table_line:
        raise BettingError(plugin.no_table)
    a, b = bout.entry_a.gladiator, bout.entry_b.gladiator
    try:
        melee = (plugin.table_rank(a), plugin.table_rank(b))
        line = table_line((a.name, b.name), melee, (a.armatura, b.armatura))
    except OddsError as error:
        raise BettingError(str(error)) from error
    sides = [
        Side(man.pk, man.name, odds, float(chance))
        for man, odds, chance in zip((a, b), line.odds, line.chances, strict=True)
    ]
    return sides, f"The seed's table: {line.pairing()} ({line.row.chance})"


def bout_engine_chances(bout: Bout) -> tuple[float, float, str]:
    """Fighter A's and B's chances to win by the bout engine's exact odds, and a description.

    The line is public, so it is priced on what the stands know: the men, their kit, their
    standing and their hurts, both on the seed's cautious orders; their private orders never
    move it. Cautious orders decide every choice from the state, so the exact chain (the bout
    as a Markov chain, rules/era/exact.py) applies: the same matchup is always the same line,
    and the GM has it at once. Draws (neither wins) are left out of both chances; a book on a
    drawn bout is void.
    """
    try:
        chances = plugin_for(bout.show.campaign.ruleset).engine_chances(bout)
        if chances is None:
            raise BettingError(NO_ENGINE_LINE)
        return chances
    except (RulesError, BoutError) as error:
        raise BettingError(ENGINE_REFUSED.format(error=error)) from error


def bout_engine_sides(bout: Bout) -> tuple[list[Side], str]:
    a_wins, b_wins, basis = bout_engine_chances(bout)
    decided = a_wins + b_wins
    # Each man's price is the fair one for his share of the bouts that have a winner.
    p_a = Fraction(a_wins / decided).limit_denominator(10_000) if decided else Fraction(1, 2)
    p_a = min(max(p_a, Fraction(1, 10_000)), Fraction(9_999, 10_000))
    odds_a = nearest_odds(p_a)
    a, b = bout.entry_a.gladiator, bout.entry_b.gladiator
    sides = [Side(a.pk, a.name, odds_a, a_wins), Side(b.pk, b.name, odds_a.reverse, b_wins)]
    return sides, basis


SKIRMISH_FIGHTS = 1_000  # sampled fights a skirmish's line is priced on
SKIRMISH_SEED = 1  # the same fight, the same line


def fight_engine_sides(bout: Bout, plugin: RulesetPlugin) -> tuple[list[Side], str]:
    """Each side's price in a fight of several sides (Moritari), from the share of sampled
    fights it wins (the public setup: every man's thumb following the crowd, nobody asking). A
    side of men is named by its first man's id, the beasts by NO_MAN_SIDE_ID; draws void the
    book."""
    try:
        rows = plugin.book_sides(bout, fights=SKIRMISH_FIGHTS, seed=SKIRMISH_SEED)
    except BoutError as error:
        raise BettingError(ENGINE_REFUSED.format(error=error)) from error
    sides = []
    for ident, name, chance in rows:
        price = min(max(chance, 1e-4), 1 - 1e-4)
        sides.append(Side(ident, name, nearest_odds(price), chance))
    basis = f"The engine: {SKIRMISH_FIGHTS:,} sampled fights, every man following the crowd"
    return sides, basis


def race_engine_sides(race: Race) -> tuple[list[Side], str]:
    """Each driver's price from the race engine's exact odds for this field, every driver
    taken to drive carefully: the public's line, for a driver's push orders are his owner's
    secret (the GM shortens a price by hand if he wants the line to lean)."""
    entries = list(race.entries.select_related("driver").order_by("lane", "pk"))
    if not entries:
        # A field of none has no odds (the engine refuses it): a refusal, not a 500.
        raise BettingError(NO_FIELD.format(event=event_name(race)))
    try:
        wins = plugin_for(race.show.campaign.ruleset).race_win_chances(entries)
    except RulesError as error:
        raise BettingError(RACE_ENGINE_REFUSED.format(error=error)) from error
    sides = []
    for entry, win in zip(entries, wins, strict=True):
        chance = min(max(win, 1e-4), 1 - 1e-4)
        sides.append(
            Side(entry.pk, f"{entry.driver.name} ({entry.faction})", nearest_odds(chance), win)
        )
    return sides, "The engine: exact race odds for this field, every driver careful"


# --- opening, bets and closing -----------------------------------------------------------


@transaction.atomic
def book_open(
    *,
    bout: Bout | None = None,
    race: Race | None = None,
    source: str = Book.Source.TABLE,
    shorten_steps: dict[int, int] | None = None,
) -> Book:
    """Open a book on a bout or a race, priced here and kept by economy.

    `source` "table" is the seed's table (bouts only); "engine" is the engine's odds for this
    matchup on the public line, never the men's private orders (a bout's exact odds, both men
    cautious; a race's exact odds, every driver careful).
    `shorten_steps` maps a side id to the rungs the GM shortens it by (BETS I).
    """
    if (bout is None) == (race is None):
        raise BettingError(BOOK_NEEDS_ONE)
    event = bout if bout is not None else race
    # Lock the bout or race row: two GMs opening a book at once write one book. Its show and
    # campaign come with it (only its own row locked, as before), and a bout's men: the line
    # and the book's name read them several times, each read a query without this.
    locking = type(event).objects.select_for_update(of=("self",)).select_related("show__campaign")
    if bout is not None:
        locking = locking.prefetch_related("entries__gladiator")
    event = locking.get(pk=event.pk)
    if event.books.exists():
        raise BettingError(BOOK_EXISTS.format(event=event_name(event)))
    if event_begun(event):
        raise BettingError(EVENT_BEGUN.format(event=event_name(event)))
    if source == Book.Source.TABLE:
        if race is not None:
            raise BettingError(NOT_FOR_RACES)
        sides, basis = bout_table_sides(event)
    elif source == Book.Source.ENGINE:
        if race is not None:
            sides, basis = race_engine_sides(event)
        else:
            # A fight of several sides is priced side by side (its plug-in's book_sides).
            plugin = plugin_for(event.show.campaign.ruleset)
            if plugin.many_sides:
                sides, basis = fight_engine_sides(event, plugin)
            else:
                sides, basis = bout_engine_sides(event)
    else:
        raise BettingError(BAD_SOURCE.format(source=source))
    return book_create(
        campaign=event.show.campaign,
        event_name=event_name(event),
        sides=sides,
        basis=basis,
        source=source,
        event=event,
        shorten_steps=shorten_steps,
    )


def book_open_with(bout: Bout) -> Book | None:
    """The book a bout (or fight) just put on the card opens with, if its campaign says so
    (`Campaign.books_open_with_bouts`, on by default): the seed's table for a pair where the ruleset
    has it (the Era's), or the engine's line where the table has none. None with the
    setting off; BettingError (the last line's refusal) if no line can be made: the bout stays
    on the card and the GM may open its book on the bets page."""
    campaign = bout.show.campaign
    if not campaign.books_open_with_bouts:
        return None
    sources = [Book.Source.ENGINE]
    if plugin_for(campaign.ruleset).table_line and is_pair(bout):  # the seed's table: pairs
        sources.insert(0, Book.Source.TABLE)
    refused = None
    for source in sources:
        try:
            return book_open(bout=bout, source=source)
        except BettingError as error:
            refused = error
    assert refused is not None
    raise refused


@transaction.atomic
def bet_place(
    *,
    book: Book,
    bettor: Bettor,
    side: int,
    stake: int,
    idempotency_key: str | None = None,
    user=None,
    seen: Odds | None = None,
) -> Bet:
    """Take a stake on one side, if the bout or race has not begun (economy takes the money),
    at the price `seen` if it is given and still the line's (else PriceMoved).

    The book row is locked first, as in settlement, so a bet never lands in a book being
    closed; a repeat of the same key returns the first bet (economy.services.betting.bet_take).
    """
    book = Book.objects.select_for_update(of=("self",)).get(pk=book.pk)
    if book.is_open:
        event = event_of(book)
        if event_begun(event):
            raise BettingError(EVENT_BEGUN.format(event=event_name(event)))
    fighter = Gladiator.objects.filter(pk=side).first() if isinstance(book.event, Bout) else None
    return bet_take(
        book=book,
        bettor=bettor,
        side=side,
        stake=stake,
        fighter=fighter,
        idempotency_key=idempotency_key,
        user=user,
        seen=seen,
    )


@transaction.atomic
def book_settle(*, book: Book, user=None) -> Book:
    """The GM settles a book: on its event's winner, or NO_WINNER when it has none yet."""
    book = Book.objects.get(pk=book.pk)
    side = winning_side(book)
    if side is None and book.is_open:
        raise BettingError(NO_WINNER.format(event=event_name(event_of(book))))
    return betting.book_settle(book=book, side=side, user=user)


def bout_book_close(*, bout: Bout, user=None) -> Book | None:
    """The bout is over: close its book, if it has one, on its winner (void with none)."""
    book = bout.books.first()
    if book is None:
        return None
    # The book's event is this very bout, held with its men: the settlement's memo names it
    # (economy keeps it on the row it locks) instead of reading them all again.
    book.event = bout
    return book_close(book=book, side=bout_winning_side(bout), user=user)


def race_book_close(*, race: Race, user=None) -> Book | None:
    """The race is over: close its book, if it has one, on the winning entry (void with none)."""
    book = race.books.first()
    if book is None:
        return None
    winner = race.entries.filter(won=True).first()
    return book_close(book=book, side=winner.pk if winner else None, user=user)
