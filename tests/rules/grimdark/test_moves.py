"""Every move of seed 003 in the match, one test each (A: Brutality 4, Style 4, Mind 4,
Weird 3, 40 HP, an axe d6, against B the same; scripted dice)."""

from __future__ import annotations

from rules.grimdark.entrants import Weapon
from rules.grimdark.moves import MOVES, SPECIAL_MOVES
from tests.rules.grimdark.match_kit import (
    AXE,
    BOW,
    duel,
    exchange,
    last,
    power_of,
    roll,
)

TENACIOUS_AXE = Weapon("axe", "heavy melee", frozenset({"Tenacious"}))
QUICK_PISTOL = Weapon("pistol", "light ranged", frozenset({"Quickshot"}))


def test_every_move_of_the_seed_has_its_effect_data() -> None:
    from rules.grimdark import catalog

    assert set(MOVES) == set(catalog.MOVES)
    assert set(SPECIAL_MOVES) == {n for n, m in catalog.MOVES.items() if m.category == "Special"}


# --- melee and ranged attacks --------------------------------------------------------------


def test_basic_disarm_halves_damage_and_takes_his_weapon_for_three_turns() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Basic Disarm", "Basic Melee", 8, 4, roll(3, 6))  # 12 v 8: by 4, d6 3
    assert b.hp == 40 - (4 + 3) // 2
    assert b.away == {0: m.turn + 3}
    exchange(m, s, "Basic Defense", "Basic Melee", 4, 4)
    assert b.weapon == -1  # fighting with his fists


def test_a_tenacious_weapon_cannot_be_disarmed() -> None:
    m, s, a, b = duel(b_weapons=(TENACIOUS_AXE,))
    exchange(m, s, "Basic Disarm", "Basic Melee", 8, 4, roll(3, 6))
    assert b.away == {}


def test_grapple_is_brutality_half_damage_and_minus_two_next_turn() -> None:
    m, s, a, b = duel()
    a.stats[0] = 6
    exchange(m, s, "Grapple", "Basic Melee", 4, 4, roll(5, 6))  # 10 v 8: by 2, d6 5
    assert b.hp == 40 - (2 + 5) // 2
    exchange(m, s, "Basic Defense", "Basic Defense", 4, 4)
    assert b.base == 4 + 4 + 3 - 2


def test_powerful_attack_needs_brutality_active_minus_one_and_three_bonus_damage() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Powerful Attack", "Basic Melee", 7, 4, roll(1, 6))  # 10 v 8
    assert b.hp == 40 - (2 + 1 + 3)
    a.as_i = 1
    assert not m.usable(a, "Powerful Attack", b)


def test_graceful_slash_is_style_minus_one_and_one_crowd_zeal_on_a_hit() -> None:
    m, s, a, b = duel()
    a.stats[1] = 6
    exchange(m, s, "Graceful Slash", "Basic Melee", 4, 4)  # 9 v 8: a tie
    assert a.cz == 1
    exchange(m, s, "Graceful Slash", "Basic Melee", 6, 4, roll(1, 6))  # 11 v 8
    assert a.cz == 2 and b.hp == 40 - 4


def test_bold_gambit_is_plus_two_then_minus_four_next_turn() -> None:
    m, s, a, b = duel()
    a.as_i = 1
    exchange(m, s, "Bold Gambit", "Basic Melee", 4, 4, roll(1, 6))
    assert a.base == 4 + 4 + 2
    exchange(m, s, "Basic Defense", "Basic Defense", 4, 4)
    assert a.base == 4 + 4 + 3 - 4


def test_touch_of_evil_is_weird_half_damage_and_minus_one_for_three_turns() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Touch of Evil", "Basic Defense", 8, 1, roll(4, 6))  # 11 v 8: by 3
    assert b.hp == 40 - (3 + 4) // 2
    for _ in range(3):
        exchange(m, s, "Basic Defense", "Basic Defense", 4, 4)
        assert b.base == 4 + 4 + 3 - 1
    exchange(m, s, "Basic Defense", "Basic Defense", 4, 4)
    assert b.base == 4 + 4 + 3


