"""Seed 002, line by line, under the current engine (`moritari/2`): each rule has its own test
here or in test_fight.py / test_compare.py (docs/rules.md "Moritari: the seed, rule by rule").
The dice are scripted (`scripted`), so each test shows one rule deciding the result."""

import itertools

import pytest

from rules.core.errors import RulesError
from rules.core.events import Decision
from rules.moritari import fight
from rules.moritari.board import facing_towards
from rules.moritari.fight import BEASTS, MAX_TURNS, MITTE, FighterSpec, Setup, play
from rules.moritari.kinds import HIT_POINTS, KINDS, KINDS_V1
from tests.rules.moritari.scripted import duel, put_in_contact, scripted


def three_players(**orders):
    """Bithys (nerva), Rufus (gaius), Tigris (marcus): `orders` by side."""
    return Setup(
        tuple(
            FighterSpec(name, "murmillo", side, orders.get(side, {}))
            for name, side in (("Bithys", "nerva"), ("Rufus", "gaius"), ("Tigris", "marcus"))
        )
    )


def fight_events(engine):
    return [(e.entrant, e.data["foe"]) for e in engine.events if e.kind == "fight"]


# --- Initiative: "Chaque joueur lance 2D6. Le plus haut score sera César pour un tour." -----


def test_the_highest_initiative_roll_is_caesar_and_beasts_roll_none():
    setup = Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva"),
            FighterSpec("Rufus", "murmillo", "gaius"),
            FighterSpec("Leo", "lion", BEASTS),
        )
    )
    engine = scripted(setup, 3, 4, 5, 4)  # nerva 7, gaius 9: the beasts roll nothing
    engine.turn = 1
    assert engine.initiative() == {"nerva": 7, "gaius": 9}
    assert engine.caesar == "gaius" and engine.rng.faces == []


def test_a_tie_at_the_top_is_rolled_again_by_the_tied_alone_among_themselves():
    # nerva 10, gaius 10, marcus 9: only nerva and gaius roll again (3 and 4). Marcus's 9 is
    # an old first roll: it is not compared with their new ones (it was, under moritari/1).
    engine = scripted(three_players(), 5, 5, 4, 6, 4, 5, 1, 2, 2, 2)
    engine.turn = 1
    rolls = engine.initiative()
    assert engine.caesar == "gaius"
    assert rolls == {"nerva": 10, "gaius": 10, "marcus": 9}  # the first rolls
    assert engine.rng.faces == []
    retie = [e for e in engine.events if e.kind == "initiative"][1]
    assert retie.text == "nerva and gaius tie and roll again: nerva 3, gaius 4."


def test_three_tied_roll_again_until_one_is_highest():
    # 8, 8, 8; then 6, 6, 2 (marcus is out of it); then nerva 5, gaius 9.
    faces = (4, 4, 3, 5, 2, 6, 3, 3, 1, 5, 1, 1, 2, 3, 4, 5)
    engine = scripted(three_players(), *faces)
    engine.turn = 1
    engine.initiative()
    assert engine.caesar == "gaius" and engine.rng.faces == []


def test_the_player_who_overruled_rolls_but_the_tie_for_caesar_is_among_the_others():
    engine = scripted(three_players(), 6, 6, 4, 5, 5, 4, 1, 1, 3, 3)
    engine.barred = "nerva"  # 12, but he overruled the crowd last turn
    engine.turn = 2
    engine.initiative()
    assert engine.caesar == "marcus"  # gaius 9 and marcus 9 roll again: 2 against 6
    assert engine.barred is None


# --- "César décide de l'ordre de toutes les actions": the moves --------------------------


def test_by_default_caesar_moves_his_men_first_then_by_initiative_and_the_beasts_last():
    setup = Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva"),
            FighterSpec("Leo", "lion", BEASTS),
            FighterSpec("Rufus", "murmillo", "gaius"),
            FighterSpec("Tigris", "samnite", "marcus"),
        )
    )
    engine = scripted(setup, 2, 2, 3, 3, 6, 6)  # nerva 4, gaius 6, marcus 12: Caesar
    engine.turn = 1
    rolls = engine.initiative()
    moving = engine.move_order(engine.movers(rolls))
    assert [f.name for f in moving] == ["Tigris", "Rufus", "Bithys", "Leo"]
    line = next(e for e in engine.events if e.kind == "move-order")
    assert line.text == (
        "Caesar (marcus) orders the moves: first Tigris, then Rufus, then Bithys, then Leo."
    )


