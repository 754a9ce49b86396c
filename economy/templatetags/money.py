"""Template filters for money, on economy.money (the one formatter): '1,600 HS (2 purses)'.

They only format what the selectors and services computed; no rule is decided here.
"""

from django import template

from economy import money
from economy.models import SESTERCES_PER_PURSE
from economy.selectors.ledger import occasion as occasion_of

register = template.Library()


def _blank(amount) -> bool:
    return amount is None or amount == ""


@register.filter
def sesterces(amount) -> str:
    """Integer sesterces as '1,600 HS (2 purses)'; 0 as '0 HS'; negatives with a minus sign."""
    return "" if _blank(amount) else money.hs_and_purses(int(amount))


@register.filter
def purses(amount) -> str:
    """Integer sesterces in purses alone: '8.25 purses' (for a second line under HS)."""
    return "" if _blank(amount) else money.short_purses(int(amount))


@register.filter
def hs(amount) -> str:
    """Integer sesterces alone, '1,600 HS' (for tight table cells)."""
    return "" if _blank(amount) else money.hs(int(amount))


@register.filter
def signed_hs(amount) -> str:
    """'+800 HS' / '−800 HS': an entry's movement into (or out of) an account."""
    return money.hs(int(amount), plus=True)


@register.filter
def purses_to_sesterces(purses) -> int:
    return int(purses) * SESTERCES_PER_PURSE


@register.filter
def occasion(posted):
    """The show a transaction was paid at (economy.selectors.ledger.occasion), or None."""
    return occasion_of(posted)
