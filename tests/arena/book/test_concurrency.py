"""Concurrent bets cannot overdraw a purse, nor land in a book being settled.

Each bet runs in its own thread with its own database connection, as two web requests would,
and commits for real (transaction=True). On PostgreSQL `bet_place` locks the book row and then
the bettor's account (SELECT ... FOR UPDATE) before it reads his balance: the second bet
waits for the first to commit, then sees the lower balance and is refused with the message.
SQLite has no row locks and its in-memory test database locks whole tables, so there the
second writer fails on the lock instead of waiting; these tests run on PostgreSQL (CI runs the
suite on both; they skip on SQLite).
"""

import threading
import time

import pytest
from django.db import connection, connections, transaction

from arena.book import services as b
from arena.models import Bout
from economy import accounts
from economy.ledger import account_balance
from economy.models import Bet, Book
from economy.services import betting
from tests.arena.book.cast import fund
from tests.factories import BettorFactory, BoutFactory, CampaignFactory, GladiatorFactory

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks: run with a PostgreSQL DATABASE_URL"
    ),
]

HOLD_SECONDS = 0.6


def _thread(target, results: list, index: int) -> threading.Thread:
    def run():
        try:
            results[index] = target()
        except Exception as error:  # noqa: BLE001 - the test inspects what each thread met
            results[index] = error
        finally:
            connections.close_all()  # this thread's own connection

    return threading.Thread(target=run, daemon=True)


def _cast():
    campaign = CampaignFactory()
    a = GladiatorFactory(campaign=campaign, melee=3)
    bout = BoutFactory(show__campaign=campaign, fighter_a=a, fighter_b__melee=2)
    eros = BettorFactory(campaign=campaign, name="Eros")
    fund(accounts.bettor_account(eros), 1_000)
    book = b.book_open(bout=bout)
    return bout, book, eros, a


def test_the_second_bet_waits_for_the_first_and_is_refused():
    _bout, book, eros, a = _cast()
    placed, release = threading.Event(), threading.Event()
    results: list = [None, None]
    waited: list[float] = []

    def first():
        with transaction.atomic():  # bet, then hold the transaction (and its locks) open
            bet = b.bet_place(book=book, bettor=eros, side=a.pk, stake=700)
            placed.set()
            release.wait(10)
        return bet

    def second():
        placed.wait(10)
        start = time.monotonic()
        try:
            return b.bet_place(book=book, bettor=eros, side=a.pk, stake=700)
        finally:
            waited.append(time.monotonic() - start)

    threads = [_thread(first, results, 0), _thread(second, results, 1)]
    for thread in threads:
        thread.start()
    placed.wait(10)
    time.sleep(HOLD_SECONDS)
    release.set()
    for thread in threads:
        thread.join(20)
    assert isinstance(results[0], Bet)
    assert isinstance(results[1], betting.BettingError)
    refusal = betting.STAKE_ABOVE_BALANCE.format(bettor="Eros", balance=300, stake=700)
    assert str(results[1]) == refusal
    assert waited[0] >= HOLD_SECONDS * 0.8  # it waited on the lock, then read the new balance
    assert account_balance(accounts.bettor_account(eros)) == 300
    assert Bet.objects.count() == 1


def test_many_concurrent_bets_never_overdraw():
    _bout, book, eros, a = _cast()
    go = threading.Barrier(8)
    results: list = [None] * 8

    def bet():
        go.wait(10)
        return b.bet_place(book=book, bettor=eros, side=a.pk, stake=300)

    threads = [_thread(bet, results, i) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    placed = [r for r in results if isinstance(r, Bet)]
    refused = [r for r in results if isinstance(r, betting.BettingError)]
    assert len(placed) == 3 and len(refused) == 5, results
    assert account_balance(accounts.bettor_account(eros)) == 100
    assert account_balance(book.account) == 900


def test_a_bet_cannot_land_in_a_book_being_settled():
    bout, book, eros, a = _cast()
    b.bet_place(book=book, bettor=eros, side=a.pk, stake=100)
    Bout.objects.filter(pk=bout.pk).update(status=Bout.Status.DONE)
    bout.entries.filter(gladiator=a).update(result="won")
    settling, release = threading.Event(), threading.Event()
    results: list = [None, None]

    def settle():
        with transaction.atomic():
            book_now = b.book_settle(book=book)
            settling.set()
            release.wait(10)
        return book_now

    def late_bet():
        settling.wait(10)
        # Put the bout back to planned so only the book's status can refuse the bet.
        return b.bet_place(book=book, bettor=eros, side=a.pk, stake=100)

    Bout.objects.filter(pk=bout.pk).update(status=Bout.Status.PLANNED)
    threads = [_thread(settle, results, 0), _thread(late_bet, results, 1)]
    for thread in threads:
        thread.start()
    settling.wait(10)
    time.sleep(HOLD_SECONDS)
    release.set()
    for thread in threads:
        thread.join(20)
    assert isinstance(results[0], Book) and results[0].status == Book.Status.SETTLED
    assert isinstance(results[1], betting.BettingError)
    assert str(results[1]) == betting.BOOK_NOT_OPEN.format(status="settled")
    assert account_balance(book.account) == 0
    assert Bet.objects.count() == 1
