"""Critical Injury effects as data, and what injuries carried into a bout do to it.

design.md: an injury taken in a bout does not change that bout's attack pools; its effect acts
on other checks and after the bout until healed. So only injuries carried *in* act on a bout.
"""

from dataclasses import replace

import pytest

from rules.era.bout import BoutSetup, Decision, Entrant, EventKind, Side, fight_bout
from rules.era.dice import Outcome, Pool, RulesError
from rules.era.injuries import (
    ARENA_RATINGS,
    TABLE,
    Modifier,
    ModifierKind,
    carried_entries,
    check_penalty,
    injured_wound_points,
    injury_named,
)
from rules.era.kits import KITS
from rules.era.orders import CAUTIOUS, DecisionKind
from rules.era.rolls import ScriptedDice
from rules.era.sheet import CHARACTERISTICS, SKILLS, Fighter

MISS = Outcome(0, 0)
BITHYS = Fighter("Bithys", might=3, melee=3)
MURMILLO = Entrant(Fighter("Rufus"), "murmillo", 2)


def entrant(*injuries, **extra) -> Entrant:
    return Entrant(BITHYS, "thraex", 3, injuries=injuries, **extra)


def attack(*injuries) -> str:
    return entrant(*injuries).attack_pool(MURMILLO).describe()


def entry(name):
    return injury_named(name)


# --- the table as data --------------------------------------------------------------------


def test_every_entry_keeps_its_text_and_its_modifiers_name_the_sheet():
    assert entry("Broken Nose").effect == "Add 1 Trial die to Charm checks."
    assert entry("Cracked Collarbone").effect == "Add 1 Trial die to Melee checks with a shield."
    for injury in TABLE:
        assert injury.effect
        for modifier in injury.modifiers:
            if modifier.kind is ModifierKind.WOUND_POINTS:
                assert modifier.on == ""
            else:
                assert modifier.on in CHARACTERISTICS + SKILLS


def test_effects_on_checks_the_arena_never_makes_say_so():
    for name in ("Winded", "Split Brow", "Bruised Knee", "Stunned", "Cracked Rib", "Concussion"):
        injury = entry(name)
        assert injury.arena_modifiers == ()
        assert injury.arena_effect.startswith("none in the arena: the arena makes no")
    jarred = entry("Jarred Arm")
    assert jarred.modifiers[0].out_of_arena and not jarred.modifiers[0].arena
    assert jarred.arena_effect == "none in the arena: only a Melee check out of the arena"
    assert entry("Grazed").arena_effect.startswith("none in the arena (the Strain")
    # Wrenched Limb: the Athletics half does nothing here, the Melee half acts on his attacks.
    assert entry("Wrenched Limb").arena_effect == "1 Trial die on his attacks"


def test_no_modifier_the_arena_meets_is_for_the_next_check_only():
    # The engine applies a carried modifier to every check of the bout; a "next check only"
    # one would need counting. None exists on an arena rating: keep it so.
    for injury in TABLE:
        for modifier in injury.arena_modifiers:
            assert not modifier.next_only, injury.name
            assert modifier.on in ARENA_RATINGS or modifier.kind is ModifierKind.WOUND_POINTS


def test_the_readings_for_the_collarbone_and_the_gruesome_wound():
    collarbone = entry("Cracked Collarbone").modifiers
    assert collarbone == (Modifier(ModifierKind.TRIAL, on="melee", shield=True),)
    assert all(kit.shield is not None for kit in KITS.values())  # the parma is the Buckler
    gruesome = entry("Gruesome Wound").modifiers
    assert gruesome == (Modifier(ModifierKind.CHARACTERISTIC, on="might", chosen=True),)
    assert "the GM's choice" in entry("Gruesome Wound").arena_effect


def test_effects_dict_carries_the_modifiers_and_the_arena_effect():
    data = entry("Broken Nose").effects_dict()
    assert data["modifiers"] == [{"kind": "trial", "amount": 1, "arena": True, "on": "charm"}]
    assert data["arena_effect"] == "1 Trial die on his appeal"
    assert data["name"] == "Broken Nose" and data["band"] == "86–90"


def test_a_bad_modifier_names_its_field():
    with pytest.raises(RulesError, match="modifier on must be one of"):
        Modifier(ModifierKind.BANE, on="strength")
    with pytest.raises(RulesError, match="modifier kind"):
        Modifier("blessing", on="melee")


# --- carried injuries as input ------------------------------------------------------------


def test_carried_injuries_are_given_by_entry_name_or_band():
    nose = entry("Broken Nose")
    assert carried_entries([nose, "broken nose", "86–90", "86-90"]) == (nose,) * 4
    with pytest.raises(RulesError, match="injuries: 'Sword cut' is not on the Critical Injury"):
        carried_entries(["Sword cut"])
    with pytest.raises(RulesError, match="nobody carries Slain"):
        carried_entries(["Slain"])
    with pytest.raises(RulesError, match="injuries must be a list"):
        carried_entries("Broken Nose")


