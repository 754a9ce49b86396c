"""The match's core rules (seed 003), one test each, on scripted dice (match_kit.Script)."""

from __future__ import annotations

import pytest

from rules.grimdark.entrants import Weapon
from rules.grimdark.match import Setup, play
from rules.grimdark.orders import Orders
from tests.rules.grimdark.match_kit import AXE, BOW, KNIFE, gladiator, kinds, last, match, roll
from tests.rules.grimdark.match_kit import turn_of as turn


def duel(**b_fields: object):  # type: ignore[no-untyped-def]
    a = gladiator("A", weapons=[AXE])
    b = gladiator("B", weapons=[AXE], **b_fields)  # type: ignore[arg-type]
    m, script = match(a, b)
    for f in m.fighters:
        f.hp = f.max_hp = 40
    return m, script, m.fighters[0], m.fighters[1]


# --- the start ---------------------------------------------------------------------------


def test_hp_is_25_plus_brutality_plus_d8_endurance_and_armour() -> None:
    a = gladiator("A", (6, 3, 3, 3), abilities={"Endurance": 5}, armour=2)
    b = gladiator("B", (3, 6, 3, 3), abilities={"Berserker": 1})
    m = play(Setup((a, b)), 3)
    start = [e for e in m.events if e["kind"] == "start"]
    assert start[0]["hp"] == 25 + 6 + start[0]["hp_roll"] + 5 + 10
    assert start[0]["hp_die"] == 8
    assert start[1]["hp_die"] == 10  # Berserkers roll a d10
    assert start[1]["hp"] == 25 + 3 + start[1]["hp_roll"]


def test_init_is_style_plus_d8_and_poise_performers_roll_a_d10() -> None:
    a = gladiator("A", (3, 6, 3, 3), abilities={"Poise": 2})
    b = gladiator("B", (3, 6, 3, 3), abilities={"Performer": 1})
    start = [e for e in play(Setup((a, b)), 5).events if e["kind"] == "start"]
    assert start[0]["init"] == 6 + start[0]["init_roll"] + 2 and start[0]["init_die"] == 8
    assert start[1]["init_die"] == 10


def test_crowd_zeal_starts_at_the_fame_difference_never_below_zero() -> None:
    m, _ = match(gladiator("A", fame=5), gladiator("B", fame=2))
    assert [f.cz for f in m.fighters] == [3, 0]


def test_crowd_zeal_in_a_match_of_many_is_against_the_best_known_enemy() -> None:
    m, _ = match(gladiator("A", fame=5), gladiator("B", fame=2), gladiator("C", fame=0))
    assert [f.cz for f in m.fighters] == [3, 0, 0]


def test_arcanists_start_with_essence_equal_to_weird_technomancers_one_quantum() -> None:
    m, _ = match(
        gladiator("A", (3, 3, 4, 5), abilities={"Arcane Arts": 1}),
        gladiator("B", (3, 3, 4, 5), abilities={"Technomancer": 1}),
    )
    assert (m.fighters[0].essence, m.fighters[0].quantum) == (5, 0)
    assert (m.fighters[1].essence, m.fighters[1].quantum) == (0, 1)


def test_the_opening_hand_is_the_orders_three_and_the_rest_is_the_deck() -> None:
    moves = {"Basic Melee": 10, "Grapple": 3, "Basic Defense": 2}
    opening = ("Grapple", "Basic Defense", "Grapple")
    m, _ = match(gladiator("A", moves=moves, orders=Orders(opening=opening)), gladiator("B"))
    a = m.fighters[0]
    assert a.hand == list(opening)
    assert sorted(a.deck) == sorted(["Basic Melee"] * 10 + ["Grapple", "Basic Defense"])


def test_a_used_move_is_replaced_and_the_used_moves_recycle_when_the_deck_is_empty() -> None:
    m, script, a, b = duel()
    a.deck = []
    a.discard = ["Grapple"]
    script.push(roll(4, 8), roll(4, 8))  # an inconclusive exchange
    turn(m, (a, "Basic Melee", b), (b, "Basic Melee", a))
    assert len(a.hand) == 3
    # The used moves (Grapple, and the Basic Melee just used) came back as the deck.
    assert a.deck == ["Grapple"] and a.discard == []
    assert "recycle" in kinds(m)


# --- power and the exchange ----------------------------------------------------------------


def test_power_is_d8_plus_the_stat_plus_the_moves_modifier() -> None:
    m, script, a, b = duel()
    script.push(roll(5, 8), roll(2, 8))
    turn(m, (a, "Powerful Attack", b), (b, "Basic Defense", None))
    assert a.base == 5 + 4 - 1
    assert b.base == 2 + 4 + 3


