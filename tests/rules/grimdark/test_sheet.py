"""The Grimdark sheet (seed 003): its JSON shape, the builder's rules (one test a rule, each
refusal naming its rule and field), every broken rule listed at once, the derived figures, and
what an NPC may break."""

import copy

import pytest

from rules.core.errors import RulesError, SheetError
from rules.grimdark.sheet import (
    BUILDER_LIMITS,
    RULES,
    GrimdarkSheet,
    SheetRulesError,
    Stats,
    Weapon,
    check_sheet,
    veteran_start,
)


def legal(**changes):
    """A legal sheet: 5/4/3/3, Combat Focus 2, fifteen moves anyone may take, a gladius and two
    slots of armour."""
    data = {
        "name": "Decimus Vex",
        "stats": {"brutality": 5, "style": 4, "mind": 3, "weird": 3},
        "active_stat": None,
        "abilities": {"Combat Focus": 2},
        "moves": {
            "Basic Melee": 6,
            "Basic Defense": 3,
            "Basic Performance": 2,
            "Brutal Bash": 2,
            "Stylish Strike": 2,
        },
        "weapons": [{"name": "Gladius", "kind": "light melee", "properties": [], "element": None}],
        "armour_slots": 2,
        "fame": 0,
        "wins": 0,
        "losses": 0,
        "starred": False,
    }
    data.update(copy.deepcopy(changes))
    return data


def weapon(kind, *properties, element=None, name="Blade"):
    return {"name": name, "kind": kind, "properties": list(properties), "element": element}


def refused(data, rule, field):
    """Assert the sheet is refused with `rule` on `field`, by check_sheet and by from_dict."""
    report = check_sheet(data)
    assert not report.ok
    found = {(problem.rule, problem.field) for problem in report.problems}
    assert (rule, field) in found, found
    with pytest.raises(SheetRulesError) as error:
        GrimdarkSheet.from_dict(data)
    assert rule in {problem.rule for problem in error.value.problems}
    return report


def rules_of(data):
    return {problem.rule for problem in check_sheet(data).problems}


def test_the_legal_sheet_builds_and_round_trips_exactly():
    data = legal()
    report = check_sheet(data)
    assert report.ok and report.problems == ()
    assert report.sheet is not None
    assert report.sheet.to_dict() == data
    assert GrimdarkSheet.from_dict(data).to_dict() == data
    assert list(GrimdarkSheet.from_dict(data).to_dict()) == list(data)  # the keys' order too


def test_the_npc_key_round_trips_only_when_given():
    assert "npc" not in GrimdarkSheet.from_dict(legal()).to_dict()
    for flag in (True, False):
        data = legal(npc=flag)
        assert GrimdarkSheet.from_dict(data).to_dict() == data


def test_optional_keys_take_their_defaults():
    data = legal()
    for key in ("active_stat", "weapons", "armour_slots", "fame", "wins", "losses", "starred"):
        del data[key]
    sheet = GrimdarkSheet.from_dict(data)
    assert (sheet.weapons, sheet.armour_slots, sheet.fame, sheet.starred) == ((), 0, 0, False)
    assert sheet.to_dict()["active_stat"] is None


def test_the_default_sheet_is_legal():
    sheet = GrimdarkSheet()
    assert check_sheet(sheet.to_dict()).ok
    assert GrimdarkSheet.from_dict(sheet.to_dict()) == sheet


def test_building_a_bad_sheet_directly_raises_a_sheet_error_naming_field_and_rule():
    with pytest.raises(SheetError) as error:
        GrimdarkSheet(stats=Stats(brutality=9, style=4, mind=4, weird=3))
    assert error.value.field == "stats"
    assert error.value.rule == RULES["stat_total"]
    assert isinstance(error.value, RulesError)


# --- the shape ---------------------------------------------------------------------------------


def test_shape_a_sheet_is_an_object():
    report = check_sheet(["not", "a", "sheet"])
    assert not report.ok and report.problems[0].rule == "shape"
    assert report.derived == {}


def test_shape_an_unknown_key_is_refused():
    refused(legal(armor_slots=1), "shape", "armor_slots")


