"""The JSON-safe values that logs, outcomes and sheets are stored as."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from rules.core.errors import RulesError

JsonValue: TypeAlias = "None | bool | int | float | str | list[JsonValue] | dict[str, JsonValue]"
JsonDict: TypeAlias = "dict[str, JsonValue]"


def require_mapping(data: object, what: str) -> Mapping[str, object]:
    """`data` if it is a mapping (a stored dict), else a RulesError naming `what`."""
    if not isinstance(data, Mapping):
        raise RulesError(f"{what} must be a mapping; got {type(data).__name__}")
    return data


def require_int(data: Mapping[str, object], key: str, what: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} {key} must be a whole number; got {value!r}")
    return value


def require_str(data: Mapping[str, object], key: str, what: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise RulesError(f"{what} {key} must be a text; got {value!r}")
    return value


def optional_int(data: Mapping[str, object], key: str, what: str) -> int | None:
    return None if data.get(key) is None else require_int(data, key, what)


def int_mapping(value: object, what: str) -> dict[str, int]:
    """A {name: whole number} mapping (standings), checked."""
    mapping = require_mapping(value if value is not None else {}, what)
    out: dict[str, int] = {}
    for key, number in mapping.items():
        if not isinstance(key, str) or isinstance(number, bool) or not isinstance(number, int):
            raise RulesError(f"{what} must map names to whole numbers; got {key!r}: {number!r}")
        out[key] = number
    return out


def json_dict(value: object, what: str) -> JsonDict:
    """A stored dict taken as JSON data (its values are not inspected further)."""
    mapping = require_mapping(value if value is not None else {}, what)
    return {str(key): _json(item) for key, item in mapping.items()}


def _json(value: object) -> JsonValue:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _json(item) for key, item in value.items()}
    raise RulesError(f"not JSON data: {value!r}")
