"""Tests that would catch a wrong rule (issue 10): the readings that changed with era-bout/2,
and the seed's rules a misreading would break without moving any figure by much.

Each case is built by hand from the rules' arithmetic (scripted dice), not copied from the
engine's own output.
"""

import pytest

from rules.era.bout import (
    ENGINE_VERSION,
    ENGINE_VERSIONS,
    BoutSetup,
    Decision,
    EndReason,
    Entrant,
    EventKind,
    Side,
    fight_bout,
)
from rules.era.dice import Outcome, RulesError
from rules.era.orders import CAUTIOUS, FIGHT_ON, NEVER_YIELD, Orders
from rules.era.readings import ERA_BOUT_1, ERA_BOUT_2, reading_for
from rules.era.rolls import ScriptedDice
from rules.era.ruleset import EraRuleset
from rules.era.sheet import Fighter

MISS = Outcome(0, 0)
# The thraex's hit: Might 3 + Shortsword 2 = 5 damage at 1 net Success, +1 for each more, less
# the murmillo's Resistance 3 (half his Might 3 rounded up, 2, + his kit's 1): Successes + 1.
TWO_WOUNDS = Outcome(1, 0)
FIVE_WOUNDS, SIX_WOUNDS = Outcome(4, 0), Outcome(5, 0)
CRIT = Outcome(1, 3)  # 3 spare Boons reach the Shortsword's Crit 3: a Critical Injury
ASK_YIELD = Orders(name="asked", ask=frozenset({"yield"}))


def pair(b_orders=CAUTIOUS, *, b_might=3, b_favor=2, b_wounds=0, carried=0) -> BoutSetup:
    """Aulus the thraex (a, acting first, never yields) against Balbus the murmillo (b)."""
    a = Entrant(Fighter("Aulus"), "thraex", 2, NEVER_YIELD)
    b = Entrant(
        Fighter("Balbus", might=b_might),
        "murmillo",
        b_favor,
        b_orders,
        carried_injuries=carried,
        wounds=b_wounds,
    )
    return BoutSetup(a, b, first=Side.A)


def scripted(setup, outcomes, d100s=(), **kwargs):
    return fight_bout(setup, seed=0, dice=ScriptedDice(outcomes, d100s), **kwargs)


def events(result, kind):
    return [event for event in result.events if event.kind is kind]


# --- the versions -----------------------------------------------------------------------------


def test_new_bouts_are_fought_under_era_bout_2_and_both_versions_replay():
    assert ENGINE_VERSION == "era-bout/2"
    assert ENGINE_VERSIONS == ("era-bout/1", "era-bout/2")
    assert EraRuleset.engine_version == ENGINE_VERSION
    assert EraRuleset.engine_versions == ENGINE_VERSIONS
    result = scripted(pair(), [MISS, MISS], max_rounds=1)
    assert result.engine_version == "era-bout/2" == result.as_dict()["engine_version"]
    old = scripted(pair(), [MISS, MISS], max_rounds=1, engine_version="era-bout/1")
    assert old.engine_version == "era-bout/1"


def test_an_unknown_engine_version_is_refused_by_name():
    with pytest.raises(RulesError, match="engine version must be one of era-bout/1, era-bout/2"):
        fight_bout(pair(), seed=1, engine_version="era-bout/3")
    with pytest.raises(RulesError, match="got ''"):
        reading_for("")


def test_the_greater_than_reading_is_era_bout_1s_only():
    """era-bout/1 dropped a man when his Wounds exceeded his Wound Points; era-bout/2 when they
    reach them. The same hits, 6 + 5 + 2 = 13 Wounds of 13: down under era-bout/2 at the third
    hit; under era-bout/1 still standing, down only at the fourth (15)."""
    setup = pair(NEVER_YIELD)
    hits = [SIX_WOUNDS, MISS, FIVE_WOUNDS, MISS, TWO_WOUNDS, MISS, TWO_WOUNDS]
    new = scripted(setup, hits)
    assert (new.end_reason, new.rounds, new.b.wounds) == (EndReason.INCAPACITATED, 3, 13)
    old = scripted(setup, hits, engine_version="era-bout/1")
    assert (old.end_reason, old.rounds, old.b.wounds) == (EndReason.INCAPACITATED, 4, 15)
    assert ERA_BOUT_2.incapacitated(13, 13) and not ERA_BOUT_1.incapacitated(13, 13)
    assert ERA_BOUT_1.incapacitated(14, 13) and not ERA_BOUT_2.incapacitated(12, 13)


def test_the_wound_yield_fires_one_wound_earlier_under_era_bout_2():
    """Cautious, 13 Wound Points, facing a 2-Wound minimum hit: era-bout/2 yields at 11 (11 + 2
    reaches 13), era-bout/1 at 12 (12 + 2 exceeds 13). At 11 under era-bout/1 he fights."""
    hits = [SIX_WOUNDS, MISS, FIVE_WOUNDS, MISS]  # 11 Wounds after two rounds
    new = scripted(pair(), hits)
    assert (new.end_reason, new.loser, new.rounds, new.b.wounds) == (EndReason.YIELD, "b", 2, 11)
    old = scripted(pair(), hits, max_rounds=2, engine_version="era-bout/1")
    assert not old.finished and old.b.wounds == 11


