"""A sheet that holds nothing, for a ruleset whose every number comes from the entrant's kind
(his `equipment`: the Sands's armatura, the Moritari's armatura or beast).

Its JSON form is the empty mapping; anything else is refused with a `SheetError` naming the
first key it does not hold and the ruleset's rule. A ruleset subclasses it (a frozen dataclass
of its own, so two rulesets' sheets are never equal) and names itself and its rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Self

from rules.core.errors import SheetError
from rules.core.json import JsonDict
from rules.core.ruleset import SheetField


@dataclass(frozen=True)
class EmptySheet:
    RULESET: ClassVar[str]  # the ruleset's name, as its messages say it
    DECIDES: ClassVar[str]  # what decides everything instead ("his class decides everything")
    NO_RATINGS: ClassVar[str]  # the rule a key breaks

    def to_dict(self) -> JsonDict:
        return {}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        if not isinstance(data, Mapping):
            raise SheetError(
                f"a {cls.RULESET} sheet must be a mapping", field="sheet", rule="a mapping, empty"
            )
        if data:
            unknown = sorted(str(key) for key in data)
            raise SheetError(
                f"a {cls.RULESET} sheet has no {', '.join(unknown)}: {cls.DECIDES}",
                field=unknown[0],
                rule=cls.NO_RATINGS,
            )
        return cls()

    @classmethod
    def form_fields(cls) -> tuple[SheetField, ...]:
        return ()
