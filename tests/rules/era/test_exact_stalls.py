"""The exact chain's stalls (rules/era/exact.py `_by_stalls`): the rounds that leave both men's
Wounds and injuries as they were are summed at once, and the round cap is bounded, not
played. Checked against the same chain played round by round, on the same setups."""

import numpy as np
import pytest

from rules.era import exact
from rules.era.bout import BoutSetup, Entrant, Side, fight_bout, reading_of
from rules.era.exact import BoutState, exact_cache_clear, exact_odds
from rules.era.odds import bout_odds
from rules.era.sheet import Fighter

FIGURES = ("a_wins", "b_wins", "draws", "loser_missio", "loser_editor_choice", "sword_called")


def forum():
    return BoutSetup(
        Entrant(Fighter("Bithys", melee=3), "thraex", 3, "cautious"),
        Entrant(Fighter("the murmillo", melee=2), "murmillo", 2, "cautious"),
    )


def weak(kit_a="murmillo", orders="never-yield"):
    """Men of Might 1 and Melee 1 against mail: many hits for no Wounds, long runs of misses."""
    return BoutSetup(
        Entrant(Fighter("a", might=1, melee=1), kit_a, 3, orders),
        Entrant(Fighter("b", might=1, melee=1), "samnite", 3, orders),
    )


def mail():
    """Hits for no Wounds (mail's Resistance), but bouts short enough for the stalls."""
    return BoutSetup(
        Entrant(Fighter("a", might=1, melee=3), "thraex", 4, "fight-on"),
        Entrant(Fighter("b", might=2, melee=2), "samnite", 1, "cautious"),
    )


def chain(setup, first=Side.A):
    start = BoutState(0, first, 0, 0, False, False, setup.a.favor, setup.b.favor, 0)
    return exact._Chain(setup, reading_of(None), start), start


@pytest.mark.parametrize("setup", [forum(), mail(), weak()], ids=["forum", "mail", "weak"])
@pytest.mark.parametrize("first", list(Side))
def test_the_stall_matrix_is_every_round_that_keeps_wounds_and_injuries(setup, first):
    """A round played from random mass at one Wounds-and-injuries cell puts back there exactly
    that mass times the stall matrix, and the part with a hit is the stall with hits."""
    c, _ = chain(setup, first)
    c.counting = False
    rng = np.random.default_rng(7)
    for injured in ((0, 0), (1, 0), (0, 1), (1, 1)):
        p = np.zeros((c.wx, c.wy, 2, 2, 2, 7, 7))
        cell = (0, 0, *injured)
        p[cell] = rng.random((2, 7, 7))
        u = p[cell].reshape(-1).copy()
        back = c._round(p.copy(), 1.0)[cell].reshape(-1)
        assert back == pytest.approx(u @ c.stall, abs=1e-15)
        # Summed over the parity (as `_by_stalls` carries it), a round plays no idle rounds:
        # what comes back is the stalls with a hit, the same from either parity, into parity 0.
        summed = p.sum(axis=4, keepdims=True)
        back_hits = c._round(summed, 1.0)[cell].reshape(-1)
        hits = c.stall_hits if c.stall_hits is not None else np.zeros_like(c.stall)
        assert np.array_equal(hits[:49], hits[49:]) and not hits[:, 49:].any()
        assert back_hits == pytest.approx(summed[cell].reshape(-1) @ hits[:49, :49], abs=1e-15)
    assert (c.stall_hits is not None) == (setup != forum())  # every hit of the Forum wounds


@pytest.mark.parametrize("setup", [forum(), mail(), weak()], ids=["forum", "mail", "weak"])
def test_the_cap_bound_holds(setup):
    """The mass still fighting after n rounds, played round by round, is within the bound."""
    c, start = chain(setup)
    c.counting = False
    p = c.start(start)
    for played in range(1, 121):
        p = c._round(p, 1.0)
        if played in (10, 30, 60, 120):
            assert p.sum() <= c._past_cap_bound(played) + 1e-15


def by_rounds(setup, monkeypatch, **kwargs):
    exact_cache_clear()
    with monkeypatch.context() as patch:
        patch.setattr(exact, "CAP_SLACK", 0.0)  # no bound is below 0: round by round
        odds = exact_odds(setup, **kwargs)
    exact_cache_clear()
    return odds


@pytest.mark.parametrize("setup", [forum(), mail()], ids=["forum", "mail"])
@pytest.mark.parametrize("version", ["era-bout/1", "era-bout/2"])
def test_stalls_agree_with_the_rounds(setup, version, monkeypatch):
    exact_cache_clear()
    fast = exact_odds(setup, engine_version=version)
    slow = by_rounds(setup, monkeypatch, engine_version=version)
    bound = fast.unresolved + slow.unresolved + 1e-13
    for name in (*FIGURES, "sword_given", "killed", "walk_out_a", "walk_out_b"):
        assert getattr(fast, name) == pytest.approx(getattr(slow, name), abs=bound), name
    assert fast.mean_rounds == pytest.approx(slow.mean_rounds, abs=1e-8)


def test_stalls_agree_with_the_rounds_from_a_live_state(monkeypatch):
    setup = mail()
    state = BoutState.of(fight_bout(setup, seed=3, max_rounds=2))
    fast = exact_odds(setup, state=state)
    slow = by_rounds(setup, monkeypatch, state=state)
    for name in FIGURES:
        bound = fast.unresolved + slow.unresolved + 1e-13
        assert getattr(fast, name) == pytest.approx(getattr(slow, name), abs=bound), name


def test_long_stalls_near_the_cap_are_played_round_by_round():
    """Men who can hardly hurt each other often reach the round cap (a draw): there the bound
    is no use, the chain plays every round, and agrees with Monte Carlo."""
    setup = weak()
    c, _ = chain(setup)
    assert c._past_cap_bound(200) > exact.CAP_SLACK
    odds = exact_odds(setup)
    assert odds.draws > 0.001
    sample = bout_odds(setup, bouts=3000, seed=11)
    for name in ("a_wins", "draws", "loser_missio"):
        count = getattr(sample, name)
        bound = 3 * max(sample.standard_error(count), 0.1)
        assert sample.percent(count) == pytest.approx(100 * getattr(odds, name), abs=bound)
