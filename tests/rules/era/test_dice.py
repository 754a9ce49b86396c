"""The Era dice: faces, the seed's published odds, pools from ratings, difficulties, rolls."""

import random
from collections import Counter
from fractions import Fraction

import pytest

from rules.era.dice import (
    DIE_ORDER,
    Die,
    Difficulty,
    Pool,
    RulesError,
    check_range,
    distribution,
    roll,
)

# design.md, "Dice faces" (binding), copied as written there.
DESIGN_FACES = {
    Die.MASTERY: "–, S, S, SS, SS, Bo, S Bo, S Bo, S Bo, Bo Bo, Bo Bo, Breakthrough",
    Die.ABILITY: "–, S, S, SS, Bo, Bo, S Bo, Bo Bo",
    Die.BOON: "–, –, S, S Bo, Bo Bo, Bo",
    Die.TRIAL: "–, F, F, FF, Bn, Bn, F Bn, Bn Bn",
    Die.CRISIS: "–, F, F, FF, FF, Bn, Bn, F Bn, F Bn, Bn Bn, Bn Bn, Calamity",
    Die.BANE: "–, –, F, F, Bn, Bn",
}
SIDES = {Die.MASTERY: 12, Die.ABILITY: 8, Die.BOON: 6, Die.TRIAL: 8, Die.CRISIS: 12, Die.BANE: 6}


def symbol_counts(faces: str) -> Counter:
    """How many of each symbol a die shows over all its faces ("SS" is two S)."""
    counts = Counter()
    for face in faces.split(", "):
        for word in face.split():
            if word in ("SS", "FF"):
                counts[word[0]] += 2
            elif word != "–":
                counts[word] += 1
    return counts


@pytest.mark.parametrize("die", list(Die), ids=lambda d: d.label)
def test_faces_are_design_md_faces(die):
    assert die.sides == SIDES[die]
    assert Counter(f.symbols for f in die.faces) == Counter(DESIGN_FACES[die].split(", "))


@pytest.mark.parametrize("die", list(Die), ids=lambda d: d.label)
def test_symbol_totals_per_die_match_the_table(die):
    expected = symbol_counts(DESIGN_FACES[die])
    successes = expected["S"] + expected["Breakthrough"] - expected["F"] - expected["Calamity"]
    boons = expected["Bo"] - expected["Bn"]
    assert sum(f.successes for f in die.faces) == successes
    assert sum(f.boons for f in die.faces) == boons
    assert sum(f.breakthrough for f in die.faces) == expected["Breakthrough"]
    assert sum(f.calamity for f in die.faces) == expected["Calamity"]


def test_breakthrough_is_one_success_and_calamity_one_failure():
    breakthrough = Die.MASTERY.faces[-1]
    calamity = Die.CRISIS.faces[-1]
    assert (breakthrough.successes, breakthrough.boons, breakthrough.breakthrough) == (1, 0, True)
    assert (calamity.successes, calamity.boons, calamity.calamity) == (-1, 0, True)


def test_bithys_appeal_one_mastery_one_ability_vs_three_trial():
    # Seed: "That pool succeeds 28 times in 100."
    assert distribution(Pool(mastery=1, ability=1, trial=3)).p_success == Fraction(6919, 24576)


def test_medicus_two_mastery_one_ability_vs_two_trial():
    # Seed: "which succeeds 64 times in 100."
    assert distribution(Pool(mastery=2, ability=1, trial=2)).p_success == Fraction(245, 384)
    assert distribution(Pool.check(3, 2, "average")).p_success == Fraction(245, 384)


def test_single_die_special_faces():
    assert distribution(Pool(mastery=1)).p_breakthrough == Fraction(1, 12)
    assert distribution(Pool(crisis=1)).p_calamity == Fraction(1, 12)
    assert distribution(Pool(trial=4)).p_calamity == 0


def test_distribution_total_is_product_of_sides():
    dist = distribution(Pool(mastery=1, ability=1, boon=1, crisis=1, trial=1, bane=1))
    assert dist.total == 12 * 8 * 6 * 12 * 8 * 6
    assert sum(n for _, n in dist.counts) == dist.total


def test_empty_pool_is_a_certain_zero():
    dist = distribution(Pool())
    assert dist.net_successes() == {0: Fraction(1)}
    assert dist.p_success == 0


def test_expected_values_are_sums_of_each_die():
    pool = Pool(mastery=2, ability=1, boon=1, trial=2, bane=1)
    dist = distribution(pool)
    per_die_s = {d: Fraction(sum(f.successes for f in d.faces), d.sides) for d in Die}
    per_die_b = {d: Fraction(sum(f.boons for f in d.faces), d.sides) for d in Die}
    assert dist.expected_net_successes == sum(per_die_s[d] for d in pool.dice())
    assert dist.expected_net_boons == sum(per_die_b[d] for d in pool.dice())


@pytest.mark.parametrize(
    ("characteristic", "skill", "mastery", "ability"),
    [(3, 2, 2, 1), (2, 3, 2, 1), (3, 3, 3, 0), (3, 0, 0, 3), (0, 4, 0, 4), (2, 1, 1, 1)],
)
def test_pool_from_ratings_max_dice_min_mastery(characteristic, skill, mastery, ability):
    assert Pool.from_ratings(characteristic, skill) == Pool(mastery=mastery, ability=ability)


@pytest.mark.parametrize(
    ("name", "trial"),
    [("easy", 1), ("Average", 2), ("HARD", 3), (" daunting ", 4), ("formidable", 5)],
)
def test_difficulties_by_name(name, trial):
    assert Difficulty.parse(name) == trial
    assert Pool.check(2, 2, name).trial == trial


