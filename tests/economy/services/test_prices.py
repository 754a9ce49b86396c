"""The seed's price table, its arithmetic, the lex Tullia, and money written for people."""

import pytest

from economy.money import (
    format_denarii,
    format_price,
    format_purses,
    format_sesterces,
    purses_and_rest,
)
from economy.services import lex_tullia, prices, refusals
from tests.factories import EditorFactory, ElectionFactory


def test_price_table_in_sesterces():
    # Each line of TERMS: GIVING GAMES, "In sesterces" column.
    assert (prices.TEAM_HIRE.usual, prices.TEAM_HIRE.low, prices.TEAM_HIRE.high) == (
        1_600,
        800,
        1_600,
    )
    assert (prices.SINGLE_HIRE.usual, prices.SINGLE_HIRE.low, prices.SINGLE_HIRE.high) == (
        3_200,
        2_400,
        12_000,
    )
    assert (prices.LANISTA_PRICE.usual, prices.LANISTA_PRICE.low, prices.LANISTA_PRICE.high) == (
        8_000,
        2_400,
        12_000,
    )
    assert (prices.RAW_RECRUIT.low, prices.RAW_RECRUIT.high) == (800, 2_500)
    assert prices.CONDEMNED_MAN.usual == 500 and prices.CONDEMNED_MAN.high < 800
    assert prices.SIGNING_SUM.usual == 1_600
    assert prices.VETERAN_RECALL.usual == 100_000
    assert prices.winner_purse(4) == 800
    assert prices.winner_purse(5) == prices.winner_purse(6) == 1_600


def test_fabias_arithmetic():
    """Eight team fighters at 2 purses and two single fighters at 4: 24 purses, 19,200 HS."""
    team = 8 * prices.hire_price(kind="team")
    single = 2 * prices.hire_price(kind="single")
    assert team == prices.purses_to_sesterces(16)
    assert single == prices.purses_to_sesterces(8)
    assert team + single == 19_200
    assert format_price(team + single) == "24 purses (19,200 sesterces)"


def test_hire_price_within_range_and_refused_outside():
    assert prices.hire_price(kind="team", price_purses=1) == 800
    assert prices.hire_price(kind="single", price_purses=15) == 12_000
    with pytest.raises(refusals.ContractError) as refused:
        prices.hire_price(kind="team", price_purses=3)
    assert str(refused.value) == refusals.HIRE_OUT_OF_RANGE.format(
        line=prices.TEAM_HIRE.label, low=1, high=2, price=3
    )
    for kind, purses in [("single", 2), ("single", 16), ("team", 0), ("team", 1.5)]:
        with pytest.raises(refusals.ContractError):
            prices.hire_price(kind=kind, price_purses=purses)
    with pytest.raises(refusals.ContractError) as unknown:
        prices.hire_price(kind="pair")
    assert str(unknown.value) == refusals.UNKNOWN_HIRE_KIND.format(kind="pair")


def test_bithys_freedom_costs_8400(bithys):
    price, tax = prices.manumission_cost(bithys)
    assert (price, tax, price + tax) == (8_000, 400, 8_400)


def test_bithys_needs_four_to_seven_more_wins():
    """With 4 purses saved he needs 4 more wins at 2 purses, 7 at 1 (THE LUDUS, Bithys's price)."""
    saved = 4 * prices.PURSE
    short = 8_400 - saved
    at_two = -(-short // prices.winner_purse(6))
    at_one = -(-short // prices.winner_purse(2))
    assert (at_two, at_one) == (4, 7)


def test_vicesima_is_five_percent():
    assert [prices.vicesima(p * 800) for p in (3, 10, 15)] == [120, 400, 600]


def test_palm_and_favor_bounds():
    assert not prices.earns_palm(4) and prices.earns_palm(5)
    for bad in (-1, 7, True, "5"):
        with pytest.raises(refusals.ContractError):
            prices.winner_purse(bad)


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (800, "1 purse (800 sesterces)"),
        (1_600, "2 purses (1,600 sesterces)"),
        (100_000, "125 purses (100,000 sesterces)"),
        (2_500, "3 purses and 100 sesterces (2,500 sesterces)"),
        (500, "500 sesterces"),
        (1, "1 sesterce"),
        (0, "0 sesterces"),
        (-1_600, "−2 purses (−1,600 sesterces)"),
    ],
)
def test_format_price(amount, text):
    assert format_price(amount) == text


def test_other_formats():
    assert format_sesterces(19_200) == "19,200 sesterces"
    assert format_denarii(1_600) == "400 denarii"
    assert format_denarii(4) == "1 denarius"
    assert format_denarii(-6) == "−1 denarius and 2 sesterces"  # one minus sign everywhere
    assert format_purses(8_400) == "10 purses and 400 sesterces"
    assert purses_and_rest(2_500) == (3, 100)


# --- The lex Tullia -----------------------------------------------------------------------------


def test_years_between_has_no_year_zero():
    assert lex_tullia.years_between(-50, -47) == 3
    assert lex_tullia.years_between(-1, 1) == 1
    assert lex_tullia.years_between(-2, 1) == 2
    assert lex_tullia.years_between(1, -1) == -1
    assert lex_tullia.years_between(14, 17) == 3


@pytest.mark.django_db
def test_lex_tullia_fabias_example():
    """The senator stands in three years (47 BC): this year (50 BC) is free, next year barred."""
    senator = EditorFactory(name="Fabius")
    ElectionFactory(editor=senator, office="praetor", year=-47)
    assert lex_tullia.lex_tullia_warning(editor=senator, show_year=-50) is None
    warning = lex_tullia.lex_tullia_warning(editor=senator, show_year=-49)
    assert warning == refusals.LEX_TULLIA.format(
        show_year="49 BC", editor="Fabius", office="praetor", election_year="47 BC"
    )
    # Within two years: the year before and the election year itself are barred too.
    assert lex_tullia.lex_tullia_warning(editor=senator, show_year=-48) is not None
    assert lex_tullia.lex_tullia_warning(editor=senator, show_year=-47) is not None
    # A show after the election, or four years before it, is free.
    assert lex_tullia.lex_tullia_warning(editor=senator, show_year=-46) is None
    assert lex_tullia.lex_tullia_warning(editor=senator, show_year=-51) is None


@pytest.mark.django_db
def test_lex_tullia_across_the_era_and_without_elections():
    editor = EditorFactory()
    assert lex_tullia.lex_tullia_warning(editor=editor, show_year=-50) is None
    ElectionFactory(editor=editor, office="aedile", year=1)
    assert (
        lex_tullia.lex_tullia_warning(editor=editor, show_year=-2) is not None
    )  # 2 BC -> AD 1: 2 years
    assert lex_tullia.lex_tullia_warning(editor=editor, show_year=-3) is None  # 3 years
