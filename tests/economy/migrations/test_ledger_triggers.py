"""The ledger below the app (issue 10; economy migration 0003): the database itself refuses what
economy.ledger never does. Raw SQL stands in for loaddata, the admin's SQL or a bug.

On either database: an entry cannot be edited or deleted; an entry of 0 or past MAX_ENTRY
cannot be written. On PostgreSQL a transaction whose entries do not sum to zero is refused when
its constraints are checked (at commit; here forced with SET CONSTRAINTS ... IMMEDIATE). On
SQLite, which has no deferred trigger, an unbalanced transaction cannot be followed by another.
`flush` still empties the database (its guard is opened for it on SQLite).
"""

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction

from economy import accounts
from economy.limits import MAX_ENTRY
from economy.models import Entry, Transaction
from tests.factories import CampaignFactory, LanistaFactory
from tests.money import fund

pytestmark = pytest.mark.django_db

POSTGRES = connection.vendor == "postgresql"
SQLITE = connection.vendor == "sqlite"


def _sql(statement: str, params=()) -> None:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def _refused(statement: str, params=()) -> None:
    with pytest.raises(DatabaseError), transaction.atomic():
        _sql(statement, params)
        if POSTGRES:
            _sql("SET CONSTRAINTS ALL IMMEDIATE")


@pytest.fixture
def posted(campaign, nerva):
    fund(accounts.chest(nerva), 1_000)
    return Transaction.objects.get()


def test_an_entry_cannot_be_edited_below_the_app(posted):
    entry = posted.entries.first()
    _refused("UPDATE economy_entry SET amount = amount + 1 WHERE id = %s", [entry.pk])
    _refused("UPDATE economy_entry SET account_id = account_id WHERE id = %s", [entry.pk])
    entry.refresh_from_db()
    assert sorted(posted.entries.values_list("amount", flat=True)) == [-1_000, 1_000]


def test_an_entry_cannot_be_deleted_below_the_app(posted):
    _refused("DELETE FROM economy_entry WHERE transaction_id = %s", [posted.pk])
    _refused("DELETE FROM economy_entry")
    assert posted.entries.count() == 2


@pytest.mark.parametrize("amount", [0, MAX_ENTRY + 1, -MAX_ENTRY - 1, 2**63 - 1])
def test_an_entry_out_of_range_cannot_be_written(posted, amount):
    account = posted.entries.first().account_id
    _refused(
        "INSERT INTO economy_entry (transaction_id, account_id, amount) VALUES (%s, %s, %s)",
        [posted.pk, account, amount],
    )
    assert posted.entries.count() == 2


@pytest.mark.skipif(not POSTGRES, reason="a deferred constraint trigger is PostgreSQL's")
def test_postgresql_refuses_an_unbalanced_transaction(posted):
    account = posted.entries.first().account_id
    _refused(
        "INSERT INTO economy_entry (transaction_id, account_id, amount) VALUES (%s, %s, %s)",
        [posted.pk, account, 5],
    )
    assert posted.entries.count() == 2


@pytest.mark.skipif(not POSTGRES, reason="a deferred constraint trigger is PostgreSQL's")
def test_postgresql_takes_a_balanced_posting_written_leg_by_leg(posted, nerva):
    """The check waits for the commit: the first leg alone is unbalanced, and that is fine."""
    chest = accounts.chest(nerva)
    with transaction.atomic():
        fund(chest, 300)
        _sql("SET CONSTRAINTS ALL IMMEDIATE")
    assert Transaction.objects.count() == 2


@pytest.mark.skipif(not SQLITE, reason="SQLite's best effort in place of a deferred check")
def test_sqlite_refuses_a_transaction_after_an_unbalanced_one(posted, nerva):
    account = posted.entries.first().account_id
    _sql(
        "INSERT INTO economy_entry (transaction_id, account_id, amount) VALUES (%s, %s, %s)",
        [posted.pk, account, 5],
    )  # the newest transaction is now unbalanced (SQLite cannot see it yet)
    with pytest.raises(DatabaseError), transaction.atomic():
        fund(accounts.chest(nerva), 300)
    assert Transaction.objects.count() == 1


def test_the_app_still_posts_and_the_ledger_still_balances(posted, nerva):
    for amount in (1, 500, MAX_ENTRY):
        fund(accounts.chest(nerva), amount)
    totals = {t.pk: sum(t.entries.values_list("amount", flat=True)) for t in Transaction.objects.all()}
    assert set(totals.values()) == {0}
    assert Entry.objects.count() == 8


@pytest.mark.django_db(transaction=True)
def test_flush_still_empties_the_ledger(campaign, nerva):
    fund(accounts.chest(nerva), 1_000)
    call_command("flush", verbosity=0, interactive=False)
    assert not Entry.objects.exists() and not Transaction.objects.exists()
    if SQLITE:  # the guard is closed again
        with connection.cursor() as cursor:
            cursor.execute("SELECT open FROM economy_ledger_guard")
            assert cursor.fetchone() == (0,)
    # The guard's row survives the flush, so the ledger is guarded again.
    fund(accounts.chest(LanistaFactory(campaign=CampaignFactory())), 10)
    _refused("DELETE FROM economy_entry")
