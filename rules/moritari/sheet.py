"""The Moritari sheet: the seed gives every fighter the same 3 hit points and rolls by kind
(armatura or beast), so a sheet holds no ratings; a man's kind is his `equipment`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.core.sheets import EmptySheet


@dataclass(frozen=True)
class MoritariSheet(EmptySheet):
    RULESET: ClassVar[str] = "Moritari"
    DECIDES: ClassVar[str] = "the kind decides everything"
    NO_RATINGS: ClassVar[str] = "a Moritari sheet holds no ratings (seed 002: 3 hit points each)"
