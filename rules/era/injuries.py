"""The Critical Injury table (ours: the seed keeps a Core table it does not print) and its roll.

The bands agree with the seed: 44 is a Cracked Rib, a Moderate (Average) injury; 47 a Wrenched
Limb; 72 a Damaged Leg. Severity never falls as the roll rises, so a worse roll is harder for
the medicus, and the top band kills. Rolls run past 100 with carried injuries and below 1 with
a helm: anything under 1 reads as the first band.

Each entry keeps its effect as text (the pages show it) and as data (`Modifier`s): Bane or
Trial dice on checks of a skill or characteristic, difficulty upgrades, Wound Points or a
characteristic lost. An injury acts until it is healed; in the arena only the injuries a man
carries *into* a bout or race act on its checks (design.md: an injury taken in a bout does not
change that bout). The arena makes three checks: the attack (Might + Melee, with a shield), the
appeal (Charisma + Charm) and the race's legs and saves (Agility + Operate). A modifier on any
other skill or characteristic has no arena effect, and the data says so (`Modifier.arena`).
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, TypedDict, Unpack

from rules.era.dice import Difficulty, Pool, RulesError, check_range
from rules.era.sheet import CHARACTERISTIC_RANGE, CHARACTERISTICS, SKILLS, Fighter

INJURY_STEP = 10  # each injury already carried adds 10; each point of Helm takes 10
MIN_WOUND_POINTS = 1  # Wound Points lost to injuries never take a man below 1

# The checks the arena makes, by the sheet's names: what an injury's modifier can touch there.
ATTACK = ("might", "melee")  # the bout's attack, made with a shield (every arena kit has one)
APPEAL = ("charisma", "charm")  # the appeal to the editor
DRIVING = ("agility", "operate")  # a race leg and the wreck save
ARENA_CHECKS = {"his attacks": ATTACK, "his appeal": APPEAL, "his race legs and saves": DRIVING}
ARENA_RATINGS = frozenset(ATTACK + APPEAL + DRIVING)


class ModifierKind(enum.StrEnum):
    BANE = "bane"  # Bane dice on checks that use `on`
    TRIAL = "trial"  # Trial dice on checks that use `on`
    UPGRADE = "upgrade"  # upgrade the difficulty of checks that use `on` (a Trial die to Crisis)
    WOUND_POINTS = "wound_points"  # Wound Points lost until healed
    CHARACTERISTIC = "characteristic"  # points of the characteristic `on` lost until healed


_CHECK_KINDS = (ModifierKind.BANE, ModifierKind.TRIAL, ModifierKind.UPGRADE)


@dataclass(frozen=True)
class Modifier:
    """One effect of an injury, as data. `on` is a skill or characteristic of the sheet.

    `shield`: only checks made with a shield (Cracked Collarbone). `next_only`: only the next
    such check. `out_of_arena`: only out of the arena (Jarred Arm). `until`: when it ends, if
    sooner than the healing ("the next rest"). `chosen`: the text leaves `on` to the GM and
    this is our default (Gruesome Wound: Might).
    """

    kind: ModifierKind
    amount: int = 1
    on: str = ""
    shield: bool = False
    next_only: bool = False
    out_of_arena: bool = False
    until: str = ""
    chosen: bool = False

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "kind", ModifierKind(self.kind))
        except ValueError:
            kinds = ", ".join(kind.value for kind in ModifierKind)
            raise RulesError(f"modifier kind must be one of {kinds}; got {self.kind!r}") from None
        check_range("modifier amount", self.amount, 1, 5)
        allowed: tuple[str, ...] = CHARACTERISTICS
        if self.kind is not ModifierKind.CHARACTERISTIC:
            allowed += SKILLS
        if self.kind is ModifierKind.WOUND_POINTS:
            if self.on:
                raise RulesError(f"a Wound Point loss names no rating; got {self.on!r}")
        elif self.on not in allowed:
            raise RulesError(f"modifier on must be one of {', '.join(allowed)}; got {self.on!r}")

    @property
    def arena(self) -> bool:
        """Whether any check or figure of the arena meets it."""
        if self.out_of_arena:
            return False
        return self.kind is ModifierKind.WOUND_POINTS or self.on in ARENA_RATINGS

    def applies(self, characteristic: str, skill: str, *, shield: bool = False) -> bool:
        """Whether it adds dice to a check of `characteristic` + `skill` made in the arena."""
        return (
            self.kind in _CHECK_KINDS
            and self.arena
            and self.on in (characteristic, skill)
            and (shield or not self.shield)
        )

    def describe(self) -> str:
        """What it does, in the pages' words ('1 Trial die on Melee checks with a shield')."""
        rating = self.on.title()
        if self.kind is ModifierKind.WOUND_POINTS:
            return f"{_plural(self.amount, 'Wound Point')} fewer"
        if self.kind is ModifierKind.CHARACTERISTIC:
            chosen = " (the GM's choice; Might unless he chooses another)" if self.chosen else ""
            return f"{rating} {self.amount} lower{chosen}"
        if self.kind is ModifierKind.UPGRADE:
            text = f"the difficulty of {rating} checks upgraded {_times(self.amount)}"
        else:
            text = f"{self.dice_words()} on {rating} checks"
        if self.shield:
            text += " with a shield"
        if self.next_only:
            text = text.replace(f"on {rating} checks", f"on the next {rating} check")
        if self.out_of_arena:
            text += " out of the arena"
        if self.until:
            text += f" until {self.until}"
        return text

    def dice_words(self) -> str:
        """'1 Trial die', '2 Bane dice', 'difficulty upgraded once' (check modifiers only)."""
        if self.kind is ModifierKind.UPGRADE:
            return f"difficulty upgraded {_times(self.amount)}"
        noun = "die" if self.amount == 1 else "dice"
        return f"{self.amount} {self.kind.title()} {noun}"

    def as_dict(self) -> dict[str, Any]:
        out = {"kind": str(self.kind), "amount": self.amount, "arena": self.arena}
        if self.on:
            out["on"] = self.on
        for name in ("shield", "next_only", "out_of_arena", "chosen"):
            if getattr(self, name):
                out[name] = True
        if self.until:
            out["until"] = self.until
        return out


