"""The Era ruleset behind the seam gives what the engines give, in the shared shapes."""

import random

import pytest

from rules.core.errors import RulesError
from rules.core.events import Decider, Decision
from rules.core.outcome import Fate, Result
from rules.core.ruleset import EntrantInput
from rules.core.seeds import sub_seed
from rules.era import bout, decision
from rules.era.odds import bout_odds
from rules.era.ruleset import EraRuleset
from rules.era.sheet import EraSheet, Fighter

ERA = EraRuleset()
BITHYS = EntrantInput("Bithys", EraSheet(might=3, melee=3), side="a", equipment="thraex")
MURMILLO = EntrantInput("Murmillo", EraSheet(), side="b", equipment="murmillo")


def test_setup_builds_the_engines_pair():
    setup = ERA.setup([BITHYS, MURMILLO])
    assert setup == bout.BoutSetup(
        bout.Entrant(Fighter("Bithys", might=3, melee=3, medicine=0, operate=0), "thraex"),
        bout.Entrant(Fighter("Murmillo", medicine=0, operate=0), "murmillo"),
    )
    with pytest.raises(RulesError, match="two entrants"):
        ERA.setup([BITHYS])


def test_standing_and_carried_injuries_reach_the_entrant():
    known = EntrantInput(
        "Old", EraSheet(), standing={"known": 1}, injuries=("Broken Nose", "a scar"), wounds=2
    )
    entrant = ERA.entrant(known)
    assert entrant.favor == bout.KNOWN_FAVOR == 3
    # Both count toward the +10s; only the table's entry acts on his checks.
    assert entrant.carried_injuries == 2 and [i.name for i in entrant.injuries] == ["Broken Nose"]


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_play_gives_the_engines_result(seed):
    setup = ERA.setup([BITHYS, MURMILLO])
    direct = bout.fight_bout(setup, seed=seed)
    played = ERA.play(setup, seed)
    assert played.record == direct.as_dict()
    assert [e.data for e in played.events] == [e.as_dict() for e in direct.events]
    outcome = played.outcome
    assert outcome is not None and played.pending is None
    assert (outcome.rounds, outcome.end_reason) == (direct.rounds, str(direct.end_reason))
    for index, side in enumerate(bout.Side):
        corner = direct.side(side)
        mine = outcome.entrant(index)
        assert mine.standing == {"crowd_favor": corner.favor}
        assert mine.standing_change == {"crowd_favor": corner.favor - 2}  # both started at 2
        assert mine.wounds == corner.wounds
        assert [i.name for i in mine.injuries] == [c.injury.name for c in corner.injuries]
        if direct.winner is side:
            assert mine.result is Result.WON and mine.fate is Fate.WALKED_OUT
            assert mine.purses == (2 if corner.favor >= 5 else 1)
        elif direct.loser is side:
            assert mine.result is Result.LOST and mine.purses == 0
            assert mine.fate is (Fate.DEAD if corner.dead else Fate.PENDING)


def test_a_choice_the_orders_ask_for_is_pending_for_the_gm_and_replays():
    asking = EntrantInput("Asker", EraSheet(), orders={"name": "cautious", "ask": ["boons"]})
    setup = ERA.setup([asking, MURMILLO])
    decisions: list[Decision] = []
    for _ in range(60):
        played = ERA.play(setup, 5, decisions)
        if played.pending is None:
            break
        assert played.pending.decider is Decider.GM and played.pending.entrant == 0
        decisions.append(Decision(played.pending.kind, 0, played.pending.options[-1]))
    assert played.outcome is not None
    stored = [{"kind": d.kind, "side": "a", "choice": d.choice} for d in decisions]
    assert played.record == bout.fight_bout(setup, seed=5, decisions=stored).as_dict()


def test_settle_fate_is_the_editors_decision_with_the_stored_appeal_seed():
    setup = ERA.setup([BITHYS, MURMILLO])
    for seed in range(40):
        played = ERA.play(setup, seed)
        outcome = played.outcome
        if outcome is None or not outcome.fate_pending:
            continue
        loser = outcome.losers[0]
        settled = ERA.settle_fate(setup, outcome, seed, {})
        direct = decision.decide(
            outcome.entrant(loser).standing["crowd_favor"],
            setup.entrant(bout.Side(["a", "b"][loser])).fighter,
            None,
            random.Random(sub_seed(seed, "appeal")),
            winner_favor=outcome.entrant(1 - loser).standing["crowd_favor"],
        )
        assert settled.record == direct.as_dict()
        fate = settled.outcome.entrant(loser).fate
        assert fate is (Fate.DEAD if direct.loser_dies else Fate.SPARED)
        assert settled.outcome.others == {"editor_dignitas": direct.dignitas_change}


def test_odds_are_the_odds_engines():
    setup = ERA.setup([BITHYS, MURMILLO])
    odds = ERA.odds(setup, 400, 3)
    direct = bout_odds(setup, bouts=400, seed=3)
    assert odds.detail == direct.as_dict()
    assert odds.wins == (100 * direct.a_wins / 400, 100 * direct.b_wins / 400)


def test_figures_for_a_man_with_a_punctured_side():
    # Wound Points 10 + Might: 13 at Might 3; the Punctured Side takes 2 until healed: 11.
    figures = ERA.figures(EraSheet(might=3), ["Punctured Side"])
    wound_points = figures.figure("wound_points")
    assert (wound_points.value, wound_points.base) == (11, 13)
    assert "Punctured Side" in wound_points.note
    # Resistance is half Might rounded up (2), plus the thraex's matched kit (+1).
    assert figures["resistance"] == 2 and ERA.figures(EraSheet(), (), "thraex")["resistance"] == 3
    assert ERA.figures(EraSheet(might=3))["wound_points"] == 13
    # A name off the table (written by hand) acts on nothing.
    assert ERA.figures(EraSheet(might=3), ["a bad scar"])["wound_points"] == 13


def test_cut_tendons_lower_might_and_what_follows_from_it():
    figures = ERA.figures(EraSheet(might=4), ["Cut Tendons"])
    assert figures["might"] == 3 and figures["wound_points"] == 13  # 10 + 3
    assert figures["resistance"] == 2  # half of 3, rounded up


def test_rest_and_treatment():
    assert ERA.rest(EraSheet(might=3), 5) == 3 and ERA.rest(EraSheet(might=3), 2) == 2
    at_home = ERA.treat(
        severity="Moderate", healer={"intellect": 3, "medicine": 2}, at_home=True, seed=4
    )
    assert at_home.check == "Average Medicine check"
    assert at_home.record["pool"] == "2 Mastery + 1 Ability vs 2 Trial"
    away = ERA.treat(severity="Hard", healer={"intellect": 3, "medicine": 2}, at_home=False, seed=4)
    assert away.record["pool"] == "2 Mastery + 1 Ability vs 1 Crisis + 2 Trial"
