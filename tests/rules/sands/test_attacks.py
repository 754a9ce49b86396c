"""Sands attacks, wounds, withdrawal and the wall, each rule with scripted dice.

The Murmillo is gladiator 0 (scutum +3, Strong), the Thraex gladiator 1 (parmula +2, sica)."""

import contextlib

import pytest

from rules.core.errors import RulesError
from rules.sands.bout import (
    DEEP,
    END_DISABLED,
    END_TRIPPED,
    FLESH,
    GLANCING,
    HARRIED,
    KILLED,
    SLOW_KILL,
    BoutOver,
    wound_band,
)
from rules.sands.dice import Face
from rules.sands.kinds import Location

A, D, M, S, R, L = (
    Face.ATTACK,
    Face.DEFENCE,
    Face.MANOEUVRE,
    Face.SPECIAL,
    Face.RESPITE,
    Face.LAUREL,
)


def place(bout, a_hex, b_hex, a_pool=(), b_pool=()):
    m, t = bout.g
    m.pos, t.pos = a_hex, b_hex
    m.pool, t.pool = list(a_pool), list(b_pool)
    return m, t


def test_advantage_keeps_the_higher_two_and_disadvantage_the_lower(scripted):
    bout = scripted(2, 6, 5, 2, 6, 5, 2, 6, 5, 3, 4)
    assert bout.roll2(advantage=1) == (11, (2, 6, 5))
    assert bout.roll2(disadvantage=1) == (7, (2, 6, 5))
    assert bout.roll2(advantage=2, disadvantage=0) == (11, (2, 6, 5))  # no stacking
    assert bout.roll2(advantage=1, disadvantage=1) == (7, (3, 4))  # they cancel: 2d6


def test_the_wound_table_bands():
    assert [wound_band(n) for n in (-3, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 20)] == [
        GLANCING,
        GLANCING,
        HARRIED,
        HARRIED,
        FLESH,
        FLESH,
        DEEP,
        DEEP,
        SLOW_KILL,
        SLOW_KILL,
        KILLED,
        KILLED,
    ]


def test_a_hit_with_the_parry_bonus_a_deep_wound_to_the_torso_and_the_withdrawal(scripted):
    # attack 5+4 = 9; the Thraex parries (+2): 3+3+2 = 8; a hit.
    # location 6+5 = 11, torso; wound 3+2 = 5, +1 Strong +2 torso -0 armour = 8: deep wound.
    bout = scripted(5, 4, 3, 3, 6, 5, 3, 2)
    m, t = place(bout, (0, 0), (1, 0), [A], [D])
    bout.attack(m)
    assert t.wounds == {Location.TORSO: 1} and t.bleed == 1
    assert m.favour == 1 and m.wounded_opponent
    assert t.pos == (2, 0)  # hit: directly away
    assert t.pool == [] and m.pool == []
    assert not bout.script.numbers


def test_press_dodge_and_a_miss_into_the_rear_hex_farthest_from_the_wall(scripted):
    # the Murmillo presses with one more ATTACK die: 5+5+1 = 11. The Thraex parries (+2) and
    # dodges with every other DEFENCE die while 7 + 2 + dodges <= 11: three dodges, +5 in all.
    # 4+3+5 = 12 > 11: missed.
    bout = scripted(5, 5, 4, 3)
    m, t = place(bout, (2, -1), (2, 0), [A, A], [D, D, D, D, D])
    bout.attack(m)
    assert t.pool == [D]  # one parry and three dodges spent
    assert t.wounds == {}
    assert t.pos == (1, 1)  # his choice of rear hex: (1, 1) is two from the wall, the others one


def test_a_hit_drives_him_directly_away_even_towards_the_wall(scripted):
    bout = scripted(6, 6, 1, 1, 4, 3, 1, 1)  # 12 against 2; Lead Leg, 2+1-1 = 2: glancing
    m, t = place(bout, (2, -1), (2, 0), [A], [])
    bout.attack(m)
    assert t.pos == (2, 1) and t.wounds == {}