def test_caesar_in_person_orders_the_moves_any_way_and_the_men_move_in_his_order():
    setup = three_players(nerva={"caesar": "ask"})
    for order in itertools.permutations([0, 1, 2]):
        choice = ",".join(map(str, order))
        engine = scripted(setup, decisions=[Decision("move_order", 0, choice)])
        engine.caesar, engine.turn = "nerva", 1
        moving = engine.move_order(engine.movers({"nerva": 9, "gaius": 7, "marcus": 5}))
        assert [f.index for f in moving] == list(order)
        assert engine.used == [Decision("move_order", 0, choice)]


def test_a_turn_moves_the_men_in_the_order_caesar_gives():
    setup = three_players(nerva={"caesar": "ask"})
    # nerva 12 is Caesar (gaius 2, marcus 4); then he orders Tigris, Rufus, Bithys.
    engine = scripted(setup, 6, 6, 1, 1, 2, 2, decisions=[Decision("move_order", 0, "2,1,0")])
    for fighter, square in zip(engine.fighters, [(0, 0), (9, 0), (0, 9)], strict=True):
        fighter.square = square  # far apart: nobody reaches anybody this turn
    engine.turn = 1
    engine.play_turn()
    assert [e.entrant for e in engine.events if e.kind == "move"] == [2, 1, 0]
    assert engine.used == [Decision("move_order", 0, "2,1,0")] and engine.rng.faces == []


def test_caesar_who_asks_is_asked_the_moves_and_the_fight_waits():
    setup = three_players(nerva={"caesar": "ask"})
    engine = scripted(setup)
    engine.caesar, engine.turn = "nerva", 1
    with pytest.raises(fight._Waiting) as waiting:
        engine.move_order(engine.movers({"nerva": 9, "gaius": 7, "marcus": 5}))
    pending = waiting.value.pending
    assert pending.kind == "move_order" and pending.entrant == 0
    assert pending.options[0] == "0,1,2"
    assert pending.prompt == "Caesar (nerva), order the moves: 1. Bithys; 2. Rufus; 3. Tigris"


def test_nobody_is_asked_the_moves_when_every_man_is_engaged():
    engine = scripted(duel(caesar="ask"))
    put_in_contact(engine)
    engine.caesar = "nerva"
    moving = engine.move_order(engine.movers({"nerva": 9, "gaius": 7}))
    assert [f.name for f in moving] == ["Bithys", "Rufus"] and engine.used == []


# --- "César décide dans quel ordre les combats sont résolus": any order --------------------


def three_fights(**orders):
    engine = scripted(three_players(**orders), *([1] * 40))  # every die 1: no hit, no wound
    a, b, c = engine.fighters
    a.square, b.square, c.square = (4, 4), (5, 4), (5, 5)
    return engine


@pytest.mark.parametrize("order", list(itertools.permutations([0, 1, 2])))
def test_caesar_may_give_any_order_of_the_fights_and_they_are_fought_in_it(order):
    choice = ",".join(map(str, order))
    engine = three_fights(marcus={"caesar": "ask"})
    engine.given = [Decision("fight_order", 2, choice)]
    engine.caesar = "marcus"
    pairs = engine.fights()
    engine.melee()
    assert fight_events(engine) == [pairs[i] for i in order]  # Caesar's order, followed


@pytest.mark.parametrize("choice", ["0,0,1", "0,1", "a,b,c", "0, 1, 2", "0,1,2,3"])
def test_an_order_that_does_not_name_each_fight_once_is_refused(choice):
    engine = three_fights(marcus={"caesar": "ask"})
    engine.given = [Decision("fight_order", 2, choice)]
    engine.caesar = "marcus"
    with pytest.raises(RulesError, match="not an order of 0, 1, 2"):
        engine.melee()


def test_the_fights_are_offered_numbered_from_one_with_the_men_named():
    engine = three_fights(marcus={"caesar": "ask"})
    engine.caesar = "marcus"
    with pytest.raises(fight._Waiting) as waiting:
        engine.melee()
    pending = waiting.value.pending
    assert pending.prompt == (
        "Caesar (marcus), order the fights: 1. Bithys v Rufus; 2. Bithys v Tigris; "
        "3. Rufus v Tigris"
    )
    assert pending.options[0] == "1,2,0"  # by default his own fights first


def test_the_default_order_puts_caesars_fights_first_in_words():
    engine = three_fights()
    engine.caesar = "marcus"
    engine.melee()
    line = next(e for e in engine.events if e.kind == "order")
    assert line.text == (
        "Caesar (marcus) orders the fights: first Bithys v Tigris, then Rufus v Tigris, "
        "then Bithys v Rufus."
    )


