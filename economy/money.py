"""Money written for people: the one place that turns integer sesterces into words.

Two registers, one convention. Prose (memos, messages) spells the units out: '2 purses (1,600
sesterces)'. Tables and badges use the short form: '1,600 HS (2 purses)', '+800 HS'. A
negative amount is written with the minus sign U+2212 in both.
"""

from fractions import Fraction

from economy.models import SESTERCES_PER_DENARIUS, SESTERCES_PER_PURSE

MINUS = "−"


def _sign(amount: int, *, plus: bool = False) -> str:
    if amount < 0:
        return MINUS
    return "+" if plus and amount > 0 else ""


def _plural(count: int, one: str, many: str) -> str:
    return f"{_sign(count)}{abs(count):,} {one if abs(count) == 1 else many}"


# --- prose --------------------------------------------------------------------------------


def format_sesterces(amount: int) -> str:
    """1600 -> '1,600 sesterces'; 1 -> '1 sesterce'; -400 -> '−400 sesterces'."""
    return _plural(amount, "sesterce", "sesterces")


def format_denarii(amount: int) -> str:
    """An amount of sesterces in denarii (4 to the denarius): 1600 -> '400 denarii'."""
    denarii, rest = divmod(abs(amount), SESTERCES_PER_DENARIUS)
    text = _plural(denarii, "denarius", "denarii")
    if rest:
        text += f" and {format_sesterces(rest)}"
    return _sign(amount) + text


def purses_and_rest(amount: int) -> tuple[int, int]:
    """(whole purses, sesterces left over) of a non-negative amount: 2500 -> (3, 100)."""
    return divmod(amount, SESTERCES_PER_PURSE)


def format_purses(amount: int) -> str:
    """Sesterces in purses: 1600 -> '2 purses'; 2500 -> '3 purses and 100 sesterces'."""
    purses, rest = purses_and_rest(abs(amount))
    if purses == 0:
        return _sign(amount) + format_sesterces(rest)
    text = _plural(purses, "purse", "purses")
    if rest:
        text += f" and {format_sesterces(rest)}"
    return _sign(amount) + text


def format_price(amount: int) -> str:
    """A price as the seed writes it: '2 purses (1,600 sesterces)', or '500 sesterces'."""
    if abs(amount) < SESTERCES_PER_PURSE:
        return format_sesterces(amount)
    return f"{format_purses(amount)} ({format_sesterces(amount)})"


# --- tables -------------------------------------------------------------------------------


def short_purses(amount: int) -> str:
    """'1 purse', '2 purses', '10.5 purses', '0.63 purses' (two decimals at most)."""
    purses = Fraction(abs(amount), SESTERCES_PER_PURSE)
    if purses == 1:
        text = "1 purse"
    elif purses.denominator == 1:
        text = f"{int(purses):,} purses"
    else:
        text = f"{float(purses):,.2f}".rstrip("0").rstrip(".") + " purses"
    return _sign(amount) + text


def hs(amount: int, *, plus: bool = False) -> str:
    """'1,600 HS'; with `plus`, '+800 HS' / '−800 HS' (an entry's movement)."""
    return f"{_sign(amount, plus=plus)}{abs(amount):,} HS"


def hs_and_purses(amount: int) -> str:
    """'1,600 HS (2 purses)'; 0 as '0 HS'."""
    if amount == 0:
        return hs(0)
    return f"{hs(amount)} ({short_purses(amount)})"
