"""The shared shapes of a fight's log and of the choice it waits for.

Every ruleset's engine may keep a richer event of its own (the Era bout's carries its rolls),
but each converts to and from these, so the app stores and shows any ruleset's log the same
way: `Event.to_dict()` is what a log keeps, `Event.from_dict` reads it back.

Entrants are named by their index in the fight's setup (0, 1, ...): the Era bout's side a
is 0 and side b is 1.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.core.errors import RulesError
from rules.core.json import (
    JsonDict,
    json_dict,
    optional_int,
    require_int,
    require_mapping,
    require_str,
)


@dataclass(frozen=True)
class Event:
    """One entry of a fight's log: its kind, the round (0 before the first), the text the
    pages show, the entrant it is about (None: the whole fight) and the ruleset's data."""

    kind: str
    round: int
    text: str
    entrant: int | None = None
    data: JsonDict = field(default_factory=dict)

    def to_dict(self) -> JsonDict:
        return {
            "kind": self.kind,
            "round": self.round,
            "text": self.text,
            "entrant": self.entrant,
            "data": dict(self.data),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Event:
        data = require_mapping(data, "event")
        return cls(
            kind=require_str(data, "kind", "event"),
            round=require_int(data, "round", "event"),
            text=require_str(data, "text", "event"),
            entrant=optional_int(data, "entrant", "event"),
            data=json_dict(data.get("data"), "event data"),
        )


class Decider(enum.StrEnum):
    """Who answers a pending decision."""

    GM = "gm"  # the game master (the Era bout's asked orders)
    OWNER = "owner"  # the entrant's owning player
    EDITOR = "editor"  # the games' editor (the loser's fate)


@dataclass(frozen=True)
class PendingDecision:
    """A choice the engine needs before the fight can go on: who decides, for which entrant,
    what kind of choice, the options (as stored values) and the prompt a page shows."""

    decider: Decider
    entrant: int | None
    kind: str
    options: tuple[str, ...]
    prompt: str
    round: int = 0

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "decider", Decider(self.decider))
        except ValueError:
            allowed = ", ".join(d.value for d in Decider)
            raise RulesError(f"decider must be one of {allowed}; got {self.decider!r}") from None
        object.__setattr__(self, "options", tuple(str(option) for option in self.options))
        if not self.options:
            raise RulesError("a pending decision needs at least one option")

    def to_dict(self) -> JsonDict:
        return {
            "decider": str(self.decider),
            "entrant": self.entrant,
            "kind": self.kind,
            "options": list(self.options),
            "prompt": self.prompt,
            "round": self.round,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> PendingDecision:
        data = require_mapping(data, "pending decision")
        options = data.get("options")
        if not isinstance(options, Sequence) or isinstance(options, str):
            raise RulesError(f"pending decision options must be a list; got {options!r}")
        return cls(
            decider=Decider(require_str(data, "decider", "pending decision")),
            entrant=optional_int(data, "entrant", "pending decision"),
            kind=require_str(data, "kind", "pending decision"),
            options=tuple(str(option) for option in options),
            prompt=require_str(data, "prompt", "pending decision"),
            round=require_int(data, "round", "pending decision"),
        )


@dataclass(frozen=True)
class Decision:
    """A decision taken: the answer to one pending decision, replayed in the order given."""

    kind: str
    entrant: int | None
    choice: str

    def to_dict(self) -> JsonDict:
        return {"kind": self.kind, "entrant": self.entrant, "choice": self.choice}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Decision:
        data = require_mapping(data, "decision")
        return cls(
            kind=require_str(data, "kind", "decision"),
            entrant=optional_int(data, "entrant", "decision"),
            choice=require_str(data, "choice", "decision"),
        )
