"""The bookmaker's arithmetic (BETS): the seed's table, conventional prices, payouts."""

from fractions import Fraction

import pytest

from economy.odds_lines import (
    EVENS,
    LADDER,
    NOT_IN_TABLE,
    TABLE,
    Match,
    Odds,
    OddsError,
    nearest_odds,
    shorten,
    table_line,
)

# --- reading the odds (BETS II) -------------------------------------------------------------


def test_4_to_3_against_stakes_3_to_win_4():
    odds = Odds.parse("4 to 3 against")
    assert odds.winnings(3) == 4
    assert odds.payout(3) == 7  # his stake back as well
    assert odds.reading == "stake 3 to win 4"


def test_4_to_3_on_stakes_4_to_win_3():
    odds = Odds.parse("4 to 3 on")
    assert odds.winnings(4) == 3
    assert odds.reading == "stake 4 to win 3"


def test_eros_at_4_to_3_on_puts_up_400_to_win_300_and_collects_700():
    odds = Odds(4, 3, on=True)
    assert odds.winnings(400) == 300
    assert odds.payout(400) == 700


def test_eros_at_2_to_1_against_stakes_200_and_collects_600():
    odds = Odds.parse("2 to 1 against")
    assert odds.winnings(200) == 400
    assert odds.payout(200) == 600


def test_evens_doubles_the_stake():
    assert EVENS.payout(250) == 500
    assert EVENS.label() == "Evens"


def test_a_fraction_of_a_sesterce_stays_with_the_bookmaker():
    # 10 at 4 to 3 on wins 7.5: the book pays 7.
    assert Odds(4, 3, on=True).winnings(10) == 7


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Evens", "Evens"),
        ("4 to 3 on", "4 to 3 on"),
        ("2 to 1 against", "2 to 1 against"),
        ("2 to 1", "2 to 1 against"),
        ("3/4", "4 to 3 on"),
        ("8 to 8", "Evens"),
        ("6 to 4 on", "3 to 2 on"),
    ],
)
def test_odds_read_and_print_as_a_book_cries_them(text, label):
    assert Odds.parse(text).label() == label


@pytest.mark.parametrize("text", ["", "four to three", "4 to", "4 to 0", "to 3 on"])
def test_unreadable_odds_are_refused(text):
    with pytest.raises(OddsError):
        Odds.parse(text)


@pytest.mark.parametrize("stake", [0, -5, 1.5, True, "100"])
def test_a_stake_is_a_whole_positive_number(stake):
    with pytest.raises(OddsError):
        EVENS.winnings(stake)


def test_the_reverse_of_a_price_is_the_other_mans_in_a_fair_book():
    assert Odds(4, 3, on=True).reverse == Odds(4, 3)
    assert EVENS.reverse == EVENS


def test_implied_probability():
    assert Odds(4, 3, on=True).implied_probability == Fraction(4, 7)
    assert Odds(2, 1).implied_probability == Fraction(1, 3)


# --- the seed's table, row by row -----------------------------------------------------------


@pytest.mark.parametrize(
    ("chance", "favourite", "other"),
    [
        (0.50, "Evens", "Evens"),  # Even
        (0.57, "4 to 3 on", "4 to 3 against"),  # One Melee rank better
        (0.60, "3 to 2 on", "3 to 2 against"),  # Heavier armor
        (0.65, "2 to 1 on", "2 to 1 against"),  # Two Melee ranks better, 65 to ...
        (0.67, "2 to 1 on", "2 to 1 against"),
        (0.69, "2 to 1 on", "2 to 1 against"),  # the middle of the range
        (0.70, "2 to 1 on", "2 to 1 against"),
    ],
)
def test_the_seeds_chances_convert_to_the_seeds_odds(chance, favourite, other):
    assert nearest_odds(chance).label() == favourite
    assert nearest_odds(1 - chance).label() == other


def test_each_table_row_converts_to_its_own_odds():
    for row in TABLE.values():
        against = nearest_odds(1 - row.better_wins)
        assert against == row.odds_against_other, row.label


def test_the_top_of_the_two_rank_range_is_nearer_3_to_1_the_table_still_says_2_to_1():
    # Our reading (docs/rules.md): a man at 73 in 100 is nearer 3 to 1 on, but the
    # table quotes 2 to 1 for the whole row, and the table's line is the row's.
    assert nearest_odds(0.73).label() == "3 to 1 on"
    line = table_line(("A", "B"), (4, 2), ("thraex", "thraex"))
    assert line.odds[1].label() == "2 to 1 against"


