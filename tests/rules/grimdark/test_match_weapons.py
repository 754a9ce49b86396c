"""Every weapon property of seed 003 in the match, one test each (match_kit's duel: A and B
at (4, 4, 4, 3) with 40 HP; scripted dice)."""

from __future__ import annotations

from rules.grimdark.entrants import Weapon
from tests.rules.grimdark.match_kit import AXE, duel, exchange, last, power_of, roll


def w(kind: str, *props: str, element: str = "") -> Weapon:
    return Weapon("weapon", kind, frozenset(props), element)


def test_crushing_grows_the_die_on_a_hit_by_four_or_more() -> None:
    m, s, a, b = duel(a_weapons=(w("heavy melee", "Crushing"),))
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 2, roll(6, 6))  # 12 v 9: by 3, a d6
    assert last(m, "hit")["die"] == 6
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(8, 8))  # 12 v 8: by 4: d8
    assert last(m, "hit")["die"] == 8 and b.hp == 40 - (3 + 6) - (4 + 8)


def test_deadly_crits_at_five_as_severity_one_with_four_base_damage() -> None:
    m, s, a, b = duel(a_weapons=(w("heavy melee", "Deadly"),))
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 6))  # 12 v 8: by 4
    assert "critical" not in [e["kind"] for e in m.events]
    m2, s2, a2, b2 = duel(a_weapons=(w("heavy melee", "Deadly"),))
    a2.stats[0] = 5
    exchange(m2, s2, "Basic Melee", "Basic Defense", 8, 1, roll(1, 8))  # 13 v 8: by 5
    crit = last(m2, "critical")
    assert crit["severity"] == 1 and b2.hp == 40 - (4 + 6 + 1)


def test_deflecting_stops_a_non_critical_hit_on_the_dies_highest_face() -> None:
    m, s, a, b = duel(b_weapons=(w("light melee", "Deflecting"),))
    exchange(m, s, "Basic Melee", "Basic Melee", 5, 1, roll(3, 6), roll(8, 8))  # 9 v 5
    assert b.hp == 40 and last(m, "deflected")["die"] == 8
    exchange(m, s, "Basic Melee", "Basic Melee", 5, 1, roll(3, 6), roll(7, 8))
    assert b.hp == 40 - (4 + 3)


def test_disorienting_makes_the_target_ineffective_on_a_critical() -> None:
    m, s, a, b = duel(a_weapons=(w("heavy melee", "Disorienting"),))
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(5, 6))  # 12 v 8: a hit
    assert b.as_i == 0
    m, s, a, b = duel(a_weapons=(w("heavy melee", "Disorienting"),))
    a.stats[0] = 8
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 8))  # 16 v 8: critical
    assert b.as_i == -1


def test_elemental_grows_the_die_against_a_target_without_that_resistance() -> None:
    fire = w("heavy melee", "Elemental", element="fire")
    m, s, a, b = duel(a_weapons=(fire,))
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(8, 8))
    assert last(m, "hit")["die"] == 8
    m, s, a, b = duel(a_weapons=(fire,), resist=("fire",))
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(6, 6))
    assert last(m, "hit")["die"] == 6


def test_flashy_criticals_are_at_least_the_crowd_zeal_lead_in_severity() -> None:
    m, s, a, b = duel(a_weapons=(w("heavy melee", "Flashy"),))
    a.cz = 4
    a.stats[0] = 6
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 8))  # 14 v 8: by 6
    assert last(m, "critical")["severity"] == 4  # row 1, severity 4: +4 damage


def test_paired_rolls_2d4_for_power_and_adds_two_on_a_critical() -> None:
    m, s, a, b = duel(a_weapons=(w("light melee", "Paired"),))
    a.stats[0] = 8
    s.push(roll(4, 4), roll(4, 4), roll(1, 8), roll(1, 8))  # 2d4 8 + 8 = 16 v 8
    from tests.rules.grimdark.match_kit import turn_of

    turn_of(m, (a, "Basic Melee", b), (b, "Basic Defense", None))
    assert a.base == 16
    assert b.hp == 40 - (5 + 2 + 3 + 2)  # severity 3, roll 1: +3; the pair's +2


def test_quickshot_is_plus_three_and_minus_nothing_against_a_melee_attacker() -> None:
    m, s, a, b = duel(a_weapons=(w("light ranged", "Quickshot"),))
    exchange(m, s, "Basic Ranged", "Basic Melee", 4, 4)  # 8 + 3 v 8: by 3, light ranged +0
    assert power_of(m, "A") == 11 and b.hp == 40 - 3
    exchange(m, s, "Basic Ranged", "Basic Melee", 4, 4)  # struck last turn: +0, a tie
    assert power_of(m, "A") == 8


def test_tenacious_spares_its_wielder_knockback_and_stun() -> None:
    m, s, a, b = duel(b_weapons=(w("heavy melee", "Tenacious"),))
    a.stats[0] = 10
    exchange(m, s, "Basic Melee", "Basic Melee", 8, 1, roll(7, 8), roll(1, 8))
    assert b.wounded and not b.stun_next and b.pen[0] == 0  # a wound still lands
    assert last(m, "tenacious")["who"] == "B"


def test_throwable_throws_the_melee_weapon_one_size_smaller_gone_for_d4_turns() -> None:
    m, s, a, b = duel(a_weapons=(w("heavy melee", "Throwable"),))
    s.push(roll(2, 4))  # gone for 2 turns
    exchange(m, s, "Basic Ranged", "Basic Defense", 8, 1, roll(4, 4))  # d6 thrown as a d4
    assert last(m, "hit")["die"] == 4 and a.away == {0: m.turn + 2}
    assert not m.usable(a, "Basic Ranged", b)


def test_toxic_poisons_once_on_a_hit_twice_on_a_critical() -> None:
    m, s, a, b = duel(a_weapons=(w("heavy melee", "Toxic"),))
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 6))
    assert b.poison == 1
    a.stats[0] = 8
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 8))
    assert b.poison == 3


def test_unsafe_grows_the_die_and_the_critical_and_hurts_its_wielder_each_attack() -> None:
    m, s, a, b = duel(a_weapons=(w("heavy melee", "Unsafe"),))
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(8, 8))
    assert last(m, "hit")["die"] == 8 and a.hp == 39
    a.stats[0] = 6
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 8))  # 14 v 8: by 6
    assert last(m, "critical")["severity"] == 2 and a.hp == 38


def test_vampiric_heals_one_on_a_hit_two_on_a_critical_never_past_the_maximum() -> None:
    m, s, a, b = duel(a_weapons=(w("light melee", "Vampiric"),))
    a.hp = 30
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 2))
    assert a.hp == 31
    a.stats[0] = 8
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 8))
    assert a.hp == 33
    a.hp = 40
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(1, 8))
    assert a.hp == 40


def test_a_gladiator_without_a_melee_weapon_strikes_for_plus_zero() -> None:
    m, s, a, b = duel(a_weapons=())
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1)
    assert b.hp == 40 - 4 and last(m, "hit")["die"] == 0


def test_a_gladiator_without_a_ranged_weapon_has_no_ranged_attack() -> None:
    m, s, a, b = duel(a_weapons=(AXE,))
    assert not m.usable(a, "Basic Ranged", b)
