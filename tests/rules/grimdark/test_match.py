"""The match end to end: a 1v1 match plays to its end and replays from its seed."""

from __future__ import annotations

from rules.grimdark.contenders import CONTENDERS
from rules.grimdark.entrants import entrant_from_sheet
from rules.grimdark.match import Setup, play


def _pair() -> Setup:
    smash, other = list(CONTENDERS.values())[:2]
    return Setup(
        (entrant_from_sheet(smash.sheet.to_dict()), entrant_from_sheet(other.sheet.to_dict()))
    )


def test_a_match_ends_with_a_winner_or_a_draw() -> None:
    result = play(_pair(), 7)
    assert result.end_reason in ("defeat", "all defeated", "time")
    defeated = [f for f in result.fighters if f.defeated]
    if result.end_reason == "defeat":
        assert defeated and all(f.side != result.winner for f in defeated)


def test_the_same_seed_gives_the_same_match_and_the_fast_path_agrees() -> None:
    first, second = play(_pair(), 11), play(_pair(), 11)
    assert first.events == second.events
    fast = play(_pair(), 11, record=False)
    assert (fast.winner, fast.turns, fast.fates) == (first.winner, first.turns, first.fates)
