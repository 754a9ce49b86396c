"""Monte Carlo against the seed's published odds ("The odds" and the Bets table).

Each case fights 20,000 bouts from a fixed master seed, so a win share's standard error is
under 0.4 points; the tolerances are the seed's rounding plus a few standard errors.
"""

import pytest

from rules.era.bout import BoutSetup, Entrant
from rules.era.odds import OddsResult, bout_odds
from rules.era.sheet import Fighter

pytestmark = pytest.mark.slow

BOUTS, SEED = 20_000, 1


def thraex(melee=3, favor=3, orders="cautious"):
    return Entrant(Fighter("Bithys", melee=melee), "thraex", favor, orders)


def murmillo(melee=2, favor=2, kit="murmillo"):
    return Entrant(Fighter("the murmillo", melee=melee), kit, favor, "cautious")


def run(a: Entrant, b: Entrant) -> OddsResult:
    odds = bout_odds(BoutSetup(a, b), bouts=BOUTS, seed=SEED)
    assert odds.standard_error(odds.a_wins) < 0.5
    assert odds.draws == 0
    return odds


@pytest.fixture(scope="module")
def forum() -> OddsResult:
    """Bithys (Melee 3, Known: favor 3) against the murmillo (Melee 2, favor 2), both cautious."""
    return run(thraex(), murmillo())


def test_forum_pair_cautious_bithys_wins_52(forum):
    assert forum.percent(forum.a_wins) == pytest.approx(52, abs=2)


def test_forum_pair_verdict_split(forum):
    assert forum.percent(forum.loser_missio) == pytest.approx(36, abs=3)
    assert forum.percent(forum.loser_editor_choice) == pytest.approx(58, abs=3)
    assert forum.percent(forum.sword_called) == pytest.approx(5.5, abs=2)
    assert forum.percent(forum.sword_given) == pytest.approx(4.1, abs=2)


def test_bithys_fighting_on_wins_67():
    odds = run(thraex(orders="fight-on"), murmillo())
    assert odds.percent(odds.a_wins) == pytest.approx(67, abs=2)


def test_one_melee_rank_better_at_equal_favor_wins_57():
    odds = run(thraex(favor=2), murmillo())
    assert odds.percent(odds.a_wins) == pytest.approx(57, abs=2)


def test_equal_fighters_win_50():
    odds = run(thraex(melee=2, favor=2), murmillo())
    assert odds.percent(odds.a_wins) == pytest.approx(50, abs=2)


def test_samnite_against_thraex_at_equal_skill_wins_60():
    odds = run(murmillo(kit="samnite"), thraex(melee=2, favor=2))
    assert odds.percent(odds.a_wins) == pytest.approx(60, abs=3)