def _plural(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _times(number: int) -> str:
    return "once" if number == 1 else f"{number} times"


class ModifierFlags(TypedDict, total=False):
    """The optional flags of a `Modifier`, for the table's shorthand constructors."""

    shield: bool
    next_only: bool
    out_of_arena: bool
    until: str
    chosen: bool


def bane(on: str, **flags: Unpack[ModifierFlags]) -> Modifier:
    return Modifier(ModifierKind.BANE, on=on, **flags)


def trial(on: str, **flags: Unpack[ModifierFlags]) -> Modifier:
    return Modifier(ModifierKind.TRIAL, on=on, **flags)


def upgrade(on: str, **flags: Unpack[ModifierFlags]) -> Modifier:
    return Modifier(ModifierKind.UPGRADE, on=on, **flags)


def lose_wound_points(amount: int) -> Modifier:
    return Modifier(ModifierKind.WOUND_POINTS, amount=amount)


def lose(on: str, amount: int = 1, **flags: Unpack[ModifierFlags]) -> Modifier:
    return Modifier(ModifierKind.CHARACTERISTIC, amount=amount, on=on, **flags)


class Severity(enum.IntEnum):
    """How hard the medicus's Medicine check is; the seed's 'Moderate' is Average."""

    EASY = 1
    AVERAGE = 2
    HARD = 3
    DAUNTING = 4

    @property
    def label(self) -> str:
        return self.name.title()

    @property
    def difficulty(self) -> Difficulty:
        return Difficulty(int(self))


@dataclass(frozen=True)
class Injury:
    """One band of the table: `low`..`high` inclusive (`high` None for the open top band)."""

    low: int
    high: int | None
    name: str
    severity: Severity
    effect: str
    modifiers: tuple[Modifier, ...] = ()
    note: str = ""  # what it does when it is no check's modifier (Strain, dying)
    fatal: bool = False

    def covers(self, total: int) -> bool:
        return total >= self.low and (self.high is None or total <= self.high)

    @property
    def band(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}–{self.high}"

    @property
    def arena_modifiers(self) -> tuple[Modifier, ...]:
        return tuple(m for m in self.modifiers if m.arena)

    @property
    def arena_effect(self) -> str:
        """What it does to a man who carries it into the arena, or why it does nothing there."""
        if self.fatal:
            return "he dies on the sand"
        acting = self.arena_modifiers
        if acting:
            return "; ".join(_arena_words(m) for m in acting)
        if self.note:
            return f"none in the arena ({self.note})"
        named = sorted({m.on.title() for m in self.modifiers if not m.out_of_arena})
        if named:
            return f"none in the arena: the arena makes no {' or '.join(named)} check"
        return "none in the arena: only a Melee check out of the arena"

    def as_dict(self) -> dict[str, Any]:
        return {
            "band": self.band,
            "name": self.name,
            "severity": self.severity.label,
            "effect": self.effect,
            "fatal": self.fatal,
        }

    def effects_dict(self) -> dict[str, Any]:
        """The entry with its effects as data (the start of a bout, the pages)."""
        return self.as_dict() | {
            "modifiers": [m.as_dict() for m in self.modifiers],
            "arena_effect": self.arena_effect,
        }


def _arena_words(modifier: Modifier) -> str:
    """A modifier in the arena's terms: which of the arena's checks or figures it touches."""
    if modifier.kind is ModifierKind.WOUND_POINTS:
        return modifier.describe()
    if modifier.kind is ModifierKind.CHARACTERISTIC:
        lower = f"{modifier.on.title()} {modifier.amount} lower"
        if modifier.chosen:
            lower += " (the GM's choice of characteristic; Might unless he names another)"
        if modifier.on == "might":
            return f"{lower}: his attack dice, damage, Resistance and Wound Points"
        checks = [name for name, ratings in ARENA_CHECKS.items() if modifier.on in ratings]
        return f"{lower}: {' and '.join(checks)}"
    dice = modifier.dice_words()
    checks = [name for name, ratings in ARENA_CHECKS.items() if modifier.on in ratings]
    where = " and ".join(checks)
    if modifier.shield:
        where += " (with a shield: every arena kit has one, the thraex's parma included)"
    return f"{dice} on {where}"


E, A, H, D = Severity.EASY, Severity.AVERAGE, Severity.HARD, Severity.DAUNTING
_NEXT_REST = "the next rest"
_DIES = "his life is the medicus's concern, not a check's"
_BAND_ROWS = (
    (
        1,
        5,
        "Grazed",
        E,
        "A shallow cut; 1 Strain when the wound is dressed.",
        (),
        "the Strain comes when the wound is dressed, after the bout",
    ),
    (
        6,
        10,
        "Winded",
        E,
        "Add 1 Bane die to the next Athletics check.",
        (bane("athletics", next_only=True),),
    ),
    (
        11,
        15,
        "Split Brow",
        E,
        "Blood in the eyes: add 1 Bane die to Vigilance checks.",
        (bane("vigilance"),),
    ),
    (
        16,
        20,
        "Jarred Arm",
        E,
        "Add 1 Bane die to the next Melee check out of the arena.",
        (bane("melee", next_only=True, out_of_arena=True),),
    ),
    (21, 25, "Bruised Knee", E, "Add 1 Bane die to Athletics checks.", (bane("athletics"),)),
    (26, 30, "Sprained Wrist", E, "Add 1 Bane die to Operate checks.", (bane("operate"),)),
    (
        31,
        35,
        "Stunned",
        E,
        "Add 1 Bane die to Intellect checks until the next rest.",
        (bane("intellect", until=_NEXT_REST),),
    ),
    (36, 40, "Gashed Forearm", E, "Add 1 Bane die to Melee checks.", (bane("melee"),)),
    (
        41,
        45,
        "Cracked Rib",
        A,
        "Every breath hurts: add 1 Trial die to Athletics checks.",
        (trial("athletics"),),
    ),
    (
        46,
        50,
        "Wrenched Limb",
        A,
        "Add 1 Trial die to Athletics and Melee checks.",
        (trial("athletics"), trial("melee")),
    ),
    (51, 55, "Torn Shoulder", A, "Add 1 Trial die to Might checks.", (trial("might"),)),
    (56, 60, "Deep Gash", A, "Lose 1 Wound Point until healed.", (lose_wound_points(1),)),
    (
        61,
        65,
        "Concussion",
        A,
        "Add 1 Trial die to Intellect and Cunning checks.",
        (trial("intellect"), trial("cunning")),
    ),
    (
        66,
        70,
        "Broken Fingers",
        A,
        "Add 1 Trial die to Melee and Operate checks.",
        (trial("melee"), trial("operate")),
    ),
    (
        71,
        75,
        "Damaged Leg",
        A,
        "Limps: add 1 Trial die to Athletics and Agility checks.",
        (trial("athletics"), trial("agility")),
    ),
    (
        76,
        80,
        "Cracked Collarbone",
        A,
        "Add 1 Trial die to Melee checks with a shield.",
        (trial("melee", shield=True),),
    ),
    (81, 85, "Punctured Side", A, "Lose 2 Wound Points until healed.", (lose_wound_points(2),)),
    (86, 90, "Broken Nose", A, "Add 1 Trial die to Charm checks.", (trial("charm"),)),
    (
        91,
        95,
        "Broken Arm",
        H,
        "Upgrade the difficulty of Melee and Athletics checks once.",
        (upgrade("melee"), upgrade("athletics")),
    ),
    (
        96,
        100,
        "Shattered Knee",
        H,
        "Upgrade the difficulty of Agility and Athletics checks once.",
        (upgrade("agility"), upgrade("athletics")),
    ),
    (
        101,
        105,
        "Maimed Hand",
        H,
        "Upgrade the difficulty of Melee and Operate checks once.",
        (upgrade("melee"), upgrade("operate")),
    ),
    (
        106,
        110,
        "Ruined Eye",
        H,
        "Upgrade the difficulty of Vigilance and Melee checks once.",
        (upgrade("vigilance"), upgrade("melee")),
    ),
    (
        111,
        115,
        "Hamstrung",
        H,
        "Upgrade the difficulty of every Agility check once.",
        (upgrade("agility"),),
    ),
    (
        116,
        120,
        "Cracked Skull",
        H,
        "Upgrade the difficulty of every Intellect check once.",
        (upgrade("intellect"),),
    ),
    (121, 125, "Cut Tendons", H, "Lose 1 Might until healed.", (lose("might"),)),
    (
        126,
        130,
        "Gruesome Wound",
        D,
        "Lose 1 from a characteristic of the GM's choice.",
        (lose("might", chosen=True),),
    ),
    (
        131,
        140,
        "Bleeding Out",
        D,
        "Dies at the end of the day unless the medicus treats it.",
        (),
        _DIES,
    ),
    (141, 150, "Mortal Wound", D, "Dies within the week unless the medicus treats it.", (), _DIES),
)
TABLE: tuple[Injury, ...] = tuple(Injury(*row) for row in _BAND_ROWS) + (
    Injury(151, None, "Slain", D, "Dies on the sand.", fatal=True),
)


_LOWS = tuple(entry.low for entry in TABLE)


def injury_for(total: int) -> Injury:
    """The band a modified roll lands in; totals under 1 read as the first band."""
    return TABLE[max(0, bisect_right(_LOWS, total) - 1)]


@dataclass(frozen=True)
class CritRoll:
    """A Critical Injury roll with its arithmetic, so the log can show '54 − 10 = 44'."""

    d100: int
    carried: int
    helm: int
    injury: Injury

    @property
    def modifier(self) -> int:
        return INJURY_STEP * (self.carried - self.helm)

    @property
    def total(self) -> int:
        return self.d100 + self.modifier

    def arithmetic(self) -> str:
        parts = [str(self.d100)]
        if self.carried:
            parts.append(f"+ {INJURY_STEP * self.carried} (injuries carried: {self.carried})")
        if self.helm:
            parts.append(f"− {INJURY_STEP * self.helm} (Helm {self.helm})")
        return " ".join(parts) + f" = {self.total}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "d100": self.d100,
            "carried": self.carried,
            "carried_bonus": INJURY_STEP * self.carried,
            "helm": self.helm,
            "helm_reduction": INJURY_STEP * self.helm,
            "total": self.total,
            "arithmetic": self.arithmetic(),
            "injury": self.injury.as_dict(),
        }


