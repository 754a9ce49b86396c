"""Seed 000's rules one test each where the other files left them to a golden recording, and
the readings of docs/rules.md ("sands/2: the readings written down"), with scripted dice.

Issue 26's fixes are the engine sands/2; each has a test here that fails under sands/1's
reading (the test says which), and sands/1 keeps replaying as it was (test_golden.py)."""

import contextlib

import pytest

from rules.sands.bout import (
    END_DISABLED,
    END_FINGER,
    END_TRIPPED,
    END_TURN_LIMIT,
    FATIGUE_BOXES,
    MAX_TURNS,
    SANDS_1,
    SANDS_2,
    Bout,
    BoutOver,
    FighterSpec,
    Setup,
    play,
    standard_setup,
)
from rules.sands.dice import POOL_SIZE, Face
from rules.sands.kinds import Location

A, D, M, S, R, L = (
    Face.ATTACK,
    Face.DEFENCE,
    Face.MANOEUVRE,
    Face.SPECIAL,
    Face.RESPITE,
    Face.LAUREL,
)


class Script:
    def __init__(self, numbers):
        self.numbers = list(numbers)

    def __call__(self):
        assert self.numbers, "the engine rolled more dice than the script holds"
        return self.numbers.pop(0)


def carrying(numbers, a_carried=None, b_carried=None, engine=SANDS_2):
    """A Murmillo (a) and a Thraex (b) carrying these wound marks in, on scripted dice."""
    setup = Setup(
        FighterSpec("Verus", "murmillo", carried=a_carried or {}),
        FighterSpec("Bithys", "thraex", carried=b_carried or {}),
    )
    return Bout(setup, 0, dice=Script(numbers), engine_version=engine)


def place(bout, a_hex, b_hex, a_pool=(), b_pool=()):
    m, t = bout.g
    m.pos, t.pos = a_hex, b_hex
    m.pool, t.pool = list(a_pool), list(b_pool)
    return m, t


def kinds(bout):
    return [e.kind for e in bout.events]


# --- the crowd: Favour and Disfavour held apart (sands/2) -------------------------------------


def test_favour_and_disfavour_do_not_cancel(scripted):
    """The seed: "max two of either; a third Favour becomes a Fervour Token, a third
    Disfavour an Apathy Token". Fails under sands/1, where each Disfavour cancels a Favour."""
    bout = scripted()
    m, _ = bout.g
    bout.favour(m, "test")
    bout.favour(m, "test")
    for _ in range(3):
        bout.disfavour(m, "failed to entertain")
    assert (m.favour, m.disfavour, m.apathy) == (2, 2, 1)
    bout.favour(m, "test")  # a third Favour: Fervour, the Disfavour stays
    assert (m.favour, m.disfavour, m.fervour) == (2, 2, 1)


def test_a_man_who_fails_to_entertain_three_times_keeps_his_favour(scripted):
    """The issue's case, through the activations: Favour 2, Disfavour 2 and an Apathy Token."""
    bout = scripted(a={"crowd": "never"})
    m, t = bout.g
    m.favour = 2
    bout.token = 1
    for _ in range(3):
        place(bout, (-2, 0), (2, 0), [D], [])  # nothing to move with, no attack
        bout.activate(m)
    assert (m.favour, m.disfavour, m.apathy) == (2, 2, 1)


def test_the_appeal_counts_favour_and_disfavour_held_together(scripted):
    bout = scripted(3, 3)
    m, _ = bout.g
    m.favour, m.disfavour, m.conceded = 2, 2, END_FINGER
    assert bout.result().appeal == 6


# --- the appeal: blood drawn in this bout (sands/2) -------------------------------------------


def test_the_appeals_blood_is_drawn_in_this_bout_not_carried_in():
    """The winner came in with a lead arm wound: no +1 for it (sands/1 gave one)."""
    bout = carrying([2, 2], b_carried={"lead arm": 1})
    m, t = bout.g
    assert t.wounds == {Location.LEAD_ARM: 1}
    m.conceded = END_FINGER
    assert bout.result().appeal == 4  # 2+2, nothing more


def test_a_wound_drawn_in_this_bout_earns_the_appeals_plus_one():
    bout = carrying([2, 2], b_carried={"lead arm": 1})
    m, t = bout.g
    t.wounds[Location.HEAD] = 1  # the loser drew his blood today
    m.conceded = END_FINGER
    assert bout.result().appeal == 5


def test_sands_1_counted_the_winners_carried_wounds():
    bout = carrying([2, 2], b_carried={"lead arm": 1}, engine=SANDS_1)
    bout.g[0].conceded = END_FINGER
    assert bout.result().appeal == 5


# --- Dominant at the wall, as at initiative (sands/2) -----------------------------------------


def test_dominant_special_dice_count_in_the_wall_roll(scripted):
    """d6 2 + two Special dice = 4: he keeps his feet. Fails under sands/1 (2 + 0: collides)."""
    bout = scripted(2)
    m, t = place(bout, (3, 0), (4, 0), [], [S, S])
    bout.forced_off(t)
    assert (t.forfeited, t.fatigue, t.conceded) == (0, 0, None)
    assert bout.events[-1].get("bonus") == 2


