"""Balances grouped by kind of account for a page's sidebar, with long kinds cut short.

A campaign of a thousand men has a peculium for most of them and an account for every book:
the dashboard and the ledger list the balances by kind, and listing every account of such a
kind would make each of those pages render thousands of rows (issue 14: every page under
150 ms on a large campaign). So each kind shows its first `shown` accounts, in the order the
balances come (kind, then name), and the rest as one line: how many more, and their total.
Every amount is the account's balance as `visible_balances` gives it; nothing is kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Sum, Window
from django.db.models.functions import RowNumber

from economy.models import Account
from economy.selectors.visibility import Balance, visible_accounts
from ludus.access import Access

SHOWN_PER_KIND = 12  # accounts listed by name in each kind; the others summed on one line


@dataclass(frozen=True)
class BalanceGroup:
    kind: str  # the kind's display name ("Gladiator's peculium")
    shown: tuple[Balance, ...]
    more: int  # accounts of the kind not listed
    more_amount: int  # their balances summed (sesterces)


def visible_balance_groups(access: Access, *, shown: int | None = None) -> list[BalanceGroup]:
    """The balances this member may see (`visible_balances`: the running balance of each
    account), by kind in kind order, the first `shown` (SHOWN_PER_KIND) of each kind by name,
    the others counted and summed: one query however many accounts (each row listed carries
    its kind's count and total, window functions over the kind)."""
    shown = SHOWN_PER_KIND if shown is None else shown
    by_kind = {"partition_by": [F("kind")]}
    ranked = (
        visible_accounts(access)
        .annotate(
            rank=Window(RowNumber(), order_by=[F("name").asc(), F("pk")], **by_kind),
            kind_count=Window(Count("pk"), **by_kind),
            kind_total=Window(Sum("balance"), **by_kind),
        )
        .filter(rank__lte=shown)
        .only("pk", "kind", "name", "balance")
    )
    listed: dict[str, list[Balance]] = {}
    summary: dict[str, tuple[int, int]] = {}
    for account in ranked.order_by("kind", "name", "pk"):
        listed.setdefault(account.kind, []).append(Balance(account, account.balance))
        summary[account.kind] = (account.kind_count, account.kind_total or 0)
    labels = dict(Account.Kind.choices)
    groups = []
    for kind in sorted(summary):
        count, total = summary[kind]
        rows = tuple(listed[kind])
        groups.append(
            BalanceGroup(
                kind=str(labels.get(kind, kind)),
                shown=rows,
                more=count - len(rows),
                more_amount=total - sum(b.amount for b in rows),
            )
        )
    return groups
