"""Who may read which money: the ledger as each member of a campaign sees it.

The choice (docs/pages.md): the GM sees every account and every transaction. A player
sees the accounts of his own parties (the chest of a lanista he plays, the peculium of every man
of that school, the purse of an editor he plays, the purse of a bettor he plays), every
transaction that touches one of them, and the public costs of the games: a transaction tied to
a show whose cause is a hire, a winner's purse, the lanista's price for a man given the sword, a
race prize or a state grant. Those are paid before the crowd; a sale, a signing, a manumission,
a bet or a correction is private business unless it touches his own accounts.

Of a private transaction a player reads the legs of his own accounts and of the house's (the
market, the state, the bookmaker, a book's stakes), never another person's (issue 10): a book
settled or voided is one transaction with a leg for every winning or staking bettor, and a
bettor must not read the others' names and winnings. Legs are cut here, when the ledger is read,
rather than by splitting such transactions when they are written: the entries already written
never change, and every many-party transaction (a settlement, a void, any to come) is covered.
The legs of a public cost are all public.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from economy.ledger import balances
from economy.models import Account, Entry, Transaction
from economy.selectors.ledger import account_of, ledger_csv_rows, ledger_transactions
from ludus.access import Access
from ludus.models import Gladiator

PUBLIC_CAUSES = (
    Transaction.Cause.HIRE,
    Transaction.Cause.PURSE,
    Transaction.Cause.SWORD,
    Transaction.Cause.PRIZE,
    Transaction.Cause.GRANT,
)


def _own_accounts_q(access: Access, prefix: str = "") -> Q:
    user = access.user
    return (
        Q(**{f"{prefix}lanista__player": user})
        | Q(**{f"{prefix}gladiator__owner__player": user})
        | Q(**{f"{prefix}editor__player": user})
        | Q(**{f"{prefix}bettor__player": user})
    )


def _public_q(prefix: str = "") -> Q:
    """A public cost of the games (or the reversal of one), as the crowd sees it paid."""
    return Q(**{f"{prefix}event_type__isnull": False, f"{prefix}cause__in": PUBLIC_CAUSES}) | Q(
        **{
            f"{prefix}reverses__event_type__isnull": False,
            f"{prefix}reverses__cause__in": PUBLIC_CAUSES,
        }
    )


# Accounts of a person (a lanista, a man, an editor, a bettor); the others are the house's.
PERSONAL_KINDS = (
    Account.Kind.CHEST,
    Account.Kind.PECULIUM,
    Account.Kind.PURSE,
    Account.Kind.BETTOR,
)


def visible_entries(access: Access) -> QuerySet[Entry]:
    """The legs this member may read: all for the GM; else those of his own accounts and of
    the house's, and every leg of a public cost."""
    entries = Entry.objects.filter(account__campaign=access.campaign)
    if not access.is_gm:
        entries = entries.filter(
            _own_accounts_q(access, "account__")
            | ~Q(account__kind__in=PERSONAL_KINDS)
            | _public_q("transaction__")
        )
    return entries


def visible_accounts(access: Access) -> QuerySet[Account]:
    """Accounts whose balance this member may see (the GM: all of the campaign's)."""
    accounts = Account.objects.filter(campaign=access.campaign)
    if not access.is_gm:
        accounts = accounts.filter(_own_accounts_q(access))
    return accounts.order_by("kind", "name")


def visible_transactions(access: Access) -> QuerySet[Transaction]:
    """Transactions this member may read: all for the GM; his own and the public ones else."""
    transactions = Transaction.objects.filter(campaign=access.campaign)
    if not access.is_gm:
        own = Account.objects.filter(campaign=access.campaign).filter(_own_accounts_q(access))
        # The reversal of a public cost (a hire refunded when the man is given the sword) is as
        # public as the cost.
        transactions = transactions.filter(Q(entries__account__in=own) | _public_q()).distinct()
    return transactions


def ledger_listing(
    access: Access,
    *,
    account: Account | None = None,
    events=None,
    gladiator: Gladiator | None = None,
    with_events: bool = True,
) -> QuerySet[Transaction]:
    """The ledger (economy.selectors.ledger_transactions, newest first) cut to what this member
    may read: the transactions, and in each the legs (`visible_entries`). `with_events=False`
    leaves the events to fetch for a page (`economy.selectors.ledger.fetch_events`)."""
    listing = ledger_transactions(
        campaign=access.campaign,
        account=account,
        events=events,
        gladiator=gladiator,
        newest_first=True,
        with_events=with_events,
        entries=None if access.is_gm else visible_entries(access),
    )
    if not access.is_gm:
        listing = listing.filter(pk__in=visible_transactions(access).values("pk"))
    return listing


def ledger_csv(access: Access, **filters) -> Iterator[list]:
    """The CSV rows of economy.selectors.ledger_csv_rows, cut to what this member may read."""
    if access.is_gm:
        yield from ledger_csv_rows(campaign=access.campaign, **filters)
        return
    listing = ledger_listing(access, **filters).order_by("pk")
    yield from ledger_csv_rows(campaign=access.campaign, transactions=listing)


@dataclass(frozen=True)
class Balance:
    account: Account
    amount: int  # sesterces


def visible_balances(access: Access) -> list[Balance]:
    """The balance of every account this member may see, in account order."""
    accounts = list(visible_accounts(access).select_related("lanista", "gladiator", "editor"))
    amounts = balances(accounts)
    return [Balance(account, amounts[account.pk]) for account in accounts]


def peculium_balance(gladiator) -> int:
    """His peculium in sesterces (0 before any money moved; reading opens no account)."""
    return party_balance(gladiator)


# --- The market: who may deal in which men, and what a deal costs ------------------------------


def party_balance(party) -> int:
    """A lanista's chest, an editor's purse or a man's peculium, in sesterces (0 if unopened)."""
    account = account_of(party)
    return balances([account])[account.pk] if account else 0
