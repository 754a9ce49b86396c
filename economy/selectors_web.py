"""Who may read which money: the ledger as each member of a campaign sees it.

The choice (docs/pages.md): the GM sees every account and every transaction. A player
sees the accounts of his own parties (the chest of a lanista he plays, the peculium of every man
of that school, the purse of an editor he plays, the purse of a bettor he plays), every
transaction that touches one of them, and the public costs of the games: a transaction tied to
a show whose cause is a hire, a winner's purse, the lanista's price for a man given the sword, a
race prize or a state grant. Those are paid before the crowd; a sale, a signing, a manumission,
a bet or a correction is private business unless it touches his own accounts.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from arena.models import Show
from economy.ledger import balances
from economy.models import Account, Transaction
from economy.selectors import account_of, ledger_csv_rows, ledger_transactions
from economy.services.contracts import (
    CONDEMNED_MAN,
    LANISTA_PRICE,
    PURCHASE_LINES,
    RAW_RECRUIT,
    SIGNING_SUM,
    SINGLE_HIRE,
    TEAM_HIRE,
    PriceLine,
    hire_price,
    lanista_price,
    manumission_cost,
)
from ludus.access import Access
from ludus.models import Gladiator, Lanista

PUBLIC_CAUSES = (
    Transaction.Cause.HIRE,
    Transaction.Cause.PURSE,
    Transaction.Cause.SWORD,
    Transaction.Cause.PRIZE,
    Transaction.Cause.GRANT,
)


def _own_accounts_q(access: Access) -> Q:
    user = access.user
    return (
        Q(lanista__player=user)
        | Q(gladiator__owner__player=user)
        | Q(editor__player=user)
        | Q(bettor__player=user)
    )


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
        transactions = transactions.filter(
            Q(entries__account__in=own)
            | Q(show__isnull=False, cause__in=PUBLIC_CAUSES)
            # The reversal of a public cost (a hire refunded when the man is given the sword)
            # is as public as the cost.
            | Q(reverses__show__isnull=False, reverses__cause__in=PUBLIC_CAUSES)
        ).distinct()
    return transactions


def ledger_listing(
    access: Access,
    *,
    account: Account | None = None,
    show: Show | None = None,
    gladiator: Gladiator | None = None,
) -> QuerySet[Transaction]:
    """The ledger (economy.selectors.ledger_transactions, newest first) cut to what this member
    may read."""
    listing = ledger_transactions(
        campaign=access.campaign, account=account, show=show, gladiator=gladiator, newest_first=True
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


def ledger_shows(access: Access) -> QuerySet[Show]:
    """Shows to filter the ledger by: every show of the campaign (shows are public)."""
    return Show.objects.filter(campaign=access.campaign).order_by("day", "pk")


def peculium_balance(gladiator) -> int:
    """His peculium in sesterces (0 before any money moved; reading opens no account)."""
    return party_balance(gladiator)


# --- The market: who may deal in which men, and what a deal costs ------------------------------


def party_balance(party) -> int:
    """A lanista's chest, an editor's purse or a man's peculium, in sesterces (0 if unopened)."""
    account = account_of(party)
    return balances([account])[account.pk] if account else 0


@dataclass(frozen=True)
class Quote:
    """What a deal costs and what the payer holds before and after it, in sesterces."""

    price: int
    payer: str
    balance: int | None  # None: the payer is the market outside the campaign
    detail: str = ""

    @property
    def balance_after(self) -> int | None:
        return None if self.balance is None else self.balance - self.price

    @property
    def short(self) -> bool:
        return self.balance is not None and self.balance < self.price


def hire_quote(*, show: Show, gladiator: Gladiator, kind: str, price_purses=None) -> Quote:
    price = hire_price(kind=kind, price_purses=price_purses)
    return Quote(
        price=price,
        payer=f"{show.editor.name}'s purse",
        balance=party_balance(show.editor),
        detail=f"{gladiator.name} to {show.name}",
    )


def purchase_quote(*, buyer: Lanista, kind: str, gladiator=None, price=None) -> Quote:
    line = PURCHASE_LINES[kind]
    if price is None:
        price = lanista_price(gladiator) if kind == "seasoned" and gladiator else line.usual
    return Quote(
        price=price, payer=f"{buyer.name}'s chest", balance=party_balance(buyer), detail=line.label
    )