def test_a_margin_below_two_is_inconclusive_and_both_gain_one_crowd_zeal() -> None:
    m, script, a, b = duel()
    script.push(roll(5, 8), roll(4, 8))
    turn(m, (a, "Basic Melee", b), (b, "Basic Melee", a))
    assert (a.hp, b.hp) == (40, 40)
    assert (a.cz, b.cz) == (1, 1)


def test_a_margin_of_two_hits_for_the_margin_plus_the_weapon_die() -> None:
    m, script, a, b = duel()
    script.push(roll(6, 8), roll(4, 8), roll(3, 6))
    turn(m, (a, "Basic Melee", b), (b, "Basic Melee", a))
    assert b.hp == 40 - (2 + 3)
    assert a.hp == 40


def test_crowd_zeal_from_exchanges_is_gained_once_a_turn() -> None:
    a, b, c = gladiator("A", side="x"), gladiator("B", side="y"), gladiator("C", side="y")
    m, script = match(a, b, c)
    fa, fb, fc = m.fighters
    # B and C both attack A; each fight is a tie: A still gains 1 CZ only.
    script.push(roll(4, 8), roll(3, 8), roll(3, 8))
    turn(m, (fa, "Basic Defense", None), (fb, "Basic Melee", fa), (fc, "Basic Melee", fa))
    assert fa.base == 4 + 4 + 3 and fb.base == fc.base == 3 + 4
    # +1 group bonus each: 8 against 11: B and C lose by 3: A holds them off, no CZ at all.
    assert fa.cz == 0
    script.push(roll(1, 8), roll(3, 8), roll(3, 8))
    turn(m, (fa, "Basic Defense", None), (fb, "Basic Melee", fa), (fc, "Basic Melee", fa))
    assert (fa.cz, fb.cz, fc.cz) == (1, 1, 1)  # two ties for A: 1 CZ


def test_a_gladiator_assessing_the_situation_gains_no_crowd_zeal_on_a_tie() -> None:
    m, script, a, b = duel()
    script.push(roll(4, 8), roll(4, 8))
    turn(m, (a, "Basic Melee", b), (b, "Assess the Situation", None))
    assert b.base == 4 + 4 + 1  # assessing defends with the active stat at +1
    assert (a.cz, b.cz) == (1, 0)


def test_a_tied_finisher_gives_no_crowd_zeal() -> None:
    m, script, a, b = duel()
    a.cz, b.wounded = 2, True
    script.push(roll(1, 8), roll(4, 8))
    turn(m, (a, "Merciless Beating", b), (b, "Basic Melee", a))
    assert a.base == 1 + 4 + 4 and b.base == 8
    assert (a.cz, b.cz) == (2, 0)
    assert last(m, "inconclusive")["finisher"] is True


def test_assessing_the_situation_discards_the_hand_and_draws_three() -> None:
    m, script, a, b = duel()
    a.hand = ["Grapple", "Grapple", "Grapple"]
    a.deck = ["Basic Defense"] * 3
    script.push(roll(4, 8), roll(4, 8))
    turn(m, (a, "Assess the Situation", None), (b, "Basic Defense", None))
    assert a.hand == ["Basic Defense"] * 3
    assert a.discard == ["Grapple"] * 3


def test_a_non_attack_that_would_crit_puts_the_attacker_out_of_position() -> None:
    m, script, a, b = duel()
    script.push(roll(1, 8), roll(3, 8))  # A 5 against B 3+4+3 = 10: by 5, no crit
    turn(m, (a, "Basic Melee", b), (b, "Basic Defense", None))
    assert b.oop == {}
    script.push(roll(1, 8), roll(4, 8))  # A 5 against B 11: by 6
    turn(m, (a, "Basic Melee", b), (b, "Basic Defense", None))
    assert b.oop == {0: m.turn + 1}
    script.push(roll(4, 8), roll(4, 8), roll(2, 6))  # next turn: B 8 + 2 against A 8
    turn(m, (a, "Basic Melee", b), (b, "Basic Melee", a))
    assert a.hp == 40 - (2 + 2)


def test_a_critical_hit_deals_5_plus_the_weapons_maximum_plus_the_table() -> None:
    m, script, a, b = duel()
    # A 8+4 = 12 against B 2+4 = 6: +6, severity 1; d8 rolls 1: +1 damage.
    script.push(roll(8, 8), roll(2, 8), roll(1, 8))
    turn(m, (a, "Basic Melee", b), (b, "Basic Melee", a))
    assert b.hp == 40 - (5 + 6 + 1)
    crit = last(m, "critical")
    assert (crit["severity"], crit["roll"]) == (1, 1)