def test_shape_a_required_key_missing_is_refused():
    data = legal()
    del data["moves"]
    report = refused(data, "shape", "moves")
    # the missing repertoire is not also reported as 0 moves
    assert "repertoire_size" not in {problem.rule for problem in report.problems}


def test_shape_a_value_of_the_wrong_type_is_refused_once():
    data = legal(stats={"brutality": "five", "style": 4, "mind": 3, "weird": 3})
    report = refused(data, "shape", "stats.brutality")
    assert [p.rule for p in report.problems] == ["shape"]  # no stat total from a bad value


def test_shape_weapons_are_a_list_of_objects():
    refused(legal(weapons={"name": "Gladius"}), "shape", "weapons")
    refused(legal(weapons=[weapon("light melee") | {"edge": "sharp"}]), "shape", "weapons[0].edge")


def test_shape_starred_and_npc_are_true_or_false():
    refused(legal(starred="yes"), "shape", "starred")
    refused(legal(npc=1), "shape", "npc")


def test_name_is_required():
    refused(legal(name="  "), "name", "name")


# --- the stats ---------------------------------------------------------------------------------


def test_stat_minimum_no_stat_below_zero():
    refused(
        legal(stats={"brutality": 6, "style": 5, "mind": 5, "weird": -1}),
        "stat_minimum",
        "stats.weird",
    )


def test_stat_total_is_fifteen_points():
    refused(legal(stats={"brutality": 5, "style": 4, "mind": 3, "weird": 4}), "stat_total", "stats")
    refused(legal(stats={"brutality": 5, "style": 4, "mind": 3, "weird": 2}), "stat_total", "stats")


@pytest.mark.parametrize("array", [(4, 4, 4, 3), (5, 5, 5, 0), (7, 3, 3, 2)])
def test_the_seeds_example_arrays_are_valid(array):
    stats = dict(zip(("brutality", "style", "mind", "weird"), array, strict=True))
    assert check_sheet(legal(stats=stats, abilities={})).ok


def test_stat_spread_highest_at_most_five_above_lowest():
    refused(
        legal(stats={"brutality": 6, "style": 5, "mind": 4, "weird": 0}), "stat_spread", "stats"
    )


def test_active_stat_is_one_of_the_four():
    refused(legal(active_stat="strength"), "active_stat", "active_stat")
    assert check_sheet(legal(active_stat="weird")).ok


def test_the_active_stat_defaults_to_the_strongest():
    assert GrimdarkSheet.from_dict(legal()).active == "brutality"
    assert GrimdarkSheet.from_dict(legal(active_stat="mind")).active == "mind"
    even = legal(stats={"brutality": 3, "style": 4, "mind": 4, "weird": 4})
    # a tie goes to the first of the seed's order (Brutality, Style, Mind, Weird)
    assert GrimdarkSheet.from_dict(even).active == "style"


# --- the abilities -----------------------------------------------------------------------------


def test_known_ability_names_the_seeds_spelling():
    report = refused(
        legal(abilities={"Combat focus": 2}), "known_ability", "abilities.Combat focus"
    )
    assert "the seed writes it 'Combat Focus'" in report.problems[0].message


def test_ability_level_at_least_one():
    refused(legal(abilities={"Combat Focus": 0}), "ability_level", "abilities.Combat Focus")
    refused(legal(abilities={"Combat Focus": 1.5}), "ability_level", "abilities.Combat Focus")


@pytest.mark.parametrize(
    ("ability", "level"),
    [
        ("Combat Focus", 9),  # cannot exceed 8
        ("Endurance", 6),  # cannot exceed Brutality (5)
        ("Jack of All Trades", 4),  # cannot exceed Mind (3)
        ("Poise", 5),  # cannot exceed Style (4)
        ("Fierce Attack", 2),  # all-or-nothing
    ],
)
def test_ability_cap(ability, level):
    stats = {"brutality": 5, "style": 4, "mind": 3, "weird": 3}
    refused(legal(stats=stats, abilities={ability: level}), "ability_cap", f"abilities.{ability}")


def test_ability_caps_at_their_limit_are_allowed():
    stats = {"brutality": 5, "style": 4, "mind": 3, "weird": 3}
    abilities = {"Combat Focus": 8, "Endurance": 5, "Poise": 4, "Jack of All Trades": 3}
    assert check_sheet(legal(stats=stats, abilities=abilities)).ok  # 8 + 5 + 4 + 6 = 23


