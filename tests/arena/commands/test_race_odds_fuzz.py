"""Issue 10, fuzzed: any driver, push, race count or seed runs or is a CommandError naming it."""

from hypothesis import example, given
from hypothesis import strategies as st

from rules.era.race import MAX_ODDS_RACES
from tests.fuzz import COMMANDS, INTEGERS, NOT_NUMBERS, VALUES, refused_naming

FIELD = ["--driver", "3,3", "--driver", "2,2"]
DRIVER = st.one_of(
    st.tuples(VALUES, VALUES).map(",".join),
    st.lists(INTEGERS, max_size=3).map(",".join),
    NOT_NUMBERS,
)
RACES = st.one_of(
    st.integers(max_value=0), st.integers(min_value=MAX_ODDS_RACES + 1), st.integers(1, 20)
).map(str)


@COMMANDS
@given(driver=DRIVER, exact=st.booleans())
@example(driver="²,3", exact=False)
@example(driver="-3,3", exact=False)
def test_a_driver(driver, exact):
    refused_naming(
        "race_odds", "--driver", "--races", "5", f"--driver={driver}", *(["--exact"] * exact)
    )


@COMMANDS
@given(count=st.integers(0, 20))
@example(count=13)
def test_the_number_of_drivers(count):
    refused_naming("race_odds", "--driver", "--races", "2", *(["--driver", "2,1"] * count))


@COMMANDS
@given(push=st.one_of(NOT_NUMBERS, INTEGERS, st.sampled_from(["1,0", "1,1,1", "ALL", "1,x"])))
def test_the_push(push):
    refused_naming("race_odds", "--push", *FIELD, "--races", "5", f"--push={push}")


@COMMANDS
@given(races=st.one_of(RACES, NOT_NUMBERS), seed=st.one_of(INTEGERS, st.just("1")))
@example(races="0", seed="1")
def test_the_race_count(races, seed):
    refused_naming("race_odds", "--races", *FIELD, f"--races={races}", "--seed=1")
    refused_naming("race_odds", "--seed", *FIELD, "--races=5", f"--seed={seed}")