def test_focus_with_laurel_dice_after_the_defence_roll(scripted):
    # attack 4+3 = 7 against 3+3 = 6... the Thraex has no DEFENCE die: 6. Hit without focus.
    # Here the Thraex rolls 4+4 = 8: the Murmillo needs +2 and holds two LAUREL dice: 9 > 8.
    bout = scripted(4, 3, 4, 4, 1, 1, 1, 1)  # location 2: vitals; wound 2+1+2 = 5: flesh
    m, t = place(bout, (0, 0), (1, 0), [A, L, L], [])
    bout.attack(m)
    assert m.pool == []
    assert t.wounds == {Location.VITALS: 1}


def test_focus_is_not_spent_when_it_cannot_turn_the_attack(scripted):
    bout = scripted(1, 1, 6, 6)
    m, t = place(bout, (0, 0), (1, 0), [A, L, L], [])
    bout.attack(m)
    assert m.pool == [L, L]


def test_the_thracian_sword_hits_on_a_tie_and_wounds_at_disadvantage(scripted):
    # 4+3 = 7 against 5+2 = 7: a tie hits for the sica. Location 4+4 = 8, head.
    # wound 3d6 keep the lower two: 6, 5, 1 -> 1+5 = 6, -2 helmet = 4: harried (1 Fatigue).
    bout = scripted(4, 3, 5, 2, 4, 4, 6, 5, 1)
    m, t = place(bout, (1, 0), (0, 0), [], [A])
    bout.attack(t)
    assert m.fatigue == 1 and m.wounds == {}
    assert m.pos == (2, 0)  # a hit: directly away


def test_the_murmillo_does_not_hit_on_a_tie(scripted):
    bout = scripted(4, 3, 5, 2)
    m, t = place(bout, (0, 0), (1, 0), [A], [])
    bout.attack(m)
    assert t.wounds == {} and t.fatigue == 0
    assert t.pos in {(2, 0), (2, -1), (1, 1)}


def test_elusive_strike_denies_the_parry_bonus(scripted):
    # 3+3 = 6; the Murmillo's DEFENCE die dodges +1 only: 2+2+1 = 5 < 6: hit.
    # location 3+3 = 6 lead arm; wound 1+1 = 2, +0 -0 = 2: glancing.
    bout = scripted(3, 3, 2, 2, 3, 3, 1, 1)
    m, t = place(bout, (1, 0), (0, 0), [D], [S])
    bout.attack(t, "elusive_strike")
    assert "elusive_strike" in t.specials_used
    assert m.pool == []


def test_back_to_the_wall_defends_at_disadvantage_and_stand_fast_holds_the_hex(scripted):
    # the Thraex at (4, 0), the Murmillo attacking from (3, 0): no hex behind him.
    # With two DEFENCE dice he stands fast with one and parries with the other (+2).
    # attack 3+3 = 6; defence 3d6 keep the lower two: 6, 6, 1 -> 7, +2 = 9: missed, he stays.
    bout = scripted(3, 3, 6, 6, 1)
    m, t = place(bout, (3, 0), (4, 0), [A], [D, D])
    bout.attack(m)
    assert t.pos == (4, 0) and t.pool == []
    event = [e for e in bout.events if e.kind == "attack"][-1]
    assert event.get("back_to_the_wall") and event.get("stand_fast")
    assert event.get("defence_roll") == 7


def test_forced_off_the_grid_keeps_his_feet_on_four_or_more(scripted):
    bout = scripted(2)
    m, t = place(bout, (3, 0), (4, 0), [], [M, M])
    bout.forced_off(t)  # 2 + 2 Manoeuvre dice = 4: no collision
    assert (t.forfeited, t.fatigue, t.conceded) == (0, 0, None)


@pytest.mark.parametrize(
    ("effect", "forfeited", "fatigue", "conceded"),
    [(1, 0, 0, END_TRIPPED), (2, 1, 0, None), (4, 1, 0, None), (5, 0, 1, None), (6, 0, 1, None)],
)
def test_the_collision_table(scripted, effect, forfeited, fatigue, conceded):
    bout = scripted(3, effect)
    m, t = place(bout, (3, 0), (4, 0), [], [])
    with contextlib.suppress(BoutOver):
        bout.forced_off(t)
    assert (t.forfeited, t.fatigue, t.conceded) == (forfeited, fatigue, conceded)
    assert t.pos == (4, 0)  # nobody leaves the grid


