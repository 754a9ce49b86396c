"""Live odds (issue 14): the exact chain from the state after every round of a bout."""

import statistics

import pytest

from rules.core.errors import RulesError
from rules.era.bout import BoutSetup, Entrant, fight_bout
from rules.era.exact import exact_odds, live_odds
from rules.era.orders import CAUTIOUS, DecisionKind
from rules.era.sheet import Fighter


def forum(orders="cautious") -> BoutSetup:
    return BoutSetup(
        Entrant(Fighter("Bithys", melee=3), "thraex", 3, orders),
        Entrant(Fighter("the murmillo", melee=2), "murmillo", 2, "cautious"),
    )


def whole(setup: BoutSetup, seed: int):
    result = fight_bout(setup, seed=seed)
    return result, live_odds(setup, seed=seed, rounds=result.rounds)


def test_the_line_starts_at_the_exact_odds_and_ends_on_the_sands_result():
    setup = forum()
    result, points = whole(setup, seed=5)
    start = exact_odds(setup)
    assert (points[0].round, points[0].win_a, points[0].walk_out_b) == (
        0,
        start.a_wins,
        start.walk_out_b,
    )
    assert [p.round for p in points] == list(range(result.rounds + 1))
    end = points[-1]
    assert end.settled and not any(p.settled for p in points[:-1])
    assert (end.win_a, end.win_b) == ((1.0, 0.0) if result.winner == "a" else (0.0, 1.0))
    winner_walks = end.walk_out_a if result.winner == "a" else end.walk_out_b
    assert winner_walks == 1.0
    for point in points:
        assert 0 <= point.win_a <= 1 and 0 <= point.win_b <= 1
        assert point.win_a + point.win_b <= 1 + 1e-12  # the rest is a draw


def test_an_unfinished_bout_ends_its_line_on_the_state_it_is_in():
    setup = forum()
    result = fight_bout(setup, seed=5)
    points = live_odds(setup, seed=5, rounds=result.rounds - 1)
    assert len(points) == result.rounds and not points[-1].settled


def test_the_line_is_a_martingale():
    """The chance now is the mean of the chance after the next round, over the ways that round
    can go: the seeds' first rounds sample them, so their mean meets the start's figure."""
    setup = forum()
    start = exact_odds(setup).a_wins
    after_one = [live_odds(setup, seed=seed, rounds=1)[1].win_a for seed in range(300)]
    error = statistics.stdev(after_one) / len(after_one) ** 0.5
    assert abs(statistics.fmean(after_one) - start) < 4 * error


def test_orders_that_ask_the_gm_have_no_live_line():
    asking = Entrant(Fighter("Bithys", melee=3), "thraex", 3, CAUTIOUS.asking(DecisionKind.YIELD))
    setup = BoutSetup(asking, forum().b)
    with pytest.raises(RulesError, match="ask the GM"):
        live_odds(setup, seed=1, rounds=1)