def test_special_dice_do_not_help_the_murmillo_at_the_wall(scripted):
    bout = scripted(2, 5)  # 2 + 0: collides; the collision's 5: a Fatigue
    m, t = place(bout, (4, 0), (3, 0), [S, S], [])
    bout.forced_off(m)
    assert m.fatigue == 1


def test_sands_1_counted_only_manoeuvre_dice_at_the_wall(scripted):
    bout = scripted(2, 5, engine=SANDS_1)
    m, t = place(bout, (3, 0), (4, 0), [], [S, S])
    bout.forced_off(t)
    assert t.fatigue == 1


# --- Outflank and Stand Fast (sands/2) ----------------------------------------------------------


def test_a_man_outflanked_against_the_wall_may_stand_fast(scripted):
    """The Thraex steps from (3, -1) to (3, 0), putting the Murmillo's back to the wall; the
    Murmillo spends a DEFENCE die to Stand Fast and parries with the other. Attack 1+1 = 2,
    defence at disadvantage 1, 1, 1 -> 2 +3 = 5: missed, and he holds his hex. Fails under
    sands/1 (no Stand Fast against Outflank: he withdraws, off the grid, and rolls again)."""
    bout = scripted(1, 1, 1, 1, 1)
    m, t = place(bout, (4, -1), (3, -1), [D, D], [S])
    bout.attack(t, "outflank")
    assert t.pos == (3, 0) and t.fatigue == 1
    assert m.pos == (4, -1) and m.pool == []
    assert kinds(bout)[-1] == "stand_fast"
    assert not bout.script.numbers


# --- the readings written down (docs/rules.md) -------------------------------------------------


def test_rush_closes_up_to_two_hexes_and_falls_short_beyond(scripted):
    bout = scripted()
    m, t = place(bout, (-2, 0), (2, 0), [S], [])
    bout.attack(m, "rush")
    assert m.pos == (0, 0) and m.fatigue == 1
    assert kinds(bout)[-1] == "attack_short"  # no attack roll: he is not in contact
    assert "rush" in m.specials_used


def test_a_driven_attack_that_hits_goes_where_the_attacker_chooses(scripted):
    """Directly away from (1, -3) is (-1, -1); the Thraex drives the Murmillo to (-1, -2),
    the rear hex nearest the wall. 6+6 against 1+1: a hit; vitals, 1+1 +2 = 4: harried."""
    bout = scripted(6, 6, 1, 1, 1, 1, 1, 1)
    m, t = place(bout, (0, -2), (1, -3), [], [S])
    bout.attack(t, "driven_attack")
    assert m.pos == (-1, -2)
    bout = scripted(6, 6, 1, 1, 1, 1, 1, 1)  # the same attack, not driven: directly away
    m, t = place(bout, (0, -2), (1, -3), [], [A])
    bout.attack(t)
    assert m.pos == (-1, -1)


def test_elusive_strike_denies_the_parry_but_the_defence_die_still_dodges(scripted):
    bout = scripted(3, 3, 2, 2, 3, 3, 1, 1)
    m, t = place(bout, (1, 0), (0, 0), [D], [S])
    bout.attack(t, "elusive_strike")
    attack = next(e for e in bout.events if e.kind == "attack")
    assert (attack.get("parry"), attack.get("dodge"), attack.get("defence")) == (0, 1, 5)


def test_quick_step_spends_one_manoeuvre_die_for_two_hexes_and_a_fatigue(scripted):
    bout = scripted(a={"crowd": "never"})
    m, t = place(bout, (-2, 0), (2, 0), [M, M], [])
    bout.token = 0
    bout.activate(m)
    hows = [e.get("how") for e in bout.events if e.kind == "move"]
    assert hows == ["quick step", "quick step", "manoeuvre"]  # two dice, three hexes
    assert m.pos == (1, 0) and m.fatigue == 1 and m.pool == []


def test_a_harried_blow_tires_him_and_earns_no_favour(scripted):
    # 6+6 against 1+1; head (4+4); 2+3 +1 Strong -2 helmet = 4: harried.
    bout = scripted(6, 6, 1, 1, 4, 4, 2, 3)
    m, t = place(bout, (0, 0), (1, 0), [A], [])
    bout.attack(m)
    assert t.fatigue == 1 and t.wounds == {}
    assert m.favour == 0 and not m.wounded_opponent


def test_hurt_counts_the_wound_marks_he_carried_in():
    bout = carrying([], a_carried={"torso": 3})
    m, _ = bout.g
    bout.fatigue_phase()
    assert (m.hurt, m.surrendered) == (1, 1)
    assert bout.conditions(m) == 1


def test_the_safety_stop_ends_a_bout_with_no_limit_at_forty_turns_as_a_draw():
    assert MAX_TURNS == 40
    stopped = 0
    for seed in range(12):
        bout = Bout(standard_setup(), seed)
        bout.turn = MAX_TURNS - 1  # the last turn before the stop
        result = bout.run()
        assert result.turns == MAX_TURNS
        if result.end_reason == END_TURN_LIMIT:
            stopped += 1
            assert result.winner is None and result.fates == ("draw", "draw")
    assert stopped  # most last turns end nothing: the stop ends them


