"""The seed's worked examples, replayed through the engine with the examples' own dice.

The dice are scripted (ScriptedDice picks faces that give the stated net results); everything
else — damage, Wounds, Critical Injury arithmetic, Crowd Favor, the end and the verdict — is the
engine's.
"""

from fractions import Fraction

import pytest

from rules.era.bout import (
    BoutSetup,
    Decision,
    EndReason,
    Entrant,
    EventKind,
    Side,
    fight_bout,
)
from rules.era.decision import CrowdCall, EditorAct, appeal_pool, crowd_call, decide
from rules.era.dice import Outcome, Pool, distribution
from rules.era.injuries import Severity, critical_injury, severity_by_name
from rules.era.orders import CAUTIOUS, Choice, DecisionKind
from rules.era.rolls import ScriptedDice
from rules.era.sheet import Fighter

BITHYS = Fighter("Bithys", might=3, melee=3, charisma=2, charm=1)
MURMILLO = Fighter("the murmillo", might=3, melee=2)
MISS = Outcome(0, 0)

# EXAMPLE: BITHYS AT A FUNERAL MUNUS IN THE FORUM. Bithys attacks first each round.
FORUM_ROLLS = [
    Outcome(2, 2),  # 1: Bithys hits, 2 net Successes and 2 net Boons
    MISS,  # 1: the murmillo's answering attack fails
    MISS,  # 2: Bithys's attack fails
    Outcome(1, 3),  # 2: the murmillo hits, 1 net Success and 3 net Boons
    Outcome(2, 0, breakthroughs=1),  # 3: a Breakthrough with 2 net Successes
    MISS,  # 3: the murmillo (not said; he does not wound Bithys)
    MISS,  # 4: both men miss
    MISS,
    Outcome(1, 3),  # 5: 1 net Success and 3 net Boons
]
FORUM_D100 = [54, 82, 47]


def forum_setup() -> BoutSetup:
    bithys = Entrant(BITHYS, "thraex", favor=3, orders="fight-on")  # Known; he fights on
    murmillo = Entrant(MURMILLO, "murmillo", favor=2, orders="cautious")
    return BoutSetup(bithys, murmillo, first=Side.A)


def forum(rounds=None):
    dice = ScriptedDice(FORUM_ROLLS, FORUM_D100)
    return fight_bout(forum_setup(), seed=0, dice=dice, max_rounds=rounds)


def test_bithys_fighting_line():
    setup = forum_setup()
    assert setup.a.attack_pool(setup.b) == Pool(mastery=3, boon=1, trial=2, bane=1)
    assert setup.b.attack_pool(setup.a) == Pool(mastery=2, ability=1, boon=1, trial=2, bane=1)
    assert (setup.a.damage, setup.a.resistance, setup.a.helm_rating) == (5, 3, 1)
    assert BITHYS.wound_points == 13 and setup.b.resistance == 3
    # Against a Samnite the same 6-damage hit meets Resistance 4: 2 Wounds instead of 3.
    samnite = Entrant(Fighter("a Samnite"), "samnite")
    assert samnite.resistance == 4
    one_hit = ScriptedDice([Outcome(2, 0), MISS])
    vs_samnite = fight_bout(BoutSetup(setup.a, samnite, Side.A), seed=0, dice=one_hit, max_rounds=1)
    assert vs_samnite.b.wounds == 2


def test_forum_round_1():
    r = forum(1)
    assert r.b.wounds == 3  # 6 damage less Resistance 3
    assert (r.a.favor, r.b.favor) == (4, 2)  # the flourish


def test_forum_round_2():
    r = forum(2)
    assert r.a.wounds == 2  # 5 damage less 3
    (rib,) = r.a.injuries
    assert (rib.d100, rib.total, rib.injury.name) == (54, 44, "Cracked Rib")
    assert rib.arithmetic() == "54 − 10 (Helm 1) = 44"
    assert rib.injury.severity is Severity.AVERAGE is severity_by_name("Moderate")
    assert r.a.fought_on
    assert (r.a.favor, r.b.favor) == (5, 3)


def test_forum_round_3():
    r = forum(3)
    assert r.b.wounds == 6  # 3 more
    (leg,) = r.b.injuries
    assert (leg.d100, leg.total, leg.injury.name) == (82, 72, "Damaged Leg")
    assert r.b.fought_on
    assert (r.a.favor, r.b.favor) == (6, 4)  # +2 for the Breakthrough; +1 fighting on
    lines = [e for e in r.events if e.kind is EventKind.FAVOR and e.round == 3]
    assert [line.reason for e in lines for line in e.lines] == [
        "a Breakthrough on his attack",
        "he fights on after his first Critical Injury",
    ]


