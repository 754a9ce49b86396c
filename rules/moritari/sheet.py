"""The Moritari sheet: the seed gives every fighter the same 3 hit points and rolls by kind
(armatura or beast), so a sheet holds no ratings; a man's kind is his `equipment`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from rules.core.errors import SheetError
from rules.core.json import JsonDict
from rules.core.ruleset import SheetField


@dataclass(frozen=True)
class MoritariSheet:
    def to_dict(self) -> JsonDict:
        return {}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        if not isinstance(data, Mapping):
            raise SheetError(
                "a Moritari sheet must be a mapping", field="sheet", rule="a mapping, empty"
            )
        if data:
            unknown = sorted(str(key) for key in data)
            raise SheetError(
                f"a Moritari sheet has no {', '.join(unknown)}: the kind decides everything",
                field=unknown[0],
                rule="a Moritari sheet holds no ratings (seed 002: 3 hit points each)",
            )
        return cls()

    @classmethod
    def form_fields(cls) -> tuple[SheetField, ...]:
        return ()
