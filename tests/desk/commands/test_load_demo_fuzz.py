"""Issue 10, fuzzed: load_demo takes no value; any stray argument is a CommandError naming it."""

import pytest
from hypothesis import given

from tests.fuzz import COMMANDS, VALUES, outcome

pytestmark = pytest.mark.django_db


@COMMANDS
@given(value=VALUES)
def test_a_stray_argument_is_refused_by_name(value):
    ran, text = outcome("load_demo", "--if-empty", f"--if-empty={value}")
    assert not ran and "--if-empty" in text