def test_a_hit_into_the_wall_is_forced_off_the_grid(scripted):
    # 6+6 = 12 against 1+1 at disadvantage (1, 1, 1 -> 2); location 4+1 = 5 lead leg,
    # wound 1+1 +1 -1 = 2 glancing; then forced off: 1 + 0 = 1 collides, effect 5: Fatigue.
    bout = scripted(6, 6, 1, 1, 1, 4, 1, 1, 1, 1, 5)
    m, t = place(bout, (3, 0), (4, 0), [A], [])
    bout.attack(m)
    assert t.pos == (4, 0) and t.fatigue == 1


def test_a_driven_attack_lets_the_attacker_choose_the_wall(scripted):
    # the Thraex drives the Murmillo from (3, 0) into (4, -1)/(4, 0)/(3, 1): all on the wall
    # ring; he chooses the first nearest the wall, (4, 0). 1+1 = 2 against 6+6: missed.
    bout = scripted(1, 1, 6, 6)
    m, t = place(bout, (3, 0), (2, 0), [], [S])
    bout.attack(t, "driven_attack")
    assert m.pos == (4, 0)
    # again from the wall: a rear hex off the grid, so he is forced off (d6 6: keeps his feet)
    bout.script.add(1, 1, 1, 6, 6, 6)
    t.pos = (3, 0)
    t.pool = [S]
    t.specials_used.clear()
    bout.attack(t, "driven_attack")
    assert m.pos == (4, 0)
    assert [e.kind for e in bout.events][-1] == "wall"


def test_special_attacks_are_once_a_turn(scripted):
    bout = scripted(1, 1, 6, 6)
    m, t = place(bout, (0, 0), (1, 0), [], [S, S])
    bout.attack(t, "heavy_strike")
    assert t.pool == [S]
    with pytest.raises(RulesError, match="used heavy_strike"):
        bout.attack(t, "heavy_strike")


def test_heavy_strike_adds_two_to_the_wound_roll(scripted):
    # 6+5 = 11 against 1+1 = 2; location 6+6 torso; wound 2+2, +2 torso +2 heavy = 8: deep.
    bout = scripted(6, 5, 1, 1, 6, 6, 2, 2)
    m, t = place(bout, (1, 0), (0, 0), [], [S])
    bout.attack(t, "heavy_strike")
    assert m.wounds == {Location.TORSO: 1} and m.bleed == 1


def test_aimed_strike_shifts_the_location_by_one(scripted):
    # location 5+5 = 10, rear arm (armour 1); shifted to 11, torso (+2, armour 0).
    # wound 2+2 +2 = 6: a flesh wound to the torso, not the arm.
    bout = scripted(6, 5, 1, 1, 5, 5, 2, 2)
    m, t = place(bout, (1, 0), (0, 0), [], [S])
    bout.attack(t, "aimed_strike")
    assert m.wounds == {Location.TORSO: 1}


def test_shield_lunge_attacks_at_advantage_for_a_fatigue(scripted):
    # 3d6 keep the higher two: 1, 6, 5 -> 11 against 2+2 = 4; location 2 vitals;
    # wound 1+1 +1 Strong +2 = 5 flesh: vitals 1 of 2 boxes.
    bout = scripted(1, 6, 5, 2, 2, 1, 1, 1, 1)
    m, t = place(bout, (0, 0), (1, 0), [S], [])
    bout.attack(m, "shield_lunge")
    assert m.fatigue == 1 and t.wounds == {Location.VITALS: 1}


def test_impetus_adds_a_hex_moved(scripted):
    bout = scripted(3, 3, 4, 3)  # 6 + 2 (moved 2) = 8 against 7: hit... then wound dice
    bout.script.add(1, 1, 1, 1)  # location 2 vitals; 2 +1 +2 = 5 flesh
    m, t = place(bout, (0, 0), (1, 0), [S], [])
    m.moved = 2
    bout.attack(m, "impetus")
    assert t.wounds == {Location.VITALS: 1}


def test_rush_closes_two_hexes_and_attacks(scripted):
    bout = scripted(1, 1, 6, 6)
    m, t = place(bout, (-1, 0), (2, 0), [S], [])
    bout.attack(m, "rush")
    assert m.pos == (1, 0) and m.fatigue == 1
    assert [e.get("how") for e in bout.events if e.kind == "move"][:2] == ["rush", "rush"]