@pytest.mark.parametrize(
    ("ability", "stat", "minimum"),
    [
        ("Arcane Arts", "weird", 4),
        ("Berserker", "brutality", 4),
        ("Demonology", "weird", 3),
        ("Gambler", "style", 3),
        ("Performer", "style", 4),
        ("Tactician", "mind", 4),
        ("Technomancer", "mind", 3),
    ],
)
def test_ability_prerequisite(ability, stat, minimum):
    others = [name for name in ("brutality", "style", "mind", "weird") if name != stat]
    short = {stat: minimum - 1, others[0]: 6, others[1]: 5, others[2]: 15 - 11 - (minimum - 1)}
    met = {stat: minimum, others[0]: 6, others[1]: 5, others[2]: 15 - 11 - minimum}
    report = refused(
        legal(stats=short, abilities={ability: 1}), "ability_prerequisite", f"abilities.{ability}"
    )
    assert f"needs {stat.title()} {minimum}" in report.problems[0].message
    assert "ability_prerequisite" not in rules_of(legal(stats=met, abilities={ability: 1}))


def test_ability_points_at_most_twenty_plus_mind():
    # Mind 3: 23 points. Berserker 8 + Flying 8 + Fierce Attack 4 + Combat Focus 4 = 24.
    abilities = {"Berserker": 1, "Flying": 1, "Fierce Attack": 1, "Combat Focus": 4}
    report = refused(legal(abilities=abilities), "ability_points", "abilities")
    assert "cost 24 points; the gladiator has 23" in report.problems[0].message
    abilities["Combat Focus"] = 3
    assert check_sheet(legal(abilities=abilities)).ok  # exactly 23


# --- the moves ---------------------------------------------------------------------------------


def test_known_move_names_the_seeds_spelling():
    moves = legal()["moves"] | {"Flurry Of Blows": 1}
    report = refused(legal(moves=moves), "known_move", "moves.Flurry Of Blows")
    assert "'Flurry of Blows'" in report.problems[0].message


def test_move_count_at_least_one_copy():
    moves = legal()["moves"] | {"Grapple": 0}
    refused(legal(moves=moves), "move_count", "moves.Grapple")


def test_repertoire_size_fifteen_to_thirty():
    refused(legal(moves={"Basic Melee": 14}), "repertoire_size", "moves")
    refused(legal(moves={"Basic Melee": 31}), "repertoire_size", "moves")
    assert check_sheet(legal(moves={"Basic Melee": 15})).ok
    assert check_sheet(legal(moves={"Basic Melee": 30})).ok


def test_move_copies_at_most_five_except_basic_moves():
    refused(legal(moves={"Basic Melee": 10, "Grapple": 6}), "move_copies", "moves.Grapple")
    assert check_sheet(legal(moves={"Basic Melee": 10, "Grapple": 5})).ok
    assert check_sheet(legal(moves={"Basic Defense": 16})).ok  # a Basic move is exempt


def test_special_move_never_placed_directly():
    moves = {"Basic Melee": 14, "Dance of Blades": 1}
    report = refused(legal(moves=moves), "special_move", "moves.Dance of Blades")
    assert "arises from Alluring Dance" in report.problems[0].message


def test_move_access_a_category_needs_its_ability():
    moves = {"Basic Melee": 13, "Tackle": 2}
    report = refused(legal(moves=moves), "move_access", "moves")
    assert "Tackle (needs Berserker)" in report.problems[0].message
    stats = {"brutality": 5, "style": 4, "mind": 3, "weird": 3}
    assert check_sheet(legal(stats=stats, moves=moves, abilities={"Berserker": 1})).ok


def test_move_access_jack_of_all_trades_grants_one_move_a_level():
    one = {"Basic Melee": 12, "Tackle": 3}  # three copies of one granted move
    sheet = legal(abilities={"Jack of All Trades": 1}, moves=one)
    assert check_sheet(sheet).ok
    assert check_sheet(sheet).derived["jack_of_all_trades"] == ["Tackle"]
    two = {"Basic Melee": 12, "Tackle": 2, "Recharge": 1}
    refused(legal(abilities={"Jack of All Trades": 1}, moves=two), "move_access", "moves")
    assert check_sheet(legal(abilities={"Jack of All Trades": 2}, moves=two)).ok


