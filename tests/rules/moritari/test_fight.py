"""The Moritari turn, rule by rule (seed 002), with scripted dice where a rule needs them."""

import pytest

from rules.core.errors import RulesError
from rules.core.events import Decision
from rules.moritari.board import distance, facing_towards
from rules.moritari.fight import BEASTS, IUGULA, MITTE, FighterSpec, Setup, play
from tests.rules.moritari.scripted import Dice, duel, put_in_contact, scripted


def test_a_hit_wounds_on_four_and_the_armour_saves():
    engine = scripted(duel(), 4, 6)  # the wound roll 4 (a gladiator wounds on 4+), save 6
    a, b = put_in_contact(engine)
    engine.strike(a, b)
    assert b.hit_points == 3  # the murmillo's scutum saves on 5+
    engine = scripted(duel(), 4, 4)
    a, b = put_in_contact(engine)
    engine.strike(a, b)
    assert b.hit_points == 2
    engine = scripted(duel(), 3)
    a, b = put_in_contact(engine)
    engine.strike(a, b)
    assert b.hit_points == 3  # 3 does not wound for a gladiator: no save rolled


def test_beasts_wound_on_three_and_a_man_without_armour_has_no_save():
    setup = Setup(
        (FighterSpec("Leo", "lion", BEASTS), FighterSpec("Iaculus", "retiarius", "nerva"))
    )
    engine = scripted(setup, 3)  # 3 wounds for a beast; the retiarius has no save to roll
    lion, man = engine.fighters
    engine.strike(lion, man)
    assert man.hit_points == 2


def test_the_thraex_adds_one_to_his_best_die_and_a_blow_from_behind_one_more():
    engine = scripted(duel(), 5, 2, 5, 2)
    a, b = put_in_contact(engine, facing_each_other=True)
    assert engine.dice(a, b) == [6, 2]  # the sica's +1
    a, b = put_in_contact(engine, facing_each_other=False)
    assert engine.dice(a, b) == [7, 2]  # and +1 from outside Rufus's front arc


def test_combat_compares_highest_with_highest_and_hits_both_ways():
    # Bithys rolls 5, 1 (6, 1 with the sica) and Rufus 5, 4: one pair each.
    # Then the wound rolls: Bithys's hit 4 (Rufus saves on 2: no), Rufus's hit 6 (no save 1).
    engine = scripted(duel(), 5, 1, 5, 4, 4, 2, 6, 1)
    a, b = put_in_contact(engine)
    engine.combat(a, b)
    assert (a.hit_points, b.hit_points) == (2, 2)
    kinds = [e.kind for e in engine.events]
    assert kinds == ["fight", "wound", "wound"]


def test_an_appeal_at_eight_is_spared_and_lies_still_a_turn_then_rises_with_one():
    engine = scripted(duel(), 4, 4)  # the appeal: 8
    engine.caesar = "nerva"
    a, b = put_in_contact(engine)
    b.hit_points = 0
    engine.out_of_action(b, a)
    assert b.state == "lying" and engine.barred is None  # Caesar followed the crowd
    lying_turn = engine.turn
    engine.turn = lying_turn + 1
    engine.rise()
    assert b.state == "lying"  # he lies still through the next turn
    engine.turn = lying_turn + 2
    engine.rise()
    assert b.state == "standing" and b.hit_points == 1


def test_an_appeal_under_eight_is_the_sword_and_a_man_who_put_another_out_adds_one():
    engine = scripted(duel(), 3, 4, 3, 4)
    engine.caesar = "nerva"
    a, b = put_in_contact(engine)
    engine.out_of_action(b, a)
    assert b.state == "dead"  # 7: the crowd wants him dead, and Caesar follows it
    engine = scripted(duel(), 3, 4)
    engine.caesar = "nerva"
    a, b = put_in_contact(engine)
    b.put_out = 1
    engine.out_of_action(b, a)
    assert b.state == "lying"  # 7 + 1
    assert any(e.kind == "appeal" and e.data["bonus"] == 1 for e in engine.events)