def test_throw_something_is_its_own_d4_weapon_and_rests_two_turns() -> None:
    m, s, a, b = duel(a_weapons=())
    exchange(m, s, "Throw Something", "Basic Defense", 8, 1, roll(4, 4))  # 12 v 8
    assert b.hp == 40 - (4 + 4)
    for rest in (1, 2):
        m.turn += 1
        assert not m.usable(a, "Throw Something", b), rest
    m.turn += 1
    assert m.usable(a, "Throw Something", b)


def test_deadly_shot_is_style_minus_one_with_three_bonus_damage_and_needs_a_ranged_weapon() -> None:
    m, s, a, b = duel(a_weapons=(BOW,))
    exchange(m, s, "Deadly Shot", "Basic Defense", 8, 1, roll(2, 4))  # 11 v 8: by 3
    assert b.hp == 40 - (3 + 2 + 3)
    m2, _, a2, b2 = duel()
    assert not m2.usable(a2, "Deadly Shot", b2)


def test_snap_shot_needs_a_quickshot_weapon_and_adds_two_against_a_slower_target() -> None:
    m, s, a, b = duel(a_weapons=(QUICK_PISTOL,))
    a.as_i, a.init, b.init = 1, 9, 3
    exchange(m, s, "Snap Shot", "Basic Defense", 8, 1)  # 12 v 8: light ranged +0
    assert b.hp == 40 - (4 + 0 + 2)
    assert not m.usable(a, "Snap Shot", b)  # not usable again for 1 turn
    m3, _, a3, b3 = duel(a_weapons=(BOW,))
    a3.as_i = 1
    assert not m3.usable(a3, "Snap Shot", b3)


def test_psionic_blast_is_mind_with_its_own_d4() -> None:
    m, s, a, b = duel(a_weapons=())
    a.stats[2] = 6
    exchange(m, s, "Psionic Blast", "Basic Defense", 6, 1, roll(3, 4))  # 12 v 8
    assert b.hp == 40 - (4 + 3)


# --- support moves -------------------------------------------------------------------------


def test_basic_adjustment_sets_the_active_stat_to_his_best() -> None:
    m, s, a, b = duel()
    a.stats = [2, 7, 4, 2]
    exchange(m, s, "Basic Adjustment", "Basic Defense", 4, 4)
    assert a.as_i == 1 and a.base == 4 + 7


def test_basic_performance_gains_one_crowd_zeal() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Basic Performance", "Basic Defense", 4, 4)
    assert a.cz == 1


def test_biding_time_defends_with_mind_and_is_replaced_by_opportune_strike() -> None:
    m, s, a, b = duel()
    a.stats[2] = 6
    a.hand = ["Biding Time", "Basic Melee", "Basic Melee"]
    deck = list(a.deck)
    exchange(m, s, "Biding Time", "Basic Defense", 4, 4)
    assert a.base == 4 + 6
    assert "Opportune Strike" in a.hand and a.deck == deck  # no card drawn
    exchange(m, s, "Opportune Strike", "Basic Defense", 4, 1, roll(2, 6))  # 12 v 8
    assert b.hp == 40 - (4 + 2 + 2)
    assert "Opportune Strike" not in a.discard  # a special move never goes to the deck


def test_the_combined_moves_set_the_active_stat_then_attack_at_minus_one() -> None:
    m, s, a, b = duel()
    a.stats[1] = 6
    exchange(m, s, "Stylish Strike", "Basic Defense", 4, 4)
    assert a.as_i == 1 and a.base == 4 + 6 - 1


def test_tacticians_do_not_take_the_minus_one_of_a_combined_move() -> None:
    m, s, a, b = duel()
    a.tactician = True
    exchange(m, s, "Mental Maneuver", "Basic Defense", 4, 4)
    assert a.as_i == 2 and a.base == 4 + 4


# --- arcane --------------------------------------------------------------------------------


def test_gather_the_spirits_gains_two_essence_and_defends_with_weird() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Gather the Spirits", "Basic Defense", 4, 4)
    assert a.essence == 2 and a.base == 4 + 3


def test_power_leech_is_weird_minus_one_and_one_essence_on_a_hit() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Power Leech", "Basic Defense", 8, 1, roll(1, 6))  # 10 v 8
    assert a.essence == 1 and b.hp == 40 - 3