def test_the_critical_table_knockback_is_a_penalty_next_turn_and_stun_passive() -> None:
    m, script, a, b = duel()
    a.stats[0] = 10
    # A 8+10 = 18 against B 1+4 = 5: +13, severity 8 -> 6+; d8 rolls 7: d8+5, 3 KB, stun, wound
    script.push(roll(8, 8), roll(1, 8), roll(7, 8), roll(2, 8))
    turn(m, (a, "Basic Melee", b), (b, "Basic Melee", a))
    assert b.hp == 40 - (5 + 6 + 5 + 2)
    assert b.stun_next and b.wounded
    assert b.pen[0] == 3  # the knockback, on his next turn (the turn has moved on)
    b_hand = list(b.hand)
    m.turn += 1
    alive = list(m.fighters)
    m.begin_turn(alive)
    m.pick(b, alive)
    assert b.move.name == "Stunned"
    from tests.rules.grimdark.match_kit import set_move

    set_move(m, a, "Basic Defense")
    script.push(roll(4, 8), roll(4, 8))
    m.resolve(alive)
    assert b.base == 4 + 4 - 3  # the active stat, passive, less the knockback
    assert b.hand == b_hand  # a stunned gladiator neither uses nor draws a move


def test_a_gruesome_demise_defeats_and_always_kills() -> None:
    m, script, a, b = duel(starred=False)
    a.stats[0] = 10
    script.push(roll(8, 8), roll(1, 8), roll(8, 8))  # +13, d8 8 at 6+: gruesome demise
    turn(m, (a, "Basic Melee", b), (b, "Basic Melee", a))
    assert b.defeated and b.gruesome
    result = m.finish("defeat")
    assert result.fates[1] == "dead"
    assert last(m, "fate")["rule"] == "gruesome"


def test_a_gladiator_at_12_hp_or_less_is_wounded() -> None:
    m, script, a, b = duel()
    b.hp = 17
    script.push(roll(6, 8), roll(4, 8), roll(3, 6))  # 5 damage: 12 HP
    turn(m, (a, "Basic Melee", b), (b, "Basic Melee", a))
    assert b.hp == 12 and b.wounded


def test_a_second_wound_lowers_the_active_stat_and_an_ineffective_ones_highest() -> None:
    m, _, a, b = duel()
    b.wounded = True
    b.as_i = 1
    m.wound(b)
    assert b.stats == [4, 3, 4, 3]
    b.as_i = -1
    m.wound(b)
    assert b.stats == [3, 3, 4, 3]  # the highest (Brutality first on a tie)


def test_ineffective_is_the_weakest_stat_and_fails_active_stat_requirements() -> None:
    m, _, a, b = duel()
    b.as_i = -1
    assert b.as_value() == 3
    assert not m.usable(b, "Powerful Attack", a)
    assert m.usable(b, "Basic Melee", a)


def test_a_finisher_needs_crowd_zeal_two_above_and_a_wounded_target() -> None:
    m, _, a, b = duel()
    a.cz, b.cz = 3, 1
    assert not m.usable(a, "Merciless Beating", b)  # not wounded
    b.wounded = True
    assert m.usable(a, "Merciless Beating", b)
    b.cz = 2
    assert not m.usable(a, "Merciless Beating", b)


def test_ranged_against_a_melee_attacker_is_plus_two_or_minus_two_if_he_struck_last_turn() -> None:
    m, script, a, b = duel()
    a.weapons = (BOW,)
    script.push(roll(4, 8), roll(4, 8), roll(1, 4))
    turn(m, (a, "Basic Ranged", b), (b, "Basic Melee", a))
    assert b.hp == 40 - (2 + 1)  # 8 + 2 against 8: a hit by 2
    assert 0 in b.melee_this
    script.push(roll(5, 8), roll(4, 8), roll(1, 6))
    turn(m, (a, "Basic Ranged", b), (b, "Basic Melee", a))
    # B struck A in melee last turn: A's 5 + 4 - 2 = 7 against 8: inconclusive
    assert power_of(m, "A") == 7
    assert last(m, "inconclusive")["turn"] == m.turn


def power_of(m, name: str) -> int:  # type: ignore[no-untyped-def]
    fight = last(m, "fight")
    return int(fight["attacker_power"] if fight["attacker"] == name else fight["defender_power"])


