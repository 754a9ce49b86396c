"""The sane range of every number a user may type or put in a URL (issue 10: overflows).

One place for the bounds. Forms take them as min and max (`bounded_integer`, whose messages
name the field); the services check them again (`check_range`, raising a Refusal that names the
field), so a caller that skips the form is refused too; a URL id outside them is 404
(`ludus.access.campaign_view`). Money has its own bound, `economy.limits.MAX_POSTING`.
"""

from django import forms

from ludus.errors import Refusal

MAX_ID = 2**63 - 1  # the largest primary key a database stores (a signed 64-bit integer)
MIN_DAY, MAX_DAY = 1, 100_000  # a campaign day: more than 270 years of daily play
MIN_YEAR, MAX_YEAR = -1_000, 1_000  # a historical year as stored: 1000 BC to AD 1000
MAX_SEED = 2**63 - 1  # a seed is stored in a signed 64-bit column
MAX_CONTRACT_BOUTS = 100  # bouts a volunteer (auctoratus) may owe under one contract
MIN_DIGNITAS, MAX_DIGNITAS = -1_000, 1_000  # an editor's Dignitas (the seed starts him at 3)

OUT_OF_RANGE = "{field} must be a whole number from {low:,} to {high:,}; got {value}."
NOT_A_NUMBER = "{field} must be a whole number."
TOO_SMALL = "{field} must be at least {low:,}."
TOO_LARGE = "{field} must be at most {high:,}."


class OutOfRange(Refusal):
    """A number outside its range; `field` names it (the form field, where there is one)."""

    def __init__(self, message: str, *, field: str = ""):
        super().__init__(message)
        self.field = field


def _shown(value) -> str:
    text = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def check_range(value, *, field: str, low: int, high: int, error: type[Refusal] = OutOfRange):
    """`value` if it is a whole number from `low` to `high`; else `error`, naming `field`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        message = OUT_OF_RANGE.format(field=field, low=low, high=high, value=_shown(value))
        if error is OutOfRange:
            raise OutOfRange(message, field=field)
        raise error(message)
    return value


def bounded_integer(*, label: str, low: int, high: int, **kwargs) -> forms.IntegerField:
    """A form's integer field with its range, whose every message names the field."""
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        error_messages={
            "invalid": NOT_A_NUMBER.format(field=label),
            "min_value": TOO_SMALL.format(field=label, low=low),
            "max_value": TOO_LARGE.format(field=label, high=high),
        },
        **kwargs,
    )