def test_acid_touch_spends_two_essence_and_its_d6_grows_against_the_unresistant() -> None:
    m, s, a, b = duel()
    a.essence = 2
    exchange(m, s, "Acid Touch", "Basic Defense", 6, 4)  # 12 v 11: a tie
    assert a.essence == 0
    a.essence = 2
    exchange(m, s, "Acid Touch", "Basic Defense", 8, 1, roll(1, 8))  # 14 v 8: critical
    assert last(m, "critical")["max_weapon"] == 8  # a d6 one size up: d8
    m2, s2, a2, b2 = duel(resist=("acid",))
    a2.essence = 2
    exchange(m2, s2, "Acid Touch", "Basic Defense", 6, 1, roll(6, 6))  # 12 v 8
    assert b2.hp == 40 - (4 + 6)


def test_magic_shield_spends_one_essence_and_stops_non_critical_damage() -> None:
    m, s, a, b = duel()
    b.essence = 1
    exchange(m, s, "Basic Melee", "Magic Shield", 8, 1, roll(1, 8))  # 12 v 6: a critical
    assert b.hp < 40
    b.essence = 1
    exchange(m, s, "Basic Melee", "Magic Shield", 8, 3, roll(5, 6))  # 12 v 8: by 4
    assert b.essence == 0 and last(m, "no_damage")["why"] == "magic shield"


def test_shadow_envelop_is_plus_one_with_a_d2_and_makes_the_target_ineffective() -> None:
    m, s, a, b = duel(a_weapons=())
    a.essence = 2
    exchange(m, s, "Shadow Envelop", "Basic Defense", 7, 1, roll(2, 2))  # 12 v 8
    assert b.hp == 40 - (4 + 2) and b.as_i == -1


# --- berserk -------------------------------------------------------------------------------


def test_flurry_of_blows_stacks_plus_one_a_use_up_to_four_and_stays_in_hand_on_a_hit() -> None:
    m, s, a, b = duel()
    a.hand = ["Flurry of Blows", "Basic Melee", "Basic Melee"]
    bases = []
    for _ in range(7):
        exchange(m, s, "Flurry of Blows", "Basic Defense", 1, 8)  # always held off
        bases.append(a.base)
    assert bases == [1 + 4 - 1 + min(n, 4) for n in range(7)]
    a.hp = 40
    exchange(m, s, "Flurry of Blows", "Basic Defense", 8, 1, roll(1, 6))  # a hit
    assert a.hand.count("Flurry of Blows") >= 1 and a.card == "kept"


def test_tackle_makes_the_target_ineffective() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Tackle", "Basic Defense", 8, 1, roll(1, 6))
    assert b.as_i == -1


def test_wild_charge_is_minus_two_with_eight_bonus_damage() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Wild Charge", "Basic Defense", 8, 1, roll(1, 6))  # 10 v 8
    assert b.hp == 40 - (2 + 1 + 8)


def test_revenge_needs_five_damage_last_turn_and_is_plus_two() -> None:
    m, s, a, b = duel()
    a.hand[0] = "Revenge"
    assert not m.usable(a, "Revenge", b)
    exchange(m, s, "Basic Defense", "Basic Melee", 1, 8, roll(1, 6))  # A takes 4 + 1
    m.begin_turn(list(m.fighters))
    assert m.usable(a, "Revenge", b)


def test_last_stand_needs_a_wound_adds_four_and_any_hit_defeats_him() -> None:
    m, s, a, b = duel()
    assert not m.usable(a, "Last Stand", b)
    a.wounded = True
    assert m.usable(a, "Last Stand", b)
    exchange(m, s, "Last Stand", "Basic Melee", 1, 8, roll(1, 6))  # 9 v 12
    assert a.base == 1 + 4 + 4
    assert a.defeated and last(m, "defeated")["why"] == "last stand"


# --- demonic -------------------------------------------------------------------------------


def test_blood_sacrifice_removes_a_curse_on_a_hit() -> None:
    m, s, a, b = duel()
    a.stats[3] = 6
    a.curses = 1
    exchange(m, s, "Blood Sacrifice", "Basic Defense", 8, 1, roll(1, 6))  # 12 v 8
    assert a.curses == 0


