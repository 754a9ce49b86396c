"""THE EDITOR'S DECISION II: "the loser or his lanista" appeals, with the better pool.

Better is the higher exact chance of success; a tie leaves the appeal to the loser. The
loser's carried injuries act on his own pool (Broken Nose: 1 Trial die on Charm checks).
"""

import random
from fractions import Fraction

import pytest

from rules.era.bout import BoutSetup, Entrant, Side, fight_bout
from rules.era.decision import (
    Appellant,
    EditorAct,
    Role,
    appeal_pool,
    choose_appellant,
    decide,
)
from rules.era.dice import Outcome, Pool, RulesError, distribution
from rules.era.odds import verdict_for
from rules.era.rolls import ScriptedDice
from rules.era.sheet import Fighter

BITHYS = Fighter("Bithys", might=3, melee=3, charisma=2, charm=1)


def test_the_seeds_appeal_is_unchanged_without_injuries():
    assert appeal_pool(BITHYS) == Pool(mastery=1, ability=1, trial=3)
    assert Appellant.loser(BITHYS).chance == Fraction(6919, 24576)  # "28 times in 100"


def test_a_broken_nose_carried_in_hinders_his_own_appeal():
    pool = appeal_pool(BITHYS, ["Broken Nose"])
    assert pool == Pool(mastery=1, ability=1, trial=4)
    assert distribution(pool).p_success < Fraction(7, 25)
    # Injuries that touch no Charm or Charisma check leave it alone.
    assert appeal_pool(BITHYS, ["Gashed Forearm", "Cut Tendons"]) == appeal_pool(BITHYS)


def test_the_better_pool_appeals_and_a_tie_is_the_losers():
    loser = Appellant.loser(BITHYS)
    same = Appellant.lanista("Nerva", 2, 1)
    better = Appellant.lanista("Nerva", 3, 2)
    worse = Appellant.lanista("Nerva", 1, 0)
    assert choose_appellant(loser) is loser
    assert choose_appellant(loser, same) is loser
    assert choose_appellant(loser, better) is better
    assert choose_appellant(loser, worse) is loser
    nosed = Appellant.loser(BITHYS, ["Broken Nose"])
    assert choose_appellant(nosed, same) is same  # his broken nose makes Nerva's the better


def test_a_lanistas_ratings_are_checked_and_named():
    with pytest.raises(RulesError, match="lanista charisma must be from 1 to 6; got 7"):
        Appellant.lanista("Nerva", 7, 1)
    with pytest.raises(RulesError, match="lanista charm must be from 0 to 5; got -1"):
        Appellant.lanista("Nerva", 2, -1)
    with pytest.raises(RulesError, match="appellant role must be loser or lanista"):
        Appellant("editor", "Lucius", Pool())


def test_decide_rolls_the_lanistas_pool_when_it_is_better():
    nerva = Appellant.lanista("Nerva", 4, 3)
    dice = ScriptedDice([Outcome(1, 0)])
    verdict = decide(1, BITHYS, dice=dice, lanista=nerva)
    assert verdict.appeal.pool == nerva.pool == Pool(mastery=3, ability=1, trial=3)
    assert verdict.appellant is nerva and verdict.appellant.role is Role.LANISTA
    assert [a.role for a in verdict.appellants] == [Role.LOSER, Role.LANISTA]
    assert verdict.act is EditorAct.MISSIO and verdict.appeal_succeeded
    data = verdict.as_dict()
    assert data["appellant"]["name"] == "Nerva" and data["appellant"]["role"] == "lanista"
    assert data["appellant"]["pool"] == "3 Mastery + 1 Ability vs 3 Trial"
    assert len(data["appellants"]) == 2


def test_decide_without_a_lanista_rolls_as_before():
    old = decide(0, BITHYS, rng=random.Random("appeal:7"))
    assert old.appeal.pool == appeal_pool(BITHYS)
    assert old.appellant.role is Role.LOSER and old.appellants == (old.appellant,)
    # No appeal outside the sword band: no appellant, and the dict has no such key.
    divided = decide(3, BITHYS)
    assert divided.appellant is None and "appellant" not in divided.as_dict()


def test_the_odds_verdict_carries_the_losers_broken_nose():
    nosed = Entrant(BITHYS, "thraex", 0, "never-yield", injuries=("Broken Nose",))
    setup = BoutSetup(nosed, Entrant(Fighter("Rufus"), "murmillo", 2, "never-yield"))
    for seed in range(200):
        result = fight_bout(setup, seed=seed, record=False)
        if result.loser is Side.A and result.loser_favor <= 2:
            verdict = verdict_for(setup, result)
            assert verdict.appeal.pool == Pool(mastery=1, ability=1, trial=4)
            return
    pytest.fail("no seed gave Bithys a loss in the sword band")
