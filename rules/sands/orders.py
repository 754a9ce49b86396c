"""A gladiator's orders, so a bout fights itself: how he spends his dice, when he plays to the
crowd, when he raises the finger. Given as a mapping of texts (as a form or a campaign file
stores them) and read into `Orders`; a bad value is refused naming the order."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.errors import RulesError

CROWD = ("never", "safe", "always")  # play to the crowd: never, only when not adjacent, always
INITIATIVE = ("keep", "pass")


@dataclass(frozen=True)
class Orders:
    press: int = 1  # extra Attack dice he adds to an attack (Press the Attack), 0-5
    keep_defence: int = 2  # Defence dice he keeps for reactions when he activates first, 0-6
    crowd: str = "safe"
    finger: int = 0  # raise the finger unasked at this many conditions (0: never), 2-9
    initiative: str = "keep"  # keep the Initiative Token, or pass it to the opponent
    bid: int = 1  # Laurel dice he converts to Manoeuvre to win the initiative, 0-6
    specials: bool = True  # use his special attacks
    quick_step: bool = True  # use Quick Step (1 Fatigue) to close the distance

    @classmethod
    def from_mapping(cls, data: Mapping[str, str]) -> Orders:
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"orders: no order {unknown[0]!r}; the orders are {sorted(known)}")

        def number(key: str, low: int, high: int, default: int) -> int:
            text = data.get(key, str(default))
            try:
                value = int(text)
            except (TypeError, ValueError):
                raise RulesError(f"orders: {key} must be a whole number, got {text!r}") from None
            if not (low <= value <= high or (key == "finger" and value == 0)):
                raise RulesError(f"orders: {key} must be {low} to {high}, got {value}")
            return value

        def choice(key: str, options: tuple[str, ...], default: str) -> str:
            value = data.get(key, default)
            if value not in options:
                raise RulesError(f"orders: {key} must be one of {', '.join(options)}")
            return value

        return cls(
            press=number("press", 0, 5, 1),
            keep_defence=number("keep_defence", 0, 6, 2),
            crowd=choice("crowd", CROWD, "safe"),
            finger=number("finger", 2, 9, 0),
            initiative=choice("initiative", INITIATIVE, "keep"),
            bid=number("bid", 0, 6, 1),
            specials=choice("specials", ("yes", "no"), "yes") == "yes",
            quick_step=choice("quick_step", ("yes", "no"), "yes") == "yes",
        )
