"""The Moritari fight gives the same dice and results with its log and without (issue 14: the
no-log path the odds use builds no text, and must not change a single draw).

The digests below were recorded from the engine before its no-log path was touched: for 300
seeds of each setup, every fight's outcome (turns, winner, end, each man's state, hit points,
square and facing, the decisions used, what it waits for) and, with the log, every event.
Each fight is played with `record=True` and `record=False`: both must give the recorded
outcome, so neither path can drift from the other or from the engine as it was.

Re-recorded once, on purpose, when the skirmish entered the campaign (issue 13, before any
campaign could store a Moritari fight): a pivot's event names the facing it turns to (the
board's replay draws it), so "three men"'s events changed and its outcomes did not; and a turn
of a single fight no longer asks Caesar to order it, so "Caesar asks" waits at other points
(its dice and fights are the same, what it asks is fewer)."""

import dataclasses
import hashlib
import json

import pytest

from rules.core.events import Decision
from rules.moritari.fight import BEASTS, FighterSpec, Setup
from rules.moritari.fight import play as play_any

RECORDED_ENGINE = "moritari/1"  # the recording's engine: a stored fight replays under it


def play(*args, **kwargs):
    """The fight under the recorded engine (issue 26: new fights are fought by moritari/2)."""
    return play_any(*args, engine_version=RECORDED_ENGINE, **kwargs)


SEEDS = range(300)

SETUPS = {
    "three men": Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva"),
            FighterSpec("Rufus", "murmillo", "gaius"),
            FighterSpec("Tigris", "samnite", "marcus"),
        )
    ),
    "a man and two beasts": Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva"),
            FighterSpec("Leo", "lion", BEASTS),
            FighterSpec("Ursus", "bear", BEASTS),
        )
    ),
    "two a side, by orders": Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva", {"thumb": "mercy"}),
            FighterSpec("Crixus", "murmillo", "nerva"),
            FighterSpec("Rufus", "samnite", "gaius", {"thumb": "sword"}),
            FighterSpec("Verus", "retiarius", "gaius", hit_points=2),
        )
    ),
    # Caesar asks: with no decision given the fight waits; the digest holds what it waits for.
    "Caesar asks": Setup(
        (
            FighterSpec("Bithys", "thraex", "nerva", {"caesar": "ask"}),
            FighterSpec("Rufus", "murmillo", "gaius"),
        )
    ),
}

# sha256 of the outcomes of SEEDS (the log aside), and of every event with the log.
OUTCOMES = {
    "three men": "25451063a0f458518adc903baa25c50197c55578911ba19d8b65abd685474858",
    "a man and two beasts": "370c93ca13b03f5544064c12b6558a668e98e400b85847d4b382f5147b9982d6",
    "two a side, by orders": "40e9fde76257bcb3ef4467c3353c87693ad6810665f7adec889b529c6cbef5de",
    "Caesar asks": "56843268593185110feeaa583c01d6124ad7d60af49595a4a02eac89135ba4d8",
}
EVENTS = {
    "three men": "4941766c1ec1800b84e4f59f07ea33f816543861f0405e1d0c9ec20bb92e7b52",
    "a man and two beasts": "2a837bff632ddc9a5c8ac09dac8a5d03221bad764782faae8a1b44f955f53fca",
    "two a side, by orders": "7de7fe04733ec0fc5b876cdad12948844908560eef210582268e6ae8c1c3910c",
    "Caesar asks": "ec433b663d657ce5646ca41e08275b801b500475a363c397df5569ec921a4fdd",
}


def _outcome(result) -> dict:
    return {
        "turns": result.turns,
        "finished": result.finished,
        "winner": result.winner,
        "end": result.end_reason,
        "fighters": [
            [f.state, f.hit_points, list(f.square), f.facing, f.lying_since, f.put_out]
            for f in result.fighters
        ],
        "decisions": [dataclasses.astuple(d) for d in result.decisions],
        "pending": dataclasses.astuple(result.pending) if result.pending else None,
        "overruled": result.overruled,
    }


def _digest(rows) -> str:
    text = json.dumps(rows, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _play_all(setup: Setup, record: bool):
    return [play(setup, seed, record=record) for seed in SEEDS]


@pytest.mark.parametrize("name", list(SETUPS))
def test_the_fights_with_and_without_the_log_match_the_recording(name):
    logged = _play_all(SETUPS[name], record=True)
    quiet = _play_all(SETUPS[name], record=False)
    assert _digest([_outcome(r) for r in logged]) == OUTCOMES[name]
    assert _digest([_outcome(r) for r in quiet]) == OUTCOMES[name]
    assert _digest([[e.to_dict() for e in r.events] for r in logged]) == EVENTS[name]
    assert all(r.events == [] for r in quiet)  # no log kept without it


def test_a_decision_replays_the_same_way_on_both_paths():
    setup = SETUPS["Caesar asks"]
    for seed in range(40):
        waiting = play(setup, seed, record=False).pending
        if waiting is None:
            continue
        given = [Decision(waiting.kind, waiting.entrant, waiting.options[-1])]
        logged = play(setup, seed, given, record=True)
        quiet = play(setup, seed, given, record=False)
        assert _outcome(logged) == _outcome(quiet)
