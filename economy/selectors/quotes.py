"""The market's quotes: what a hire, a purchase, a sale, a signing or a freedom would cost."""

from __future__ import annotations

from dataclasses import dataclass

from economy.events import ShowRef
from economy.selectors.visibility import party_balance
from economy.services.prices import (
    CONDEMNED_MAN,
    LANISTA_PRICE,
    PURCHASE_LINES,
    RAW_RECRUIT,
    SIGNING_SUM,
    SINGLE_HIRE,
    TEAM_HIRE,
    PriceLine,
    check_kind_fits,
    existing_man_price,
    hire_price,
    lanista_price,
    manumission_cost,
    market_price,
)
from ludus.models import Gladiator, Lanista


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


def hire_quote(*, show: ShowRef, gladiator: Gladiator, kind: str, price_purses=None) -> Quote:
    price = hire_price(kind=kind, price_purses=price_purses)
    return Quote(
        price=price,
        payer=f"{show.editor.name}'s purse",
        balance=party_balance(show.editor),
        detail=f"{gladiator.name} to {show.name}",
    )


def purchase_quote(*, buyer: Lanista, kind: str, gladiator=None, price=None) -> Quote:
    line = PURCHASE_LINES[kind]
    if gladiator is not None:
        check_kind_fits(gladiator, kind)
        if price is None:
            price = existing_man_price(gladiator)
    elif price is None:
        price = line.usual
    return Quote(
        price=price, payer=f"{buyer.name}'s chest", balance=party_balance(buyer), detail=line.label
    )


def sale_quote(*, gladiator: Gladiator, buyer: Lanista | None, price=None) -> Quote:
    if price is None:
        price = lanista_price(gladiator) if buyer is not None else market_price(gladiator)
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
