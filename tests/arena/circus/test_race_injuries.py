"""The race service hands each driver's unhealed Critical Injuries to the race engine."""

import pytest

from arena.models import Race
from arena.rulesets.era.adapter import driver_resistance, race_drivers, race_setup
from arena.rulesets.era.circus.services import race_run
from rules.era import race as engine
from tests.arena.circus.cast import engine_result
from tests.factories import InjuryFactory

pytestmark = pytest.mark.django_db


def entries(race):
    return list(race.entries.select_related("driver").order_by("lane", "pk"))


def scorpus(race):
    return entries(race)[0].driver


def test_unhealed_table_injuries_reach_the_engine(race):
    man = scorpus(race)
    InjuryFactory(gladiator=man, name="Damaged Leg", table_roll=72)
    InjuryFactory(gladiator=man, name="Sprained Wrist", table_roll=28, severity="easy")
    InjuryFactory(gladiator=man, name="Hamstrung", table_roll=113, severity="hard", healed_on=5)
    InjuryFactory(gladiator=man, name="A sword cut", table_roll=50)  # written by hand
    driver = race_drivers(entries(race))[0]
    assert [i.name for i in driver.injuries] == ["Damaged Leg", "Sprained Wrist"]
    assert driver.leg_pool(0).describe() == "3 Mastery + 1 Boon vs 3 Trial + 1 Bane"
    assert race_drivers(entries(race))[1].injuries == ()


def test_lost_might_lowers_resistance_at_the_circus(race):
    man = scorpus(race)  # Might 3: Resistance 2
    assert driver_resistance(man) == 2
    InjuryFactory(gladiator=man, name="Cut Tendons", table_roll=123, severity="hard")
    assert driver_resistance(man) == 1
    assert race_drivers(entries(race))[0].resistance == 1


def test_the_injuries_are_frozen_in_the_log_as_the_race_began(race):
    man = scorpus(race)
    hurt = InjuryFactory(gladiator=man, name="Damaged Leg", table_roll=72)
    race_run(race=race, seed=11, legs=1)
    race.refresh_from_db()
    assert race.log["drivers"][0]["injuries"] == ["Damaged Leg"]
    assert all("injuries" not in d for d in race.log["drivers"][1:])
    # Healed between legs: the race goes on as it began (the replay would refuse otherwise).
    hurt.healed_on = 20
    hurt.save()
    assert race_setup(race, entries(race)).drivers[0].injuries[0].name == "Damaged Leg"
    race_run(race=race, legs=3)
    race.refresh_from_db()
    assert race.status == Race.Status.DONE
    whole = engine.run_race(race_setup(race, entries(race)), seed=11).as_dict()
    assert race.log["legs"] == whole["legs"]


def test_a_race_begun_before_injuries_were_logged_runs_on_without_them(race):
    race_run(race=race, seed=11, legs=1)
    race.refresh_from_db()
    assert "injuries" not in race.log["drivers"][0]
    InjuryFactory(gladiator=scorpus(race), name="Damaged Leg", table_roll=72)
    # Taken after the race began: not carried into it.
    assert race_setup(race, entries(race)).drivers[0].injuries == ()
    race_run(race=race, legs=3)
    race.refresh_from_db()
    assert race.log["legs"] == engine_result(race, 11).as_dict()["legs"]