def test_finishers_and_as_setters_need_no_ability():
    moves = {"Basic Melee": 7, "Merciless Beating": 2, "Weird Wizardry": 3, "Throw Something": 3}
    assert check_sheet(legal(moves=moves, abilities={})).ok


# --- the weapons and the slots -----------------------------------------------------------------


def test_weapon_kind_is_one_of_the_five():
    refused(legal(weapons=[weapon("medium melee")]), "weapon_kind", "weapons[0].kind")


def test_known_property_names_the_seeds_spelling():
    report = refused(
        legal(weapons=[weapon("light melee", "vampiric")]),
        "known_property",
        "weapons[0].properties",
    )
    assert "'Vampiric'" in report.problems[0].message


def test_property_once_on_a_weapon():
    refused(
        legal(weapons=[weapon("light melee", "Toxic", "Toxic")], armour_slots=0),
        "property_once",
        "weapons[0].properties",
    )


@pytest.mark.parametrize(
    ("kind", "prop"),
    [
        ("light melee", "Crushing"),  # Crushing (Heavy Only)
        ("heavy melee", "Paired"),  # Paired (Light Only)
        ("light melee", "Quickshot"),  # Quickshot (Ranged Only)
        ("light ranged", "Throwable"),  # Throwable (Melee Only)
        ("natural", "Crushing"),  # a natural weapon counts as Light
    ],
)
def test_property_limit(kind, prop):
    abilities = {"Natural Weapon": 1} if kind == "natural" else {}
    data = legal(weapons=[weapon(kind, prop)], armour_slots=0, abilities=abilities)
    refused(data, "property_limit", "weapons[0].properties")


@pytest.mark.parametrize(
    ("kind", "prop"),
    [("heavy ranged", "Crushing"), ("light ranged", "Paired"), ("heavy ranged", "Quickshot")],
)
def test_a_property_within_its_limit_is_allowed(kind, prop):
    assert check_sheet(legal(weapons=[weapon(kind, prop)], armour_slots=0)).ok


def test_element_an_elemental_weapon_names_one_of_the_four():
    refused(legal(weapons=[weapon("light melee", "Elemental")]), "element", "weapons[0].element")
    poison = weapon("light melee", "Elemental", element="poison")
    refused(legal(weapons=[poison]), "element", "weapons[0].element")
    refused(legal(weapons=[weapon("light melee", element="fire")]), "element", "weapons[0].element")
    fire = weapon("light melee", "Elemental", element="fire")
    assert check_sheet(legal(weapons=[fire])).ok


def test_natural_weapon_needs_its_ability_and_the_ability_its_weapon():
    claws = weapon("natural", name="Claws")
    refused(legal(weapons=[claws], armour_slots=0), "natural_weapon", "weapons")
    refused(legal(abilities={"Natural Weapon": 1}, weapons=[]), "natural_weapon", "weapons")
    two = [claws, weapon("natural", name="Horns")]
    refused(
        legal(abilities={"Natural Weapon": 1}, weapons=two, armour_slots=0),
        "natural_weapon",
        "weapons",
    )
    sheet = legal(abilities={"Natural Weapon": 1}, weapons=[claws], armour_slots=3)
    assert check_sheet(sheet).ok  # 2 slots for the ability + 3 of armour


def test_equipment_slots_five():
    # heavy melee 3 + one property 1 + light melee 1 + armour 1 = 6
    weapons = [weapon("heavy melee", "Deadly"), weapon("light melee")]
    report = refused(legal(weapons=weapons, armour_slots=1), "equipment_slots", "weapons")
    assert "takes 6 slots" in report.problems[0].message
    assert check_sheet(legal(weapons=weapons, armour_slots=0)).ok


def test_equipment_slots_count_the_natural_weapon_two():
    claws = weapon("natural", "Toxic", name="Claws")  # 2 (ability) + 1 (Toxic)
    refused(
        legal(abilities={"Natural Weapon": 1}, weapons=[claws], armour_slots=3),
        "equipment_slots",
        "weapons",
    )