# --- seed rules with no test of their own before ------------------------------------------------


def test_each_kind_rolls_six_action_dice(scripted):
    bout = scripted(*([1, 2, 3, 4, 5, 6] * 2))
    bout.roll_phase()
    assert [len(g.pool) for g in bout.g] == [POOL_SIZE, POOL_SIZE] == [6, 6]
    assert [g.kind.key for g in bout.g] == ["murmillo", "thraex"]


def test_the_initiative_holder_activates_first(scripted):
    bout = scripted()
    place(bout, (-2, 0), (2, 0), [], [])
    bout.token = 1
    with contextlib.suppress(BoutOver):
        bout.activation_phase()
    assert [e.who for e in bout.events if e.kind == "activation"] == [1, 0]


def test_an_attack_needs_contact_first(scripted):
    """Two hexes away with a MANOEUVRE and an ATTACK die: he steps into contact, then
    attacks (6+6 against 1+1; vitals, 1+1 +1 +2 = 5: a flesh wound)."""
    bout = scripted(6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    m, t = place(bout, (-1, 0), (1, 0), [M, A], [])
    bout.token = 0
    bout.activate(m)
    assert kinds(bout).index("move") < kinds(bout).index("attack")
    bout = scripted(a={"crowd": "never"})
    m, t = place(bout, (-2, 0), (2, 0), [A], [])  # an ATTACK die and no way to close
    bout.activate(m)
    assert "attack" not in kinds(bout) and m.pos == (-2, 0)


def test_catch_your_breath_is_refused_when_adjacent(scripted):
    bout = scripted(a={"crowd": "never"})
    m, t = place(bout, (0, 0), (1, 0), [R, R], [])
    m.fatigue = 3
    bout.token = 0
    bout.activate(m)
    assert m.fatigue == 3 and "catch_breath" not in kinds(bout)
    bout = scripted(a={"crowd": "never"})
    m, t = place(bout, (-1, 0), (1, 0), [R, R], [])  # one hex between: he may
    m.fatigue = 3
    bout.activate(m)
    assert m.fatigue == 1 and kinds(bout).count("catch_breath") == 2


def test_ending_adjacent_entertains_the_crowd(scripted):
    bout = scripted()
    m, t = place(bout, (0, 0), (1, 0), [D], [])
    bout.token = 0
    bout.activate(m)  # no attack, no step, but in contact
    assert m.disfavour == 0


def test_bleed_tokens_are_never_removed(scripted):
    bout = scripted()
    m, _ = bout.g
    m.bleed = 2
    bout.fatigue_phase()
    bout.end_phase()
    assert m.bleed == 2


@pytest.mark.parametrize("version", [SANDS_1, SANDS_2])
def test_no_bout_ever_lowers_a_bleed_token(version):
    seen = 0
    for seed in range(40):
        result = play(standard_setup({"crowd": "always"}), seed, engine_version=version)
        for who in (0, 1):
            counts = [dict(e.state.tokens[who])["bleed"] for e in result.events]
            assert counts == sorted(counts)
            seen += counts[-1] > 0
    assert seen  # some bouts bled


@pytest.mark.parametrize(
    ("location", "dice", "conceded", "forfeited"),
    [
        (Location.VITALS, (1, 1, 4, 4), END_DISABLED, 0),  # 2: vitals; 8 +1 +2 = 11
        (Location.REAR_LEG, (1, 2, 5, 6), None, 1),  # 3: rear leg; 11 +1 -1 = 11
        (Location.LEAD_LEG, (2, 2, 5, 6), None, 1),  # 4: lead leg; 11 +1 -1 = 11
        (Location.REAR_ARM, (5, 5, 5, 6), None, 1),  # 10: rear arm; 11 +1 -1 = 11
    ],
)
def test_slow_kill_at_the_other_locations(scripted, location, dice, conceded, forfeited):
    bout = scripted(6, 6, 1, 1, *dice)
    m, t = place(bout, (0, 0), (1, 0), [A], [])
    with contextlib.suppress(BoutOver):
        bout.attack(m)
    assert t.wounds[location] == 2 and t.bleed == 1
    assert (t.conceded, t.forfeited) == (conceded, forfeited)


def test_an_exhausted_man_fills_the_track_and_no_more(scripted):
    bout = scripted()
    m, _ = bout.g
    bout.tire(m, FATIGUE_BOXES + 5, "test")
    assert m.fatigue == FATIGUE_BOXES


def test_an_unknown_engine_is_refused_by_name():
    from rules.core.errors import RulesError

    with pytest.raises(RulesError, match="sands/9"):
        play(standard_setup(), 1, engine_version="sands/9")


def test_tripped_by_a_slow_kill_to_the_torso_under_both_engines(scripted):
    for version in (SANDS_1, SANDS_2):
        bout = scripted(6, 6, 1, 1, 6, 6, 4, 4, engine=version)
        m, t = place(bout, (0, 0), (1, 0), [A], [])
        with contextlib.suppress(BoutOver):
            bout.attack(m)
        assert t.conceded == END_TRIPPED