def test_the_count_defaults_to_the_injuries_named_and_may_add_unnamed_ones():
    assert entrant("Broken Nose", "Deep Gash").carried_injuries == 2
    assert entrant("Broken Nose", carried_injuries=3).carried_injuries == 3
    assert Entrant(carried_injuries=2).injuries == ()  # a stored setup with only a count
    with pytest.raises(RulesError, match="carried injuries must be from 2 to 10; got 1"):
        entrant("Broken Nose", "Deep Gash", carried_injuries=1)
    with pytest.raises(RulesError, match="injuries: 'Bad Luck' is not on"):
        entrant("Bad Luck")
    # replace() (the odds page overrides the favor) keeps both as they were.
    moved = replace(entrant("Broken Nose", carried_injuries=3), favor=2)
    assert (moved.injuries, moved.carried_injuries) == ((entry("Broken Nose"),), 3)


# --- what they do to the bout's checks ----------------------------------------------------


def test_without_injuries_the_attack_is_the_seeds():
    assert attack() == "3 Mastery + 1 Boon vs 2 Trial + 1 Bane"
    assert attack("Broken Nose", "Cracked Rib", "Sprained Wrist", "Winded") == attack()


@pytest.mark.parametrize(
    ("injury", "pool"),
    [
        ("Gashed Forearm", "3 Mastery + 1 Boon vs 2 Trial + 2 Bane"),
        ("Wrenched Limb", "3 Mastery + 1 Boon vs 3 Trial + 1 Bane"),
        ("Torn Shoulder", "3 Mastery + 1 Boon vs 3 Trial + 1 Bane"),  # a Might check
        ("Broken Fingers", "3 Mastery + 1 Boon vs 3 Trial + 1 Bane"),
        ("Cracked Collarbone", "3 Mastery + 1 Boon vs 3 Trial + 1 Bane"),  # the parma
        ("Broken Arm", "3 Mastery + 1 Boon vs 1 Crisis + 1 Trial + 1 Bane"),
        ("Maimed Hand", "3 Mastery + 1 Boon vs 1 Crisis + 1 Trial + 1 Bane"),
        ("Ruined Eye", "3 Mastery + 1 Boon vs 1 Crisis + 1 Trial + 1 Bane"),
        ("Cut Tendons", "2 Mastery + 1 Ability + 1 Boon vs 2 Trial + 1 Bane"),
        ("Gruesome Wound", "2 Mastery + 1 Ability + 1 Boon vs 2 Trial + 1 Bane"),
    ],
)
def test_injuries_carried_in_act_on_his_attacks(injury, pool):
    assert attack(injury) == pool


def test_injuries_stack_but_one_injury_adds_its_die_once():
    assert attack("Gashed Forearm", "Gashed Forearm", "Torn Shoulder", "Broken Arm") == (
        "3 Mastery + 1 Boon vs 1 Crisis + 2 Trial + 3 Bane"
    )
    both = (Modifier(ModifierKind.TRIAL, on="might"), Modifier(ModifierKind.TRIAL, on="melee"))
    one = replace(entry("Torn Shoulder"), modifiers=both)
    assert check_penalty([one], "might", "melee").trial == 1
    assert check_penalty([one, one], "might", "melee").trial == 2


def test_lost_might_lowers_damage_resistance_and_wound_points():
    tendons = entrant("Cut Tendons")
    assert (tendons.sheet.might, tendons.damage, tendons.resistance) == (2, 4, 2)
    assert tendons.wound_points == 12
    assert tendons.fighter.might == 3  # the sheet itself is unchanged
    weak = Entrant(Fighter(might=1), "thraex", injuries=("Cut Tendons", "Gruesome Wound"))
    assert weak.sheet.might == 1  # never below 1


def test_lost_wound_points_and_the_wounds_he_may_carry_in():
    assert entrant("Deep Gash", "Punctured Side").wound_points == 10
    assert entrant("Deep Gash").wound_points == 12
    assert injured_wound_points(Fighter(might=1), [entry("Punctured Side")] * 10) == 1
    entrant("Deep Gash", wounds=12)
    with pytest.raises(RulesError, match="wounds must be from 0 to 12; got 13"):
        entrant("Deep Gash", wounds=13)
    setup = BoutSetup(entrant("Punctured Side"), MURMILLO, first=Side.A)
    assert setup.fixed[Side.A].wound_points == 11
    result = fight_bout(setup, seed=5)
    assert result.a.wound_points == 11


def test_a_murmillo_who_lost_might_is_hindered_by_his_scutum():
    weak = Entrant(Fighter("Rufus"), "murmillo", 2, injuries=("Cut Tendons",))
    # Might 2 against Cumbersome 3: 1 Trial die for the point short, on top of the rest.
    assert weak.attack_pool(entrant()).describe() == "2 Mastery + 1 Boon vs 3 Trial + 1 Bane"


