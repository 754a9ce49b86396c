"""Wounds carried into a bout (`Entrant.wounds`), and the one ScriptedDice of bout and race.

A man sent out before rest has healed him starts the bout at the Wounds he carries: they count
toward incapacitation (Wounds reaching his Wound Points; era-bout/1: exceeding them), the wound
yield (past half his Wound Points) and the unhurt yield (under half). With none carried in,
every bout is fought as before.
"""

import json
from pathlib import Path

import pytest

from rules.era import dice as rules_dice
from rules.era import race, rolls
from rules.era.bout import (
    BoutSetup,
    Decision,
    EndReason,
    Entrant,
    EventKind,
    Side,
    fight_bout,
)
from rules.era.dice import Outcome, Pool, RulesError
from rules.era.odds import bout_odds
from rules.era.orders import CAUTIOUS, NEVER_YIELD, Orders
from rules.era.rolls import ScriptedDice
from rules.era.sheet import Fighter

ROOT = Path(__file__).resolve().parents[3]
MISS = Outcome(0, 0)
TWO_WOUNDS = Outcome(1, 0)  # the thraex's 5 damage less the murmillo's Resistance 3
ASK_YIELD = Orders(name="asked", ask=frozenset({"yield"}))
V1 = "era-bout/1"  # the reading these bouts were first fought under: Wounds must exceed


def pair(b_wounds=0, b_orders=CAUTIOUS, *, a_wounds=0, first=Side.A) -> BoutSetup:
    """Aulus the thraex (a, first) against Balbus the murmillo (b), Melee 2, favor 2 each."""
    a = Entrant(Fighter("Aulus"), "thraex", 2, CAUTIOUS, wounds=a_wounds)
    b = Entrant(Fighter("Balbus"), "murmillo", 2, b_orders, wounds=b_wounds)
    return BoutSetup(a, b, first=first)


def scripted(setup, outcomes, d100s=(), **kwargs):
    return fight_bout(setup, seed=0, dice=ScriptedDice(outcomes, d100s), **kwargs)


def events(result, kind):
    return [event for event in result.events if event.kind is kind]


# --- incapacitation ---------------------------------------------------------------------------


def test_a_man_carrying_12_of_13_is_incapacitated_by_a_two_wound_hit():
    result = scripted(pair(12, NEVER_YIELD), [TWO_WOUNDS])
    assert result.finished and result.rounds == 1
    assert (result.winner, result.loser) == (Side.A, Side.B)
    assert result.end_reason is EndReason.INCAPACITATED
    assert (result.b.wounds, result.b.wound_points) == (14, 13)
    (attack,) = events(result, EventKind.ATTACK)
    assert (attack.wounds, attack.total_wounds) == (2, 14)
    assert "2 Wounds (14 of 13)" in attack.text


def test_under_era_bout_1_wounds_up_to_wound_points_are_not_yet_incapacitation():
    # 11 + 2 = 13 does not exceed 13: he fights on, and the next hit drops him.
    result = scripted(pair(11, NEVER_YIELD), [TWO_WOUNDS, MISS, TWO_WOUNDS], engine_version=V1)
    assert result.rounds == 2 and result.end_reason is EndReason.INCAPACITATED
    assert [e.total_wounds for e in events(result, EventKind.ATTACK) if e.hit] == [13, 15]


def test_wounds_reaching_wound_points_incapacitate():
    # era-bout/2: 11 + 2 = 13 of 13 drops him at once.
    result = scripted(pair(11, NEVER_YIELD), [TWO_WOUNDS])
    assert result.rounds == 1 and result.end_reason is EndReason.INCAPACITATED
    assert result.b.wounds == result.b.wound_points == 13


def test_a_man_carrying_all_his_wound_points_cannot_be_sent_out_under_era_bout_2():
    with pytest.raises(RulesError, match="side b carries 13 Wounds of his 13 Wound Points"):
        scripted(pair(13, NEVER_YIELD), [TWO_WOUNDS])
    # era-bout/1 sent him out, and his next Wound dropped him
    old = scripted(pair(13, NEVER_YIELD), [TWO_WOUNDS], engine_version=V1)
    assert old.end_reason is EndReason.INCAPACITATED and old.b.wounds == 15


def test_the_same_hit_on_a_fresh_man_is_only_two_wounds():
    result = scripted(pair(0, NEVER_YIELD), [TWO_WOUNDS, MISS], max_rounds=1)
    assert not result.finished and result.b.wounds == 2


# --- the yields -------------------------------------------------------------------------------


def test_carried_wounds_count_toward_the_wound_yield_at_his_first_turn():
    # Cautious, 12 of 13: the murmillo's smallest hit (2) would drop him, so he yields at
    # the start of his first turn, honorably (past half his Wound Points): no unhurt line.
    result = scripted(pair(12), [MISS])
    assert result.end_reason is EndReason.YIELD and result.loser is Side.B
    assert result.rounds == 1 and result.b.wounds == 12 and result.b.favor == 2
    assert "yields honorably" in events(result, EventKind.YIELD)[0].text
    assert not events(result, EventKind.FAVOR)