@pytest.mark.parametrize(
    ("chance", "odds"),
    [
        # The chariot table's drivers, at the race engine's exact chances for the seed's field
        (0.4575, "6 to 5 against"),  # favourite (3, 3)
        (0.3500, "2 to 1 against"),  # contender (3, 2)
        (0.1144, "8 to 1 against"),  # outsider (2, 2)
        (0.0780, "11 to 1 against"),  # novice (2, 1)
    ],
)
def test_the_chariot_tables_fair_odds(chance, odds):
    assert nearest_odds(chance).label() == odds


def test_the_ladder_ends_hold_the_extremes():
    assert nearest_odds(0.0001).label() == "100 to 1 against"
    assert nearest_odds(0.9999).label() == "100 to 1 on"


@pytest.mark.parametrize("chance", [0, 1, -0.2, 1.5, "x"])
def test_a_chance_must_lie_inside_0_and_1(chance):
    with pytest.raises(OddsError):
        nearest_odds(chance)


def test_nearest_odds_is_nearest_in_implied_chance():
    for p in [i / 200 for i in range(1, 200)]:
        chosen = nearest_odds(p)
        gap = abs(chosen.implied_probability - Fraction(p))
        for rung in LADDER:
            for candidate in (Odds.from_ratio(rung), Odds.from_ratio(rung).reverse):
                assert gap <= abs(candidate.implied_probability - Fraction(p)) + Fraction(1, 10**9)


# --- the table by match type ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("melee", "kits", "match", "odds"),
    [
        ((2, 2), ("thraex", "murmillo"), Match.EVEN, ("Evens", "Evens")),
        ((3, 2), ("thraex", "murmillo"), Match.ONE_RANK, ("4 to 3 on", "4 to 3 against")),
        ((2, 3), ("thraex", "murmillo"), Match.ONE_RANK, ("4 to 3 against", "4 to 3 on")),
        ((4, 2), ("gaul", "thraex"), Match.TWO_RANKS, ("2 to 1 on", "2 to 1 against")),
        ((2, 2), ("samnite", "thraex"), Match.HEAVIER_ARMOR, ("3 to 2 on", "3 to 2 against")),
        ((2, 2), ("thraex", "samnite"), Match.HEAVIER_ARMOR, ("3 to 2 against", "3 to 2 on")),
        ((2, 2), ("samnite", "samnite"), Match.EVEN, ("Evens", "Evens")),
    ],
)
def test_table_line_by_match_type(melee, kits, match, odds):
    line = table_line(("A", "B"), melee, kits)
    assert line.row.match == match
    assert tuple(o.label() for o in line.odds) == odds
    assert sum(line.chances) == 1


@pytest.mark.parametrize(
    ("names", "melee", "kits", "said"),
    [
        (
            ("Tetraites", "Dumnorix"),
            (2, 2),
            ("samnite", "gaul"),
            "Heavier armor, equal skill: Tetraites (Samnite, Melee 2) against Dumnorix (Gaul, "
            "Melee 2)",
        ),
        (
            ("Bithys", "Felix"),
            (2, 3),
            ("thraex", "murmillo"),
            "One Melee rank better: Felix (Murmillo, Melee 3) against Bithys (Thraex, Melee 2)",
        ),
        (("A", "B"), (2, 2), ("gaul", "thraex"), "Even: A (Gaul, Melee 2) and B (Thraex, Melee 2)"),
    ],
)
def test_the_line_describes_the_real_pairing(names, melee, kits, said):
    # Issue 27: the book explained Tetraites (Samnite) v Dumnorix (Gaul) with the seed's own
    # example, "a Samnite against a thraex".
    line = table_line(names, melee, kits)
    assert line.pairing() == said
    assert "thraex" not in line.pairing() or "thraex" in kits


@pytest.mark.parametrize(
    ("melee", "kits"),
    [((5, 2), ("thraex", "thraex")), ((3, 2), ("samnite", "thraex"))],
)
def test_a_match_outside_the_table_is_refused_with_the_message(melee, kits):
    with pytest.raises(OddsError) as raised:
        table_line(("A", "B"), melee, kits)
    assert str(raised.value) == NOT_IN_TABLE.format(
        a="A", b="B", melee_a=melee[0], melee_b=melee[1], kit_a=kits[0], kit_b=kits[1]
    )


# --- the GM shortens a popular man ----------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "steps", "after"),
    [
        ("2 to 1 against", 1, "3 to 2 against"),
        ("Evens", 1, "6 to 5 on"),
        ("4 to 3 on", 1, "3 to 2 on"),
        ("6 to 5 against", 2, "6 to 5 on"),
        ("2 to 1 against", 0, "2 to 1 against"),
        ("100 to 1 on", 3, "100 to 1 on"),
    ],
)
def test_shorten_moves_down_the_ladder(before, steps, after):
    assert shorten(Odds.parse(before), steps).label() == after


def test_a_shortened_price_pays_less():
    for rung in LADDER:
        odds = Odds.from_ratio(rung)
        assert shorten(odds).winnings(1000) <= odds.winnings(1000)
