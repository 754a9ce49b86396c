"""The words a ruleset's reports use (arena.rulesets.words_for): the Era's rounds and Crowd
Favor by default, the Sands' turns and crowd's mood, and the Era's for an unknown ruleset."""

from arena.rulesets import words_for
from arena.rulesets.base import ERA_WORDS


def test_the_era_counts_rounds_of_crowd_favor():
    words = words_for("era")
    assert words == ERA_WORDS
    assert (words.steps(1), words.steps(3), words.standing) == (
        "1 round",
        "3 rounds",
        "Crowd Favor",
    )


def test_sands_counts_turns_and_the_crowds_mood():
    words = words_for("sands")
    assert (words.steps(1), words.steps(8)) == ("1 turn", "8 turns")
    assert words.standing == "the crowd's mood"


def test_a_ruleset_with_no_adapter_gets_the_eras_words():
    assert words_for("chess") == ERA_WORDS
