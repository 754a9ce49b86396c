"""Issue 10, fuzzed: any --show or --seed of play_show runs or is a CommandError naming it."""

import pytest
from hypothesis import example, given

from arena.management.commands.play_show import NO_SHOW
from tests.fuzz import COMMANDS, VALUES, outcome, refused_naming

pytestmark = pytest.mark.django_db


@COMMANDS
@given(show=VALUES)
@example(show=str(2**63))
@example(show="-1")
def test_the_show(show):
    # No show exists: every value is refused, by its name.
    assert refused_naming("play_show", "--show", f"--show={show}") is not None


@COMMANDS
@given(seed=VALUES)
@example(seed=str(2**64))
@example(seed="-1")
def test_the_seed(seed):
    # A show id no row has: a bad seed is named first, a good one reaches the missing show.
    ran, text = outcome("play_show", "--show=999999", f"--seed={seed}")
    assert not ran and ("--seed" in text or text == NO_SHOW.format(id=999999))
