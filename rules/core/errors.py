"""One error family for the engines: every refusal of bad input is a `RulesError`.

`RulesError` is a `ValueError` whose message names the field (or the rule) and what is
allowed, so a page can show it as it is. Subclasses say more where a caller needs it: a
`SheetError` names the field and the rule a bad sheet breaks (a form puts it by the field);
an `UnknownRulesetError` is a campaign key no ruleset is registered for.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Bad input to a rules engine; the message names the field and the allowed range."""


class SheetError(RulesError):
    """A sheet that breaks one of its ruleset's rules.

    `field` is the sheet field at fault ("might"), `rule` the rule it breaks in words
    ("a characteristic runs from 1 to 6"); the message is the full sentence for a page.
    """

    def __init__(self, message: str, *, field: str, rule: str) -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule


class UnknownRulesetError(RulesError):
    """A ruleset key the registry does not know (yet)."""

    def __init__(self, message: str, *, key: str) -> None:
        super().__init__(message)
        self.key = key


def check_range(name: str, value: int, low: int, high: int) -> int:
    """Return `value` if it is an int in [low, high], else raise naming the field."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number from {low} to {high}; got {value!r}")
    if not low <= value <= high:
        raise RulesError(f"{name} must be from {low} to {high}; got {value}")
    return value


def check_seed(seed: object, name: str = "seed") -> int:
    """Return `seed` if it is a whole number (not a bool), else raise naming the field."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"{name} must be a whole number; got {seed!r}")
    return seed
