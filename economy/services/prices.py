"""The price table (seed 001, TERMS: GIVING GAMES) and the prices that follow from it.

Every amount is in integer sesterces (1 purse = 800 sesterces = 200 denarii).
"""

from dataclasses import dataclass

from economy.models import SESTERCES_PER_PURSE, Hire
from economy.services.refusals import (
    FAVOR_OUT_OF_RANGE,
    HIRE_OUT_OF_RANGE,
    KIND_DOES_NOT_FIT,
    NOT_POSITIVE,
    PRICE_OUT_OF_RANGE,
    UNKNOWN_HIRE_KIND,
    ContractError,
)
from ludus.models import Gladiator

PURSE = SESTERCES_PER_PURSE  # sesterces in one purse


# --- The price table (seed 001, TERMS: GIVING GAMES) -----------------------------------------


@dataclass(frozen=True)
class PriceLine:
    """One line of the seed's price table; every figure in sesterces."""

    label: str
    usual: int
    low: int
    high: int

    def allows(self, amount: int) -> bool:
        return self.low <= amount <= self.high


TEAM_HIRE_PURSES = 2  # range 1 to 2
SINGLE_HIRE_PURSES = 4  # range 3 to 15
LANISTA_PRICE_PURSES = 10  # range 3 to 15; set per man as Gladiator.price_purses
SIGNING_SUM_PURSES = 2
VETERAN_RECALL_PURSES = 125
WINNER_PURSE_PURSES = 1
WINNER_PURSE_FAVORED_PURSES = 2  # and a palm
FAVORED_AT = 5  # Crowd Favor 5 or 6 earns the larger purse and the palm
VICESIMA_PERCENT = 5  # the tax on manumission, paid to the state

TEAM_HIRE = PriceLine("Hire of a team fighter, one show", 2 * PURSE, 1 * PURSE, 2 * PURSE)
SINGLE_HIRE = PriceLine(
    "Hire of a single-combat fighter, one show", 4 * PURSE, 3 * PURSE, 15 * PURSE
)
LANISTA_PRICE = PriceLine(
    "Purchase of a seasoned gladiator (the lanista's price)", 10 * PURSE, 3 * PURSE, 15 * PURSE
)
# "1 to about 3 purses (800 to 2,500)". The usual figure is our choice: 2 purses, mid-range.
RAW_RECRUIT = PriceLine("Purchase of a raw recruit", 2 * PURSE, 800, 2_500)
# "Under 1 purse; about 500".
CONDEMNED_MAN = PriceLine("A condemned man sold to a school", 500, 1, PURSE - 1)
SIGNING_SUM = PriceLine("A free volunteer's signing sum", 2 * PURSE, 2 * PURSE, 2 * PURSE)
VETERAN_RECALL = PriceLine(
    "A famous veteran recalled for a great show", 125 * PURSE, 125 * PURSE, 125 * PURSE
)
# A resale between schools (or out to the market): any price up to the highest in the table.
RESALE = PriceLine("A gladiator sold on", 10 * PURSE, 1, 15 * PURSE)

PURCHASE_LINES = {
    "seasoned": LANISTA_PRICE,
    "recruit": RAW_RECRUIT,
    "condemned": CONDEMNED_MAN,
}

# --- Prices -----------------------------------------------------------------------------------


def purses_to_sesterces(purses: int) -> int:
    return purses * PURSE


def hire_line(kind: str) -> PriceLine:
    if kind == Hire.Kind.TEAM:
        return TEAM_HIRE
    if kind == Hire.Kind.SINGLE:
        return SINGLE_HIRE
    raise ContractError(UNKNOWN_HIRE_KIND.format(kind=kind))