def test_outflank_steps_round_to_put_his_back_to_the_wall(scripted):
    # the Murmillo at (3, 0) is not at the wall from (2, 0) ... from (2, 1) or (3, -1) he is:
    # behind him would be (4, -1) (on) or (3, 1) (on). From (2, 1): behind is (4, -1), on; from
    # (3, -1): behind is (3, 1), on. He takes the hex nearest the wall among those beside both.
    bout = scripted(1, 1, 6, 6)
    m, t = place(bout, (3, 0), (2, 0), [], [S])
    bout.attack(t, "outflank")
    assert t.fatigue == 1 and t.pos != (2, 0)
    assert t.pos in {(2, 1), (3, -1)}


@pytest.mark.parametrize(
    ("location", "roll", "conceded", "forfeited"),
    [
        (Location.HEAD, (4, 4, 6, 6), END_DISABLED, 0),  # 8: head; 12 +1 -2 = 11 slow kill
        (Location.TORSO, (6, 6, 4, 4), END_TRIPPED, 0),  # 12: torso; 8 +1 +2 = 11
        (Location.LEAD_ARM, (3, 3, 5, 5), None, 1),  # 6: lead arm; 10 +1 -0 = 11
    ],
)
def test_slow_kill_location_effects(scripted, location, roll, conceded, forfeited):
    bout = scripted(6, 6, 1, 1, *roll)
    m, t = place(bout, (0, 0), (1, 0), [A], [])
    with contextlib.suppress(BoutOver):
        bout.attack(m)
    assert t.wounds[location] == 2 and t.bleed == 1
    assert (t.conceded, t.forfeited) == (conceded, forfeited)


def test_filling_a_location_disables_and_overflowing_it_kills(scripted):
    # head, 2 boxes: a flesh wound with one marked fills it (Disabled)
    bout = scripted(6, 6, 1, 1, 4, 4, 4, 4)  # 8 head; 8 +1 -2 = 7 flesh
    m, t = place(bout, (0, 0), (1, 0), [A], [])
    t.wounds[Location.HEAD] = 1
    with pytest.raises(BoutOver):
        bout.attack(m)
    assert t.conceded == END_DISABLED and not t.dead
    # a slow kill (2 boxes) onto a head with one marked overflows it: killed
    bout = scripted(6, 6, 1, 1, 4, 4, 6, 6)
    m, t = place(bout, (0, 0), (1, 0), [A], [])
    t.wounds[Location.HEAD] = 1
    with pytest.raises(BoutOver):
        bout.attack(m)
    assert t.dead


def test_thirteen_or_more_kills(scripted):
    bout = scripted(6, 6, 1, 1, 6, 6, 5, 5)  # torso; 10 +1 +2 = 13
    m, t = place(bout, (0, 0), (1, 0), [A], [])
    with pytest.raises(BoutOver):
        bout.attack(m)
    assert t.dead


def test_an_apathy_token_spent_gives_the_wound_roll_advantage(scripted):
    # location 6+6 torso; wound 3d6 keep the higher two: 1, 2, 3 -> 5, +1 +2 = 8: deep.
    bout = scripted(6, 6, 1, 1, 6, 6, 1, 2, 3)
    m, t = place(bout, (0, 0), (1, 0), [A], [])
    t.apathy = 1
    bout.attack(m)
    assert t.apathy == 0 and t.bleed == 1


def test_defence_tokens_stand_in_for_dice_and_resolute_parries_with_respite(scripted):
    bout = scripted(3, 3, 2, 2)  # 6 against 4 + 3 (a RESPITE die parries for the Murmillo)
    m, t = place(bout, (1, 0), (0, 0), [R], [A])
    bout.attack(t)
    assert m.pool == [] and m.wounds == {}
    bout = scripted(3, 3, 2, 2)  # the same with a banked Defence Token and no die
    m, t = place(bout, (1, 0), (0, 0), [], [A])
    m.defence_tokens = 1
    bout.attack(t)
    assert m.defence_tokens == 0 and m.wounds == {}
