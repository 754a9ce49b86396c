"""Two requests debiting one account at once cannot overdraw it.

These tests commit for real (transaction=True) and run each debit in its own thread, so each
has its own database connection, exactly as two web requests would.

On PostgreSQL the ledger locks the debited account rows (SELECT ... FOR UPDATE) before it
reads their balances: the second debit waits for the first to commit, then sees the lower
balance and is refused with the overdraft message. The first test proves the wait: without
the lock the second debit would read the old balance and overdraw.

On SQLite there are no row locks; the database itself admits one writer at a time (the test
database is in memory with a shared cache, which locks whole tables). A debit that meets
another's uncommitted write fails at once on the lock (OperationalError) instead of waiting;
tried again after the other commits, it sees the lower balance and is refused by the ledger.
So the account is never overdrawn on either database; only the way the loser learns it
differs.
"""

import threading
import time

import pytest
from django.db import OperationalError, connection, connections, transaction

from economy import accounts
from economy.ledger import OVERDRAWN, LedgerError, Leg, account_balance, transaction_post
from economy.models import Hire, Transaction
from economy.services import corrections
from economy.services import hire as hiring
from tests.factories import (
    CampaignFactory,
    EditorFactory,
    GladiatorFactory,
    LanistaFactory,
    ShowFactory,
)

HOLD_SECONDS = 0.6
ON_POSTGRES = connection.vendor == "postgresql"


def _in_thread(target, results: list, index: int, *args) -> threading.Thread:
    def run():
        try:
            results[index] = target(*args)
        except Exception as error:  # the test inspects what each thread met
            results[index] = error
        finally:
            connections.close_all()  # this thread's own connection

    return threading.Thread(target=run, daemon=True)


def _debit(chest, market, key: str) -> Transaction:
    return transaction_post(
        campaign=chest.campaign,
        cause=Transaction.Cause.PURCHASE,
        memo=key,
        legs=[Leg(chest, -800), Leg(market, 800)],
        idempotency_key=key,
    )


@pytest.mark.django_db(transaction=True)
def test_the_second_debit_waits_for_the_first_and_is_refused():
    campaign = CampaignFactory()
    chest = accounts.chest(LanistaFactory(campaign=campaign))
    market = accounts.market(campaign)
    corrections.opening_balance(account=chest, amount=1_000)

    posted, release = threading.Event(), threading.Event()
    results: list = [None, None]
    waited: list[float] = []

    def first():
        # Debit, then hold the transaction open (with its lock) until the main thread says.
        with transaction.atomic():
            done = _debit(chest, market, "first")
            posted.set()
            release.wait(10)
        return done

    def second():
        posted.wait(10)
        start = time.monotonic()
        try:
            return _debit(chest, market, "second")
        finally:
            waited.append(time.monotonic() - start)

    threads = [_in_thread(first, results, 0), _in_thread(second, results, 1)]
    for thread in threads:
        thread.start()
    assert posted.wait(10)
    time.sleep(HOLD_SECONDS)  # the second debit is now trying while the first is uncommitted
    release.set()
    for thread in threads:
        thread.join(20)
        assert not thread.is_alive()

    assert isinstance(results[0], Transaction), results[0]
    assert account_balance(chest) == 200
    assert Transaction.objects.filter(cause=Transaction.Cause.PURCHASE).count() == 1
    if ON_POSTGRES:
        # It waited on the lock, and then saw the committed debit.
        assert waited[0] >= HOLD_SECONDS * 0.8
        assert isinstance(results[1], LedgerError), results[1]
        assert str(results[1]) == OVERDRAWN.format(account=chest, balance=200, amount=800)
    else:
        assert isinstance(results[1], (LedgerError, OperationalError)), results[1]


@pytest.mark.django_db(transaction=True)
def test_many_hires_at_once_never_overdraw_the_editor():
    """Six hires of six men race against a purse that holds two hires: at most two are made."""
    campaign = CampaignFactory()
    nerva = LanistaFactory(campaign=campaign)
    editor = EditorFactory(campaign=campaign)
    show = ShowFactory(campaign=campaign, editor=editor)
    men = [GladiatorFactory(campaign=campaign, owner=nerva) for _ in range(6)]
    purse = accounts.purse(editor)
    accounts.chest(nerva)
    corrections.opening_balance(account=purse, amount=2 * 1_600)

    start = threading.Barrier(len(men))
    results: list = [None] * len(men)

    def hire(man):
        start.wait(10)
        # On SQLite a request that meets another's write lock fails at once; it is tried again,
        # as the GM would click again. On PostgreSQL it waits on the row lock instead.
        for _ in range(200):
            try:
                return hiring.hire_contract_create(show=show, gladiator=man, kind="team")
            except OperationalError:
                if ON_POSTGRES:
                    raise
                time.sleep(0.01)
        raise AssertionError("the database stayed locked")

    threads = [_in_thread(hire, results, i, man) for i, man in enumerate(men)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
        assert not thread.is_alive()

    made = [r for r in results if isinstance(r, Hire)]
    refused = [r for r in results if not isinstance(r, Hire)]
    # Each request saw the others' committed debits: exactly two were made, and the other
    # four were refused by the ledger with its overdraft message.
    assert len(made) == 2, results
    assert all(isinstance(r, LedgerError) for r in refused), refused
    assert all(str(r) == OVERDRAWN.format(account=purse, balance=0, amount=1_600) for r in refused)
    assert account_balance(purse) == 0
    assert Hire.objects.count() == 2
    assert account_balance(accounts.chest(nerva)) == 3_200