def test_group_attack_is_plus_one_an_extra_attacker_up_to_four() -> None:
    entrants = [gladiator("T", side="t")] + [gladiator(f"X{i}", side="x") for i in range(6)]
    m, script = match(*entrants)
    t, *xs = m.fighters
    script.push(roll(1, 8), *(roll(1, 8) for _ in xs))
    turn(m, (t, "Basic Defense", None), *((x, "Basic Melee", t) for x in xs))
    fights = [e for e in m.events if e["kind"] == "fight"]
    assert {e["attacker_power"] for e in fights} == {1 + 4 + 4}  # 6 attackers: capped at +4


def test_a_target_may_win_several_fights_and_hurts_attackers_who_are_not_his_target() -> None:
    a, b, c = (
        gladiator("A", side="a"),
        gladiator("B", side="b", weapons=[KNIFE]),
        gladiator("C", side="c"),
    )
    m, script = match(a, b, c)
    fa, fb, fc = m.fighters
    for f in m.fighters:
        f.hp = 40
    # A and C attack B; B attacks A with Powerful Attack (bonus 3 on its target only).
    script.push(roll(1, 8), roll(8, 8), roll(1, 8))
    script.push(roll(2, 2), roll(1, 2))  # B's knife against A (his target), then against C
    turn(m, (fa, "Basic Melee", fb), (fb, "Powerful Attack", fa), (fc, "Basic Melee", fb))
    # B 8+4-1 = 11 (+0) against A 5 (+1 group: 6): by 5, and against C 6: by 5.
    assert fa.hp == 40 - (5 + 2 + 3)  # his target: margin + d2 + the move's 3
    assert fc.hp == 40 - (5 + 1)  # not his target: plain damage


def test_init_orders_the_fights_when_a_targets_b_while_b_targets_c() -> None:
    a, b, c = gladiator("A", side="a"), gladiator("B", side="b"), gladiator("C", side="c")
    m, script = match(a, b, c)
    fa, fb, fc = m.fighters
    fa.init, fb.init, fc.init = 5, 9, 7
    script.push(roll(4, 8), roll(4, 8), roll(4, 8))
    turn(m, (fa, "Basic Melee", fb), (fb, "Basic Melee", fc), (fc, "Basic Melee", fa))
    fights = [(e["attacker"], e["defender"]) for e in m.events if e["kind"] == "fight"]
    assert fights == [("B", "C"), ("C", "A"), ("A", "B")]


def test_wrath_from_beyond_hits_everyone_and_gains_two_curses() -> None:
    entrants = [gladiator("A", (6, 3, 3, 3), side="a", abilities={"Demonology": 1})]
    entrants += [gladiator("B", side="b"), gladiator("C", side="a")]
    m, script = match(*entrants)
    for f in m.fighters:
        f.hp = 40
    fa, fb, fc = m.fighters
    script.push(roll(4, 8), roll(4, 8), roll(4, 8), roll(1, 6), roll(1, 6))
    turn(m, (fa, "Wrath from Beyond", fb), (fb, "Basic Defense", None), (fc, "Basic Defense", None))
    assert [f.hp for f in m.fighters] == [34, 34, 34]
    assert fa.curses == 2


def test_a_curse_rolls_a_d6_at_the_end_of_the_turn_and_bursts_on_a_six() -> None:
    m, script, a, b = duel()
    a.curses = 2
    script.push(roll(4, 8), roll(4, 8), roll(6, 6), roll(5, 6))
    turn(m, (a, "Basic Defense", None), (b, "Basic Defense", None))
    assert a.curses == 1 and a.hp == 34


def test_defeat_at_zero_hp_ends_the_match() -> None:
    m, script, a, b = duel()
    b.hp = 3
    script.push(roll(6, 8), roll(4, 8), roll(1, 6))
    turn(m, (a, "Basic Melee", b), (b, "Basic Melee", a))
    assert b.defeated and last(m, "defeated")["why"] == "hit points"


def test_eight_doses_of_poison_defeat() -> None:
    m, script, a, b = duel()
    b.poison = 8
    script.push(roll(4, 8), roll(4, 8))
    turn(m, (a, "Basic Defense", None), (b, "Basic Defense", None))
    assert b.defeated and last(m, "defeated")["why"] == "poison"


# --- after the match -----------------------------------------------------------------------


def _defeated(m, b, script, rolls):  # type: ignore[no-untyped-def]
    b.defeated = True
    script.push(*rolls)
    return m.finish("defeat")


def test_death_the_crowd_demands_it_when_the_winner_leads_by_four_d4_kills_on_1_to_3() -> None:
    m, script, a, b = duel()
    a.cz, b.cz = 5, 1
    assert _defeated(m, b, script, [roll(3, 4)]).fates[1] == "dead"
    m, script, a, b = duel()
    a.cz, b.cz = 5, 1
    assert _defeated(m, b, script, [roll(4, 4)]).fates[1] == "spared"


