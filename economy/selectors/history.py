"""Each party's money over the campaign, derived from the ledger (nothing stored twice).

A party's line is his account's balance at the end of each campaign day, from the first day
money moved in the campaign to today: the sum of his entries in transactions of that day or
before. A member sees the lines of the accounts whose balance he may see (the GM: every
person's; a player: his own), as on the dashboard.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Min, Sum

from economy.models import Account, Entry, Transaction
from economy.selectors.visibility import PERSONAL_KINDS, visible_accounts
from ludus.access import Access


@dataclass(frozen=True)
class MoneyLine:
    account: Account
    days: tuple[int, ...]  # every day from the first to the last, in order
    balances: tuple[int, ...]  # sesterces at the end of each of those days

    @property
    def last(self) -> int:
        return self.balances[-1] if self.balances else 0


def money_lines(access: Access) -> dict[str, list[MoneyLine]]:
    """The visible persons' accounts, by kind (its label), each with its balance day by day."""
    campaign = access.campaign
    accounts = list(
        visible_accounts(access)
        .filter(kind__in=PERSONAL_KINDS)
        .select_related("lanista", "gladiator", "editor", "bettor")
    )
    first = Transaction.objects.filter(campaign=campaign).aggregate(day=Min("day"))["day"]
    if first is None or not accounts:
        return {}
    last = max(campaign.day, first)
    days = tuple(range(first, last + 1))
    moved: dict[int, dict[int, int]] = defaultdict(dict)
    sums = (
        Entry.objects.filter(account__in=accounts)
        .values("account_id", "transaction__day")
        .annotate(amount=Sum("amount"))
    )
    for row in sums:
        moved[row["account_id"]][row["transaction__day"]] = row["amount"]
    lines: dict[str, list[MoneyLine]] = {}
    for account in accounts:
        balance, balances = 0, []
        for day in days:
            balance += moved[account.pk].get(day, 0)
            balances.append(balance)
        label = account.get_kind_display()
        lines.setdefault(label, []).append(MoneyLine(account, days, tuple(balances)))
    return lines
