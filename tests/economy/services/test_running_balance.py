"""Each account's running balance (issue 14): moved with its entries, always their sum, and
what the overdraft check reads, so a posting costs the same on a long ledger."""

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from economy import accounts
from economy.ledger import (
    OVERDRAWN,
    LedgerError,
    Leg,
    account_balance,
    balance_mismatches,
    balances,
    balances_from_entries,
    transaction_post,
    transaction_reverse,
)
from economy.models import Account, Entry
from tests.economy.services.money import fund
from tests.factories import EditorFactory, LanistaFactory

pytestmark = pytest.mark.django_db


def _summed(account: Account) -> int:
    return sum(Entry.objects.filter(account=account).values_list("amount", flat=True))


def _pay(campaign, payer, payee, amount, key):
    return transaction_post(
        campaign=campaign,
        cause="other",
        memo="a payment",
        legs=[Leg(payer, -amount), Leg(payee, amount)],
        idempotency_key=key,
    )


def test_the_running_balance_is_the_sum_of_the_entries(campaign, nerva, senator):
    chest, purse = accounts.chest(nerva), accounts.purse(senator)
    fund(chest, 5_000)
    first = _pay(campaign, chest, purse, 1_200, "a")
    _pay(campaign, chest, purse, 200, "b")
    transaction_reverse(original=first)
    for account in Account.objects.filter(campaign=campaign):
        assert account.balance == _summed(account) == account_balance(account)
    assert account_balance(chest) == 5_000 - 1_200 - 200 + 1_200
    assert balances([chest, purse]) == balances_from_entries([chest, purse])
    assert balance_mismatches(campaign) == []


def test_a_retry_moves_no_balance_twice(campaign, nerva, senator):
    chest, purse = accounts.chest(nerva), accounts.purse(senator)
    fund(chest, 1_000)
    _pay(campaign, chest, purse, 300, "once")
    _pay(campaign, chest, purse, 300, "once")
    assert account_balance(chest) == 700 == _summed(chest)
    assert account_balance(purse) == 300


def test_legs_that_cancel_in_one_account_leave_it_as_it_was(campaign, nerva, senator):
    chest, purse = accounts.chest(nerva), accounts.purse(senator)
    fund(chest, 100)
    transaction_post(
        campaign=campaign,
        cause="other",
        memo="through and back",
        legs=[Leg(chest, -100), Leg(purse, 100), Leg(purse, -100), Leg(chest, 100)],
        idempotency_key="round trip",
    )
    assert account_balance(chest) == 100 == _summed(chest)
    assert account_balance(purse) == 0 == _summed(purse)


def test_the_overdraft_check_reads_the_running_balance(campaign, nerva, senator):
    chest, purse = accounts.chest(nerva), accounts.purse(senator)
    fund(chest, 500)
    _pay(campaign, chest, purse, 500, "all of it")  # to the last sesterce
    with pytest.raises(LedgerError) as refused:
        _pay(campaign, chest, purse, 1, "one more")
    assert str(refused.value) == OVERDRAWN.format(account=chest, balance=0, amount=1)
    assert account_balance(chest) == 0 == _summed(chest)


def test_a_posting_reads_no_entries_to_check_funds(campaign, nerva, senator):
    """The payer's entries are never summed: the queries of a posting name no entry table
    except to write the new entries."""
    chest, purse = accounts.chest(nerva), accounts.purse(senator)
    fund(chest, 10_000)
    for n in range(30):
        _pay(campaign, chest, purse, 10, f"before {n}")
    with CaptureQueriesContext(connection) as captured:
        _pay(campaign, chest, purse, 10, "measured")
    reads = [
        q["sql"]
        for q in captured.captured_queries
        if "economy_entry" in q["sql"] and not q["sql"].lstrip().upper().startswith("INSERT")
    ]
    assert reads == []


def test_ledger_check_finds_a_balance_that_disagrees(campaign, nerva, capsys):
    chest = accounts.chest(nerva)
    fund(chest, 2_000)
    other = accounts.purse(EditorFactory(campaign=campaign, name="Marcus"))
    fund(other, 50)
    call_command("ledger_check")
    assert "accounts agree with their entries" in capsys.readouterr().out
    # Something past the ledger moves a balance (the ledger itself never does).
    Account.objects.filter(pk=chest.pk).update(balance=F("balance") + 7)
    [wrong] = balance_mismatches(campaign)
    assert (wrong.account, wrong.kept, wrong.summed) == (chest, 2_007, 2_000)
    with pytest.raises(CommandError) as failed:
        call_command("ledger_check", campaign=campaign.pk)
    assert failed.value.returncode == 1
    assert "kept 2,007 sesterces, its entries sum to 2,000" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("value", "message"),
    [(0, "--campaign"), (10**6, "no campaign with id 1000000")],
)
def test_ledger_check_refuses_a_bad_campaign(value, message):
    LanistaFactory()  # a campaign exists, not this one
    with pytest.raises(CommandError) as refused:
        call_command("ledger_check", campaign=value)
    assert refused.value.returncode == 2 and message in str(refused.value)
