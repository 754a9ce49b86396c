"""The ruleset seam: what every arena ruleset declares, so the app can run any of them.

A campaign names its ruleset by key; `rules.core.registry.get_ruleset(key)` gives the object.
The app builds `EntrantInput`s from its rows (through the ruleset's adapter), asks the ruleset
to `setup` the fight, `play`s it from the bout's seed and the decisions taken so far, stores
the log and either asks the `PendingDecision` or applies the `Outcome`; once the loser's fate
is `settle_fate`d it applies the settled outcome. Every figure a page shows that depends on
the rules (Wound Points, Resistance, ...) comes from `figures`; what the ruleset shows is
named in `templates`.

The setup object is the ruleset's own (opaque to the app: it passes back what `setup` gave).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Protocol, Self

from rules.core.errors import RulesError
from rules.core.events import Decision, Event, PendingDecision
from rules.core.json import JsonDict
from rules.core.outcome import Outcome

if TYPE_CHECKING:
    from rules.core.sheet_report import SheetCheck


@dataclass(frozen=True)
class SheetField:
    """One field of a sheet as a form needs it: its name, label, bounds, default and group."""

    name: str
    label: str
    min: int
    max: int
    default: int
    group: str  # e.g. "characteristics", "skills": a form shows each group together
    help: str = ""


class Sheet(Protocol):
    """A ruleset's sheet type: a frozen dataclass that checks itself in `__post_init__`,
    raising `SheetError` naming the field and the rule a bad value breaks; every field has a
    default; it round-trips through a JSON dict; `form_fields` describes it for a form."""

    def to_dict(self) -> JsonDict: ...

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self: ...

    @classmethod
    def form_fields(cls) -> tuple[SheetField, ...]: ...


@dataclass(frozen=True)
class EntrantInput:
    """One entrant as the app gives it: plain data, no rows.

    `side` is his side or team (a two-sided fight: "a"/"b"); `orders` his private orders in
    the ruleset's terms; `standing` what he brings in (Era: {"known": 1} or
    {"crowd_favor": 3}); `wounds` the Wounds he carries in; `injuries` the names of the
    unhealed injuries he carries (names the ruleset's table lacks count but act on nothing);
    `equipment` his kit in the ruleset's terms (Era: the armatura, "thraex").
    """

    name: str
    sheet: Sheet
    side: str = ""
    orders: JsonDict = field(default_factory=dict)
    standing: Mapping[str, int] = field(default_factory=dict)
    wounds: int = 0
    injuries: tuple[str, ...] = ()
    equipment: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise RulesError(f"entrant name must be a non-empty text; got {self.name!r}")
        if isinstance(self.injuries, str):
            raise RulesError(f"injuries must be a list of names; got {self.injuries!r}")
        object.__setattr__(self, "injuries", tuple(self.injuries))


@dataclass(frozen=True)
class Played:
    """A fight played as far as it can go: its log, and either the decision it waits for
    or its outcome (exactly one of the two). `record` is the ruleset's full result as data
    (Era: the BoutResult's dict, what stored bouts keep)."""

    events: tuple[Event, ...]
    pending: PendingDecision | None
    outcome: Outcome | None
    record: JsonDict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if (self.pending is None) == (self.outcome is None):
            raise RulesError("a played fight has either a pending decision or an outcome")

    @property
    def finished(self) -> bool:
        return self.outcome is not None


@dataclass(frozen=True)
class Odds:
    """A fight's odds: each entrant's chance of winning, in 100, by setup order; the draws;
    how they were reckoned; and the ruleset's fuller figures (Era: the verdict split)."""

    method: str
    trials: int
    seed: int
    wins: tuple[float, ...]
    draws: float
    detail: JsonDict = field(default_factory=dict)


@dataclass(frozen=True)
class Figure:
    """One figure a page shows: its value as carried injuries leave it, and before them."""

    key: str
    label: str
    value: int
    base: int
    note: str = ""  # why value differs from base ("2 fewer: Punctured Side")


@dataclass(frozen=True)
class Figures:
    items: tuple[Figure, ...]

    def __getitem__(self, key: str) -> int:
        return self.figure(key).value

    def figure(self, key: str) -> Figure:
        for item in self.items:
            if item.key == key:
                return item
        raise RulesError(f"no figure {key!r}; figures are {', '.join(f.key for f in self.items)}")

    def as_dict(self) -> dict[str, int]:
        return {item.key: item.value for item in self.items}


@dataclass(frozen=True)
class Treatment:
    """A treatment check between fights: whether it healed, and the roll as data."""

    success: bool
    check: str  # the check in words ("Average Medicine check")
    record: JsonDict


@dataclass(frozen=True)
class TreatmentOdds:
    """A treatment check before it is rolled: the check, its dice in words, its exact chance."""

    check: str  # "Average Medicine check"
    pool: str  # the dice, as a page shows them
    chance: Fraction


@dataclass(frozen=True)
class FateSettled:
    """The loser's fate settled: the outcome with his fate (and any standing it moved), and
    the ruleset's verdict as data (Era: the crowd's call, the editor's act, the appeal)."""

    outcome: Outcome
    record: JsonDict


class Ruleset(Protocol):
    """What an arena ruleset declares. One instance per ruleset, found by `key`."""

    key: ClassVar[str]  # the campaign's ruleset key: "era"
    name: ClassVar[str]  # for the pages: "Era (seed 001)"
    title: ClassVar[str]  # a campaign's rules as its pages name them: "Era (50 BC Rome)"
    engine_version: ClassVar[str]  # what new fights are fought with
    engine_versions: ClassVar[tuple[str, ...]]  # every version it can replay, current included
    sheet_type: ClassVar[type[Sheet]]
    templates: ClassVar[Mapping[str, str]]  # what it shows: {"bout": "arena/era/bout.html", ...}
    order_presets: ClassVar[tuple[str, ...]]  # the standing orders a man may be given
    # The armaturae its engine fights (a man's `equipment`): a campaign offers these beyond the
    # four every campaign has had (ludus.models.armatura_choices).
    armaturae: ClassVar[tuple[str, ...]]

    def setup(self, entrants: Sequence[EntrantInput], **options: object) -> object:
        """The fight's setup from its entrants; `options` are the ruleset's (Era: first)."""
        ...

    def play(
        self,
        setup: object,
        seed: int,
        decisions: Sequence[Decision] = (),
        *,
        engine_version: str | None = None,
    ) -> Played:
        """Play (or replay) the fight from its seed and the decisions taken so far, under
        `engine_version` (one of `engine_versions`: a stored fight passes the version it was
        begun with; None: `engine_version`, for a new fight)."""
        ...

    def odds(
        self, setup: object, trials: int, seed: int, *, engine_version: str | None = None
    ) -> Odds: ...

    def settle_fate(
        self, setup: object, outcome: Outcome, seed: int, choices: Mapping[str, object]
    ) -> FateSettled:
        """Settle the pending fate of the loser (Era: the crowd, the editor and the appeal)."""
        ...

    def treat(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool, seed: int
    ) -> Treatment:
        """A treatment check between fights (Era: the medicus's Medicine check)."""
        ...

    def treatment_odds(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool
    ) -> TreatmentOdds:
        """That check before it is rolled: its dice and its exact chance."""
        ...

    def rest(self, sheet: Sheet, wounds: int) -> int:
        """Wounds a night's rest heals (never more than he has)."""
        ...

    def figures(self, sheet: Sheet, injuries: Sequence[str] = (), equipment: str = "") -> Figures:
        """Every rules figure a page shows, as the carried injuries leave them."""
        ...

    def check_sheet(self, data: object) -> SheetCheck:
        """`data` (a sheet's JSON) checked: every broken rule, or the figures it gives
        (`rules.core.sheet_report.sheet_report` is the shared reading)."""
        ...
