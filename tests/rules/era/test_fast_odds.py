"""The fast sampler (rules/era/fast_odds.py) against the logged engine's Monte Carlo.

The two draw differently (numpy and pool tables against `random.Random` die by die), so they
agree in distribution, not bout for bout: on each matchup every count of the fast run is within
four standard errors (of the difference of the two samples) of the logged run's. The matchups
cover carried Wounds and injuries, deaths on the sand, other orders, a fixed first mover, both
men yielding after a Critical Injury in the same round, and both engine versions.
"""

import math
from dataclasses import replace

import pytest

from rules.core.errors import RulesError
from rules.era import fast_odds, odds
from rules.era.bout import BoutSetup, Entrant, Side
from rules.era.dice import distribution
from rules.era.odds import FAST, LOGGED, OddsResult, bout_odds, logged_bout_odds
from rules.era.orders import CAUTIOUS, Orders
from rules.era.readings import ERA_BOUT_1, ERA_BOUT_2
from rules.era.sheet import Fighter

pytestmark = pytest.mark.slow

FAST_BOUTS = 60_000
LOGGED_BOUTS = 6_000
LIMIT = 4  # standard errors of the difference
NAMES = (
    "a_wins",
    "b_wins",
    "draws",
    "loser_missio",
    "loser_editor_choice",
    "sword_called",
    "sword_given",
    "killed",
)


def thraex(melee=3, favor=3, orders="cautious", **kwargs):
    return Entrant(Fighter("Bithys", melee=melee), "thraex", favor, orders, **kwargs)


def murmillo(melee=2, favor=2, kit="murmillo", orders="cautious", **kwargs):
    return Entrant(Fighter("the murmillo", melee=melee), kit, favor, orders, **kwargs)


BRAVE = Orders(name="brave", yield_after_first_injury_at_favor=0)  # yields at any favor

MATCHUPS = {
    "forum": (BoutSetup(thraex(), murmillo()), "era-bout/2"),
    "forum_era_bout_1": (BoutSetup(thraex(), murmillo()), "era-bout/1"),
    "carrying_wounds_and_injuries": (
        BoutSetup(
            thraex(wounds=2, carried_injuries=2),
            murmillo(wounds=6, injuries=("Gashed Forearm",)),
        ),
        "era-bout/2",
    ),
    "deaths_on_the_sand": (
        BoutSetup(thraex(carried_injuries=7, helm=0), murmillo(carried_injuries=6)),
        "era-bout/2",
    ),
    "other_orders_first_fixed": (
        BoutSetup(
            thraex(orders="never-yield", favor=1),
            murmillo(melee=3, orders="fight-on", kit="samnite"),
            first=Side.B,
        ),
        "era-bout/1",
    ),
    "both_yield_after_an_injury": (
        BoutSetup(thraex(orders=BRAVE, favor=5), murmillo(orders=BRAVE, favor=5)),
        "era-bout/2",
    ),
    "cuts_and_boons_as_flourishes": (
        BoutSetup(
            thraex(orders=replace(CAUTIOUS, boon_spend="flourish", name="showman")),
            murmillo(orders=replace(CAUTIOUS, cut=True, name="cutter"), kit="gaul"),
        ),
        "era-bout/2",
    ),
}


def gap(fast: OddsResult, logged: OddsResult, name: str) -> float:
    """The difference of the two shares of `name`, in standard errors of the difference."""
    p, q = getattr(fast, name) / fast.bouts, getattr(logged, name) / logged.bouts
    pooled = (getattr(fast, name) + getattr(logged, name)) / (fast.bouts + logged.bouts)
    variance = pooled * (1 - pooled) * (1 / fast.bouts + 1 / logged.bouts)
    if variance == 0:
        return 0.0 if p == q else math.inf
    return abs(p - q) / math.sqrt(variance)


@pytest.fixture(scope="module", params=sorted(MATCHUPS))
def pair(request):
    setup, version = MATCHUPS[request.param]
    fast = bout_odds(setup, bouts=FAST_BOUTS, seed=11, engine_version=version)
    logged = logged_bout_odds(setup, bouts=LOGGED_BOUTS, seed=11, engine_version=version)
    return request.param, fast, logged


@pytest.mark.parametrize("name", NAMES)
def test_the_fast_sampler_agrees_with_the_logged_engine(pair, name):
    matchup, fast, logged = pair
    assert fast.sampler == FAST and logged.sampler == LOGGED
    assert gap(fast, logged, name) < LIMIT, (matchup, name, fast.as_dict(), logged.as_dict())


def test_the_mean_rounds_agree(pair):
    matchup, fast, logged = pair
    # Rounds are at most a few dozen here: the logged sample's spread bounds the gap loosely.
    assert fast.mean_rounds == pytest.approx(logged.mean_rounds, rel=0.05), matchup


