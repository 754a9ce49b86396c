"""The words a ruleset's reports use (its plug-in's `words`): the Era's rounds and Crowd Favor
by default, the Sands' turns and crowd's mood; an unknown ruleset has no plug-in."""

import pytest

from arena.errors import BoutError
from arena.rulesets import plugin_for
from arena.rulesets.base import ERA_WORDS


def test_the_era_counts_rounds_of_crowd_favor():
    words = plugin_for("era").words
    assert words == ERA_WORDS
    assert (words.steps(1), words.steps(3), words.standing) == (
        "1 round",
        "3 rounds",
        "Crowd Favor",
    )


def test_sands_counts_turns_and_the_crowds_mood():
    words = plugin_for("sands").words
    assert (words.steps(1), words.steps(8)) == ("1 turn", "8 turns")
    assert words.standing == "the crowd's mood"


def test_a_ruleset_with_no_plugin_is_refused_by_name():
    with pytest.raises(BoutError, match="chess"):
        plugin_for("chess")
