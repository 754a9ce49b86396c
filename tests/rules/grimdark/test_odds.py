"""Grimdark odds: win shares with Moritari's keys, deaths, mean turns; replayable trials."""

from __future__ import annotations

import pytest

from rules.core.errors import RulesError
from rules.core.seeds import seed_sequence
from rules.grimdark.match import Setup, play
from rules.grimdark.odds import match_odds
from tests.rules.grimdark.match_kit import AXE, KNIFE, gladiator


def _setup() -> Setup:
    return Setup(
        (gladiator("Big", (7, 3, 3, 2), weapons=[AXE]), gladiator("Small", weapons=[KNIFE]))
    )


def test_odds_count_every_match_once_with_wins_keys_by_name() -> None:
    run = match_odds(_setup(), matches=200, seed=3)
    data = run.as_dict()
    counts = data["counts"]
    assert counts["wins:Big"] + counts["wins:Small"] + counts["draws"] == 200
    assert set(data["per_100"]) == set(counts)
    assert data["per_100"]["wins:Big"] == round(100 * counts["wins:Big"] / 200, 2)
    assert data["deaths"] == counts["dead:Big"] + counts["dead:Small"]
    for name in ("Big", "Small"):
        assert sum(counts[f"{fate}:{name}"] for fate in ("dead", "spared", "walked_out")) == 200


def test_the_stronger_gladiator_wins_more_often() -> None:
    per_100 = match_odds(_setup(), matches=400, seed=1).as_dict()["per_100"]
    assert per_100["wins:Big"] > per_100["wins:Small"]


def test_mean_turns_is_the_mean_of_the_matches_played() -> None:
    run = match_odds(_setup(), matches=50, seed=9)
    turns = [play(_setup(), s, record=False).turns for s in seed_sequence(9, 50)]
    assert run.mean_turns == sum(turns) / 50


def test_the_same_seed_gives_the_same_odds() -> None:
    assert match_odds(_setup(), matches=100, seed=5) == match_odds(_setup(), matches=100, seed=5)


def test_a_bad_count_is_refused() -> None:
    with pytest.raises(RulesError, match="matches"):
        match_odds(_setup(), matches=0)
