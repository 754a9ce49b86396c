"""A sheet checked for `manage.py check_sheet`: every broken rule, or the figures it gives.

`SheetCheck` is the shape every ruleset's `check_sheet(data)` answers in (rules.core.ruleset);
`sheet_report` is the shared one: the sheet type's own check (`from_dict`, which stops at the
first rule broken, a `SheetError` naming its field and rule) and, for a good sheet, the
ruleset's `figures`. A ruleset whose builder names every broken rule at once (Grimdark) answers
with its own report of the same shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules.core.errors import RulesError, SheetError
from rules.core.json import JsonDict
from rules.core.ruleset import Figures, Sheet

NOT_AN_OBJECT = "a sheet must be a JSON object of its fields; got {kind}"


class SheetProblem(Protocol):
    """One broken rule: the field at fault, the rule, and the sentence a page shows."""

    @property
    def field(self) -> str: ...

    @property
    def rule(self) -> str: ...

    @property
    def message(self) -> str: ...

    def to_dict(self) -> JsonDict: ...


class SheetCheck(Protocol):
    """What checking a sheet found: `ok`, every broken rule, the derived figures (as JSON), and
    the report as lines of text (one figure or one broken rule a line)."""

    @property
    def ok(self) -> bool: ...

    @property
    def problems(self) -> Sequence[SheetProblem]: ...

    @property
    def derived(self) -> JsonDict: ...

    def to_dict(self) -> JsonDict: ...

    def lines(self) -> list[str]: ...


@dataclass(frozen=True)
class BrokenRule:
    field: str
    rule: str
    message: str

    def to_dict(self) -> JsonDict:
        return {"field": self.field, "rule": self.rule, "message": self.message}


@dataclass(frozen=True)
class SheetReport:
    """The shared report: the broken rule (the sheet type's check stops at the first), or the
    ruleset's figures of the sheet, each with its label."""

    ok: bool
    problems: tuple[BrokenRule, ...] = ()
    derived: JsonDict = field(default_factory=dict)
    labels: tuple[tuple[str, str], ...] = ()  # (figure key, label), in the ruleset's order

    def to_dict(self) -> JsonDict:
        return {
            "ok": self.ok,
            "problems": [problem.to_dict() for problem in self.problems],
            "derived": self.derived,
        }

    def lines(self) -> list[str]:
        if not self.ok:
            return [f"{p.field}: {p.message} [{p.rule}]" for p in self.problems]
        return [f"{label}: {self.derived[key]}" for key, label in self.labels]


def sheet_report(
    sheet_type: type[Sheet], figures: Callable[[Sheet], Figures], data: object
) -> SheetReport:
    """Check `data` as a sheet of `sheet_type`; a good one's figures come from `figures`."""
    if not isinstance(data, Mapping):
        message = NOT_AN_OBJECT.format(kind=type(data).__name__)
        return SheetReport(False, (BrokenRule("sheet", "a JSON object", message),))
    try:
        sheet = sheet_type.from_dict(data)
    except SheetError as error:
        return SheetReport(False, (BrokenRule(error.field, error.rule, str(error)),))
    except RulesError as error:
        return SheetReport(False, (BrokenRule("sheet", "the sheet's rules", str(error)),))
    found = figures(sheet)
    derived: JsonDict = {item.key: item.value for item in found.items}
    return SheetReport(True, (), derived, tuple((item.key, item.label) for item in found.items))