def test_beasts_never_appeal():
    setup = Setup((FighterSpec("Leo", "lion", BEASTS), FighterSpec("Bithys", "thraex", "nerva")))
    engine = scripted(setup)  # no dice at all: nothing is rolled
    lion, man = engine.fighters
    engine.out_of_action(lion, man)
    assert lion.state == "out" and man.put_out == 1
    assert [e.kind for e in engine.events] == ["beast-dead"]


def test_caesar_overruling_the_crowd_loses_the_title_next_turn():
    three = Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva", {"thumb": "sword"}),
            FighterSpec("Rufus", "murmillo", "gaius"),
            FighterSpec("Tigris", "samnite", "marcus"),
        )
    )
    engine = scripted(three, 6, 6)  # the appeal: 12, the crowd spares
    engine.caesar = "nerva"
    a, b, c = engine.fighters
    engine.out_of_action(b, a)
    assert b.state == "dead" and engine.barred == "nerva"  # his orders: the sword, always
    assert engine.overruled == {"nerva": 1}
    # Next turn nerva rolls the highest, yet the title goes to the next (marcus, 7 over 3).
    engine.rng = Dice(6, 6, 4, 3)
    engine.turn += 1
    rolls = engine.initiative()
    assert rolls == {"nerva": 12, "marcus": 7} and engine.caesar == "marcus"
    assert engine.barred is None  # the turn after, he may be Caesar again


def test_ties_for_initiative_roll_again_between_the_tied():
    three = Setup(tuple(FighterSpec(n, "murmillo", n) for n in ("nerva", "gaius", "marcus")))
    engine = scripted(three, 5, 5, 4, 6, 2, 3, 3, 3, 6, 1)  # 10, 10, 5: nerva and gaius again
    engine.turn = 1
    rolls = engine.initiative()
    assert engine.caesar == "gaius"  # 7 over 6
    assert rolls == {"nerva": 10, "gaius": 10, "marcus": 5}  # the first rolls rank the moves


def test_caesar_orders_the_fights_and_a_man_put_out_first_fights_no_more():
    three = Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva"),
            FighterSpec("Rufus", "murmillo", "gaius"),
            FighterSpec("Tigris", "samnite", "marcus", {"caesar": "ask"}),
        )
    )
    engine = scripted(three)
    a, b, c = engine.fighters
    a.square, b.square, c.square = (4, 4), (5, 4), (5, 5)
    engine.caesar = "marcus"
    pairs = engine.fights()
    assert pairs == [(0, 1), (0, 2), (1, 2)]
    # Caesar's own fights come first by default, then the rest in order.
    engine.rng = Dice(*([1] * 40))
    engine.given = [Decision("fight_order", 2, "1,2,0")]
    engine.melee()
    assert engine.used == [Decision("fight_order", 2, "1,2,0")]
    order = next(e for e in engine.events if e.kind == "order")
    assert order.text == (
        "Caesar (marcus) orders the fights: first Bithys v Tigris, then Rufus v Tigris, "
        "then Bithys v Rufus."
    )
    assert order.data["order"] == [1, 2, 0]


def test_a_decision_that_is_not_an_option_is_refused():
    setup = duel(caesar="ask")
    seed = next(s for s in range(200) if play(setup, s).pending is not None)
    pending = play(setup, seed).pending
    with pytest.raises(RulesError, match="not an order of|not one of"):
        play(setup, seed, [Decision(pending.kind, pending.entrant, "9,9")])


def test_a_single_fight_is_not_ordered_by_caesar():
    # One fight a turn leaves Caesar nothing to order: in a duel he is asked the moves' order
    # (while a man is free to move) and his thumb, never the fights' order.
    setup = duel(caesar="ask")
    for seed in range(30):
        decisions: list[Decision] = []
        for _ in range(100):
            result = play(setup, seed, decisions)
            if result.pending is None:
                break
            assert result.pending.kind in ("thumb", "move_order")
            pending = result.pending
            decisions.append(Decision(pending.kind, pending.entrant, pending.options[0]))


