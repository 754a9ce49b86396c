"""Posting to the ledger: the one way money moves in a campaign.

`transaction_post` writes a balanced Transaction once per idempotency key; `transaction_reverse`
corrects one by posting its mirror image. Both lock the accounts they touch, so two requests
cannot overdraw an account between reading and writing its balance.

Each account's running balance (`Account.balance`) moves here, in the same database
transaction as the entries and under the account's row lock, so the overdraft check reads one
row instead of summing the payer's whole account (a posting costs the same at 200,000 entries
as at 2,000). It stays derived from the entries: `balance_mismatches` sums them again and
compares (`manage.py ledger_check`, and the tests).
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.db.models import Sum

from economy.limits import MAX_ENTRY
from economy.models import Account, AccountDay, Entry, Transaction
from ludus.errors import Refusal
from ludus.models import Campaign
from ludus.validation import full_clean_held

UNBALANCED = "A transaction's entries must sum to zero; these sum to {total:+,} sesterces."
TOO_FEW_LEGS = "A transaction needs at least two entries."
ZERO_LEG = "An entry of 0 sesterces moves nothing; leave it out."
LEG_TOO_LARGE = "Amount: an entry moves at most {most:,} sesterces; got {amount}."
NOT_INTEGER = "Amounts are whole sesterces; got {amount!r}."
FOREIGN_ACCOUNT = "Account {account} belongs to another campaign."
OVERDRAWN = "{account} holds {balance:,} sesterces and cannot pay {amount:,}."
ALREADY_REVERSED = "Transaction #{pk} has already been reversed."
KEY_REUSED = "Idempotency key {key!r} was already used for a different transaction."


class LedgerError(Refusal):
    """A posting the ledger refuses; the message is shown to the GM as it is."""


@dataclass(frozen=True)
class Leg:
    account: Account
    amount: int  # sesterces, positive into the account


def account_balance(account: Account) -> int:
    """The account's balance in sesterces, as the database holds it now (one row read: the
    running balance, not the instance's copy, which may predate a posting)."""
    found = Account.objects.filter(pk=account.pk).values_list("balance", flat=True).first()
    return found or 0


def balances(accounts: Iterable[Account]) -> dict[int, int]:
    """Balances of many accounts in one query, keyed by account id (0 for no entries)."""
    ids = [account.pk for account in accounts]
    found = dict(Account.objects.filter(pk__in=ids).values_list("pk", "balance"))
    return {pk: found.get(pk, 0) for pk in ids}


def balances_from_entries(accounts: Iterable[Account] | None = None) -> dict[int, int]:
    """Balances summed from the entries themselves (one grouped query), keyed by account id:
    what the running balances must equal. All accounts when none are named."""
    rows = Entry.objects.all()
    ids = None
    if accounts is not None:
        ids = [account.pk for account in accounts]
        rows = rows.filter(account_id__in=ids)
    found = dict(
        rows.values("account_id").annotate(total=Sum("amount")).values_list("account_id", "total")
    )
    if ids is None:
        ids = list(Account.objects.values_list("pk", flat=True))
    return {pk: found.get(pk, 0) for pk in ids}


@dataclass(frozen=True)
class Mismatch:
    account: Account
    kept: int  # the running balance
    summed: int  # the sum of its entries


def balance_mismatches(campaign: Campaign | None = None) -> list[Mismatch]:
    """Every account (of the campaign, or of all campaigns) whose running balance differs from
    the sum of its entries: none, unless something wrote entries past the ledger."""
    accounts = Account.objects.order_by("pk")
    if campaign is not None:
        accounts = accounts.filter(campaign=campaign)
    summed = Entry.objects.filter(account__in=accounts).values("account_id")
    totals = dict(summed.annotate(total=Sum("amount")).values_list("account_id", "total"))
    return [
        Mismatch(account, account.balance, totals.get(account.pk, 0))
        for account in accounts
        if account.balance != totals.get(account.pk, 0)
    ]


@dataclass(frozen=True)
class DayMismatch:
    account_id: int
    day: int
    kept: int  # what economy_accountday holds for that account and day (0: no row)
    summed: int  # the sum of the account's entries in that day's transactions


def day_mismatches(campaign: Campaign | None = None) -> list[DayMismatch]:
    """Every (account, day) whose kept movement (AccountDay, kept by the database's trigger)
    differs from the sum of the account's entries in that day's transactions: none, unless
    something wrote past the ledger's triggers. Two grouped queries."""
    entries = Entry.objects.all()
    days = AccountDay.objects.all()
    if campaign is not None:
        entries = entries.filter(account__campaign=campaign)
        days = days.filter(account__campaign=campaign)
    summed = dict(
        ((account_id, day), total)
        for account_id, day, total in entries.values("account_id", "transaction__day")
        .annotate(total=Sum("amount"))
        .values_list("account_id", "transaction__day", "total")
        .order_by()
    )
    kept = {
        (account_id, day): moved
        for account_id, day, moved in days.values_list("account_id", "day", "moved").order_by()
    }
    found = [
        DayMismatch(*key, kept.get(key, 0), summed.get(key, 0))
        for key in sorted(summed.keys() | kept.keys())
    ]
    return [mismatch for mismatch in found if mismatch.kept != mismatch.summed]


