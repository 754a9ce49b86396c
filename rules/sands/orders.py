"""A gladiator's orders, so a bout fights itself: how he spends his dice, when he plays to the
crowd, when he raises the finger. Given as a mapping of texts (as a form or a campaign file
stores them) and read into `Orders`; a bad value is refused naming the order."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.errors import RulesError

CROWD = ("never", "safe", "always")  # play to the crowd: never, only when not adjacent, always
INITIATIVE = ("keep", "pass")
ASK = ("no", "turn")  # "turn": the table (the GM) chooses his orders each turn, after the roll

# Named orders (a man's standing orders, and the choices of a turn the table plays): each a
# mapping of orders as `Orders.from_mapping` reads them (docs/rules.md, "Sands: orders").
PRESETS: dict[str, dict[str, str]] = {
    "cautious": {"press": "0", "keep_defence": "3", "finger": "3", "quick_step": "no"},
    "steady": {},
    "aggressive": {"press": "2", "keep_defence": "1", "bid": "2", "crowd": "never"},
    "showman": {"crowd": "always", "keep_defence": "1"},
}


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
    ask: bool = False  # the table chooses his orders each turn (a PendingDecision)

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
            ask=choice("ask", ASK, "no") == "turn",
        )


def preset_orders(name: str) -> dict[str, str]:
    """The orders a preset names, as a mapping; a RulesError names an unknown one."""
    try:
        return dict(PRESETS[name])
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesError(f"orders: no preset {name!r}; the presets are {known}") from None