def test_a_player_who_plays_caesar_in_person_is_asked_and_the_answer_replays():
    setup = Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva", {"caesar": "ask"}),
            FighterSpec("Rufus", "murmillo", "gaius", {"caesar": "ask"}),
        )
    )
    decisions: list[Decision] = []
    for _ in range(200):
        result = play(setup, 11, decisions)
        if result.finished:
            break
        pending = result.pending
        assert pending.decider == "owner" and pending.options
        decisions.append(Decision(pending.kind, pending.entrant, pending.options[0]))
    assert result.finished
    again = play(setup, 11, decisions)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in result.events]


def test_an_engaged_man_does_not_move_he_only_turns():
    engine = scripted(duel())
    a, b = put_in_contact(engine)
    a.facing = 6  # his back to Rufus
    engine.move(a)
    assert a.square == (4, 4) and a.facing == 2 and a.pivoted


def test_a_mover_goes_straight_and_stops_at_contact_and_the_man_reached_turns_to_face_him():
    engine = scripted(duel())
    a, b = engine.fighters
    a.square, a.facing = (0, 4), 0
    b.square, b.facing = (6, 4), 0  # facing north, away from Bithys's line
    engine.move(a)
    assert a.square == (4, 4)  # the thraex moves 4, straight east
    engine.move(b)
    assert distance(b.square, a.square) == 1  # one square, into contact
    assert b.facing == facing_towards(b.square, a.square)  # then he pivots to face Bithys


def test_a_man_already_engaged_cannot_pivot_to_a_second_arrival():
    three = Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva"),
            FighterSpec("Rufus", "murmillo", "gaius"),
            FighterSpec("Tigris", "samnite", "marcus"),
        )
    )
    engine = scripted(three)
    a, b, c = engine.fighters
    a.square, a.facing = (4, 4), 2
    b.square, b.facing = (5, 4), 6  # Rufus and Bithys face each other
    c.square, c.facing = (5, 8), 0  # Tigris comes up behind Rufus... from the south
    engine.move(c)
    assert c.square == (5, 5) or c.square == (4, 5) or c.square == (6, 5)
    assert b.facing == 6  # Rufus was engaged: he may not turn to the newcomer


def test_a_fight_ends_when_one_side_is_left_and_the_winner_is_paid():
    result = play(duel(), 5)
    assert result.finished and result.winner in ("nerva", "gaius", None)
    if result.winner:
        assert {f.side for f in result.fighters if f.in_fight} == {result.winner}
    assert result.events[-1].kind == "end"


def test_a_fight_is_a_draw_after_the_turn_limit():
    result = play(duel(), 5, max_turns=1)
    if result.turns == 1 and len({f.side for f in result.fighters if f.in_fight}) > 1:
        assert result.winner is None and result.end_reason == "time"


def test_bad_setups_are_refused_by_name():
    with pytest.raises(RulesError, match="two fighters"):
        Setup((FighterSpec("Bithys", "thraex", "nerva"),))
    with pytest.raises(RulesError, match="two sides"):
        Setup((FighterSpec("A", "thraex", "nerva"), FighterSpec("B", "thraex", "nerva")))
    with pytest.raises(RulesError, match="only beasts"):
        FighterSpec("Leo", "lion", "nerva")
    with pytest.raises(RulesError, match="no Moritari fighter"):
        FighterSpec("X", "dragon", "nerva")
    with pytest.raises(RulesError, match="thumb orders"):
        FighterSpec("X", "thraex", "nerva", {"thumb": "maybe"})


def test_the_thumb_decision_spares_or_kills_as_caesar_says():
    setup = Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva", {"caesar": "ask"}),
            FighterSpec("Rufus", "murmillo", "gaius", {"caesar": "ask"}),
        )
    )
    decisions: list[Decision] = []
    thumbs = 0
    for _ in range(300):
        result = play(setup, 2, decisions)
        if result.finished:
            break
        pending = result.pending
        if pending.kind == "thumb":
            thumbs += 1
            decisions.append(Decision("thumb", pending.entrant, MITTE))
        else:
            decisions.append(Decision(pending.kind, pending.entrant, pending.options[0]))
    assert result.finished
    for event in result.events:
        if event.kind == "thumb":
            assert event.data["thumb"] == MITTE
    assert thumbs and IUGULA not in [e.data.get("thumb") for e in result.events]