def critical_injury(d100: int, *, carried: int = 0, helm: int = 0) -> CritRoll:
    """d100 + 10 per injury already carried (this bout's first, old, untreated) − 10 × Helm."""
    check_range("d100", d100, 1, 100)
    check_range("carried injuries", carried, 0, 20)
    check_range("helm", helm, 0, 10)
    total = d100 + INJURY_STEP * (carried - helm)
    return CritRoll(d100=d100, carried=carried, helm=helm, injury=injury_for(total))


def severity_by_name(name: str) -> Severity:
    """'Moderate' (the seed's word) is Average."""
    key = name.strip().upper()
    if key == "MODERATE":
        return Severity.AVERAGE
    if key in Severity.__members__:
        return Severity[key]
    raise RulesError(
        f"severity must be one of Easy, Average (Moderate), Hard, Daunting; got {name!r}"
    )


# --- injuries carried into a bout or a race -------------------------------------------------

_BY_NAME = {entry.name.casefold(): entry for entry in TABLE}
_BY_BAND = {entry.band: entry for entry in TABLE}


def injury_named(name: str) -> Injury | None:
    """The table entry of that name (any case), or None when the table has no such entry."""
    return _BY_NAME.get(name.strip().casefold()) if isinstance(name, str) else None


def entries_named(names: Iterable[str]) -> tuple[Injury, ...]:
    """The table entries for these names, skipping any name the table does not have.

    For the campaign: an injury the GM wrote by hand has no effect on record (it still counts
    toward the +10 on Critical Injury rolls, which the caller counts itself).
    """
    entries = (injury_named(name) for name in names)
    return tuple(entry for entry in entries if entry is not None and not entry.fatal)


