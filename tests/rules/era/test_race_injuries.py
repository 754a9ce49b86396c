"""Critical Injuries a driver carries into a race act on his legs and saves (Agility + Operate)."""

import pytest

from rules.era.dice import Pool, RulesError
from rules.era.race import (
    LEGS,
    Driver,
    RaceSetup,
    ScriptedDice,
    exact_race_odds,
    race_odds,
    run_race,
)

FIELD = [Driver("Favorite", 3, 3), Driver("Contender", 3, 2), Driver("Outsider", 2, 2)]


def test_no_injuries_no_change():
    assert Driver("Favorite", 3, 3).leg_pool(0) == Pool(mastery=3, boon=1, trial=2)
    idle = Driver("Favorite", 3, 3, injuries=("Broken Nose", "Gashed Forearm", "Cracked Rib"))
    assert idle.leg_pool(0) == Driver("Favorite", 3, 3).leg_pool(0)
    assert idle.penalty == (0, 0, 0)


@pytest.mark.parametrize(
    ("injury", "leg", "pushed"),
    [
        ("Sprained Wrist", "3 Mastery + 1 Boon vs 2 Trial + 1 Bane", None),
        ("Damaged Leg", "3 Mastery + 1 Boon vs 3 Trial", None),
        ("Broken Fingers", "3 Mastery + 1 Boon vs 3 Trial", None),
        ("Hamstrung", "3 Mastery + 1 Boon vs 1 Crisis + 1 Trial", "3 Mastery + 3 Boon vs 2 Crisis"),
        ("Shattered Knee", "3 Mastery + 1 Boon vs 1 Crisis + 1 Trial", None),
        ("Maimed Hand", "3 Mastery + 1 Boon vs 1 Crisis + 1 Trial", None),
    ],
)
def test_injuries_act_on_every_leg_and_save(injury, leg, pushed):
    driver = Driver("Favorite", 3, 3, push=(False, True, False), injuries=(injury,))
    assert driver.leg_pool(0).describe() == leg
    assert driver.save_pool().describe() == leg  # the save is the unpushed check
    if pushed:
        assert driver.leg_pool(1).describe() == pushed


def test_bad_injuries_are_refused_naming_the_field():
    with pytest.raises(RulesError, match="injuries: 'Sore Feet' is not on the Critical Injury"):
        Driver("Favorite", 3, 3, injuries=("Sore Feet",))


def test_the_log_names_the_injuries_only_when_there_are_some():
    plain = run_race(RaceSetup(tuple(FIELD)), seed=4).as_dict()
    assert all("injuries" not in d for d in plain["drivers"])
    hurt = [Driver("Favorite", 3, 3, injuries=("damaged leg",)), *FIELD[1:]]
    logged = run_race(RaceSetup(tuple(hurt)), seed=4).as_dict()
    assert logged["drivers"][0]["injuries"] == ["Damaged Leg"]
    assert logged["legs"][0]["events"][0]["roll"]["pool"] == "3 Mastery + 1 Boon vs 3 Trial"


def test_a_damaged_leg_costs_the_favorite_the_race():
    well = exact_race_odds(FIELD).drivers[0]
    hurt = [Driver("Favorite", 3, 3, injuries=("Damaged Leg",)), *FIELD[1:]]
    lame = exact_race_odds(hurt).drivers[0]
    assert lame.win < well.win - 0.1 and lame.wreck > well.wreck
    # The Monte Carlo fast path follows the same pools.
    sampled = race_odds(hurt, 40_000, 1).drivers[0]
    assert abs(sampled.win - lame.win) < 4 * sampled.win_se
    assert abs(sampled.wreck - lame.wreck) < 4 * sampled.wreck_se + 1e-9


def test_a_calamity_on_a_careful_legs_injury_crisis_die_calls_no_save():
    # The seed calls a save on a Calamity from a *pushed* leg's Crisis die; a Hamstrung
    # driver's careful leg has a Crisis die of its own, and its Calamity is only a Failure.
    driver = Driver("Favorite", 3, 3, injuries=("Hamstrung",))
    calamity = ["S", "S", "S", "–", "Calamity", "–"]  # 3 Mastery, 1 Boon, 1 Crisis, 1 Trial
    dice = ScriptedDice([calamity] + [["–"] * 6] * (LEGS - 1))
    result = run_race(RaceSetup((driver,)), dice=dice)
    first = result.legs[0].events[0]
    assert first.roll.outcome.calamities == 1 and first.wreck_check == ()
    assert first.distance_added == 2 and not result.wrecks