def test_record_fame_wins_losses_and_armour_at_least_zero():
    for key in ("fame", "wins", "losses", "armour_slots"):
        refused(legal(**{key: -1}), "record", key)


def test_veteran_starts_with_one_fame_and_d6_wins():
    stats = {"brutality": 5, "style": 4, "mind": 3, "weird": 3}
    data = legal(stats=stats, abilities={"Veteran": 1})
    refused(data, "veteran", "abilities.Veteran")
    sheet = veteran_start(GrimdarkSheet.from_dict(legal()), 4)
    assert (sheet.fame, sheet.wins) == (1, 4)
    assert check_sheet(legal(abilities={"Veteran": 1}, fame=1, wins=4)).ok
    with pytest.raises(RulesError, match="d6"):
        veteran_start(GrimdarkSheet.from_dict(legal()), 7)


def test_starred_is_recorded():
    assert GrimdarkSheet.from_dict(legal(starred=True)).starred


# --- every rule at once, and the NPC ----------------------------------------------------------


def test_every_broken_rule_is_listed_at_once():
    data = legal(
        stats={"brutality": 9, "style": 3, "mind": 3, "weird": 1},
        abilities={"Combat Focus": 9, "Tactician": 1},
        moves={"Grapple": 6, "Opportune Strike": 1, "Tackle": 2},
        weapons=[weapon("heavy melee", "Paired"), weapon("light melee", "Elemental")],
        armour_slots=1,
        fame=-2,
    )
    broken = rules_of(data)
    assert broken >= {
        "stat_spread",
        "ability_cap",
        "ability_prerequisite",
        "move_copies",
        "special_move",
        "repertoire_size",
        "move_access",
        "property_limit",
        "element",
        "equipment_slots",
        "record",
    }
    with pytest.raises(SheetRulesError) as error:
        GrimdarkSheet.from_dict(data)
    assert {p.rule for p in error.value.problems} == broken
    assert error.value.field == error.value.problems[0].field


def test_every_rule_has_words_and_every_limit_is_a_rule():
    assert BUILDER_LIMITS.issubset(RULES)
    report = check_sheet(legal(stats={"brutality": 5, "style": 4, "mind": 3, "weird": 4}))
    assert report.problems[0].words == RULES["stat_total"]
    assert report.to_dict()["problems"] == [
        {
            "field": "stats",
            "rule": "stat_total",
            "message": "the stats add up to 16; a gladiator has 15 points",
        }
    ]


def test_an_npc_may_break_the_builders_limits():
    beast = legal(
        stats={"brutality": 12, "style": 6, "mind": 0, "weird": 0},
        abilities={"Berserker": 1, "Huge": 1, "Flying": 1, "Endurance": 12},
        moves={"Flurry of Blows": 8, "Opportune Strike": 2},
        weapons=[weapon("natural", name="Jaws"), weapon("natural", "Toxic", name="Sting")],
        armour_slots=5,
    )
    broken = rules_of(beast)
    assert broken and broken <= BUILDER_LIMITS
    report = check_sheet(beast | {"npc": True})
    assert report.ok, report.problems
    assert GrimdarkSheet.from_dict(beast | {"npc": True}).is_npc
    assert not check_sheet(beast | {"npc": False}).ok


def test_an_npc_may_not_break_the_shape_or_the_seeds_names():
    npc = {"npc": True}
    refused(legal(moves={"Bite": 15}) | npc, "known_move", "moves.Bite")
    refused(legal(abilities={"Regeneration": 1}) | npc, "known_ability", "abilities.Regeneration")
    refused(
        legal(weapons=[weapon("light melee", "Crushing")]) | npc,
        "property_limit",
        "weapons[0].properties",
    )
    refused(legal(moves={"Basic Melee": 2}) | npc, "npc_hand", "moves")
    refused(
        legal(stats={"brutality": -1, "style": 4, "mind": 3, "weird": 3}) | npc,
        "stat_minimum",
        "stats.brutality",
    )


# --- the derived figures -----------------------------------------------------------------------