def hire_price(*, kind: str, price_purses: int | None = None) -> int:
    """The hire in sesterces: the usual figure, or the lanista's within the table's range."""
    line = hire_line(kind)
    if price_purses is None:
        return line.usual
    if (
        isinstance(price_purses, bool)
        or not isinstance(price_purses, int)
        or not line.allows(price_purses * PURSE)
    ):
        raise ContractError(
            HIRE_OUT_OF_RANGE.format(
                line=line.label, low=line.low // PURSE, high=line.high // PURSE, price=price_purses
            )
        )
    return price_purses * PURSE


def lanista_price(gladiator: Gladiator) -> int:
    """The lanista's price for this man, in sesterces: to buy him, kill him or free him."""
    return gladiator.price_purses * PURSE


def market_price(gladiator: Gladiator) -> int:
    """What the market outside the campaign takes for a man of no school, and pays for a man
    sold out of the campaign, in sesterces: one price both ways, so no round trip makes money.

    A slave's is his lanista's price; a condemned man's is the seed's "about 500" (a lanista's
    price is in whole purses, and a condemned man is worth under one).
    """
    if gladiator.legal_status == Gladiator.LegalStatus.CONDEMNED:
        return CONDEMNED_MAN.usual
    return lanista_price(gladiator)


def existing_man_price(gladiator: Gladiator) -> int:
    """The price of a man who exists, in sesterces: his lanista's, or the market's if he has
    no school."""
    return lanista_price(gladiator) if gladiator.owner_id else market_price(gladiator)


def purchase_kind_of(gladiator: Gladiator) -> str:
    """The one kind of purchase that fits a man who exists: a condemned man is bought as
    'condemned', a slave as 'seasoned'. A raw recruit is a new man."""
    if gladiator.legal_status == Gladiator.LegalStatus.CONDEMNED:
        return "condemned"
    return "seasoned"


def check_kind_fits(man: Gladiator, kind: str) -> None:
    """The kind of purchase must fit the man who exists (issue 10: a slave bought as a
    condemned man for 500 and sold back for his price made money from nothing)."""
    fits = purchase_kind_of(man)
    if kind != fits:
        raise ContractError(
            KIND_DOES_NOT_FIT.format(
                gladiator=man.name,
                status=man.get_legal_status_display().lower(),
                kind=kind,
                fits=fits,
            )
        )


def price_in_purses(price: int) -> int:
    """A price paid in sesterces as a man's lanista's price: whole purses, rounded up, at least 1.

    1,600 is 2 purses; 2,500 is 4 (3 purses and 100 sesterces, rounded up); 500 is 1.
    """
    return max(1, -(-price // PURSE))


def vicesima(price: int) -> int:
    """The 5% tax on a manumission, in sesterces (rounded up; exact for any price in purses)."""
    return -(-price * VICESIMA_PERCENT // 100)


def manumission_cost(gladiator: Gladiator) -> tuple[int, int]:
    """(the lanista's price, the vicesima), in sesterces: Bithys's is (8,000, 400)."""
    price = lanista_price(gladiator)
    return price, vicesima(price)


def winner_purse(favor: int) -> int:
    """The winner's purse in sesterces: 1 purse, or 2 purses (and a palm) at Crowd Favor 5-6."""
    _check_favor(favor)
    purses = WINNER_PURSE_FAVORED_PURSES if favor >= FAVORED_AT else WINNER_PURSE_PURSES
    return purses * PURSE


def earns_palm(favor: int) -> bool:
    _check_favor(favor)
    return favor >= FAVORED_AT


def _check_favor(favor: int) -> None:
    if isinstance(favor, bool) or not isinstance(favor, int) or not 0 <= favor <= 6:
        raise ContractError(FAVOR_OUT_OF_RANGE.format(favor=favor))


def check_price(line: PriceLine, price: int) -> int:
    if isinstance(price, bool) or not isinstance(price, int) or price <= 0:
        raise ContractError(NOT_POSITIVE.format(amount=price))
    if not line.allows(price):
        raise ContractError(
            PRICE_OUT_OF_RANGE.format(line=line.label, low=line.low, high=line.high, price=price)
        )
    return price