def test_dark_touch_and_eye_of_the_demon_are_plus_two_and_gain_a_curse() -> None:
    m, s, a, b = duel(a_weapons=(AXE, BOW))
    exchange(m, s, "Dark Touch", "Basic Defense", 4, 4, roll(1, 6))  # 10 v 11; his curse
    assert a.base == 4 + 4 + 2 and a.curses == 1
    exchange(m, s, "Eye of the Demon", "Basic Defense", 4, 4, roll(1, 6), roll(2, 6))
    assert a.curses == 2 and a.ranged


# --- gamble --------------------------------------------------------------------------------


def test_face_off_rolls_a_stat_plus_one_and_the_opponents_active_stat_moves_use_it() -> None:
    m, s, a, b = duel()
    a.stats = [4, 7, 4, 3]
    b.stats = [6, 1, 4, 3]
    s.push(roll(2, 4))  # the stat: Style
    exchange(m, s, "Face-Off", "Basic Melee", 4, 8, roll(1, 6))  # 12 v 9
    assert a.base == 4 + 7 + 1
    assert power_of(m, "B") == 8 + 1  # B's Basic Melee uses his Style (1), not Brutality


def test_high_stakes_rolls_two_d12_and_keeps_the_worse() -> None:
    m, s, a, b = duel()
    s.push(roll(11, 12), roll(3, 12), roll(4, 8))
    from tests.rules.grimdark.match_kit import turn_of

    turn_of(m, (a, "High Stakes", b), (b, "Basic Defense", None))
    assert a.base == 3 + 4


def test_risky_business_is_plus_one_plus_two_damage_then_ineffective() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Risky Business", "Basic Defense", 8, 3, roll(1, 6))  # 13 v 10
    assert b.hp == 40 - (3 + 1 + 2) and a.as_i == -1


# --- performance ---------------------------------------------------------------------------


def test_alluring_dance_is_replaced_by_dance_of_blades() -> None:
    m, s, a, b = duel()
    a.hand = ["Alluring Dance", "Basic Melee", "Basic Melee"]
    exchange(m, s, "Alluring Dance", "Basic Defense", 4, 4)
    assert a.base == 4 + 4 and "Dance of Blades" in a.hand
    exchange(m, s, "Dance of Blades", "Basic Defense", 4, 1, roll(1, 6))  # 10 v 8
    assert b.hp == 40 - (2 + 1 + 2)


def test_crowd_favorite_is_one_up_or_down_by_crowd_zeal_two_at_four_apart() -> None:
    for cz_a, cz_b, expected in ((2, 1, 1), (1, 2, -1), (5, 1, 2), (1, 5, -2), (3, 3, 0)):
        m, s, a, b = duel()
        a.cz, b.cz = cz_a, cz_b
        exchange(m, s, "Crowd Favorite", "Basic Defense", 4, 8)
        assert power_of(m, "A") == 8 + expected


def test_daring_acrobatics_is_plus_one_plus_two_damage_and_minus_two_next_turn() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Daring Acrobatics", "Basic Defense", 8, 3, roll(1, 6))  # 13 v 10
    assert b.hp == 40 - (3 + 1 + 2)
    exchange(m, s, "Basic Defense", "Basic Defense", 4, 4)
    assert a.base == 4 + 4 + 3 - 2


def test_timing_is_everything_is_two_up_against_a_slower_two_down_against_a_faster() -> None:
    for init_a, init_b, expected in ((9, 3, 2), (3, 9, -2), (5, 5, 0)):
        m, s, a, b = duel()
        a.init, b.init = init_a, init_b
        exchange(m, s, "Timing is Everything", "Basic Defense", 4, 8)
        assert power_of(m, "A") == 8 + expected


def test_twirling_scarves_two_up_on_brutality_two_down_on_mind() -> None:
    for as_b, expected in ((0, 2), (2, -2), (1, 0)):
        m, s, a, b = duel()
        b.as_i = as_b
        exchange(m, s, "Twirling Scarves", "Basic Defense", 4, 8)
        assert power_of(m, "A") == 8 + expected


# --- tactical ------------------------------------------------------------------------------


def test_all_or_nothing_gambit_is_plus_two_and_deals_damage_only_on_a_critical() -> None:
    m, s, a, b = duel()
    exchange(m, s, "All or Nothing Gambit", "Basic Defense", 6, 1)  # 12 v 8: no damage
    assert b.hp == 40
    exchange(m, s, "All or Nothing Gambit", "Basic Defense", 8, 1, roll(1, 8))  # 14 v 8
    assert b.hp == 40 - (5 + 6 + 1)