def carried_entry(item: Injury | str, field: str = "injuries") -> Injury:
    """A carried injury as its table entry: the entry itself, its name or its band ('86–90')."""
    if isinstance(item, Injury):
        entry = item
    elif isinstance(item, str):
        found = injury_named(item) or _BY_BAND.get(item.strip().replace("-", "–"))
        if found is None:
            raise RulesError(
                f"{field}: {item!r} is not on the Critical Injury table; give an entry's name "
                "(e.g. Broken Nose) or its band (e.g. 86–90)"
            )
        entry = found
    else:
        raise RulesError(
            f"{field} must hold Critical Injury table entries, names or bands; got {item!r}"
        )
    if entry.fatal:
        raise RulesError(f"{field}: nobody carries {entry.name}; it kills on the sand")
    return entry


def carried_entries(items: Iterable[Injury | str], field: str = "injuries") -> tuple[Injury, ...]:
    if isinstance(items, str | Injury) or not isinstance(items, Iterable):
        raise RulesError(f"{field} must be a list of table entries, names or bands; got {items!r}")
    return tuple(carried_entry(item, field) for item in items)


@dataclass(frozen=True)
class CheckPenalty:
    """What carried injuries do to one check: Bane and Trial dice added, difficulty upgrades.

    `sources` names the injuries that gave them, for the log. Falsy when there is nothing.
    """

    bane: int = 0
    trial: int = 0
    upgrade: int = 0
    sources: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.bane or self.trial or self.upgrade)

    @property
    def dice(self) -> tuple[int, int, int]:
        return (self.bane, self.trial, self.upgrade)

    def apply(self, pool: Pool) -> Pool:
        """Add the Bane and Trial dice, then upgrade the difficulty (a Trial die to Crisis)."""
        if not self:
            return pool
        pool = replace(pool.add(bane=self.bane), trial=pool.trial + self.trial)
        return pool.upgrade_difficulty(self.upgrade)


