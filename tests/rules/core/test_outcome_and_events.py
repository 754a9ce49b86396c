"""The shared outcome, event and pending-decision shapes round-trip through JSON."""

import json

import pytest

from rules.core.errors import RulesError
from rules.core.events import Decider, Decision, Event, PendingDecision
from rules.core.outcome import EntrantOutcome, Fate, InjuryTaken, Outcome, Result

OUTCOME = Outcome(
    entrants=(
        EntrantOutcome(
            0,
            "Bithys",
            Result.WON,
            Fate.WALKED_OUT,
            wounds=4,
            standing={"crowd_favor": 5},
            standing_change={"crowd_favor": 3},
            purses=2,
            prizes={"palm": 1},
        ),
        EntrantOutcome(
            1,
            "Murmillo",
            "lost",
            "pending",
            wounds=9,
            injuries=(InjuryTaken("Punctured Side", "Average", "Lose 2 Wound Points.", 84),),
            standing={"crowd_favor": 1},
        ),
    ),
    end_reason="yield",
    rounds=6,
    engine_version="era-bout/1",
    others={"editor_dignitas": -1},
)


def test_an_outcome_round_trips_through_json():
    data = json.loads(json.dumps(OUTCOME.to_dict()))
    assert Outcome.from_dict(data) == OUTCOME
    assert OUTCOME.winners == (0,) and OUTCOME.losers == (1,) and OUTCOME.fate_pending
    assert OUTCOME.entrant(1).result is Result.LOST  # texts become the enums


def test_entrants_are_listed_in_setup_order():
    with pytest.raises(RulesError, match="setup order"):
        Outcome(tuple(reversed(OUTCOME.entrants)), "yield", 6, "era-bout/1")


def test_a_bad_fate_is_named():
    with pytest.raises(RulesError, match="fate must be one of walked_out, spared, dead"):
        EntrantOutcome(0, "A", Result.WON, "maimed")


def test_events_pending_decisions_and_decisions_round_trip():
    event = Event("attack", 2, "A attacks.", 0, {"hit": True, "roll": {"dice": [1, 2]}})
    pending = PendingDecision(Decider.GM, 1, "yield", ("fight", "yield"), "Yield?", 3)
    answer = Decision("yield", 1, "fight")
    for item in (event, pending, answer):
        data = json.loads(json.dumps(item.to_dict()))
        assert type(item).from_dict(data) == item


def test_a_pending_decision_names_who_decides():
    with pytest.raises(RulesError, match="decider must be one of gm, owner, editor"):
        PendingDecision("crowd", 0, "yield", ("fight",), "?")