def test_disabling_strike_is_minus_one_and_makes_the_target_ineffective() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Disabling Strike", "Basic Defense", 8, 1, roll(1, 6))  # 11 v 8
    assert b.as_i == -1 and b.hp == 40 - 4


def test_distance_disarm_is_a_ranged_half_damage_disarm() -> None:
    m, s, a, b = duel(a_weapons=(BOW,))
    exchange(m, s, "Distance Disarm", "Basic Defense", 8, 1, roll(4, 4))  # 12 v 8
    assert b.hp == 40 - (4 + 4) // 2 and b.away == {0: m.turn + 3}


def test_psychic_disruption_two_up_on_weird_two_down_on_mind() -> None:
    for as_b, expected in ((3, 2), (2, -2), (0, 0)):
        m, s, a, b = duel()
        b.as_i = as_b
        exchange(m, s, "Psychic Disruption", "Basic Defense", 4, 8)
        assert power_of(m, "A") == 8 + expected


def test_unbalancing_distraction_makes_his_target_defend_with_style_or_mind() -> None:
    m, s, a, b = duel()
    b.stats = [7, 2, 3, 3]
    exchange(m, s, "Unbalancing Distraction", "Basic Defense", 4, 4)
    assert power_of(m, "B") == 4 + 3 + 3  # Mind 3, not his Brutality 7


# --- technomancy ---------------------------------------------------------------------------


def test_recharge_gains_one_quantum_and_defends_with_mind() -> None:
    m, s, a, b = duel()
    exchange(m, s, "Recharge", "Basic Defense", 4, 4)
    assert a.quantum == 1 and a.base == 8


def test_adaptive_shielding_resists_every_element_for_four_turns() -> None:
    m, s, a, b = duel()
    a.quantum, b.essence = 1, 8
    exchange(m, s, "Adaptive Shielding", "Basic Defense", 4, 4)
    assert a.quantum == 0 and a.resist_until == m.turn + 3
    for _ in range(3):
        a.hp = 40
        exchange(m, s, "Basic Defense", "Acid Touch", 1, 8, roll(1, 8))  # 8 v 14: critical
        assert last(m, "critical")["max_weapon"] == 6
    exchange(m, s, "Basic Defense", "Acid Touch", 1, 8, roll(1, 8))
    assert last(m, "critical")["max_weapon"] == 8


def test_energized_strike_spends_one_quantum_plus_one_and_four_damage() -> None:
    m, s, a, b = duel()
    a.quantum = 1
    exchange(m, s, "Energized Strike", "Basic Defense", 6, 3)  # 11 v 10: a tie
    assert a.quantum == 0
    a.quantum = 1
    exchange(m, s, "Energized Strike", "Basic Defense", 7, 1, roll(1, 6))  # 12 v 8
    assert b.hp == 40 - (4 + 1 + 4)


def test_regenerate_spends_two_quantum_heals_five_and_clears_poison_and_wounds() -> None:
    m, s, a, b = duel()
    a.quantum, a.hp, a.poison, a.wounded = 2, 10, 5, True
    exchange(m, s, "Regenerate", "Basic Defense", 4, 4)
    assert (a.quantum, a.hp, a.poison, a.wounded) == (0, 15, 0, False)


def test_unbalancing_distraction_reaches_every_opponent_not_only_its_target() -> None:
    from tests.rules.grimdark.match_kit import gladiator, match, turn_of

    m, s = match(gladiator("A", side="a"), gladiator("B", side="b"), gladiator("C", side="b"))
    a, b, c = m.fighters
    c.stats = [7, 2, 3, 3]
    a.init, b.init, c.init = 9, 1, 5
    s.push(roll(4, 8), roll(4, 8), roll(4, 8))
    # A distracts B; C attacks A with Basic Melee (Brutality 7 active) and must use Mind 3.
    turn_of(m, (a, "Unbalancing Distraction", b), (b, "Basic Defense", None), (c, "Basic Melee", a))
    fight = next(e for e in m.events if e["kind"] == "fight" and e["attacker"] == "C")
    assert fight["attacker_power"] == 4 + 3
