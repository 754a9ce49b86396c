"""The Sands turn: the roll, initiative, activations, fatigue and bleeding, the end of turn, the
crowd, the finger and the appeal, each with scripted dice."""

import pytest

from rules.sands.bout import (
    END_APATHY,
    END_EXHAUSTED,
    END_FINGER,
    END_NO_DICE,
    END_STANS,
    END_TURN_LIMIT,
    FATIGUED_AT,
    IUGULA,
    MITTE,
    BoutOver,
    play,
    standard_setup,
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


def test_six_dice_rolled_less_forfeited_and_surrendered(scripted):
    bout = scripted(1, 2, 3, 4, 5, 6, 6, 6, 6, 1)
    bout.g[1].forfeited, bout.g[1].surrendered = 1, 1
    bout.roll_phase()
    assert bout.g[0].pool == [M, A, D, S, R, L]
    assert bout.g[1].pool == [L, L, L, M]


def test_initiative_to_more_manoeuvre_dice_and_the_token_kept(scripted):
    bout = scripted()
    m, t = bout.g
    m.pool, t.pool = [M, M, A], [M, A, A]
    bout.initiative_phase()
    assert bout.token == 0


def test_dominant_counts_special_dice_and_a_winner_may_pass_the_token(scripted):
    bout = scripted(a={"bid": "0"}, b={"initiative": "pass"})
    m, t = bout.g
    m.pool, t.pool = [M, M, A], [M, S, S]
    bout.initiative_phase()
    assert bout.token == 0  # the Thraex won 3 to 2 and passed the token
    assert [e.get("first") for e in bout.events if e.kind == "initiative"] == [0]


def test_laurel_bids_convert_to_manoeuvre_up_to_the_orders(scripted):
    bout = scripted(5, 2, a={"bid": "2"}, b={"bid": "0"})
    m, t = bout.g
    m.pool, t.pool = [L, L, L, A], [M, M, A]
    bout.initiative_phase()
    assert m.pool == [M, M, L, A]  # two turned to MANOEUVRE: a tie at 2
    # the tie: neither has a Laurel Token, nobody held the Initiative Token: a d6 roll-off,
    # 5 to 2, the Murmillo
    assert bout.token == 0


def test_a_laurel_token_breaks_a_tie(scripted):
    bout = scripted()
    m, t = bout.g
    m.pool, t.pool = [M, A], [M, A]
    t.laurel_token = 1
    bout.initiative_phase()
    assert bout.token == 1 and t.laurel_token == 0


def test_a_tie_goes_to_him_who_did_not_hold_the_token(scripted):
    bout = scripted()
    m, t = bout.g
    m.pool, t.pool = [M, A], [M, A]
    bout.token = 0
    bout.initiative_phase()
    assert bout.token == 1
    bout.token = 1
    m.pool, t.pool = [A], [A]
    bout.initiative_phase()
    assert bout.token == 0


def test_the_first_turn_tie_is_a_roll_off(scripted):
    bout = scripted(3, 3, 2, 5)  # 3-3 again, then 2-5: the Thraex
    bout.g[0].pool, bout.g[1].pool = [A], [A]
    bout.initiative_phase()
    assert bout.token == 1 and not bout.script.numbers


def test_fatigue_phase_adds_one_and_one_a_bleed_token(scripted):
    bout = scripted()
    m, t = bout.g
    t.bleed = 2
    bout.fatigue_phase()
    assert (m.fatigue, t.fatigue) == (1, 3)


def test_reaching_f_surrenders_a_die_and_sets_a_floor(scripted):
    bout = scripted()
    m, _ = bout.g
    m.fatigue = FATIGUED_AT - 1
    bout.fatigue_phase()
    assert m.fatigued and m.surrendered == 1 and m.dice_owned == 5
    assert m.fatigue_floor() == FATIGUED_AT
    bout.fatigue_phase()
    assert m.surrendered == 1  # once


def test_hurt_surrenders_a_die_each_three_wounds(scripted):
    bout = scripted()
    m, _ = bout.g
    m.wounds = {Location.TORSO: 3, Location.LEAD_ARM: 2}
    bout.fatigue_phase()
    assert (m.hurt, m.surrendered) == (1, 1)
    m.wounds[Location.LEAD_LEG] = 1
    bout.fatigue_phase()
    assert (m.hurt, m.surrendered) == (2, 2)


def test_exhaustion_concedes_and_both_at_once_is_stans_missus(scripted):
    bout = scripted(3, 3)  # the loser's appeal
    m, t = bout.g
    m.fatigue = 13
    with pytest.raises(BoutOver):
        bout.fatigue_phase()
    assert m.conceded == END_EXHAUSTED and t.conceded is None
    result = bout.result()
    assert result.winner == 1 and result.end_reason == END_EXHAUSTED
    bout = scripted()
    m, t = bout.g
    m.fatigue = t.fatigue = 13
    m.fatigued = t.fatigued = True
    with pytest.raises(BoutOver):
        bout.fatigue_phase()
    result = bout.result()
    assert result.winner is None and result.end_reason == END_STANS
    assert result.fates == ("draw", "draw") and result.appeal is None


def test_losing_every_die_concedes(scripted):
    bout = scripted()
    m, _ = bout.g
    m.surrendered = 5
    with pytest.raises(BoutOver):
        bout.forfeit(m, "test")
    assert m.conceded == END_NO_DICE and m.dice_owned == 0


def test_end_of_turn_gathers_the_dice_and_discards_fervour(scripted):
    bout = scripted()
    m, _ = bout.g
    m.pool, m.fervour, m.defence_tokens = [A, D], 1, 2
    m.specials_used.add("rush")
    bout.end_phase()
    assert (m.pool, m.fervour, m.defence_tokens, m.specials_used) == ([], 0, 2, set())


def test_favour_caps_at_two_and_a_third_is_fervour(scripted):
    bout = scripted()
    m, _ = bout.g
    for _ in range(3):
        bout.favour(m, "test")
    assert (m.favour, m.fervour) == (2, 1)


def test_sands_1_disfavour_cancels_favour_then_caps_then_apathy_and_two_apathy_concede(
    scripted,
):
    bout = scripted(engine="sands/1")
    m, _ = bout.g
    m.favour = 1
    bout.disfavour(m, "test")
    assert (m.favour, m.disfavour) == (0, 0)
    bout.disfavour(m, "test")
    bout.disfavour(m, "test")
    bout.disfavour(m, "test")
    assert (m.disfavour, m.apathy) == (2, 1)
    with pytest.raises(BoutOver):
        bout.disfavour(m, "test")
    assert m.conceded == END_APATHY


@pytest.mark.parametrize(
    ("roll", "favour", "disfavour"), [(1, 0, 1), (2, 0, 0), (3, 0, 0), (4, 1, 0), (6, 1, 0)]
)
def test_play_to_the_crowd(scripted, roll, favour, disfavour):
    bout = scripted(roll)
    m, _ = bout.g
    m.pool = [R]
    bout.play_to_crowd(m)
    assert (m.favour, m.disfavour, m.pool) == (favour, disfavour, [])


def test_a_wild_laurel_and_fervour_at_a_fatigue(scripted):
    bout = scripted()
    m, _ = bout.g
    m.pool = [L]
    assert bout.take(m, A) is None
    assert bout.take(m, A, wild=True) == "laurel as attack"
    m.fervour = 1
    assert bout.take(m, A, wild=True) == "fervour as attack"
    assert m.fatigue == 1 and m.fervour == 0


def test_resolute_and_dominant_interchange_faces(scripted):
    bout = scripted()
    m, t = bout.g
    m.pool, t.pool = [R, D], [S, M]
    assert bout.take(m, D) == "defence" and bout.take(m, D) == "respite as defence"
    assert bout.take(t, M) == "manoeuvre" and bout.take(t, M) == "special as manoeuvre"
    t.pool = [R]
    assert bout.take(t, D) is None  # the Thraex is not Resolute


def test_conditions_and_the_finger(scripted):
    bout = scripted(2)
    m, t = bout.g
    m.bleed, m.fatigued = 1, True  # two conditions: a d6 lower than 2 yields
    m.pool = []
    bout.activate(m)  # rolls 2: goes on
    assert m.conceded is None
    bout = scripted(2)
    m, t = bout.g
    m.bleed, m.hurt, m.fatigued = 2, 0, True  # three: a 2 yields
    with pytest.raises(BoutOver):
        bout.activate(m)
    assert m.conceded == END_FINGER
    # orders: raise the finger unasked at two conditions
    bout = scripted(a={"finger": "2"})
    m, t = bout.g
    m.apathy, m.pos, t.pos = 1, (4, 0), (3, 0)  # apathy and his back to the wall
    assert bout.conditions(m) == 2
    with pytest.raises(BoutOver):
        bout.activate(m)
    assert m.conceded == END_FINGER


def test_failing_to_entertain_earns_disfavour(scripted):
    bout = scripted()
    m, t = bout.g
    m.pos, t.pos, m.pool = (-2, 0), (2, 0), [D, D]
    bout.token = 0
    bout.activate(m)  # no move, no attack, not adjacent
    assert m.disfavour == 1
    bout = scripted()
    m, t = bout.g
    m.pos, t.pos, m.pool = (-2, 0), (2, 0), [M]
    bout.activate(m)  # closer: a Quick Step, two hexes for a Fatigue
    assert m.disfavour == 0 and m.pos == (0, 0) and m.fatigue == 1


def test_catch_your_breath_quick_step_and_two_dice_to_move(scripted):
    bout = scripted(a={"crowd": "never"})
    m, t = bout.g
    m.pos, t.pos, m.fatigue = (-3, 0), (3, 0), 2
    m.pool = [R, M, S, L]
    bout.token = 0
    bout.activate(m)
    kinds = [e.kind for e in bout.events]
    assert "catch_breath" in kinds
    hows = [e.get("how") for e in bout.events if e.kind == "move"]
    # 6 apart: a Quick Step (two hexes, 1 Fatigue), then two dice (special, laurel) a hex
    assert hows == ["quick step", "quick step", "two dice (special, laurel)"]
    assert m.pos == (0, 0) and m.fatigue == 2  # 2 - 1 breath + 1 quick step


def test_a_laurel_die_recovers_a_forfeited_die(scripted):
    bout = scripted()
    m, t = bout.g
    m.forfeited, m.pool = 1, [L]
    m.pos, t.pos = (0, 0), (2, 0)
    bout.token = 0
    bout.activate(m)
    assert m.forfeited == 0


def test_the_second_to_activate_banks_his_defence_dice_up_to_his_spaces(scripted):
    bout = scripted()
    m, t = bout.g
    m.pos, t.pos, t.pool, m.pool = (0, 0), (1, 0), [D, D, D, L], [D, D, D]
    bout.token = 0  # the Murmillo goes first: he keeps two DEFENCE dice for reactions
    bout.finish_activation(m, t, 1)
    assert m.defence_tokens == 1 and m.pool == [D, D]
    bout.finish_activation(t, m, 1)  # the Thraex goes second: he banks all he has room for
    assert t.defence_tokens == 2 and t.pool == [D] and t.laurel_token == 1


def test_the_appeal_to_the_crowd(scripted):
    bout = scripted(2, 2)
    m, t = bout.g
    m.favour = 1  # 4 + 1 = 5: Iugula
    m.conceded = END_FINGER
    result = bout.result()
    assert (result.appeal, result.fates) == (5, (IUGULA, "won"))
    bout = scripted(2, 2)
    m, t = bout.g
    m.favour, m.conceded = 1, END_FINGER
    t.wounds = {Location.HEAD: 1}  # he drew blood: +1, 6: Mitte
    result = bout.result()
    assert (result.appeal, result.fates) == (6, (MITTE, "won"))
    bout = scripted(6, 6)
    m, t = bout.g
    m.disfavour, m.apathy, m.conceded = 2, 1, END_FINGER
    assert bout.result().appeal == 9


def test_the_optional_ten_turn_limit_is_a_draw():
    for seed in range(200):
        result = play(standard_setup(turn_limit=1), seed, record=False)
        assert result.turns == 1
        if result.winner is None:
            assert result.end_reason in (END_TURN_LIMIT, END_STANS)
            assert result.fates == ("draw", "draw") or "killed" in result.fates


def test_a_whole_bout_ends_with_a_reason_and_fates():
    result = play(standard_setup(), 3)
    assert result.events[-1].kind == "end"
    assert result.end_reason
    if result.winner is not None:
        assert result.fates[result.winner] == "won"
        assert result.fates[result.loser] in ("killed", "iugula", "mitte")