def test_an_injury_taken_in_the_bout_does_not_change_its_pools():
    # Round 1: Rufus hits Bithys with 3 Boons and he rolls a Gashed Forearm (36-40: d100 48
    # less Helm 1). He fights on; his round 2 attack is the pool he began with.
    setup = BoutSetup(entrant(orders="fight-on"), MURMILLO, first=Side.B)
    dice = ScriptedDice([Outcome(1, 3), MISS, MISS, MISS], d100s=[48])
    result = fight_bout(setup, seed=0, dice=dice, max_rounds=2)
    assert result.a.injuries[0].injury.name == "Gashed Forearm"
    attacks = [e for e in result.events if e.kind is EventKind.ATTACK and e.actor is Side.A]
    assert [e.roll.pool.describe() for e in attacks] == [attack(), attack()]


def test_a_carried_broken_arm_brings_a_crisis_die_and_the_calamity_line():
    setup = BoutSetup(entrant("Broken Arm"), MURMILLO, first=Side.A)
    pool = setup.fixed[Side.A].pool
    faces = ["–"] * pool.mastery + ["–"] * pool.boon + ["Calamity"] + ["–"] * (pool.trial)
    faces += ["–"] * pool.bane
    dice = ScriptedDice([faces, MISS], coins=[])
    result = fight_bout(setup, seed=0, dice=dice, max_rounds=1)
    favor = [e for e in result.events if e.kind is EventKind.FAVOR and e.actor is Side.A]
    assert favor[0].lines[0].reason == "a Calamity on his attack"
    assert result.a.favor == 2


def test_injuries_with_no_arena_effect_change_nothing_but_the_start_line():
    plain = BoutSetup(entrant(carried_injuries=2), MURMILLO)
    named = BoutSetup(entrant("Cracked Rib", "Concussion"), MURMILLO)
    for seed in range(30):
        a, b = fight_bout(plain, seed=seed), fight_bout(named, seed=seed)
        assert [e.as_dict() for e in a.events] == [
            e.as_dict() for e in b.events if e.kind is not EventKind.START
        ]


def test_the_start_names_the_injuries_carried_and_what_they_do():
    setup = BoutSetup(entrant("Broken Nose", "Deep Gash", carried_injuries=3, wounds=2), MURMILLO)
    start = next(e for e in fight_bout(setup, seed=1).events if e.kind is EventKind.START)
    assert start.text == (
        "Bithys comes out carrying 2 Wounds (2 of 12) and 3 old Critical Injuries: Broken Nose "
        "(1 Trial die on his appeal); Deep Gash (1 Wound Point fewer); and 1 other with no "
        "effect on record. Each adds +10 to Critical Injury rolls against him."
    )
    data = start.as_dict()
    assert data["total_wounds"] == 2
    assert [c["name"] for c in data["carried_injuries"]] == ["Broken Nose", "Deep Gash"]
    assert data["carried_injuries"][1]["modifiers"][0]["kind"] == "wound_points"

    one = BoutSetup(entrant("Gashed Forearm"), MURMILLO)
    start = next(e for e in fight_bout(one, seed=1).events if e.kind is EventKind.START)
    assert start.text == (
        "Bithys comes out carrying an old Critical Injury: Gashed Forearm (1 Bane die on his "
        "attacks). It adds +10 to Critical Injury rolls against him."
    )
    assert "total_wounds" not in start.as_dict()


def test_a_count_only_setup_logs_no_start_line_as_before():
    setup = BoutSetup(entrant(carried_injuries=2), MURMILLO)
    assert not [e for e in fight_bout(setup, seed=1).events if e.kind is EventKind.START]


# --- THE BOUT II: the honorable yield -----------------------------------------------------


def yield_at_once(a: Entrant):
    """A asks the GM at the start of every turn; the GM yields at the first, unhurt."""
    orders = CAUTIOUS.asking(DecisionKind.YIELD)
    setup = BoutSetup(replace(a, orders=orders), MURMILLO, first=Side.A)
    decision = Decision(DecisionKind.YIELD, Side.A, "yield")
    return fight_bout(setup, seed=0, decisions=[decision], dice=ScriptedDice([]))


def test_a_man_carrying_a_critical_injury_yields_honorably():
    unhurt = yield_at_once(entrant())
    assert unhurt.a.favor == 2  # 3, less 1 for yielding unhurt
    assert "yields unhurt" in next(e.text for e in unhurt.events if e.kind is EventKind.YIELD)
    for carrying in (entrant("Cracked Rib"), entrant(carried_injuries=1)):
        result = yield_at_once(carrying)
        assert result.a.favor == 3  # honorable: he keeps his Crowd Favor
        text = next(e.text for e in result.events if e.kind is EventKind.YIELD)
        assert text == "Bithys lowers his shield and yields honorably."


def test_a_pool_check_is_unchanged_for_the_race_and_appeal_ratings():
    # His attack ignores injuries to Charm and Operate; the helper still sees them.
    assert check_penalty([entry("Broken Nose")], "charisma", "charm").trial == 1
    assert check_penalty([entry("Sprained Wrist")], "agility", "operate").bane == 1
    assert not check_penalty([entry("Broken Nose")], "might", "melee")
    assert check_penalty([entry("Cracked Collarbone")], "might", "melee").trial == 0
    assert check_penalty([entry("Cracked Collarbone")], "might", "melee", shield=True).trial == 1
    assert check_penalty([], "might", "melee").apply(Pool(mastery=1)) == Pool(mastery=1)
