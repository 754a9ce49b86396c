"""What each account moved each day (economy.models.AccountDay, economy migration 0009): kept
by the database from the entries on every path that writes them, equal to the entries summed
by day whatever the order of the days posted, checked by `ledger_check`, and the money charts'
lines read from it equal to a plain computation from the entries, for the GM and a player."""

import importlib
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection, transaction
from django.db.models import Sum

from economy import accounts
from economy.ledger import Leg, day_mismatches, transaction_post, transaction_reverse
from economy.models import AccountDay, Entry, ImmutableError, Transaction
from economy.selectors.history import money_charts, money_lines
from ludus.access import campaign_access
from tests.cast import build_cast

pytestmark = pytest.mark.django_db

FILL = importlib.import_module("economy.migrations.0009_account_days").FILL


def _post(campaign, payer, payee, amount, *, day, key):
    return transaction_post(
        campaign=campaign,
        cause=Transaction.Cause.OTHER,
        memo=key,
        day=day,
        legs=[Leg(payer, -amount), Leg(payee, amount)],
        idempotency_key=key,
    )


def _summed() -> dict[tuple[int, int], int]:
    """The entries summed by account and transaction day, the long way."""
    rows = Entry.objects.values("account_id", "transaction__day").annotate(total=Sum("amount"))
    return {(r["account_id"], r["transaction__day"]): r["total"] for r in rows.order_by()}


def _kept() -> dict[tuple[int, int], int]:
    return {(a, d): m for a, d, m in AccountDay.objects.values_list("account_id", "day", "moved")}


@pytest.fixture
def season():
    """The shared cast (openings on day 3), then debts on days 4, 6 and 6 again, one posted
    late for day 2 (before the openings), a reversal on day 7 of the day-4 debt, and a
    transaction moving one account twice."""
    cast = build_cast()
    campaign = cast.campaign
    chest, purse = accounts.chest(cast.school), accounts.purse(cast.editor)
    rival = accounts.chest(cast.rival)
    debt = _post(campaign, chest, purse, 1_000, day=4, key="d4")
    _post(campaign, chest, purse, 500, day=6, key="d6")
    _post(campaign, purse, rival, 70, day=6, key="d6b")
    _post(campaign, rival, chest, 30, day=2, key="late")
    campaign.day = 7
    campaign.save()
    transaction_reverse(original=debt, memo="a mistake")
    transaction_post(
        campaign=campaign,
        cause=Transaction.Cause.OTHER,
        memo="two legs on one chest",
        day=7,
        legs=[Leg(chest, -40), Leg(chest, 15), Leg(purse, 25)],
        idempotency_key="twice",
    )
    campaign.day = 9
    campaign.save()
    return cast


def test_every_posting_moves_its_accounts_day(season):
    kept = _kept()
    assert kept == _summed()
    chest = accounts.chest(season.school)
    # Day 7: the reversal gives the 1,000 back, the two legs take 25 net.
    assert kept[(chest.pk, 7)] == 1_000 - 25
    assert kept[(chest.pk, 2)] == 30
    assert day_mismatches() == [] and day_mismatches(season.campaign) == []


def test_the_rows_are_the_entries_summed_again(season):
    """The migration's fill gives the rows the trigger kept, from the entries alone."""
    before = _kept()
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM economy_accountday")
        cursor.execute(FILL)
    assert _kept() == before


def _plain_lines(access) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each visible person's line: his entries summed up to each day, one day at a time."""
    campaign = access.campaign
    days_posted = Transaction.objects.filter(campaign=campaign).values_list("day", flat=True)
    first = min(days_posted)
    days = tuple(range(first, max(campaign.day, first) + 1))
    lines = {}
    for kind in money_lines(access).values():
        for line in kind:
            entries = Entry.objects.filter(account=line.account)
            balances = tuple(
                sum(entries.filter(transaction__day__lte=day).values_list("amount", flat=True))
                for day in days
            )
            lines[line.account.pk] = (days, balances)
    return lines


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_the_lines_are_the_entries_summed_day_by_day(season, who):
    access = campaign_access(getattr(season, who), season.campaign.pk)
    got = {
        line.account.pk: (line.days, line.balances)
        for kind in money_lines(access).values()
        for line in kind
    }
    assert got == _plain_lines(access)
    assert got[accounts.chest(season.school).pk][0] == tuple(range(2, 10))
    charts = money_charts(access)
    drawn = {line.account.pk for chart in charts.values() for line in chart.lines}
    assert drawn == set(got)
    if who == "nerva":
        names = {line.account.name for chart in charts.values() for line in chart.lines}
        assert names == {"Nerva's chest", "Bithys's peculium"}


def test_a_transactions_day_cannot_be_changed_below_the_app(season):
    posted = Transaction.objects.get(idempotency_key="d6")
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE economy_transaction SET day = 8 WHERE id = %s", [posted.pk])
    assert Transaction.objects.get(pk=posted.pk).day == 6
    with connection.cursor() as cursor:  # the same day again changes nothing: let through
        cursor.execute("UPDATE economy_transaction SET day = day WHERE id = %s", [posted.pk])


def test_the_app_never_writes_a_day(season):
    row = AccountDay.objects.first()
    with pytest.raises(ImmutableError):
        row.save()
    with pytest.raises(ImmutableError):
        row.delete()
    with pytest.raises(ImmutableError):
        AccountDay.objects.update(moved=0)


def test_ledger_check_finds_a_day_that_disagrees(season, capsys):
    call_command("ledger_check")
    assert "accounts agree with their entries" in capsys.readouterr().out
    chest = accounts.chest(season.school)
    with connection.cursor() as cursor:  # something past the ledger
        cursor.execute(
            "UPDATE economy_accountday SET moved = moved + 7 WHERE account_id = %s AND day = 6",
            [chest.pk],
        )
    [wrong] = day_mismatches(season.campaign)
    assert (wrong.account_id, wrong.day, wrong.kept, wrong.summed) == (chest.pk, 6, -493, -500)
    with pytest.raises(CommandError) as failed:
        call_command("ledger_check", campaign=season.campaign.pk)
    assert failed.value.returncode == 1
    out = capsys.readouterr().out
    assert (
        f"Account #{chest.pk} on day 6: kept -493 sesterces moved, its entries sum to -500" in out
    )


def test_generation_and_the_demo_keep_the_days_too():
    """Entries written in bulk (a generated campaign, the demo's campaign file) move their
    days as the ledger's postings do."""
    call_command("generate_campaign", seed=5, gladiators=8, shows=2, bouts=4, quiet=True)
    call_command("load_demo", stdout=io.StringIO())
    assert AccountDay.objects.count() > 0
    assert _kept() == _summed()
    assert day_mismatches() == []
