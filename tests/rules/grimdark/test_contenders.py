"""The pregenerated contenders: Lord Smash exactly as the seed prints him, and a legal
contender for each of the seven ability trees."""

import pytest

from rules.core.errors import RulesError
from rules.grimdark import catalog as cat
from rules.grimdark.contenders import (
    BEASTS,
    CONTENDERS,
    LORD_SMASH,
    LORD_SMASH_SHEET,
    RIPPER_SHEET,
    TREES,
    contender,
    for_tree,
)
from rules.grimdark.sheet import BUILDER_LIMITS, GrimdarkSheet, check_sheet


def test_lord_smash_is_the_seeds_sample_gladiator_as_printed():
    sheet = LORD_SMASH.sheet
    assert sheet.name == "Lord Smash"
    # Brutality: 6, Style: 3, Mind: 3, Weird: 3; Fame: 0; Record: 0-0
    assert sheet.stats.as_dict() == {"brutality": 6, "style": 3, "mind": 3, "weird": 3}
    assert (sheet.fame, sheet.wins, sheet.losses, sheet.starred) == (0, 0, 0, False)
    # Abilities: (23 pts) Berserker, Combat Focus 6, Endurance 5, Fierce Attack
    assert dict(sheet.abilities) == {
        "Berserker": 1,
        "Combat Focus": 6,
        "Endurance": 5,
        "Fierce Attack": 1,
    }
    # Moves: (20)
    assert dict(sheet.moves) == {
        "Flurry of Blows": 5,
        "Brutal Bash": 4,
        "Wild Charge": 2,
        "Grapple": 2,
        "Merciless Beating": 2,
        "Last Stand": 1,
        "Basic Melee": 4,
    }
    # Weapons: Oversized greataxe (Heavy crushing tenacious melee)
    (axe,) = sheet.weapons
    assert (axe.name, axe.kind, axe.properties, axe.element) == (
        "Oversized greataxe",
        "heavy melee",
        ("Crushing", "Tenacious"),
        None,
    )


def test_lord_smash_builds_exactly():
    report = check_sheet(LORD_SMASH_SHEET)
    assert report.ok, report.problems
    derived = report.derived
    assert derived["ability_points"] == {"total": 23, "used": 23, "left": 0}
    assert derived["moves"] == 20
    assert derived["equipment_slots"] == {"total": 5, "used": 5, "left": 0}
    # HP = 25 + Brutality 6 + Endurance 5 = 36, and a Berserker rolls a d10
    assert derived["hp"]["text"] == "36 + d10"
    assert (derived["hp"]["min"], derived["hp"]["max"]) == (37, 46)
    assert derived["init"]["text"] == "3 + d8"
    assert derived["active_stat"] == "brutality"


def test_lord_smash_with_one_more_point_or_move_or_slot_breaks_a_rule():
    more_focus = LORD_SMASH_SHEET | {"abilities": LORD_SMASH_SHEET["abilities"] | {"Poise": 1}}
    assert {p.rule for p in check_sheet(more_focus).problems} == {"ability_points"}
    armoured = LORD_SMASH_SHEET | {"armour_slots": 1}
    assert {p.rule for p in check_sheet(armoured).problems} == {"equipment_slots"}
    flurry = LORD_SMASH_SHEET | {"moves": LORD_SMASH_SHEET["moves"] | {"Flurry of Blows": 6}}
    assert {p.rule for p in check_sheet(flurry).problems} == {"move_copies"}


@pytest.mark.parametrize("name", list(CONTENDERS))
def test_every_contender_is_a_legal_sheet_that_round_trips(name):
    sheet = CONTENDERS[name].sheet
    data = sheet.to_dict()
    assert "npc" not in data
    report = check_sheet(data)
    assert report.ok, report.problems
    assert GrimdarkSheet.from_dict(data) == sheet
    assert report.derived["ability_points"]["left"] >= 0
    assert report.derived["equipment_slots"]["left"] >= 0


@pytest.mark.parametrize("tree", list(TREES))
def test_each_ability_tree_has_a_contender_of_its_own(tree):
    ours = [c for c in CONTENDERS.values() if c.tree == tree]
    assert len(ours) == 1
    (mine,) = ours
    ability = cat.CATEGORIES[TREES[tree]]
    assert mine.sheet.has(ability)
    moves = {cat.MOVES[name].category for name, _ in mine.sheet.moves}
    assert TREES[tree] in moves  # he plays the tree's moves, not only holds the ability
    assert mine.flavour and mine.name
    assert mine in for_tree(tree)


def test_lord_smash_counts_for_the_berserk_tree():
    assert LORD_SMASH in for_tree("berserk")
    assert LORD_SMASH not in for_tree("arcane")
    with pytest.raises(RulesError, match="no ability tree"):
        for_tree("psionic")


def test_contenders_are_found_by_name():
    assert contender("Lord Smash") is LORD_SMASH
    assert contender("Vat-grown Ripper") is BEASTS["Vat-grown Ripper"]
    with pytest.raises(RulesError, match="no Grimdark contender 'Lord Smosh'"):
        contender("Lord Smosh")


def test_the_beast_is_an_npc_that_breaks_the_builders_limits():
    beast = BEASTS["Vat-grown Ripper"].sheet
    assert beast.is_npc
    assert check_sheet(RIPPER_SHEET).ok
    unmarked = {key: value for key, value in RIPPER_SHEET.items() if key != "npc"}
    broken = {p.rule for p in check_sheet(unmarked).problems}
    assert broken and broken <= BUILDER_LIMITS
    assert {"stat_total", "ability_points", "natural_weapon", "equipment_slots"} <= broken