def test_carried_wounds_and_a_hit_together_reach_the_wound_yield():
    # 10 carried: one more 2-Wound hit would make 12, not drop him, so he fights; hit to 12,
    # the next would bring him to 13, his Wound Points: he yields.
    fresh = scripted(pair(10), [MISS, MISS], max_rounds=1)
    assert not fresh.finished
    hit = scripted(pair(10), [TWO_WOUNDS])
    assert hit.end_reason is EndReason.YIELD and hit.b.wounds == 12 and hit.rounds == 1


def test_under_era_bout_1_the_wound_yield_waits_for_a_hit_that_would_exceed():
    # 11 carried: one more hit would make 13, not exceed 13, so he fights; hit to 13, he yields.
    fresh = scripted(pair(11), [MISS, MISS], max_rounds=1, engine_version=V1)
    assert not fresh.finished
    hit = scripted(pair(11), [TWO_WOUNDS], engine_version=V1)
    assert hit.end_reason is EndReason.YIELD and hit.b.wounds == 13 and hit.rounds == 1


@pytest.mark.parametrize(
    ("carried", "honorable"),
    [(0, False), (6, False), (7, True), (12, True)],  # 2 x Wounds against 13 Wound Points
)
def test_the_unhurt_yield_reads_the_wounds_carried_in(carried, honorable):
    answer = [Decision("yield", "b", "yield")]
    result = scripted(pair(carried, ASK_YIELD), [MISS], decisions=answer)
    assert result.end_reason is EndReason.YIELD and result.b.wounds == carried
    assert ("honorably" if honorable else "unhurt") in events(result, EventKind.YIELD)[0].text
    assert result.b.favor == (2 if honorable else 1)


# --- the log ----------------------------------------------------------------------------------


def test_the_starting_wounds_open_the_log():
    result = scripted(pair(9, a_wounds=3), [MISS, MISS], max_rounds=1)
    start = events(result, EventKind.START)
    assert [(e.round, e.actor, e.total_wounds) for e in start] == [(0, Side.A, 3), (0, Side.B, 9)]
    assert start[1].text == "Balbus comes out carrying 9 Wounds (9 of 13)."
    assert result.events[:2] == tuple(start)  # before "acts first"
    assert start[0].as_dict() == {
        "round": 0,
        "kind": "start",
        "text": "Aulus comes out carrying 3 Wounds (3 of 13).",
        "actor": "a",
        "total_wounds": 3,
    }
    json.dumps(result.as_dict())  # still JSON


def test_no_start_event_without_wounds_carried_in():
    result = scripted(pair(0, a_wounds=1), [MISS, MISS], max_rounds=1)
    assert [e.actor for e in events(result, EventKind.START)] == [Side.A]
    assert "1 Wound (1 of 13)" in result.events[0].text


def test_the_fast_path_fights_the_same_bout_with_wounds_carried_in():
    setup = pair(8, a_wounds=5, first=None)
    for seed in range(40):
        logged, fast = fight_bout(setup, seed=seed), fight_bout(setup, seed=seed, record=False)
        assert (fast.winner, fast.end_reason, fast.rounds) == (
            logged.winner,
            logged.end_reason,
            logged.rounds,
        )
        assert (fast.a, fast.b) == (logged.a, logged.b)


# --- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wounds", "message"),
    [
        (14, "wounds must be from 0 to 13; got 14"),
        (-1, "wounds must be from 0 to 13; got -1"),
        ("2", "wounds must be a whole number from 0 to 13; got '2'"),
        (True, "wounds must be a whole number from 0 to 13; got True"),
    ],
)
def test_bad_wounds_name_the_field_and_the_range(wounds, message):
    with pytest.raises(RulesError) as error:
        Entrant(Fighter(), wounds=wounds)
    assert str(error.value) == message
    assert isinstance(error.value, ValueError)


def test_the_range_is_the_mans_own_wound_points():
    assert Entrant(Fighter(might=5), wounds=15).wounds == 15
    with pytest.raises(RulesError, match="wounds must be from 0 to 11; got 12"):
        Entrant(Fighter(might=1), wounds=12)


# --- nothing carried in: the bout is fought as before -----------------------------------------


def _setups(wounds: dict) -> list[BoutSetup]:
    """The seed's Forum pair and a Samnite with an old injury against a never-yield thraex.

    `wounds` is added to every Entrant; {} builds them as before the field existed.
    """
    forum = BoutSetup(
        Entrant(Fighter("Bithys", melee=3), "thraex", 3, "cautious", **wounds),
        Entrant(Fighter("the murmillo"), "murmillo", 2, "cautious", **wounds),
    )
    samnite = BoutSetup(
        Entrant(Fighter("Tigris"), "samnite", 3, "fight-on", carried_injuries=1, **wounds),
        Entrant(Fighter("Bithys", melee=3), "thraex", 2, "never-yield", **wounds),
    )
    return [forum, samnite]