def sale_quote(*, gladiator: Gladiator, buyer: Lanista | None, price=None) -> Quote:
    price = lanista_price(gladiator) if price is None else price
    if buyer is None:
        return Quote(
            price=price, payer="The market", balance=None, detail="sold out of the campaign"
        )
    return Quote(price=price, payer=f"{buyer.name}'s chest", balance=party_balance(buyer))


def signing_quote(*, lanista: Lanista) -> Quote:
    return Quote(
        price=SIGNING_SUM.usual,
        payer=f"{lanista.name}'s chest",
        balance=party_balance(lanista),
        detail=SIGNING_SUM.label,
    )


def manumission_quote(*, gladiator: Gladiator) -> Quote:
    price, tax = manumission_cost(gladiator)
    return Quote(
        price=price + tax,
        payer=f"{gladiator.name}'s peculium",
        balance=party_balance(gladiator),
        detail=f"the lanista's price {price:,} HS and the vicesima {tax:,} HS",
    )


def price_table() -> list[PriceLine]:
    """The seed's price lines, for the market's reference table."""
    return [TEAM_HIRE, SINGLE_HIRE, LANISTA_PRICE, RAW_RECRUIT, CONDEMNED_MAN, SIGNING_SUM]


def _living(campaign) -> QuerySet[Gladiator]:
    return (
        Gladiator.objects.filter(campaign=campaign)
        .exclude(status__in=[Gladiator.Status.DEAD, Gladiator.Status.FREED])
        .select_related("owner")
        .order_by("name")
    )


@dataclass(frozen=True)
class MarketChoices:
    """What a member may deal in: the GM in everything; a player only with his own money and
    men, and with the market outside the campaign (a deal between two schools, or at a price
    other than the seed's usual one, is the GM's to record)."""

    hire_shows: QuerySet
    hire_men: QuerySet
    buyers: QuerySet
    buy_men: QuerySet
    sell_men: QuerySet
    sell_buyers: QuerySet
    sign_lanistae: QuerySet
    sign_men: QuerySet
    manumit_men: QuerySet


def market_choices(access: Access) -> MarketChoices:
    campaign = access.campaign
    user = access.user
    unfree = [Gladiator.LegalStatus.SLAVE, Gladiator.LegalStatus.CONDEMNED]
    living = _living(campaign)
    owned = living.filter(owner__isnull=False)
    shows = Show.objects.filter(campaign=campaign, status=Show.Status.PLANNED).select_related(
        "editor"
    )
    lanistae = Lanista.objects.filter(campaign=campaign).order_by("name")
    free_men = (
        Gladiator.objects.filter(campaign=campaign)
        .exclude(status=Gladiator.Status.DEAD)
        .filter(
            Q(legal_status=Gladiator.LegalStatus.FREEDMAN)
            | Q(status=Gladiator.Status.FREED)
            | Q(legal_status=Gladiator.LegalStatus.AUCTORATUS, contract_bouts_left__in=[0, None])
        )
        .order_by("name")
    )
    if access.is_gm:
        return MarketChoices(
            hire_shows=shows.order_by("day", "pk"),
            hire_men=owned,
            buyers=lanistae,
            buy_men=living.filter(legal_status__in=unfree),
            sell_men=owned.filter(legal_status__in=unfree),
            sell_buyers=lanistae,
            sign_lanistae=lanistae,
            sign_men=free_men,
            manumit_men=owned.filter(legal_status=Gladiator.LegalStatus.SLAVE),
        )
    mine = lanistae.filter(player=user)
    my_men = owned.filter(owner__player=user)
    return MarketChoices(
        hire_shows=shows.filter(editor__player=user).order_by("day", "pk"),
        hire_men=owned,
        buyers=mine,
        buy_men=living.filter(owner__isnull=True, legal_status__in=unfree),
        sell_men=my_men.filter(legal_status__in=unfree),
        sell_buyers=Lanista.objects.none(),
        sign_lanistae=mine,
        sign_men=free_men,
        manumit_men=my_men.filter(legal_status=Gladiator.LegalStatus.SLAVE),
    )
