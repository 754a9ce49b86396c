"""Issue 10, fuzzed: any value of any dice option runs or is one CommandError naming it."""

from hypothesis import example, given
from hypothesis import strategies as st

from tests.fuzz import COMMANDS, INTEGERS, NOT_NUMBERS, VALUES, refused_naming

DICE = ["--mastery", "--ability", "--boon", "--crisis", "--trial", "--bane"]
NUMBER_OPTIONS = ["--characteristic", "--skill"]


@COMMANDS
@given(option=st.sampled_from(NUMBER_OPTIONS), value=VALUES)
@example(option="--characteristic", value="-1")
@example(option="--skill", value=str(2**64))
def test_a_rating(option, value):
    refused_naming("dice", option, f"{option}={value}")


@COMMANDS
@given(value=st.one_of(NOT_NUMBERS, INTEGERS, st.sampled_from(["heroic", "Easy", "AVERAGE"])))
@example(value="")
def test_the_difficulty(value):
    refused_naming("dice", "--difficulty", "--characteristic", "2", f"--difficulty={value}")


@COMMANDS
@given(option=st.sampled_from(DICE), value=VALUES)
@example(option="--bane", value="21")
def test_a_die_count(option, value):
    refused_naming("dice", option, f"{option}={value}")


@COMMANDS
@given(count=st.integers(0, 20), characteristic=st.integers(0, 10), skill=st.integers(0, 10))
@example(count=20, characteristic=10, skill=10)
def test_a_die_count_and_the_ratings_shortcut_together(count, characteristic, skill):
    # Both add Ability and Mastery dice: their sum past the pool's limit names both.
    text = refused_naming(
        "dice",
        "--ability",
        f"--ability={count}",
        f"--characteristic={characteristic}",
        f"--skill={skill}",
    )
    if text is not None:
        assert "--characteristic" in text
