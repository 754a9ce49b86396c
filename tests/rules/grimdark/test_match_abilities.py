"""Every ability of seed 003 that acts in a match, one test each (the builder's abilities,
Jack of All Trades and Veteran, are the sheet's: tests/rules/grimdark/test_sheet*.py)."""

from __future__ import annotations

from rules.grimdark.entrants import Weapon
from tests.rules.grimdark.match_kit import (
    AXE,
    duel,
    exchange,
    gladiator,
    last,
    match,
    power_of,
    roll,
    turn_of,
)

CLAWS = Weapon("claws", "natural")


def test_combat_focus_gives_plus_one_with_a_chance_of_an_eighth_a_level() -> None:
    m, s, a, b = duel()
    a.cf = 6
    s.push(roll(4, 8), roll(6, 8), roll(4, 8))  # his focus: 5 of 8 < 6: +1
    turn_of(m, (a, "Basic Defense", None), (b, "Basic Defense", None))
    assert a.base == 4 + 4 + 3 + 1
    s.push(roll(4, 8), roll(7, 8), roll(4, 8))  # 6 of 8: no
    turn_of(m, (a, "Basic Defense", None), (b, "Basic Defense", None))
    assert a.base == 4 + 4 + 3


def test_gamblers_have_a_five_in_a_hundred_chance_of_plus_two() -> None:
    m, s, a, b = duel()
    a.gambler = True
    s.push(roll(4, 8), 0.049, roll(4, 8))
    turn_of(m, (a, "Basic Defense", None), (b, "Basic Defense", None))
    assert a.base == 4 + 4 + 3 + 2
    s.push(roll(4, 8), 0.05, roll(4, 8))
    turn_of(m, (a, "Basic Defense", None), (b, "Basic Defense", None))
    assert a.base == 4 + 4 + 3


def test_fierce_attack_adds_one_damage_to_every_hit() -> None:
    m, s, a, b = duel()
    a.fierce = 1
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(2, 6))
    assert b.hp == 40 - (4 + 2 + 1)


def test_melee_attacks_on_a_flier_are_minus_two_unless_he_was_hit_last_turn() -> None:
    m, s, a, b = duel()
    b.flying = True
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(2, 6))  # 12 - 2 v 8: by 2
    assert power_of(m, "A") == 10 and b.hp == 40 - 4
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(2, 6))  # he was hit: no -2
    assert power_of(m, "A") == 12


def test_a_flying_attacker_takes_no_flying_penalty_unless_he_was_hit_last_turn() -> None:
    m, s, a, b = duel()
    a.flying = b.flying = True
    exchange(m, s, "Basic Melee", "Basic Defense", 4, 8)
    assert power_of(m, "A") == 8
    a.hit_this = True  # A was hit: next turn he is grounded
    exchange(m, s, "Basic Melee", "Basic Defense", 4, 8)
    assert power_of(m, "A") == 6


def test_huge_takes_no_group_bonus_from_non_huge_and_has_a_quarter_chance_of_plus_one() -> None:
    t = gladiator("T", side="t")
    m, s = match(t, gladiator("X", side="x"), gladiator("Y", side="x"))
    ft, fx, fy = m.fighters
    ft.huge = True
    s.push(roll(1, 8), 0.2, roll(1, 8), roll(1, 8))  # T's quarter chance comes up
    turn_of(m, (ft, "Basic Melee", fx), (fx, "Basic Melee", ft), (fy, "Basic Melee", ft))
    fights = {(e["attacker"], e["defender"]): e for e in m.events if e["kind"] == "fight"}
    powers = [
        e["attacker_power"] if e["attacker"] != "T" else e["defender_power"]
        for e in fights.values()
    ]
    assert set(powers) == {5}  # no group bonus against the huge T
    t_vs_x = next(e for e in fights.values() if "X" in (e["attacker"], e["defender"]))
    t_power = t_vs_x["attacker_power"] if t_vs_x["attacker"] == "T" else t_vs_x["defender_power"]
    assert t_power == 1 + 4 + 1


def test_lucky_number_seven_turns_aside_a_critical_by_exactly_seven() -> None:
    m, s, a, b = duel()
    b.lucky7 = True
    a.stats[0] = 7
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1)  # 15 v 8: by 7
    assert b.hp == 40 and last(m, "no_damage")["why"] == "lucky seven"
    a.stats[0] = 8
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 8))  # by 8: it lands
    assert b.hp < 40


def test_a_natural_weapon_is_a_d6_light_melee_weapon_that_cannot_be_disarmed() -> None:
    m, s, a, b = duel(b_weapons=(CLAWS,))
    exchange(m, s, "Basic Disarm", "Basic Melee", 8, 4, roll(1, 6))
    assert b.away == {}
    m, s, a, b = duel(a_weapons=(CLAWS,))
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(6, 6))
    assert last(m, "hit")["die"] == 6


def test_poison_immunity_is_never_poisoned() -> None:
    m, s, a, b = duel(a_weapons=(Weapon("w", "heavy melee", frozenset({"Toxic"})),))
    b.immune = True
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 6))
    assert b.poison == 0


def test_vampires_gain_an_extra_hp_on_every_vampiric_hit() -> None:
    m, s, a, b = duel(a_weapons=(Weapon("w", "light melee", frozenset({"Vampiric"})),))
    a.vampire = True
    a.hp = 30
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 2))
    assert a.hp == 32


def test_versatile_sets_the_active_stat_at_random_instead_of_ineffective() -> None:
    m, s = match(gladiator("A", weapons=[AXE]), gladiator("B", abilities={"Versatile": 1}))
    a, b = m.fighters
    exchange(m, s, "Tackle", "Basic Defense", 8, 1, roll(1, 6), roll(4, 4))
    assert b.as_i == 3 and last(m, "versatile")["stat"] == "weird"