def test_difficulty_by_number_and_member():
    assert Difficulty.parse(3) is Difficulty.HARD
    assert Difficulty.parse(Difficulty.EASY) is Difficulty.EASY
    assert [d.name for d in Difficulty] == ["EASY", "AVERAGE", "HARD", "DAUNTING", "FORMIDABLE"]


@pytest.mark.parametrize("bad", ["brutal", "", 0, 6, True, None, 2.0])
def test_unknown_difficulty_raises_naming_the_field(bad):
    with pytest.raises(RulesError, match="difficulty"):
        Difficulty.parse(bad)


def test_upgrade_difficulty_turns_trial_into_crisis():
    pool = Pool.check(3, 2, "average")
    assert pool.upgrade_difficulty() == Pool(mastery=2, ability=1, crisis=1, trial=1)
    assert pool.upgrade_difficulty(2) == Pool(mastery=2, ability=1, crisis=2)
    # With no Trial die left, an upgrade adds one.
    assert pool.upgrade_difficulty(3) == Pool(mastery=2, ability=1, crisis=2, trial=1)


def test_upgrade_ability_turns_ability_into_mastery():
    pool = Pool(mastery=1, ability=1)
    assert pool.upgrade_ability() == Pool(mastery=2)
    assert pool.upgrade_ability(2) == Pool(mastery=2, ability=1)


def test_downgrades_reverse_upgrades_and_stop_at_none():
    pool = Pool(mastery=2, ability=1, crisis=1, trial=1)
    assert pool.downgrade_ability() == Pool(mastery=1, ability=2, crisis=1, trial=1)
    assert pool.downgrade_difficulty() == Pool(mastery=2, ability=1, trial=2)
    assert pool.downgrade_ability(5) == Pool(ability=3, crisis=1, trial=1)
    assert pool.downgrade_difficulty(5) == Pool(mastery=2, ability=1, trial=2)


def test_add_boons_and_banes_and_pools():
    pool = Pool(mastery=1).add(boon=2, bane=1)
    assert pool == Pool(mastery=1, boon=2, bane=1)
    assert pool + Pool(trial=2) == Pool(mastery=1, boon=2, trial=2, bane=1)
    assert pool.describe() == "1 Mastery + 2 Boon vs 1 Bane"
    assert Pool().describe() == "nothing vs nothing"


@pytest.mark.parametrize("die", DIE_ORDER, ids=lambda d: d.label)
@pytest.mark.parametrize("bad", [-1, 21, 1.5, "2", True])
def test_bad_counts_raise_naming_the_die(die, bad):
    with pytest.raises(RulesError, match=die.label.lower()):
        Pool(**{die.label.lower(): bad})


@pytest.mark.parametrize(
    ("characteristic", "skill", "field"),
    [(11, 1, "characteristic"), (-1, 1, "characteristic"), (2, 11, "skill"), (2, "3", "skill")],
)
def test_bad_ratings_raise_naming_the_field(characteristic, skill, field):
    with pytest.raises(RulesError, match=field):
        Pool.from_ratings(characteristic, skill)


def test_rules_error_is_a_value_error_and_check_range_passes_good_values():
    assert issubclass(RulesError, ValueError)
    assert check_range("x", 3, 0, 5) == 3
    with pytest.raises(RulesError, match="x must be from 0 to 5; got 6"):
        check_range("x", 6, 0, 5)


def test_roll_is_deterministic_for_a_seeded_random():
    pool = Pool(mastery=2, ability=1, boon=1, crisis=1, trial=1, bane=1)
    first = roll(pool, random.Random(2024))
    again = roll(pool, random.Random(2024))
    assert first == again
    assert first.as_dict() == again.as_dict()


def test_roll_returns_each_die_and_its_face_in_pool_order():
    pool = Pool(mastery=2, ability=1, boon=1, crisis=1, trial=1, bane=1)
    result = roll(pool, random.Random(7))
    assert [r.die for r in result.dice] == list(pool.dice())
    assert [r.die for r in result.dice] == [
        Die.MASTERY,
        Die.MASTERY,
        Die.ABILITY,
        Die.BOON,
        Die.CRISIS,
        Die.TRIAL,
        Die.BANE,
    ]
    for rolled in result.dice:
        assert rolled.face is rolled.die.faces[rolled.face_index]
    assert result.outcome.net_successes == sum(r.face.successes for r in result.dice)
    assert result.outcome.net_boons == sum(r.face.boons for r in result.dice)


def test_roll_uses_only_the_generator_given():
    # The module-level generator is never touched: reseeding it changes nothing.
    pool = Pool(mastery=3, trial=2)
    random.seed(1)
    first = roll(pool, random.Random(5))
    random.seed(2)
    assert roll(pool, random.Random(5)) == first


def test_roll_as_dict_names_every_face():
    result = roll(Pool(mastery=1, trial=1), random.Random(3))
    data = result.as_dict()
    assert data["pool"] == "1 Mastery vs 1 Trial"
    assert [d["die"] for d in data["dice"]] == ["Mastery", "Trial"]
    assert data["net_successes"] == result.outcome.net_successes
    assert data["success"] == result.outcome.success


def test_outcome_spare_boons_and_banes():
    dist = distribution(Pool(boon=1, bane=1))
    for outcome, _ in dist.outcomes():
        assert outcome.boons == max(outcome.net_boons, 0)
        assert outcome.banes == max(-outcome.net_boons, 0)
        assert outcome.boons * outcome.banes == 0