# --- Movement and contact ---------------------------------------------------------------


def test_a_man_fights_only_if_his_base_touches_an_enemys():
    engine = scripted(duel())
    a, b = engine.fighters
    a.square, b.square = (4, 4), (6, 4)  # one square between them
    assert engine.fights() == []
    b.square = (5, 5)  # the diagonal: the bases touch
    assert engine.fights() == [(0, 1)]


def test_every_fighter_starts_with_three_hit_points():
    setup = Setup((FighterSpec("Bithys", "thraex", "nerva"), FighterSpec("Leo", "lion", BEASTS)))
    assert HIT_POINTS == 3
    assert [f.hit_points for f in scripted(setup).fighters] == [3, 3]


def hemmed_in():
    """Rufus in the corner, facing south towards Tigris, his own men round him: he can
    neither move nor need to turn. Bithys stands to the east."""
    setup = Setup(
        (
            FighterSpec("Rufus", "murmillo", "gaius"),
            FighterSpec("Crixus", "murmillo", "gaius"),
            FighterSpec("Verus", "murmillo", "gaius"),
            FighterSpec("Gannicus", "murmillo", "gaius"),
            FighterSpec("Tigris", "samnite", "marcus"),
            FighterSpec("Bithys", "thraex", "nerva"),
        )
    )
    engine = scripted(setup)
    squares = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 4), (5, 0)]
    for fighter, square in zip(engine.fighters, squares, strict=True):
        fighter.square = square
    engine.fighters[0].facing = 4  # south, towards Tigris
    engine.fighters[5].facing = 6  # west
    return engine


def test_a_man_who_neither_moved_nor_turned_keeps_his_pivot_for_a_flank_attack():
    engine = hemmed_in()
    rufus, crixus, verus, gannicus, _, bithys = engine.fighters
    engine.move(rufus)
    assert rufus.square == (0, 0) and rufus.facing == 4 and not rufus.pivoted
    crixus.square, verus.square, gannicus.square = (9, 9), (8, 9), (9, 8)  # they go elsewhere
    engine.move(bithys)  # Bithys comes west along the top edge, onto Rufus's flank
    assert bithys.square == (1, 0)
    assert rufus.facing == facing_towards((0, 0), (1, 0))  # he turns to face him
    assert any(e.kind == "pivot" and e.entrant == 0 for e in engine.events)


def test_one_pivot_a_turn_a_man_who_turned_cannot_turn_again_to_a_newcomer():
    engine = hemmed_in()
    rufus, crixus, verus, gannicus, tigris, bithys = engine.fighters
    rufus.facing = 2  # east: he must turn south towards Tigris, his one pivot this turn
    engine.move(rufus)
    assert rufus.facing == 4 and rufus.pivoted
    crixus.square, verus.square, gannicus.square = (9, 9), (8, 9), (9, 8)
    engine.move(bithys)
    assert bithys.square == (1, 0) and rufus.facing == 4  # no second pivot


# --- To hit: "Chaque gladiateur lance 2D (les animaux 3, le rhinocéros 1)" -----------------


@pytest.mark.parametrize("key", list(KINDS))
def test_each_kind_rolls_the_seeds_dice(key):
    kind = KINDS[key]
    seed_dice = 1 if key == "rhinoceros" else 3 if kind.beast else 2
    assert kind.dice == seed_dice
    fighter = FighterSpec("X", key, BEASTS if kind.beast else "nerva")
    engine = scripted(Setup((fighter, FighterSpec("Rufus", "murmillo", "gaius"))), *[3] * 3)
    a, b = put_in_contact(engine)
    assert len(engine.dice(a, b)) == seed_dice
    assert len(engine.rng.faces) == 3 - seed_dice  # exactly that many drawn


def test_the_retiarius_rolls_two_dice_and_his_trident_adds_one_to_the_best():
    engine = scripted(duel("retiarius"), 4, 2)
    a, b = put_in_contact(engine)
    assert engine.dice(a, b) == [5, 2] and engine.rng.faces == []
    assert KINDS_V1["retiarius"].dice == 3  # moritari/1's retiarius, kept for its replays


def test_the_rhinoceros_rolls_one_die_and_adds_two():
    setup = Setup((FighterSpec("Rhino", "rhinoceros", BEASTS), FighterSpec("R", "murmillo", "g")))
    engine = scripted(setup, 4)
    a, b = put_in_contact(engine)
    assert engine.dice(a, b) == [6]