def test_forum_round_4_the_first_idle_round_costs_nothing():
    r = forum(4)
    assert (r.a.favor, r.b.favor) == (6, 4)
    assert (r.a.wounds, r.b.wounds) == (2, 6)


def test_forum_round_5_the_second_injury_ends_it():
    r = forum()
    assert r.finished and r.rounds == 5
    limb = r.b.injuries[1]
    assert (limb.d100, limb.carried, limb.helm, limb.total) == (47, 1, 1, 47)
    assert limb.injury.name == "Wrenched Limb"
    assert limb.arithmetic() == "47 + 10 (injuries carried: 1) − 10 (Helm 1) = 47"
    assert (r.winner, r.end_reason, r.loser_favor, r.winner_favor) == (
        Side.A,
        EndReason.SECOND_INJURY,
        4,
        6,
    )
    assert (r.a.wounds, r.b.wounds) == (2, 8)
    assert [(p.a, p.b) for p in r.favor_by_round] == [
        (3, 2),
        (4, 2),
        (5, 3),
        (6, 4),
        (6, 4),
        (6, 4),
    ]


def test_forum_verdict():
    r = forum()
    verdict = decide(r.loser_favor, MURMILLO, winner_favor=r.winner_favor)
    assert verdict.crowd is CrowdCall.DIVIDED and verdict.act is EditorAct.MISSIO
    assert verdict.winner_earns_dignitas and verdict.dignitas_change == 0


def test_the_forum_bout_replays_identically():
    assert forum().as_dict() == forum().as_dict()


# EXAMPLE: BITHYS AT POMPEII. No victories there: Crowd Favor 2. A Samnite champion acts
# first and lands a Critical Injury; Bithys misses and, at round end, yields at 2.


def pompeii(decisions):
    bithys = Entrant(BITHYS, "thraex", favor=2, orders=CAUTIOUS.asking(DecisionKind.FIGHT_ON))
    champion = Entrant(Fighter("the Samnite champion", melee=3), "samnite", favor=2)
    dice = ScriptedDice([Outcome(1, 3), MISS], [60])
    setup = BoutSetup(bithys, champion, first=Side.B)
    return fight_bout(setup, seed=0, dice=dice, decisions=decisions, max_rounds=1)


def test_pompeii_asks_bithys_after_his_first_injury():
    r = pompeii([])
    assert r.pending.kind is DecisionKind.FIGHT_ON and r.pending.side is Side.A
    assert set(r.pending.options) == {Choice.FIGHT_ON, Choice.YIELD}


def test_pompeii_yield_honorably_then_the_appeal():
    r = pompeii([Decision("fight_on", "a", "yield")])
    assert (r.loser, r.end_reason, r.loser_favor) == (Side.A, EndReason.YIELD, 2)
    assert crowd_call(r.loser_favor) is CrowdCall.SWORD
    pool = appeal_pool(BITHYS)
    assert pool == Pool(mastery=1, ability=1, trial=3)
    assert distribution(pool).p_success == Fraction(6919, 24576)
    assert round(100 * distribution(pool).p_success) == 28
    verdict = decide(r.loser_favor, BITHYS, dice=ScriptedDice([Outcome(1, 0)]))
    assert verdict.appeal_succeeded and verdict.act is EditorAct.MISSIO
    assert verdict.appeal.outcome.net_successes == 1 and verdict.dignitas_change == 0


def test_pompeii_fighting_on_would_have_left_him_at_a_divided_crowd():
    r = pompeii([Decision("fight_on", "a", "fight_on")])
    assert r.a.favor == 3 and crowd_call(r.a.favor) is CrowdCall.DIVIDED


# EXAMPLE: THE CRACKED RIB. Nerva's medicus (Intellect 3, Medicine 2), an Average check.


def test_the_medicus_treats_the_cracked_rib():
    medicus = Fighter("Nerva's medicus", intellect=3, medicine=2)
    pool = medicus.pool("intellect", "medicine").with_difficulty(Severity.AVERAGE.difficulty)
    assert pool == Pool(mastery=2, ability=1, trial=2)
    assert distribution(pool).p_success == Fraction(245, 384)
    assert round(100 * distribution(pool).p_success) == 64


@pytest.mark.parametrize("roll", [1, 54, 100])
def test_helm_and_carried_injuries_move_every_roll_by_ten(roll):
    assert critical_injury(roll, carried=2, helm=1).total == roll + 10
