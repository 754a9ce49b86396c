"""One outcome type for every ruleset: what a fight did to each entrant, as data.

The services apply any ruleset's `Outcome` the same way: injuries and deaths to the people,
purses to the ledger, standings to the records. All frozen, all JSON-safe through
`to_dict`/`from_dict` (what a stored bout keeps).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from rules.core.errors import RulesError
from rules.core.json import (
    JsonDict,
    JsonValue,
    int_mapping,
    optional_int,
    require_int,
    require_mapping,
    require_str,
)


class Result(enum.StrEnum):
    WON = "won"
    LOST = "lost"
    DREW = "drew"


class Fate(enum.StrEnum):
    WALKED_OUT = "walked_out"  # he left the sand on his feet, no verdict asked of anyone
    SPARED = "spared"  # a verdict was asked and he lives (the Era editor's missio)
    DEAD = "dead"  # killed on the sand, or given the sword
    PENDING = "pending"  # the loser's fate awaits a decision (`Ruleset.settle_fate`)


E = TypeVar("E", bound=enum.StrEnum)


def _enum(kind: type[E], value: object, what: str) -> E:
    if isinstance(value, str):  # members are texts: nothing else can be one
        try:
            return kind(value)
        except ValueError:
            pass
    allowed = ", ".join(member.value for member in kind)
    raise RulesError(f"{what} must be one of {allowed}; got {value!r}")


@dataclass(frozen=True)
class InjuryTaken:
    """An injury taken in the fight, in the ruleset's own terms.

    `name` and `severity` are the ruleset's words (Era: "Punctured Side", "Average", the
    medicus's difficulty); `effect` the text the pages show; `roll` the table roll as read
    (Era: the d100 after the +10s and the Helm), None when no table was rolled.
    """

    name: str
    severity: str
    effect: str
    roll: int | None = None
    fatal: bool = False

    def to_dict(self) -> JsonDict:
        return {
            "name": self.name,
            "severity": self.severity,
            "effect": self.effect,
            "roll": self.roll,
            "fatal": self.fatal,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> InjuryTaken:
        data = require_mapping(data, "injury")
        return cls(
            name=require_str(data, "name", "injury"),
            severity=require_str(data, "severity", "injury"),
            effect=require_str(data, "effect", "injury"),
            roll=optional_int(data, "roll", "injury"),
            fatal=bool(data.get("fatal", False)),
        )


@dataclass(frozen=True)
class EntrantOutcome:
    """What the fight did to one entrant (`entrant`: his index in the setup).

    `standing` is his standing at the end, by the ruleset's names (Era: {"crowd_favor": 5});
    `standing_change` what the fight changed it by ({"crowd_favor": 3}). `purses` is the
    number of purses due to him (whole purses, not sesterces: the ledger prices a purse);
    `prizes` any other awards by name (Era: {"palm": 1}).
    """

    entrant: int
    name: str
    result: Result
    fate: Fate
    wounds: int = 0
    injuries: tuple[InjuryTaken, ...] = ()
    standing: Mapping[str, int] = field(default_factory=dict)
    standing_change: Mapping[str, int] = field(default_factory=dict)
    purses: int = 0
    prizes: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", _enum(Result, self.result, "result"))
        object.__setattr__(self, "fate", _enum(Fate, self.fate, "fate"))
        object.__setattr__(self, "injuries", tuple(self.injuries))
        for name in ("standing", "standing_change", "prizes"):
            object.__setattr__(self, name, int_mapping(getattr(self, name), name))

    def to_dict(self) -> JsonDict:
        return {
            "entrant": self.entrant,
            "name": self.name,
            "result": str(self.result),
            "fate": str(self.fate),
            "wounds": self.wounds,
            "injuries": [injury.to_dict() for injury in self.injuries],
            "standing": dict(self.standing),
            "standing_change": dict(self.standing_change),
            "purses": self.purses,
            "prizes": dict(self.prizes),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> EntrantOutcome:
        data = require_mapping(data, "entrant outcome")
        injuries = data.get("injuries", [])
        if not isinstance(injuries, Sequence) or isinstance(injuries, str):
            raise RulesError(f"entrant outcome injuries must be a list; got {injuries!r}")
        return cls(
            entrant=require_int(data, "entrant", "entrant outcome"),
            name=require_str(data, "name", "entrant outcome"),
            result=_enum(Result, data.get("result"), "result"),
            fate=_enum(Fate, data.get("fate"), "fate"),
            wounds=require_int(data, "wounds", "entrant outcome"),
            injuries=tuple(InjuryTaken.from_dict(require_mapping(i, "injury")) for i in injuries),
            standing=int_mapping(data.get("standing"), "standing"),
            standing_change=int_mapping(data.get("standing_change"), "standing_change"),
            purses=require_int(data, "purses", "entrant outcome"),
            prizes=int_mapping(data.get("prizes"), "prizes"),
        )


@dataclass(frozen=True)
class Outcome:
    """A fight's outcome: each entrant's, in setup order, and the fight's own facts.

    `end_reason` is the ruleset's word for how it ended (Era: "yield", "killed", ...);
    `others` are changes of standing for parties who are not entrants (Era, once the fate is
    settled: {"editor_dignitas": -1}); `engine_version` the engine that fought it.
    """

    entrants: tuple[EntrantOutcome, ...]
    end_reason: str
    rounds: int
    engine_version: str
    others: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        entrants = tuple(self.entrants)
        if [e.entrant for e in entrants] != list(range(len(entrants))):
            raise RulesError("outcome entrants must be listed in setup order: 0, 1, ...")
        object.__setattr__(self, "entrants", entrants)
        object.__setattr__(self, "others", int_mapping(self.others, "others"))

    def entrant(self, index: int) -> EntrantOutcome:
        return self.entrants[index]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(e.entrant for e in self.entrants if e.result is Result.WON)

    @property
    def losers(self) -> tuple[int, ...]:
        return tuple(e.entrant for e in self.entrants if e.result is Result.LOST)

    @property
    def fate_pending(self) -> bool:
        return any(e.fate is Fate.PENDING for e in self.entrants)

    def with_entrant(self, changed: EntrantOutcome) -> Outcome:
        entrants = list(self.entrants)
        entrants[changed.entrant] = changed
        return replace(self, entrants=tuple(entrants))

    def to_dict(self) -> JsonDict:
        entrants: list[JsonValue] = [e.to_dict() for e in self.entrants]
        return {
            "entrants": entrants,
            "end_reason": self.end_reason,
            "rounds": self.rounds,
            "engine_version": self.engine_version,
            "others": dict(self.others),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Outcome:
        data = require_mapping(data, "outcome")
        entrants = data.get("entrants")
        if not isinstance(entrants, Sequence) or isinstance(entrants, str):
            raise RulesError(f"outcome entrants must be a list; got {entrants!r}")
        return cls(
            entrants=tuple(
                EntrantOutcome.from_dict(require_mapping(e, "entrant outcome")) for e in entrants
            ),
            end_reason=require_str(data, "end_reason", "outcome"),
            rounds=require_int(data, "rounds", "outcome"),
            engine_version=require_str(data, "engine_version", "outcome"),
            others=int_mapping(data.get("others"), "others"),
        )