def test_the_matchups_reach_what_they_are_for(pair):
    """Each case exercises its rule: deaths happen, both-yield bouts end, and so on."""
    matchup, fast, _ = pair
    if matchup == "deaths_on_the_sand":
        assert fast.killed > 0.05 * fast.bouts
    if matchup == "both_yield_after_an_injury":
        assert fast.a_wins and fast.b_wins and fast.mean_rounds < 10
    assert fast.a_wins + fast.b_wins + fast.draws == fast.bouts


def test_the_forum_pairing_reaches_the_seeds_figures_at_200000_bouts():
    """The exact era-bout/2 figures (tests/rules/era/test_bout_odds.py) within three s.e."""
    setup, version = MATCHUPS["forum"]
    result = bout_odds(setup, bouts=200_000, seed=3, engine_version=version)
    for name, exact in (("a_wins", 52.49), ("loser_missio", 36.23), ("sword_given", 3.95)):
        count = getattr(result, name)
        assert result.percent(count) == pytest.approx(exact, abs=3 * result.standard_error(count))


def test_the_fast_sampler_is_deterministic_for_a_seed():
    setup, _ = MATCHUPS["carrying_wounds_and_injuries"]
    one = bout_odds(setup, bouts=40_000, seed=5)
    assert bout_odds(setup, bouts=40_000, seed=5) == one
    assert bout_odds(setup, bouts=40_000, seed=6) != one
    assert one.method == "monte carlo (pool tables), 40000 bouts, seed 5"


def test_a_negative_seed_is_a_seed_too():
    setup, _ = MATCHUPS["forum"]
    assert bout_odds(setup, bouts=500, seed=-3) == bout_odds(setup, bouts=500, seed=-3)


def test_the_attack_table_is_the_pools_distribution():
    """Hit chance of the table = the pool's exact chance of success; the chances sum to 1."""
    setup = MATCHUPS["forum"][0]
    for reading in (ERA_BOUT_1, ERA_BOUT_2):
        fixed = setup.fixed_under(reading)
        for side in Side:
            table = fast_odds.attack_table(fixed[side], fixed[side.other], setup.entrant(side))
            hit = sum(p for p, h in zip(table.chance, table.hit, strict=True) if h)
            assert hit == pytest.approx(float(distribution(fixed[side].pool).p_success))
            assert sum(table.chance) == pytest.approx(1)
            assert table.cdf[-1] == 1.0


def test_the_fatal_chance_reads_the_injury_table():
    assert fast_odds.fatal_chance(0, 0) == 0
    assert fast_odds.fatal_chance(6, 0) == 0.1  # d100 91-100 reach 151
    assert fast_odds.fatal_chance(7, 1) == 0.1  # a point of Helm takes one injury's 10 back
    assert fast_odds.fatal_chance(11, 0) == 0.6


def test_where_the_tables_cannot_serve_the_logged_engine_runs_and_says_so(monkeypatch):
    setup, _ = MATCHUPS["forum"]
    monkeypatch.setattr(fast_odds, "unsupported", lambda setup, reading: "a test's reason")
    result = odds.bout_odds(setup, bouts=300, seed=2)
    logged = logged_bout_odds(setup, bouts=300, seed=2)
    assert result.sampler == "logged engine (a test's reason)"
    assert result.method == "monte carlo (logged engine (a test's reason)), 300 bouts, seed 2"
    assert replace(result, sampler=LOGGED) == logged


def test_every_order_the_engine_has_is_a_threshold():
    for setup, version in MATCHUPS.values():
        reading = ERA_BOUT_1 if version == "era-bout/1" else ERA_BOUT_2
        assert fast_odds.unsupported(setup, reading) is None


def test_the_logged_sampler_is_the_old_monte_carlo():
    """bout_odds(sampler=LOGGED) fights each bout by fight_bout from bout_seeds, as before."""
    setup, _ = MATCHUPS["forum"]
    logged = bout_odds(setup, bouts=200, seed=4, sampler=LOGGED)
    assert logged == logged_bout_odds(setup, bouts=200, seed=4)
    assert logged.method == "monte carlo, 200 bouts, seed 4"


def test_orders_that_ask_and_unknown_samplers_are_refused():
    setup, _ = MATCHUPS["forum"]
    asking = replace(setup, a=thraex(orders=CAUTIOUS.asking("yield")))
    with pytest.raises(RulesError, match="orders ask the GM"):
        bout_odds(asking, bouts=10)
    with pytest.raises(RulesError, match="sampler must be one of"):
        bout_odds(setup, bouts=10, sampler="quick")


def test_a_man_sent_out_incapacitated_is_refused_by_the_fast_path_too():
    man = murmillo()
    setup = BoutSetup(thraex(), murmillo(wounds=man.wound_points))
    with pytest.raises(RulesError, match="incapacitated and cannot fight"):
        bout_odds(setup, bouts=10, engine_version="era-bout/2")