def test_the_fight_line_is_in_words():
    engine = scripted(duel(), 5, 1, 5, 4, 1, 1)  # a hit each way; neither wounds
    a, b = put_in_contact(engine)
    engine.combat(a, b)
    assert engine.events[0].text == (
        "Bithys rolls 6 and 1, Rufus 5 and 4: Bithys hits once, Rufus hits once."
    )


# --- The appeal: "+1 si le gladiateur a lui-même mis un autre combattant hors de combat" ----


def test_a_double_knock_out_gives_both_men_the_plus_one():
    # Bithys 6, 1 (the sica's +1) against Rufus 5, 4: a hit each. Bithys's wounds (4; Rufus's
    # save 2), Rufus's wounds (6; Bithys's save 1): both at 0. Each appeals 3 + 4 + 1 = 8.
    engine = scripted(duel(), 5, 1, 5, 4, 4, 2, 6, 1, 3, 4, 3, 4)
    engine.caesar = "nerva"  # following the crowd
    a, b = put_in_contact(engine)
    a.hit_points = b.hit_points = 1
    engine.combat(a, b)
    appeals = [e for e in engine.events if e.kind == "appeal"]
    assert [e.data["bonus"] for e in appeals] == [1, 1]
    assert a.state == b.state == "lying" and a.put_out == b.put_out == 1


# --- "Les animaux ne font jamais appel à la foule et ignorent son verdict" ------------------


def lion_by_a_spared_man(*faces):
    setup = Setup(
        (
            FighterSpec("Leo", "lion", BEASTS),
            FighterSpec("Rufus", "murmillo", "gaius"),
            FighterSpec("Bithys", "thraex", "nerva"),
        )
    )
    engine = scripted(setup, *faces)
    leo, rufus, bithys = engine.fighters
    leo.square, rufus.square, bithys.square = (4, 4), (5, 4), (6, 4)
    leo.facing, bithys.facing = 2, 6
    rufus.state, rufus.hit_points, rufus.lying_since = "lying", 0, 1  # spared last turn
    engine.turn = 2
    return engine


def test_a_beast_mauls_a_man_the_crowd_spared_and_a_wound_kills_him():
    engine = lion_by_a_spared_man(3, 2)  # the lion wounds on 3; Rufus's save 2 fails
    assert engine.fights() == [(0, 1)]  # Bithys may not strike the spared man; the lion may
    engine.melee()
    leo, rufus, _ = engine.fighters
    assert rufus.state == "dead" and leo.put_out == 1
    assert [e.kind for e in engine.events][-4:] == ["order", "maul", "wound", "mauled"]


def test_a_spared_man_a_beast_falls_on_may_be_saved_by_his_armour():
    engine = lion_by_a_spared_man(3, 5)  # his scutum saves on 5
    engine.melee()
    assert engine.fighters[1].state == "lying"


def test_a_beast_goes_for_a_man_lying_spared():
    engine = lion_by_a_spared_man()
    leo, rufus, bithys = engine.fighters
    leo.square, bithys.square = (9, 4), (0, 0)  # Rufus, lying, is the nearest to the lion
    engine.move(leo)
    assert leo.square == (6, 4)  # straight west, stopping as its base touches him


def test_a_man_never_strikes_a_man_lying_spared():
    engine = lion_by_a_spared_man()
    leo, rufus, bithys = engine.fighters
    leo.square = (0, 9)
    assert engine.fights() == [] and engine.contacts(bithys) == []


# --- The end: the safety stop ------------------------------------------------------------


def test_a_fight_still_going_at_the_turn_limit_is_a_draw_by_time():
    # No man loses 3 hit points in one turn (two hits at most a fight): after one turn of a
    # duel both are still in it, so a limit of one turn ends it a draw.
    for seed in range(10):
        result = play(duel(), seed, max_turns=1)
        assert result.finished and result.turns == 1
        assert result.winner is None and result.end_reason == "time"
        assert result.events[-1].text == "Nobody wins: a draw."
    assert MAX_TURNS == 30


def test_a_thumb_decision_is_replayed_whatever_the_engine_version():
    setup = duel(caesar="ask")
    for version in ("moritari/1", "moritari/2"):
        decisions: list[Decision] = []
        result = play(setup, 3, decisions, engine_version=version)
        while result.pending is not None:
            pending = result.pending
            choice = MITTE if pending.kind == "thumb" else pending.options[0]
            decisions.append(Decision(pending.kind, pending.entrant, choice))
            result = play(setup, 3, decisions, engine_version=version)
        assert result.engine_version == version
        again = play(setup, 3, decisions, engine_version=version)
        assert [e.to_dict() for e in again.events] == [e.to_dict() for e in result.events]