def _check_legs(campaign: Campaign, legs: list[Leg]) -> None:
    if len(legs) < 2:
        raise LedgerError(TOO_FEW_LEGS)
    for leg in legs:
        if isinstance(leg.amount, bool) or not isinstance(leg.amount, int):
            raise LedgerError(NOT_INTEGER.format(amount=leg.amount))
        if leg.amount == 0:
            raise LedgerError(ZERO_LEG)
        if abs(leg.amount) > MAX_ENTRY:
            raise LedgerError(LEG_TOO_LARGE.format(most=MAX_ENTRY, amount=f"{leg.amount:,}"))
        if leg.account.campaign_id != campaign.pk:
            raise LedgerError(FOREIGN_ACCOUNT.format(account=leg.account))
    total = sum(leg.amount for leg in legs)
    if total != 0:
        raise LedgerError(UNBALANCED.format(total=total))


def _lock(legs: list[Leg]) -> tuple[list[Account], dict[int, int]]:
    """Lock every account of the legs (in id order, so two postings never deadlock); each
    account's net movement."""
    nets: dict[int, int] = {}
    for leg in legs:
        nets[leg.account.pk] = nets.get(leg.account.pk, 0) + leg.amount
    locked = Account.objects.select_for_update().filter(pk__in=sorted(nets)).order_by("pk")
    return list(locked), nets


def _check_funds(locked: list[Account], nets: dict[int, int]) -> None:
    """Refuse an overdraft, reading each payer's running balance from its locked row."""
    for account in locked:
        net = nets[account.pk]
        if net < 0 and not account.may_overdraw:
            balance = account.balance
            if balance + net < 0:
                raise LedgerError(OVERDRAWN.format(account=account, balance=balance, amount=-net))


def _existing(campaign: Campaign, key: str) -> Transaction | None:
    return Transaction.objects.filter(campaign=campaign, idempotency_key=key).first()


@transaction.atomic
def transaction_post(
    *,
    campaign: Campaign,
    cause: str,
    memo: str,
    legs: Iterable[Leg],
    idempotency_key: str,
    day: int | None = None,
    **links,
) -> Transaction:
    """Write a balanced transaction, or return the one already written under this key.

    `links` are the optional event (the show, bout or race paid for), gladiator, reverses
    and created_by.
    """
    legs = list(legs)
    _check_legs(campaign, legs)
    locked, nets = _lock(legs)
    # Asked under the locks (once: asking before them too answered the same, a query more on
    # every posting): a twin posting (a double click on PostgreSQL) that held them has
    # committed by now, and this one is its retry, not a second payment.
    found = _existing(campaign, idempotency_key)
    if found is not None:
        return _same_or_error(found, legs, idempotency_key)
    _check_funds(locked, nets)
    try:
        # A savepoint, so that losing a race on the unique key leaves the outer block usable.
        with transaction.atomic():
            posted = Transaction(
                campaign=campaign,
                cause=cause,
                memo=memo,
                day=campaign.day if day is None else day,
                idempotency_key=idempotency_key,
                **links,
            )
            # The key's uniqueness is the index's to decide (the IntegrityError below), not a
            # check that a twin committing meanwhile would turn into a ValidationError.
            full_clean_held(posted, validate_constraints=False)
            posted.save()
            Entry.objects.bulk_create(
                Entry(transaction=posted, account=leg.account, amount=leg.amount) for leg in legs
            )
            _move_balances(nets)
    except IntegrityError:
        found = _existing(campaign, idempotency_key)
        if found is None:
            raise
        return _same_or_error(found, legs, idempotency_key)
    return posted


def _move_balances(nets: dict[int, int]) -> None:
    """Move each account's running balance by its net, in the transaction that wrote the
    entries; the rows are locked (`_lock`), so no other posting moves them meanwhile.

    One UPDATE for all of them, written out: every posting runs it, and the ORM's
    `filter(pk=...).update(balance=F(...) + net)` once per account cost about twice the CPU
    of this statement per account (measured: 0.5 ms a query on this machine's SQLite, most
    of it compiling the query), a Case() expression more still. Plain SQL both SQLite and
    PostgreSQL run; the values are parameters."""
    moved = [(pk, net) for pk, net in sorted(nets.items()) if net]
    if not moved:
        return
    quote = connection.ops.quote_name
    table, pk_column = quote(Account._meta.db_table), quote(Account._meta.pk.column)
    balance = quote(Account._meta.get_field("balance").column)
    whens = " ".join(f"WHEN {pk_column} = %s THEN CAST(%s AS BIGINT)" for _ in moved)
    ids = ", ".join("%s" for _ in moved)
    sql = (
        f"UPDATE {table} SET {balance} = {balance} + CASE {whens} ELSE 0 END "
        f"WHERE {pk_column} IN ({ids})"
    )
    params = [value for pk, net in moved for value in (pk, net)] + [pk for pk, _ in moved]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _same_or_error(found: Transaction, legs: list[Leg], key: str) -> Transaction:
    """A retry with the same key must describe the same movement of money."""
    wanted = sorted((leg.account.pk, leg.amount) for leg in legs)
    written = sorted(found.entries.values_list("account_id", "amount"))
    if wanted != written:
        raise LedgerError(KEY_REUSED.format(key=key))
    return found


@transaction.atomic
def transaction_reverse(*, original: Transaction, memo: str = "", created_by=None) -> Transaction:
    """Correct a transaction by posting its mirror image; the original stays as it was."""
    if Transaction.objects.filter(reverses=original).exists():
        raise LedgerError(ALREADY_REVERSED.format(pk=original.pk))
    legs = [Leg(entry.account, -entry.amount) for entry in original.entries.all()]
    return transaction_post(
        campaign=original.campaign,
        cause=Transaction.Cause.CORRECTION,
        memo=memo or f"Reversal of #{original.pk}: {original.memo}",
        legs=legs,
        idempotency_key=f"reverse:{original.pk}",
        reverses=original,
        event_type=original.event_type,
        event_id=original.event_id,
        gladiator=original.gladiator,
        created_by=created_by,
    )