def test_derived_points_slots_moves():
    derived = check_sheet(legal()).derived
    assert derived["ability_points"] == {"total": 23, "used": 2, "left": 21}
    assert derived["equipment_slots"] == {"total": 5, "used": 3, "left": 2}
    assert derived["moves"] == 15
    assert derived["active_stat"] == "brutality"
    assert derived["weapons"] == [{"name": "Gladius", "die": 2, "slots": 1}]


def test_hp_is_25_plus_brutality_plus_d8_with_endurance_berserker_and_armour():
    plain = check_sheet(legal(armour_slots=0)).derived["hp"]
    assert (plain["base"], plain["die"], plain["min"], plain["max"]) == (30, 8, 31, 38)
    assert plain["changed_by"] == []
    data = legal(abilities={"Berserker": 1, "Endurance": 3}, armour_slots=2)
    hp = check_sheet(data).derived["hp"]
    # 25 + 5 + Endurance 3 + armour 2 x 5 = 43; Berserkers roll a d10
    assert (hp["base"], hp["die"], hp["min"], hp["max"], hp["text"]) == (43, 10, 44, 53, "43 + d10")
    assert hp["changed_by"] == ["Berserker", "Endurance", "armour (2 slots)"]


def test_init_is_style_plus_d8_with_poise_and_performer():
    assert check_sheet(legal()).derived["init"]["text"] == "4 + d8"
    data = legal(abilities={"Performer": 1, "Poise": 3})
    init = check_sheet(data).derived["init"]
    assert (init["base"], init["die"], init["min"], init["max"]) == (7, 10, 8, 17)
    assert init["changed_by"] == ["Performer", "Poise"]


def test_starting_essence_and_quantum():
    stats = {"brutality": 2, "style": 4, "mind": 4, "weird": 5}
    derived = check_sheet(
        legal(stats=stats, abilities={"Arcane Arts": 1, "Technomancer": 1})
    ).derived
    assert (derived["arcane_essence"], derived["quantum_energy"]) == (5, 1)
    assert (check_sheet(legal()).derived["arcane_essence"]) == 0


def test_derived_figures_are_given_for_a_bad_sheet_too():
    abilities = {"Berserker": 1, "Flying": 1, "Fierce Attack": 1, "Combat Focus": 4}
    report = check_sheet(legal(abilities=abilities))
    assert not report.ok
    assert report.derived["ability_points"] == {"total": 23, "used": 24, "left": -1}


def test_the_report_prints_figures_or_broken_rules():
    lines = check_sheet(legal()).lines()
    assert "ability points: 2 used of 23, 21 left" in lines
    assert "HP: 40 + d8, 41 to 48 (with armour (2 slots))" in lines
    bad = check_sheet(legal(name="")).lines()
    assert bad == ["name: name must be a non-empty text; got '' [name: a gladiator has a name]"]


def test_weapon_slots_and_die():
    blade = Weapon("Blade", "heavy melee", ("Crushing", "Tenacious"))
    assert (blade.slots, blade.die) == (5, 6)
    assert Weapon("Claws", "natural", ("Paired",)).slots == 1


def test_form_fields_cover_the_stats_and_the_record():
    names = [field.name for field in GrimdarkSheet.form_fields()]
    assert names == [
        "brutality",
        "style",
        "mind",
        "weird",
        "armour_slots",
        "fame",
        "wins",
        "losses",
    ]


def test_shape_of_the_nested_values():
    refused(legal(stats={"brutality": 5, "style": 4, "mind": 6}), "shape", "stats.weird")
    stats = {"brutality": 5, "style": 4, "mind": 3, "weird": 3, "luck": 0}
    refused(legal(stats=stats), "shape", "stats.luck")
    refused(legal(abilities=["Berserker"]), "shape", "abilities")
    refused(legal(moves={"Basic Melee": "15"}), "move_count", "moves.Basic Melee")
    bad = weapon("light melee") | {"properties": "Toxic"}
    refused(legal(weapons=[bad]), "shape", "weapons[0].properties")
    refused(legal(weapons=[weapon("light melee", name="")]), "shape", "weapons[0].name")


def test_a_weapon_that_is_not_an_object_is_one_problem():
    report = refused(legal(weapons=["Gladius"]), "shape", "weapons[0]")
    assert [(p.rule, p.field) for p in report.problems] == [("shape", "weapons[0]")]
