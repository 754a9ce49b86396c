"""Template filters for money: integer sesterces as '1,600 HS (2 purses)' and the like.

They only format what the selectors and services computed; no rule is decided here.
"""

from fractions import Fraction

from django import template

from economy.models import SESTERCES_PER_PURSE
from economy.selectors.ledger import occasion as occasion_of

register = template.Library()


def _purses(amount: int) -> str:
    """'1 purse', '2 purses', '10.5 purses', '0.63 purses' (two decimals at most)."""
    purses = Fraction(abs(amount), SESTERCES_PER_PURSE)
    sign = "−" if amount < 0 else ""
    if purses == 1:
        return f"{sign}1 purse"
    if purses.denominator == 1:
        return f"{sign}{int(purses):,} purses"
    text = f"{float(purses):,.2f}".rstrip("0").rstrip(".")
    return f"{sign}{text} purses"


@register.filter
def sesterces(amount) -> str:
    """Integer sesterces as '1,600 HS (2 purses)'; 0 as '0 HS'; negatives with a minus sign."""
    if amount is None or amount == "":
        return ""
    amount = int(amount)
    sign = "−" if amount < 0 else ""
    text = f"{sign}{abs(amount):,} HS"
    if amount == 0:
        return text
    return f"{text} ({_purses(amount)})"


@register.filter
def purses(amount) -> str:
    """Integer sesterces in purses alone: '8.25 purses' (for a second line under HS)."""
    if amount is None or amount == "":
        return ""
    return _purses(int(amount))


@register.filter
def hs(amount) -> str:
    """Integer sesterces alone, '1,600 HS' (for tight table cells)."""
    if amount is None or amount == "":
        return ""
    amount = int(amount)
    sign = "−" if amount < 0 else ""
    return f"{sign}{abs(amount):,} HS"


@register.filter
def signed_hs(amount) -> str:
    """'+800 HS' / '−800 HS': an entry's movement into (or out of) an account."""
    amount = int(amount)
    sign = "+" if amount > 0 else ("−" if amount < 0 else "")
    return f"{sign}{abs(amount):,} HS"


@register.filter
def purses_to_sesterces(purses) -> int:
    return int(purses) * SESTERCES_PER_PURSE


@register.filter
def occasion(posted):
    """The show a transaction was paid at (economy.selectors.ledger.occasion), or None."""
    return occasion_of(posted)