def check_penalty(
    injuries: Iterable[Injury], characteristic: str, skill: str, *, shield: bool = False
) -> CheckPenalty:
    """The dice carried injuries add to a check of `characteristic` + `skill` in the arena.

    Injuries stack (two carried injuries give two dice); one injury whose text names both
    ratings of the check ("Melee and Might checks") adds its die once, not twice.
    """
    totals = dict.fromkeys(_CHECK_KINDS, 0)
    sources = []
    for entry in injuries:
        gave = False
        for kind in _CHECK_KINDS:
            amounts = [
                m.amount
                for m in entry.modifiers
                if m.kind is kind and m.applies(characteristic, skill, shield=shield)
            ]
            if amounts:
                totals[kind] += max(amounts)
                gave = True
        if gave:
            sources.append(entry.name)
    return CheckPenalty(
        bane=totals[ModifierKind.BANE],
        trial=totals[ModifierKind.TRIAL],
        upgrade=totals[ModifierKind.UPGRADE],
        sources=tuple(sources),
    )


def characteristic_loss(injuries: Iterable[Injury], characteristic: str) -> int:
    """Points of a characteristic that carried injuries take (Cut Tendons: 1 Might)."""
    return sum(
        m.amount
        for entry in injuries
        for m in entry.modifiers
        if m.kind is ModifierKind.CHARACTERISTIC and m.on == characteristic and m.arena
    )


def wound_points_lost(injuries: Iterable[Injury]) -> int:
    """Wound Points that carried injuries take (Deep Gash 1, Punctured Side 2)."""
    return sum(
        m.amount
        for entry in injuries
        for m in entry.modifiers
        if m.kind is ModifierKind.WOUND_POINTS
    )


def injured_sheet(fighter: Fighter, injuries: Iterable[Injury]) -> Fighter:
    """The sheet as his carried injuries leave it: characteristics lowered, never below 1."""
    injuries = tuple(injuries)
    lowered = {}
    for name in CHARACTERISTICS:
        loss = characteristic_loss(injuries, name)
        if loss:
            lowered[name] = max(CHARACTERISTIC_RANGE[0], getattr(fighter, name) - loss)
    return replace(fighter, **lowered) if lowered else fighter


def injured_wound_points(fighter: Fighter, injuries: Iterable[Injury]) -> int:
    """10 + Might after any Might lost, less the Wound Points lost; never below 1."""
    injuries = tuple(injuries)
    base = injured_sheet(fighter, injuries).wound_points
    return max(MIN_WOUND_POINTS, base - wound_points_lost(injuries))
