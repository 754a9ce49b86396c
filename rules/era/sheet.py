"""An Era fighter's sheet: characteristics, skills and the figures the bout derives from them.

`EraSheet` is the campaign's sheet (the ruleset's `sheet_type`): the thirteen ratings and
nothing else, as JSON with exactly those keys. `Fighter` is the engine's input, the same
ratings with the man's name. The kit (armatura) is not on the sheet: it is the man's type,
chosen and priced apart from his ratings, and a bout's setup names it (`EntrantInput.equipment`).
Only what the arena needs is kept. The defaults are the seed's: Bithys's murmillo opponent
(Might 3, Melee 2) and Bithys's social ratings (Charisma 2, Charm 1). The seed prints no other
ratings, so the other characteristics default to 2 and the other skills to 1 (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Self

from rules.core.errors import RulesError, SheetError, check_range
from rules.core.json import JsonDict
from rules.core.ruleset import SheetField
from rules.era.dice import Pool

CHARACTERISTICS = ("might", "agility", "intellect", "cunning", "willpower", "charisma")
SKILLS = ("melee", "charm", "medicine", "operate", "resilience", "vigilance", "athletics")
CHARACTERISTIC_RANGE = (1, 6)
SKILL_RANGE = (0, 5)


def half_up(value: int) -> int:
    """Half, rounded up (the seed's 'half his Might, rounded up')."""
    return -(-value // 2)


CHARACTERISTIC_RULE = "an Era characteristic is a whole number from 1 to 6"
SKILL_RULE = "an Era skill is a whole number from 0 to 5"
DEFAULTS: dict[str, int] = {
    "might": 3,
    "agility": 2,
    "intellect": 2,
    "cunning": 2,
    "willpower": 2,
    "charisma": 2,
    "melee": 2,
    "charm": 1,
    # A new man of a campaign starts untrained in both (the engine's Fighter keeps its own
    # defaults for the odds commands).
    "medicine": 0,
    "operate": 0,
    "resilience": 1,
    "vigilance": 1,
    "athletics": 1,
}


def check_ratings(sheet: object) -> None:
    """Every rating of `sheet` in its range; else SheetError naming the field and the rule."""
    for names, bounds, rule in (
        (CHARACTERISTICS, CHARACTERISTIC_RANGE, CHARACTERISTIC_RULE),
        (SKILLS, SKILL_RANGE, SKILL_RULE),
    ):
        for name in names:
            try:
                check_range(name, getattr(sheet, name), *bounds)
            except RulesError as error:
                raise SheetError(str(error), field=name, rule=rule) from None


@dataclass(frozen=True)
class Fighter:
    """One gladiator's Era sheet. Ratings are checked on creation; bad ones raise RulesError."""

    name: str = "gladiator"
    might: int = 3
    agility: int = 2
    intellect: int = 2
    cunning: int = 2
    willpower: int = 2
    charisma: int = 2
    melee: int = 2
    charm: int = 1
    medicine: int = 1
    operate: int = 1
    resilience: int = 1
    vigilance: int = 1
    athletics: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise SheetError(
                f"name must be a non-empty text; got {self.name!r}",
                field="name",
                rule="a fighter has a name",
            )
        check_ratings(self)

    @property
    def wound_points(self) -> int:
        """Wound Points: 10 + Might (Bithys, Might 3: 13)."""
        return 10 + self.might

    @property
    def strain_threshold(self) -> int:
        """Strain threshold: 10 + Willpower (ours; nothing in a bout causes Strain)."""
        return 10 + self.willpower

    def resistance(self, kit_resistance: int = 0) -> int:
        """Half Might rounded up, plus what the kit adds (matched kit +1, Mail Shirt +2)."""
        return half_up(self.might) + kit_resistance

    def pool(self, characteristic: str, skill: str) -> Pool:
        """The positive dice of a check, e.g. pool('might', 'melee') for an attack."""
        if characteristic not in CHARACTERISTICS:
            raise RulesError(f"characteristic must be one of {', '.join(CHARACTERISTICS)}")
        if skill not in SKILLS:
            raise RulesError(f"skill must be one of {', '.join(SKILLS)}")
        return Pool.from_ratings(getattr(self, characteristic), getattr(self, skill))

    @property
    def attack_pool(self) -> Pool:
        """Melee attacks roll Might + Melee (Bithys 3/3: 3 Mastery; the murmillo 3/2: 2 + 1)."""
        return self.pool("might", "melee")

    @property
    def appeal_pool(self) -> Pool:
        """The appeal to the editor rolls Charisma + Charm (Bithys 2/1: 1 Mastery + 1 Ability)."""
        return self.pool("charisma", "charm")

    def as_dict(self) -> dict[str, str | int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def sheet(self) -> EraSheet:
        """His ratings as the campaign's sheet (without the name)."""
        return EraSheet(**{name: getattr(self, name) for name in RATINGS})


RATINGS = CHARACTERISTICS + SKILLS


def _whole(name: str, value: object) -> int:
    """A stored rating as a whole number; SheetError naming it otherwise (ranges: __post_init__)."""
    if isinstance(value, bool) or not isinstance(value, int):
        low, high = CHARACTERISTIC_RANGE if name in CHARACTERISTICS else SKILL_RANGE
        rule = CHARACTERISTIC_RULE if name in CHARACTERISTICS else SKILL_RULE
        message = f"{name} must be a whole number from {low} to {high}; got {value!r}"
        raise SheetError(message, field=name, rule=rule)
    return value


_LABELS = {name: name.title() for name in RATINGS}


@dataclass(frozen=True)
class EraSheet:
    """The Era sheet of a campaign's gladiator: six characteristics (1–6), seven skills (0–5).

    Frozen and checked on creation: a rating out of its range raises `SheetError` with the
    field and the rule. `to_dict` gives exactly the thirteen ratings; `from_dict` reads them
    back (a missing rating takes its default; an unknown key is refused).
    """

    might: int = DEFAULTS["might"]
    agility: int = DEFAULTS["agility"]
    intellect: int = DEFAULTS["intellect"]
    cunning: int = DEFAULTS["cunning"]
    willpower: int = DEFAULTS["willpower"]
    charisma: int = DEFAULTS["charisma"]
    melee: int = DEFAULTS["melee"]
    charm: int = DEFAULTS["charm"]
    medicine: int = DEFAULTS["medicine"]
    operate: int = DEFAULTS["operate"]
    resilience: int = DEFAULTS["resilience"]
    vigilance: int = DEFAULTS["vigilance"]
    athletics: int = DEFAULTS["athletics"]

    def __post_init__(self) -> None:
        check_ratings(self)

    def to_dict(self) -> JsonDict:
        return {name: getattr(self, name) for name in RATINGS}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        if not isinstance(data, Mapping):
            raise SheetError(
                f"an Era sheet must be a mapping of ratings; got {type(data).__name__}",
                field="sheet",
                rule="an Era sheet holds the thirteen ratings",
            )
        unknown = sorted(str(key) for key in data if key not in RATINGS)
        if unknown:
            raise SheetError(
                f"an Era sheet has no {', '.join(unknown)}; its ratings are {', '.join(RATINGS)}",
                field=unknown[0],
                rule="an Era sheet holds the thirteen ratings and nothing else",
            )
        ratings = {name: _whole(name, data.get(name, DEFAULTS[name])) for name in RATINGS}
        return cls(**ratings)

    @classmethod
    def form_fields(cls) -> tuple[SheetField, ...]:
        groups = (
            ("characteristics", CHARACTERISTICS, CHARACTERISTIC_RANGE),
            ("skills", SKILLS, SKILL_RANGE),
        )
        return tuple(
            SheetField(name, _LABELS[name], low, high, DEFAULTS[name], group)
            for group, names, (low, high) in groups
            for name in names
        )

    def fighter(self, name: str) -> Fighter:
        """The engine's sheet for the man of that name."""
        return Fighter(name, **{rating: getattr(self, rating) for rating in RATINGS})
