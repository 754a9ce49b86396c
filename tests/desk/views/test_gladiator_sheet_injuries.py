"""A man's page shows his figures as he would be sent out today: carried injuries act on them."""

import pytest

from arena.rulesets.era.adapter import arena_sheet
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_fresh_thraex_shows_the_seeds_figures():
    bithys = factories.GladiatorFactory(armatura="thraex", might=3, melee=3, charisma=2, charm=1)
    sheet = arena_sheet(bithys)
    assert (sheet.wound_points, sheet.resistance, sheet.damage) == (13, 3, 5)
    assert sheet.attack_pool == "3 Mastery + 1 Boon vs 2 Trial"
    assert sheet.appeal_pool == "1 Mastery + 1 Ability vs 3 Trial"


def test_cut_tendons_and_a_broken_nose_carried_in_show_on_his_sheet():
    bithys = factories.GladiatorFactory(armatura="thraex", might=3, melee=3, charisma=2, charm=1)
    factories.InjuryFactory(gladiator=bithys, name="Cut Tendons", table_roll=123)
    factories.InjuryFactory(gladiator=bithys, name="Broken Nose", table_roll=88)
    sheet = arena_sheet(bithys)
    assert (sheet.wound_points, sheet.resistance, sheet.damage) == (12, 2, 4)  # Might 2
    assert sheet.attack_pool.startswith("2 Mastery + 1 Ability")
    assert sheet.appeal_pool == "1 Mastery + 1 Ability vs 4 Trial"  # the nose's Trial die


def test_a_healed_injury_no_longer_counts():
    bithys = factories.GladiatorFactory(armatura="thraex", might=3, melee=3)
    factories.InjuryFactory(gladiator=bithys, name="Cut Tendons", table_roll=123, healed_on=4)
    assert arena_sheet(bithys).wound_points == 13