def test_death_otherwise_a_d4_kills_on_1() -> None:
    m, script, a, b = duel()
    a.cz, b.cz = 4, 1
    assert _defeated(m, b, script, [roll(2, 4)]).fates[1] == "spared"
    assert last(m, "fate")["die"] == 4
    m, script, a, b = duel()
    assert _defeated(m, b, script, [roll(1, 4)]).fates[1] == "dead"


def test_death_from_the_fifth_match_a_d6_kills_on_1() -> None:
    m, script, a, b = duel(wins=2, losses=2)
    result = _defeated(m, b, script, [roll(2, 6)])
    assert last(m, "fate")["die"] == 6 and result.fates[1] == "spared"


def test_a_starred_gladiator_always_lives() -> None:
    m, script, a, b = duel(starred=True)
    a.cz = 6
    result = _defeated(m, b, script, [roll(1, 4)])
    assert result.fates[1] == "spared" and last(m, "fate")["dies"] is True


def test_fame_a_winner_gains_one_and_a_loser_who_lived_and_matched_the_crowd_one() -> None:
    m, script, a, b = duel()
    a.cz, b.cz = 2, 2
    result = _defeated(m, b, script, [roll(3, 4)])
    assert result.fame == {0: 1, 1: 1}
    m, script, a, b = duel()
    a.cz, b.cz = 3, 2
    assert _defeated(m, b, script, [roll(3, 4)]).fame == {0: 1, 1: 0}


@pytest.mark.parametrize("seed", range(5))
def test_every_match_ends(seed: int) -> None:
    result = play(
        Setup((gladiator("A", weapons=[AXE]), gladiator("B", weapons=[Weapon("w", "natural")]))),
        seed,
    )
    assert result.end_reason in ("defeat", "all defeated", "time")


def test_a_man_beaten_in_one_fight_still_fights_his_others_that_turn() -> None:
    a, b, c = gladiator("A", side="a"), gladiator("B", side="b"), gladiator("C", side="c")
    m, script = match(a, b, c)
    fa, fb, fc = m.fighters
    fa.init, fb.init, fc.init = 9, 5, 1
    fb.hp, fa.hp, fc.hp = 2, 40, 40
    fb.stats[0] = 9
    # A 8 + 4 = 12 beats B 1 + 9 = 10 first (by 2, fists +0: B at 0 HP); B still fights C
    # (10 against 1 + 4 + 3 = 8: by 2) and hurts him.
    script.push(roll(8, 8), roll(1, 8), roll(1, 8))
    turn(m, (fa, "Basic Melee", fb), (fb, "Basic Melee", fc), (fc, "Basic Defense", None))
    assert fb.defeated and fc.hp == 38
    assert [(e["attacker"], e["defender"]) for e in m.events if e["kind"] == "fight"] == [
        ("A", "B"),
        ("B", "C"),
    ]


def test_a_match_still_on_after_sixty_turns_is_a_draw() -> None:
    a = gladiator("A", moves={"Basic Defense": 15})
    b = gladiator("B", moves={"Basic Defense": 15})
    result = play(Setup((a, b)), 1, record=False)
    assert (result.turns, result.winner, result.end_reason) == (60, None, "time")
    assert result.fame == {0: 0, 1: 0}


def test_a_deflecting_weapon_does_nothing_while_its_wielder_only_defends() -> None:
    from tests.rules.grimdark.match_kit import duel, exchange

    deflecting = Weapon("knife", "light melee", frozenset({"Deflecting"}))
    m, s, a, b = duel(b_weapons=(deflecting,))
    exchange(m, s, "Basic Melee", "Basic Defense", 8, 1, roll(3, 6))  # 12 v 8: no d8 rolled
    assert b.hp == 40 - (4 + 3)


def test_a_combo_attack_goes_ranged_when_the_ranged_die_and_bonus_beat_the_melee_die() -> None:
    from tests.rules.grimdark.match_kit import duel, exchange

    m, s, a, b = duel(a_weapons=(KNIFE, BOW))
    exchange(m, s, "Risky Business", "Basic Defense", 4, 4)  # d4 + 2 beats d2 (9 v 11)
    assert a.ranged
    m, s, a, b = duel(a_weapons=(AXE, Weapon("gun", "light ranged")))
    exchange(m, s, "Risky Business", "Basic Defense", 4, 4)  # +0 + 2 < d6
    assert not a.ranged
