"""The Grimdark ruleset behind the seam: setup from the app's entrants, play, the outcome
with Fame and record, odds, the fates settled on the sand, the figures."""

from __future__ import annotations

import pytest

from rules.core.errors import RulesError
from rules.core.outcome import Fate, Result
from rules.core.ruleset import EntrantInput
from rules.grimdark.contenders import CONTENDERS, LORD_SMASH
from rules.grimdark.narrate import narrate
from rules.grimdark.ruleset import GrimdarkRuleset

RULESET = GrimdarkRuleset()
OTHER = list(CONTENDERS.values())[1]


def _entrants(**orders: object) -> list[EntrantInput]:
    return [
        EntrantInput("Lord Smash", LORD_SMASH.sheet, side="a", orders=dict(orders)),
        EntrantInput(OTHER.name, OTHER.sheet, side="b"),
    ]


def test_play_gives_the_outcome_with_fame_and_record() -> None:
    played = RULESET.play(RULESET.setup(_entrants()), 4)
    assert played.finished and played.outcome is not None
    outcome = played.outcome
    assert outcome.engine_version == "grimdark/1"
    results = {e.result for e in outcome.entrants}
    if outcome.winners:
        assert results == {Result.WON, Result.LOST}
        winner = outcome.entrant(outcome.winners[0])
        assert winner.standing_change["wins"] == 1 and winner.standing_change["fame"] == 1
        assert winner.fate is Fate.WALKED_OUT
        loser = outcome.entrant(outcome.losers[0])
        assert loser.standing["losses"] == 1
        assert loser.fate in (Fate.DEAD, Fate.SPARED)


def test_every_event_is_told_in_words_and_kept_as_data() -> None:
    played = RULESET.play(RULESET.setup(_entrants()), 8)
    for event in played.events:
        assert event.text == narrate(event.data)
        assert event.data["kind"] == event.kind
        assert "None" not in event.text and "{" not in event.text and "_" not in event.text


def test_orders_reach_the_match() -> None:
    setup = RULESET.setup(_entrants(opening=["Last Stand", "Grapple", "Grapple"]))
    played = RULESET.play(setup, 2)
    start = next(e for e in played.events if e.kind == "start")
    assert start.data["hand"] == ["Last Stand", "Grapple", "Grapple"]


def test_bad_orders_are_refused_naming_the_order() -> None:
    with pytest.raises(RulesError, match="stance"):
        RULESET.setup(_entrants(stance="furious"))


def test_a_match_asks_no_decision_and_settles_the_fate_on_the_sand() -> None:
    setup = RULESET.setup(_entrants())
    with pytest.raises(RulesError, match="no decisions"):
        from rules.core.events import Decision

        RULESET.play(setup, 1, [Decision("x", 0, "y")])
    played = RULESET.play(setup, 1)
    assert played.outcome is not None
    with pytest.raises(RulesError, match="on the sand"):
        RULESET.settle_fate(setup, played.outcome, 1, {})


def test_odds_by_side_in_setup_order() -> None:
    odds = RULESET.odds(RULESET.setup(_entrants()), 100, 1)
    assert sum(odds.wins) + odds.draws == pytest.approx(100)
    assert "wins:a" in odds.detail["per_100"]


def test_figures_give_the_hp_and_init_ranges() -> None:
    figures = RULESET.figures(LORD_SMASH.sheet)
    # Lord Smash: 25 + 6 + Endurance 5, a Berserker's d10; Style 3 + d8.
    assert (figures["wound_points"], figures["hp_max"]) == (37, 46)
    assert (figures["init_low"], figures["init_high"]) == (4, 11)


def test_an_unknown_engine_version_is_refused() -> None:
    with pytest.raises(RulesError, match="no engine"):
        RULESET.play(RULESET.setup(_entrants()), 1, engine_version="grimdark/0")


def test_the_log_and_outcome_are_json_and_read_back() -> None:
    import json

    from rules.core.events import Event
    from rules.core.outcome import Outcome

    played = RULESET.play(RULESET.setup(_entrants()), 6)
    assert played.outcome is not None
    stored = json.loads(json.dumps([e.to_dict() for e in played.events]))
    assert tuple(Event.from_dict(e) for e in stored) == played.events
    outcome = json.loads(json.dumps(played.outcome.to_dict()))
    assert Outcome.from_dict(outcome) == played.outcome


def test_a_match_of_teams_wins_by_side() -> None:
    entrants = [
        EntrantInput("Lord Smash", LORD_SMASH.sheet, side="reds"),
        EntrantInput(OTHER.name, OTHER.sheet, side="blues"),
        EntrantInput("Smash II", LORD_SMASH.sheet, side="blues"),
    ]
    for seed in range(6):
        played = RULESET.play(RULESET.setup(entrants), seed)
        assert played.outcome is not None
        winner = played.record["winner"]
        for e in played.outcome.entrants:
            won = winner is not None and entrants[e.entrant].side == winner
            assert (e.result is Result.WON) == won
