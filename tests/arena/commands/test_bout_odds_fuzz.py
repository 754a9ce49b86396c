"""Issue 10, fuzzed: any value of any bout_odds option runs or is one CommandError naming it."""

from hypothesis import example, given
from hypothesis import strategies as st

from rules.era.odds import MAX_BOUTS
from rules.era.sheet import CHARACTERISTICS, SKILLS
from tests.fuzz import COMMANDS, INTEGERS, NOT_NUMBERS, VALUES, refused_naming

SIDE_NUMBERS = [*CHARACTERISTICS, *SKILLS, "favor", "helm", "injuries", "wounds"]
NUMBER_OPTIONS = [f"--{side}-{name}" for side in "ab" for name in SIDE_NUMBERS] + ["--seed"]
TEXT_OPTIONS = [f"--{side}{name}" for side in "ab" for name in ("", "-orders", "-injury")]
TEXT_OPTIONS += ["--a-name", "--first", "--engine"]
# A count in range runs that many bouts: keep those few.
BOUTS = st.one_of(
    st.integers(max_value=0),
    st.integers(min_value=MAX_BOUTS + 1),
    st.integers(1, 5),
).map(str)


@COMMANDS
@given(option=st.sampled_from(NUMBER_OPTIONS), value=VALUES)
@example(option="--a-melee", value=str(2**64))
@example(option="--b-favor", value="-1")
@example(option="--seed", value=str(2**64))
def test_a_number_option(option, value):
    refused_naming("bout_odds", option, "--bouts", "2", f"{option}={value}")


@COMMANDS
@given(option=st.sampled_from(TEXT_OPTIONS), value=st.one_of(NOT_NUMBERS, INTEGERS))
@example(option="--a-orders", value="")
@example(option="--b", value="retiarius")
def test_a_name_option(option, value):
    refused_naming("bout_odds", option, "--bouts", "2", f"{option}={value}")


@COMMANDS
@given(value=st.one_of(BOUTS, NOT_NUMBERS))
@example(value="0")
@example(value=str(2**63))
def test_the_bout_count(value):
    refused_naming("bout_odds", "--bouts", f"--bouts={value}")


@COMMANDS
@given(bouts=st.one_of(BOUTS, NOT_NUMBERS))
def test_the_log_and_its_bout_count(bouts):
    refused_naming("bout_odds", "--bouts", "--log", f"--bouts={bouts}")
