"""Each party's money over the campaign, derived from the ledger.

A party's line is his account's balance at the end of each campaign day, from the first day
money moved in the campaign to today: the sum of his entries in transactions of that day or
before, read from what his entries moved each day (economy.models.AccountDay, kept by the
database from the entries and checked against them). A member sees the lines of the accounts
whose balance he may see (the GM: every person's; a player: his own), as on the dashboard.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Min

from economy.models import Account, AccountDay, Transaction
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


DRAWN_PER_KIND = 12  # lines a chart draws: more than a dozen on one chart is a tangle


@dataclass(frozen=True)
class MoneyChart:
    lines: list[MoneyLine]  # the richest `DRAWN_PER_KIND` of the kind, by today's balance
    more: int  # accounts of the kind not drawn


def money_charts(access: Access, *, drawn: int = DRAWN_PER_KIND) -> dict[str, MoneyChart]:
    """The charts page's money: for each kind of person's account this member may see, the
    lines of the `drawn` richest today (ties by name), the others counted. A long campaign has
    seven thousand peculia: their lines are not worked out only to be left undrawn."""
    # A query a kind (four at most), each reading its richest few from the account_kind_richest
    # index, and one counting them all: reading every account's balance to sort them here cost
    # more than the rest of the money charts.
    visible = visible_accounts(access).filter(kind__in=PERSONAL_KINDS)
    counted = dict(
        visible.order_by().values("kind").annotate(n=Count("pk")).values_list("kind", "n")
    )
    chosen: dict[str, list[int]] = {}
    for kind in sorted(counted):
        richest = visible.filter(kind=kind).order_by("-balance", "name", "pk")
        chosen[kind] = list(richest.values_list("pk", flat=True)[:drawn])
    lines = money_lines(access, among=[pk for pks in chosen.values() for pk in pks])
    charts = {}
    for kind in sorted(counted):  # the kinds in the ledger's order, as the balances list them
        label = str(Account.Kind(kind).label)
        order = {pk: index for index, pk in enumerate(chosen[kind])}
        drawn_lines = sorted(lines.get(label, []), key=lambda line: order[line.account.pk])
        charts[label] = MoneyChart(drawn_lines, counted[kind] - len(drawn_lines))
    return {label: chart for label, chart in charts.items() if chart.lines}


def money_lines(access: Access, *, among: list[int] | None = None) -> dict[str, list[MoneyLine]]:
    """The visible persons' accounts (or those of them whose ids are `among`), by kind (its
    label), each with its balance day by day."""
    campaign = access.campaign
    visible = visible_accounts(access).filter(kind__in=PERSONAL_KINDS)
    if among is not None:
        visible = visible.filter(pk__in=among)
    accounts = list(visible.select_related("lanista", "gladiator", "editor", "bettor"))
    first = Transaction.objects.filter(campaign=campaign).aggregate(day=Min("day"))["day"]
    if first is None or not accounts:
        return {}
    last = max(campaign.day, first)
    days = tuple(range(first, last + 1))
    # What each account moved on each day, a row an account and day (AccountDay, kept by the
    # database from the entries): a rich chest's line of 80 days reads 80 rows, not the
    # thousands of entries the days sum.
    moved: dict[int, dict[int, int]] = defaultdict(dict)
    rows = AccountDay.objects.filter(account__in=accounts, day__lte=last)
    for account_id, day, amount in rows.values_list("account_id", "day", "moved").order_by():
        moved[account_id][day] = amount
    lines: dict[str, list[MoneyLine]] = {}
    for account in accounts:
        balance, balances = 0, []
        for day in days:
            balance += moved[account.pk].get(day, 0)
            balances.append(balance)
        label = account.get_kind_display()
        lines.setdefault(label, []).append(MoneyLine(account, days, tuple(balances)))
    return lines