@pytest.mark.parametrize(
    ("b_kit", "b_resistance", "yield_at_1", "yield_at_2"),
    [
        ("murmillo", 3, 12, 11),  # the thraex's 5 less 3: 2 Wounds a hit under both
        ("samnite", 4, 12, 12),  # 5 less 4: 1 Wound; era-bout/1 reckoned 2
    ],
)
def test_the_minimum_hit_is_the_opponents_damage_less_resistance(
    b_kit, b_resistance, yield_at_1, yield_at_2
):
    """The issue's figures: 11 Wounds for the murmillo, 12 for a Samnite of Resistance 4 facing
    a thraex; era-bout/1's floor of 2 made both 12."""
    setup = BoutSetup(
        Entrant(Fighter("Bithys", melee=3), "thraex", 2), Entrant(Fighter("B", melee=3), b_kit, 2)
    )
    assert setup.b.resistance == b_resistance
    assert setup.fixed_under(ERA_BOUT_1)[Side.B].yield_at == yield_at_1
    assert setup.fixed_under(ERA_BOUT_2)[Side.B].yield_at == yield_at_2


def test_a_hit_that_cannot_wound_him_never_makes_him_yield_under_era_bout_2():
    # Might 1 + Shortsword 2 = 3 damage against a Might 6 Samnite's Resistance 5 (3 + 2): his
    # smallest hit deals nothing, so one more hit can never drop him. era-bout/1's floor of 2
    # had him yield past 14 of his 16.
    setup = BoutSetup(
        Entrant(Fighter("Parvus", might=1), "thraex", 2),
        Entrant(Fighter("Magnus", might=6), "samnite", 2, FIGHT_ON),
    )
    assert ERA_BOUT_2.minimum_hit(3, 5) == 0 and ERA_BOUT_1.minimum_hit(3, 5) == 2
    assert setup.fixed_under(ERA_BOUT_2)[Side.B].yield_at is None
    assert setup.fixed_under(ERA_BOUT_1)[Side.B].yield_at == 15


# --- THE BOUT II: the honorable yield at exactly half ------------------------------------------


@pytest.mark.parametrize(
    ("carried", "honorable"),
    [(4, False), (5, True)],  # + the thraex's 2: 6 of 14 is under half, 7 of 14 exactly half
)
def test_the_honorable_yield_at_exactly_half_an_even_total(carried, honorable):
    """Might 4: 14 Wound Points. "Have taken at least half your Wound Points in Wounds" is 7 of
    14 (a reading of "more than half" would call it unhurt and cost a point of Crowd Favor)."""
    setup = pair(ASK_YIELD, b_might=4, b_wounds=carried)
    assert setup.b.wound_points == 14 and setup.b.resistance == 3
    answer = [Decision("yield", "b", "yield")]
    result = scripted(setup, [TWO_WOUNDS], decisions=answer)
    assert result.end_reason is EndReason.YIELD and result.b.wounds == carried + 2
    (yielded,) = events(result, EventKind.YIELD)
    assert ("honorably" if honorable else "unhurt") in yielded.text
    assert result.loser_favor == (2 if honorable else 1)  # the unhurt yield costs 1


# --- THE BOUT V: only new injuries count toward the first and second ---------------------------


def test_an_old_injury_does_not_make_the_bouts_first_its_second():
    """He carries one unhealed Critical Injury in. His first in this bout is his first, not a
    second: the bout does not end, and he gets the first injury's choice (cautious at Crowd
    Favor 2, below 4: he fights on, +1). Were the old one counted, the bout would end at once
    with a second Critical Injury."""
    setup = pair(carried=1)
    result = scripted(setup, [CRIT, MISS], d100s=[50], max_rounds=1)
    assert not result.finished
    assert len(result.b.injuries) == 1 and result.b.fought_on
    assert [e.actor for e in events(result, EventKind.FIGHT_ON)] == [Side.B]
    assert result.b.favor == 3  # 2, +1 for fighting on after his first Critical Injury
    # The old injury still adds +10 to the roll (and Helm 1 takes 10 off): 50 stays 50.
    assert result.b.injuries[0].total == 50


def test_the_second_new_injury_ends_the_bout_whatever_he_carried():
    """Two old injuries and two new ones: the bout ends at the second new one, not before."""
    setup = pair(carried=2)
    result = scripted(setup, [CRIT, MISS, CRIT], d100s=[40, 40])
    assert result.end_reason is EndReason.SECOND_INJURY and result.rounds == 2
    assert len(result.b.injuries) == 2
    # +10 for each injury carried so far, in or out of this bout: 2 old, then 2 old + 1 new.
    assert [crit.total for crit in result.b.injuries] == [40 + 20 - 10, 40 + 30 - 10]


def test_an_old_injury_alone_asks_no_first_injury_choice():
    """Only a new injury asks the choice of THE BOUT III: a man who carries one in and is only
    wounded never yields for it, even at a Crowd Favor where a cautious man would."""
    setup = pair(carried=1, b_favor=4)
    result = scripted(setup, [TWO_WOUNDS, MISS, TWO_WOUNDS, MISS], max_rounds=2)
    assert not result.finished and not events(result, EventKind.FIGHT_ON)
    # a new one, at Crowd Favor 4: now he yields, honorably, as cautious orders say
    result = scripted(setup, [CRIT, MISS], d100s=[50])
    assert (result.end_reason, result.loser, result.rounds) == (EndReason.YIELD, "b", 1)
