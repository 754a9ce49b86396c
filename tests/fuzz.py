"""Issue 10, fuzzed commands: what a user types on the command line, however wrong, either runs
or is refused with a `CommandError` naming the option; never another exception.

`COMMANDS` is the hypothesis settings every command fuzz shares (few examples: each one runs a
command). `outcome` runs one command line through call_command and fails the test on anything
but success or a CommandError.
"""

import os
import traceback
from io import StringIO

from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

COMMANDS = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 20)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

HUGE = [2**31, 2**63 - 1, 2**63, 2**64, 10**30]
# Whole numbers as typed: huge, negative, small; then what is not a number at all.
INTEGERS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=12),
    st.sampled_from([0, -1, *HUGE, *(-n for n in HUGE)]),
).map(str)
NOT_NUMBERS = st.one_of(
    st.sampled_from(["", " ", "x", "1.5", "1e3", "0x10", "²", "٣", "--", "3,2", "None"]),
    st.text(max_size=8),
)
VALUES = st.one_of(INTEGERS, NOT_NUMBERS)


def outcome(name: str, *args: str) -> tuple[bool, str]:
    """(True, output) if the command ran, (False, message) if it raised CommandError."""
    out = StringIO()
    try:
        call_command(name, *args, stdout=out, stderr=StringIO())
    except CommandError as error:
        return False, str(error)
    except (Exception, SystemExit) as error:  # anything else is the failure looked for
        raise AssertionError(
            f"{name} {' '.join(args)!r} raised {type(error).__name__}, not CommandError:\n"
            + "".join(traceback.format_exception(error))
        ) from error
    return True, out.getvalue()


def refused_naming(name: str, option: str, *args: str) -> str | None:
    """Run the command; if refused, the message must name `option` (as typed, e.g. --bouts)."""
    ran, text = outcome(name, *args)
    if not ran:
        assert option in text, f"{name} {' '.join(args)!r}: {text!r} does not name {option}"
        assert "\n" not in text.strip(), f"not one line: {text!r}"
        return text
    return None
