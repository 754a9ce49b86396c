"""The book's writes, posted three times at once (issue 10, "Replays of a click"): a book
opened at once is opened once (the event's row lock); a bet sent three times with one form's
key is staked once (each repeat answers with that bet); a book settled, voided or shortened
three times at once is closed or shortened once (the book's row lock, and the shorten form's
line). PostgreSQL only (tests/threads.py)."""

import pytest

from arena.book import services as b
from economy import accounts
from economy.ledger import account_balance
from economy.models import Bet, Book, Transaction
from economy.odds_lines import shorten
from economy.services import betting
from ludus.errors import AlreadyDone
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

N = 3


def test_a_book_opened_at_once_is_opened_once(bout):
    made, others = sort_out(at_once(*[lambda: b.book_open(bout=bout)] * N), Book)
    assert len(made) == 1, others
    assert all(isinstance(r, betting.BettingError) for r in others), others
    assert {str(r) for r in others} == {betting.BOOK_EXISTS.format(event=b.event_name(bout))}
    assert Book.objects.filter(campaign=bout.show.campaign).count() == 1


def test_a_bet_sent_at_once_with_one_key_is_staked_once(bout, bithys, eros):
    book = b.book_open(bout=bout)

    def post():
        return b.bet_place(
            book=book, bettor=eros, side=bithys.pk, stake=300, idempotency_key="bet-form:k1"
        )

    made, others = sort_out(at_once(*[post] * N), Bet)
    assert not others, others
    assert len({bet.pk for bet in made}) == 1  # every repeat answers with the first bet
    assert Bet.objects.filter(book=book).count() == 1
    assert account_balance(accounts.bettor_account(eros)) == 700
    assert account_balance(book.account) == 300


def _won(bout, man):
    bout.status = bout.Status.DONE
    bout.save(update_fields=["status"])
    bout.entries.filter(gladiator=man).update(result="won")


def test_a_book_settled_at_once_is_settled_once(bout, bithys, murmillo, eros, lucius):
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    b.bet_place(book=book, bettor=lucius, side=murmillo.pk, stake=250)
    _won(bout, bithys)

    made, others = sort_out(at_once(*[lambda: b.book_settle(book=book)] * N), Book)
    assert len(made) == 1, others
    assert all(isinstance(r, betting.BettingError) for r in others), others
    assert {str(r) for r in others} == {betting.BOOK_NOT_OPEN.format(status="settled")}
    settled = Transaction.objects.filter(campaign=book.campaign, cause=Transaction.Cause.SETTLEMENT)
    assert settled.count() == 1
    assert account_balance(book.account) == 0


def test_a_book_voided_at_once_is_voided_once(bout, bithys, eros):
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)

    def post():
        return betting.book_void(book=book, reason="rain")

    made, others = sort_out(at_once(*[post] * N), Book)
    assert len(made) == 1, others
    assert all(isinstance(r, betting.BettingError) for r in others), others
    assert account_balance(accounts.bettor_account(eros)) == 1_000  # the stake back, once
    assert account_balance(book.account) == 0


def test_a_price_shortened_at_once_from_one_page_is_shortened_once(bout, bithys):
    book = b.book_open(bout=bout)
    drawn = betting.line_mark(book)
    once = shorten(betting.book_side(book, bithys.pk).odds, 1)

    def post():
        return betting.book_shorten(book=book, side=bithys.pk, steps=1, line=drawn)

    made, others = sort_out(at_once(*[post] * N), Book)
    assert len(made) == 1, others
    assert [type(r) for r in others] == [AlreadyDone] * (N - 1), others
    assert {str(r) for r in others} == {betting.LINE_DONE}
    book.refresh_from_db()
    assert betting.book_side(book, bithys.pk).odds == once