SEEDS = (1, 2, 3, 7, 42, 1234, 99999)

# (winner, end, rounds, favor a, favor b, wounds a, wounds b, events), as the engine fought these
# bouts before it took Wounds carried in (era-bout/1): with none carried in, nothing may move.
BEFORE = {
    "forum": {
        1: ("b", "yield", 5, 4, 3, 12, 10, 13),
        2: ("b", "second_injury", 4, 4, 6, 12, 3, 15),
        3: ("b", "yield", 2, 4, 4, 3, 6, 13),
        7: ("b", "yield", 6, 5, 4, 9, 10, 22),
        42: ("a", "second_injury", 6, 6, 3, 7, 15, 22),
        1234: ("b", "second_injury", 4, 4, 4, 6, 8, 15),
        99999: ("b", "yield", 7, 6, 4, 13, 5, 20),
    },
    "samnite": {
        1: ("b", "yield", 8, 6, 4, 12, 10, 25),
        2: ("b", "second_injury", 4, 4, 6, 10, 0, 15),
        3: ("b", "second_injury", 3, 4, 5, 5, 3, 14),
        7: ("b", "second_injury", 4, 5, 5, 4, 11, 18),
        42: ("a", "second_injury", 2, 6, 6, 3, 6, 14),
        1234: ("b", "second_injury", 7, 6, 5, 5, 11, 24),
        99999: ("a", "second_injury", 5, 6, 6, 1, 13, 19),
    },
}


def _signature(result) -> tuple:
    return (
        str(result.winner),
        str(result.end_reason),
        result.rounds,
        result.a.favor,
        result.b.favor,
        result.a.wounds,
        result.b.wounds,
        len(result.events),
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_no_wounds_carried_in_replays_exactly_as_before(seed):
    for before, zero in zip(_setups({}), _setups({"wounds": 0}), strict=True):
        old, new = fight_bout(before, seed=seed), fight_bout(zero, seed=seed)
        assert new.as_dict() == old.as_dict()
        assert not events(new, EventKind.START)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_outcomes_are_the_ones_fought_before_the_change(seed):
    for name, setup in zip(("forum", "samnite"), _setups({}), strict=True):
        assert _signature(fight_bout(setup, seed=seed, engine_version=V1)) == BEFORE[name][seed]


def test_the_odds_do_not_move_without_wounds_carried_in():
    before, zero = _setups({})[0], _setups({"wounds": 0})[0]
    assert bout_odds(zero, bouts=500, seed=1) == bout_odds(before, bouts=500, seed=1)


def test_a_wounded_murmillo_loses_more_often():
    fresh, hurt = _setups({})[0], _setups({})[0]
    hurt = BoutSetup(hurt.a, Entrant(Fighter("the murmillo"), "murmillo", 2, "cautious", wounds=8))
    assert bout_odds(hurt, bouts=2000, seed=1).a_wins > bout_odds(fresh, bouts=2000, seed=1).a_wins


# --- one ScriptedDice for the bout and the race -----------------------------------------------


def test_the_bout_and_the_race_share_one_scripted_dice():
    assert race.ScriptedDice is rolls.ScriptedDice is ScriptedDice


def test_a_script_mixes_outcomes_and_faces():
    pool = Pool(mastery=2, trial=1)
    script = ScriptedDice([Outcome(1, 1), ["SS", "Bo", "F"]], [44], [True], d6=[6])
    assert script.unused == 5
    first = script.roll(pool)
    assert (first.outcome.net_successes, first.outcome.net_boons) == (1, 1)
    assert script.outcome(pool) == (1, 1, 0, 0)
    assert (script.d100(), script.coin(), script.d6()) == (44, True, 6)
    assert script.unused == 0 and script.rolls_used == 2


def test_an_empty_script_says_which_dice_ran_out():
    script = ScriptedDice()
    pool = Pool(mastery=1)
    for ask, words in (
        (lambda: script.roll(pool), "no pool rolls left: the script ran out at roll 1 "),
        (lambda: script.outcome(pool), "no pool rolls left"),
        (script.d100, "no d100 rolls left"),
        (script.coin, "no coin tosses left"),
        (script.d6, "ran out of d6 rolls"),
    ):
        with pytest.raises(rules_dice.RulesError, match=words):
            ask()


def test_scripted_faces_and_outcomes_are_checked():
    pool = Pool(mastery=1, trial=1)
    with pytest.raises(RulesError, match="script roll 1 has 1 faces for 2 dice"):
        ScriptedDice([["S"]]).roll(pool)
    with pytest.raises(RulesError, match="Trial die has no face 'S'"):
        ScriptedDice([["S", "S"]]).roll(pool)
    with pytest.raises(RulesError, match="no faces of"):
        ScriptedDice([Outcome(5, 0)]).roll(pool)
    with pytest.raises(RulesError, match="d6 must be from 1 to 6; got 7"):
        ScriptedDice(d6=[7]).d6()
