"""Monte Carlo race odds against the seed's chariot table (slow: about 100,000 races a field)."""

import time

import pytest

from rules.era.race import (
    Driver,
    RaceSetup,
    exact_race_odds,
    race_odds,
    run_race,
)

pytestmark = pytest.mark.slow

FIELD = [("Favorite", 3, 3), ("Contender", 3, 2), ("Outsider", 2, 2), ("Novice", 2, 1)]
# The seed's table, in 100ths: wins careful, wins pushing, wrecks careful, wrecks pushing.
TABLE = {
    "Favorite": (46, 44, 1, 7),
    "Contender": (35, 34, 1, 8),
    "Outsider": (11, 13, 2, 11),
    "Novice": (8, 10, 3, 12),
}
RACES = 100_000  # SE at most 0.16 points: well under the 0.5 the check needs
SEED = 1


def field(pushing: set[str]) -> list[Driver]:
    return [Driver(n, a, o, push=(n in pushing,) * 3) for n, a, o in FIELD]


def points(x: float) -> float:
    return x * 100


# The table's "pushing every leg" columns are a field where every driver pushes every leg:
# "only that driver pushes" would give the favorite 60, not 44. Seed V's "one driver
# pushing" (win 50, wreck 8) is the contender, as in the Eros example.
FIELDS = {
    "careful": set(),
    "all pushing": {"Favorite", "Contender", "Outsider", "Novice"},
    "contender pushing": {"Contender"},
}


@pytest.fixture(scope="module")
def simulated():
    return {name: race_odds(field(pushing), RACES, SEED) for name, pushing in FIELDS.items()}


def test_standard_errors_are_under_half_a_point(simulated):
    for odds in simulated.values():
        assert odds.races == RACES
        for row in odds.drivers:
            assert points(row.win_se) < 0.5 and points(row.wreck_se) < 0.5


def test_careful_columns(simulated):
    for row in simulated["careful"].drivers:
        win, _, wreck, _ = TABLE[row.name]
        assert points(row.win) == pytest.approx(win, abs=1.5), row
        assert points(row.wreck) == pytest.approx(wreck, abs=1.5), row


def test_pushing_every_leg_columns(simulated):
    for row in simulated["all pushing"].drivers:
        _, win, _, wreck = TABLE[row.name]
        assert points(row.win) == pytest.approx(win, abs=1.5), row
        assert points(row.wreck) == pytest.approx(wreck, abs=1.5), row


def test_one_driver_pushing_the_contender_wins_50_and_wrecks_8(simulated):
    contender = simulated["contender pushing"].drivers[1]
    assert points(contender.win) == pytest.approx(50, abs=2)
    assert points(contender.wreck) == pytest.approx(8, abs=2)


@pytest.mark.parametrize("name", list(FIELDS))
def test_monte_carlo_agrees_with_the_exact_odds(simulated, name):
    exact = exact_race_odds(field(FIELDS[name]))
    for mc, ex in zip(simulated[name].drivers, exact.drivers, strict=True):
        assert abs(mc.win - ex.win) < 4 * mc.win_se, (mc, ex)
        assert abs(mc.wreck - ex.wreck) < 4 * mc.wreck_se, (mc, ex)


def test_logged_races_agree_with_the_fast_path():
    # run_race rolls every die and keeps a log; it must follow the same rules as race_odds.
    races = 2_000
    drivers = field({"Contender", "Novice"})
    setup = RaceSetup(drivers)
    wins = [0] * len(drivers)
    wrecks = [0] * len(drivers)
    for seed in range(races):
        result = run_race(setup, seed=seed)
        if result.winner is not None:
            wins[result.winner] += 1
        for index in result.wrecked:
            wrecks[index] += 1
    exact = exact_race_odds(drivers)
    for i, row in enumerate(exact.drivers):
        for hits, p in ((wins[i], row.win), (wrecks[i], row.wreck)):
            se = (p * (1 - p) / races) ** 0.5
            assert abs(hits / races - p) < 4 * se + 1e-9, (row, hits)


def test_a_hundred_thousand_races_of_four_are_fast():
    start = time.perf_counter()
    race_odds(field({"Favorite", "Novice"}), RACES, 7)
    assert time.perf_counter() - start < 20  # about 1 s here; the brief asks for well under 60
