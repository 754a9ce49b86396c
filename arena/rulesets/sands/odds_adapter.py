"""The Sands duel's odds (rules/sands) for the command line and the odds page: the engine's
names `bout_odds --ruleset sands` and the Sands odds page use, so nothing else outside rules/
imports rules.sands for them (arena/adapters/sands.py, the campaign's adapter, is the other).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.errors import RulesError
from rules.sands import bout as engine
from rules.sands import odds as odds_engine
from rules.sands.kinds import KINDS, kind_of
from rules.sands.orders import Orders

ENGINE_VERSION, ENGINE_VERSIONS = engine.ENGINE_VERSION, engine.ENGINE_VERSIONS
MAX_BOUTS = odds_engine.MAX_BOUTS
MAX_TURNS, TEN_TURNS = engine.MAX_TURNS, engine.TEN_TURNS
FATES, ENDS, SIDES = odds_engine.FATES, odds_engine.ENDS, odds_engine.SIDES
ORDER_OPTIONS = odds_engine.ORDER_OPTIONS
FighterSpec, Setup, Result = engine.FighterSpec, engine.Setup, engine.Result
SandsOdds, bout_odds, one_bout = odds_engine.SandsOdds, odds_engine.bout_odds, odds_engine.one_bout
ORDER_NAMES = tuple(Orders.__dataclass_fields__)

__all__ = [
    "ENDS",
    "ENGINE_VERSION",
    "ENGINE_VERSIONS",
    "FATES",
    "KINDS",
    "MAX_BOUTS",
    "MAX_TURNS",
    "ORDER_NAMES",
    "ORDER_OPTIONS",
    "SIDES",
    "TEN_TURNS",
    "FighterSpec",
    "Orders",
    "Result",
    "SandsOdds",
    "Setup",
    "bout_odds",
    "kind_of",
    "one_bout",
    "orders_filled",
    "orders_from_text",
    "orders_text",
]


def orders_from_text(text: str) -> dict[str, str]:
    """`press=2,crowd=always` as the orders mapping; empty text is the standing orders. A piece
    that is not KEY=VALUE, a key that is not an odds order (ORDER_OPTIONS: those that decide
    every turn), a key given twice or a value the orders refuse is a RulesError."""
    orders: dict[str, str] = {}
    for piece in text.split(","):
        if not piece.strip():
            continue
        key, sep, value = piece.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise RulesError(f"orders: expected KEY=VALUE, got {piece.strip()!r}")
        if key not in ORDER_OPTIONS:  # odds take the orders that decide every turn
            known = ", ".join(ORDER_OPTIONS)
            raise RulesError(f"orders: no order {key!r} for odds; the orders are {known}")
        if key in orders:
            raise RulesError(f"orders: {key} given twice")
        orders[key] = value
    Orders.from_mapping(orders)
    return orders


def orders_filled(orders: Mapping[str, str]) -> dict[str, str]:
    """Every order of a mapping, the defaults filled in (what he fights by), as texts."""
    read = Orders.from_mapping(orders)
    values = {}
    for name in ORDER_NAMES:
        value = getattr(read, name)
        values[name] = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    return values


def orders_text(orders: Mapping[str, str]) -> str:
    """Every order of a mapping as `key=value`, the defaults filled in (the command line's)."""
    return ",".join(f"{name}={value}" for name, value in orders_filled(orders).items())
