"""A Grimdark gladiator's sheet (seed 003) and the builder's rules.

The sheet is a JSON object that round-trips exactly::

    {"name", "stats": {"brutality", "style", "mind", "weird"}, "active_stat",
     "abilities": {name: level}, "moves": {name: copies},
     "weapons": [{"name", "kind", "properties": [...], "element"}],
     "armour_slots", "fame", "wins", "losses", "starred"}  (+ optional "npc")

`check_sheet(data)` reads any mapping and returns a `SheetReport`: every broken rule (each a
`Problem` naming its field, its rule and a sentence) and the derived figures (ability points and
equipment slots used and left, the HP and Init ranges with the abilities that change them).
`GrimdarkSheet.from_dict` builds a checked sheet or raises `SheetRulesError`, a `SheetError`
that carries every problem. A sheet marked `"npc": true` (a beast or NPC of the GM's list) may
break the builder's limits (`BUILDER_LIMITS`) but not the shape or the catalog's names.
Readings where the seed is silent: docs/rules.md, "Grimdark (seed 003): the builder".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Self

from rules.core.errors import RulesError, SheetError
from rules.core.json import JsonDict, JsonValue
from rules.core.ruleset import SheetField
from rules.grimdark import catalog as cat

# Every rule a sheet can break: its key (a Problem's `rule`) and the rule in words.
RULES: dict[str, str] = {
    "shape": "a sheet is the JSON object of the builder's shape, each value of its type",
    "name": "a gladiator has a name",
    "stat_minimum": "no stat below 0",
    "stat_total": "15 points among the four stats",
    "stat_spread": "the highest stat at most five above the lowest",
    "active_stat": "the Active Stat is one of the four stats (or null: the strongest)",
    "known_ability": "an ability of the seed's List of Abilities, spelled as the seed writes it",
    "ability_level": "an ability's level is a whole number, at least 1",
    "ability_cap": "an ability's level within its cap (Combat Focus 8, Endurance Brutality, "
    "Jack of All Trades Mind, Poise Style; the others all-or-nothing)",
    "ability_prerequisite": "an ability's stat prerequisite (Arcane Arts Weird 4, Berserker "
    "Brutality 4, Demonology Weird 3, Gambler Style 3, Performer Style 4, Tactician Mind 4, "
    "Technomancer Mind 3)",
    "ability_points": "ability points spent at most 20 + Mind",
    "known_move": "a move of the seed's List of Moves, spelled as the seed writes it",
    "move_count": "a move's copies are a whole number, at least 1",
    "repertoire_size": "a repertoire of 15 to 30 moves",
    "move_copies": "no more than 5 of the same move, Basic moves excepted",
    "special_move": "Special moves cannot be placed into the repertoire directly",
    "move_access": "a category's moves need its ability; Jack of All Trades grants one other "
    "move a level",
    "weapon_kind": "a weapon is light melee, heavy melee, light ranged, heavy ranged or natural",
    "known_property": "a weapon property of the seed's list, spelled as the seed writes it",
    "property_once": "a property is on a weapon once",
    "property_limit": "Crushing heavy only, Paired light only, Quickshot ranged only, "
    "Throwable melee only",
    "element": "an Elemental weapon names its element (acid, electric, fire, ice); no other "
    "weapon has one",
    "natural_weapon": "a natural weapon comes with the Natural Weapon ability, one for the ability",
    "equipment_slots": "5 equipment slots: light 1, heavy 3, each property +1, armour 1 a slot, "
    "Natural Weapon 2",
    "record": "Fame, wins, losses and armour slots are whole numbers, at least 0",
    "veteran": "a Veteran starts with 1 Fame and d6 wins",
    "npc_hand": "a repertoire holds at least the three moves of a hand",
}
# The limits of the builder that a sheet marked "npc" may break (the others are its shape).
BUILDER_LIMITS = frozenset(
    {
        "stat_total",
        "stat_spread",
        "ability_cap",
        "ability_prerequisite",
        "ability_points",
        "repertoire_size",
        "move_copies",
        "special_move",
        "move_access",
        "equipment_slots",
        "natural_weapon",
        "veteran",
    }
)
NPC_HAND = 3  # an NPC's repertoire still fills a hand of three

KEYS = (
    "name",
    "stats",
    "active_stat",
    "abilities",
    "moves",
    "weapons",
    "armour_slots",
    "fame",
    "wins",
    "losses",
    "starred",
)
REQUIRED = ("name", "stats", "abilities", "moves")
WEAPON_KEYS = ("name", "kind", "properties", "element")


@dataclass(frozen=True)
class Problem:
    """One broken rule: the field at fault ("stats", "moves.Tackle", "weapons[0].properties"),
    the rule's key (in `RULES`) and the sentence a page shows."""

    field: str
    rule: str
    message: str

    @property
    def words(self) -> str:
        return RULES[self.rule]

    def to_dict(self) -> JsonDict:
        return {"field": self.field, "rule": self.rule, "message": self.message}


class SheetRulesError(SheetError):
    """A sheet that breaks one rule or more; `problems` holds every one, the first names the
    error's field and rule."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        first = problems[0]
        message = "; ".join(problem.message for problem in problems)
        super().__init__(message, field=first.field, rule=first.words)
        self.problems = problems


@dataclass(frozen=True)
class Stats:
    brutality: int = 4
    style: int = 4
    mind: int = 4
    weird: int = 3

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in cat.STATS}

    @property
    def strongest(self) -> str:
        """The strongest stat; on a tie, the first in the seed's order (Brutality first)."""
        values = self.as_dict()
        return max(cat.STATS, key=lambda name: (values[name], -cat.STATS.index(name)))


@dataclass(frozen=True)
class Weapon:
    name: str
    kind: str
    properties: tuple[str, ...] = ()
    element: str | None = None

    @property
    def kind_info(self) -> cat.WeaponKind | None:
        return cat.WEAPON_KINDS.get(self.kind)

    @property
    def slots(self) -> int:
        """Its slots: the kind's (a natural weapon none: the ability takes two) + 1 a property."""
        kind = self.kind_info
        return (kind.slots if kind else 0) + cat.PROPERTY_SLOTS * len(self.properties)

    @property
    def die(self) -> int:
        """Its weapon die (0: +0 damage), before any property changes its size in a match."""
        kind = self.kind_info
        return kind.die if kind else 0

    def has(self, prop: str) -> bool:
        return prop in self.properties

    def to_dict(self) -> JsonDict:
        return {
            "name": self.name,
            "kind": self.kind,
            "properties": list(self.properties),
            "element": self.element,
        }


# A legal sheet for a new gladiator: (4, 4, 4, 3), no abilities, fifteen moves anyone may take.
DEFAULT_MOVES: tuple[tuple[str, int], ...] = (
    ("Basic Melee", 6),
    ("Basic Defense", 3),
    ("Basic Performance", 2),
    ("Brutal Bash", 2),
    ("Stylish Strike", 2),
)


@dataclass(frozen=True)
class SheetData:
    """The sheet's values, unchecked (what `check_sheet` reads); `GrimdarkSheet` checks them.

    `abilities` and `moves` are (name, level/copies) pairs in the sheet's order."""

    name: str = "gladiator"
    stats: Stats = field(default_factory=Stats)
    active_stat: str | None = None
    abilities: tuple[tuple[str, int], ...] = ()
    moves: tuple[tuple[str, int], ...] = DEFAULT_MOVES
    weapons: tuple[Weapon, ...] = ()
    armour_slots: int = 0
    fame: int = 0
    wins: int = 0
    losses: int = 0
    starred: bool = False
    npc: bool | None = None  # None: the key is absent

    # --- reading -----------------------------------------------------------------------------

    def level(self, ability: str) -> int:
        """The ability's level (0: the gladiator lacks it)."""
        return sum(level for name, level in self.abilities if name == ability)

    def has(self, ability: str) -> bool:
        return self.level(ability) > 0

    def copies(self, move: str) -> int:
        return sum(copies for name, copies in self.moves if name == move)

    @property
    def is_npc(self) -> bool:
        return bool(self.npc)

    @property
    def active(self) -> str:
        """The Active Stat: the manager's choice, by default the strongest stat."""
        return self.active_stat if self.active_stat is not None else self.stats.strongest

    @property
    def move_total(self) -> int:
        return sum(copies for _, copies in self.moves)

    # --- derived figures ---------------------------------------------------------------------

    @property
    def ability_points(self) -> int:
        return cat.BASE_ABILITY_POINTS + self.stats.mind

    @property
    def ability_points_used(self) -> int:
        return sum(
            cat.ABILITIES[name].cost_of(level)
            for name, level in self.abilities
            if name in cat.ABILITIES
        )

    @property
    def slots_used(self) -> int:
        abilities = sum(
            cat.ABILITIES[name].slots for name, _ in self.abilities if name in cat.ABILITIES
        )
        weapons = sum(weapon.slots for weapon in self.weapons)
        return abilities + weapons + self.armour_slots

    @property
    def hp_base(self) -> int:
        """25 + Brutality + Endurance + 5 a slot of armour; the die is added at a match."""
        return (
            cat.BASE_HP
            + self.stats.brutality
            + self.level("Endurance")
            + cat.ARMOUR_HP_PER_SLOT * self.armour_slots
        )

    @property
    def hp_die(self) -> int:
        return cat.BERSERKER_HP_DIE if self.has("Berserker") else cat.HP_DIE

    @property
    def init_base(self) -> int:
        """Style + Poise; the die is added at a match."""
        return self.stats.style + self.level("Poise")

    @property
    def init_die(self) -> int:
        return cat.PERFORMER_INIT_DIE if self.has("Performer") else cat.INIT_DIE

    @property
    def arcane_essence(self) -> int:
        """Arcanists start with arcane essence equal to Weird."""
        return self.stats.weird if self.has("Arcane Arts") else 0

    @property
    def quantum_energy(self) -> int:
        return cat.TECHNOMANCER_QUANTUM if self.has("Technomancer") else 0

    def locked_moves(self) -> tuple[str, ...]:
        """The moves whose category needs an ability the gladiator lacks (Jack of All Trades
        must grant each), in the sheet's order."""
        return tuple(
            name
            for name, _ in self.moves
            if name in cat.MOVES
            and (needs := cat.MOVES[name].needs) is not None
            and not self.has(needs)
        )

    def derived(self) -> JsonDict:
        """The figures the builder and a page show (see `check_sheet`)."""
        hp_by = [name for name in ("Berserker", "Endurance") if self.has(name)]
        init_by = [name for name in ("Performer", "Poise") if self.has(name)]
        points, used = self.ability_points, self.ability_points_used
        slots = self.slots_used
        derived: JsonDict = {
            "active_stat": self.active,
            "ability_points": {"total": points, "used": used, "left": points - used},
            "equipment_slots": {
                "total": cat.EQUIPMENT_SLOTS,
                "used": slots,
                "left": cat.EQUIPMENT_SLOTS - slots,
            },
            "moves": self.move_total,
            "hp": _range(self.hp_base, self.hp_die, hp_by, self.armour_slots),
            "init": _range(self.init_base, self.init_die, init_by, 0),
            "jack_of_all_trades": list(dict.fromkeys(self.locked_moves())),
            "arcane_essence": self.arcane_essence,
            "quantum_energy": self.quantum_energy,
            "weapons": [
                {"name": weapon.name, "die": weapon.die, "slots": weapon.slots}
                for weapon in self.weapons
            ],
        }
        return derived

    # --- JSON --------------------------------------------------------------------------------

    def to_dict(self) -> JsonDict:
        data: JsonDict = {
            "name": self.name,
            "stats": dict[str, JsonValue](self.stats.as_dict()),
            "active_stat": self.active_stat,
            "abilities": dict[str, JsonValue](self.abilities),
            "moves": dict[str, JsonValue](self.moves),
            "weapons": [weapon.to_dict() for weapon in self.weapons],
            "armour_slots": self.armour_slots,
            "fame": self.fame,
            "wins": self.wins,
            "losses": self.losses,
            "starred": self.starred,
        }
        if self.npc is not None:
            data["npc"] = self.npc
        return data


def _range(base: int, die: int, changed_by: list[str], armour: int) -> JsonDict:
    by: list[JsonValue] = list(changed_by)
    if armour:
        by.append(f"armour ({armour} slot{'s' if armour != 1 else ''})")
    return {
        "base": base,
        "die": die,
        "min": base + 1,
        "max": base + die,
        "text": f"{base} + d{die}",
        "changed_by": by,
    }


@dataclass(frozen=True)
class GrimdarkSheet(SheetData):
    """A checked Grimdark sheet: building one that breaks a rule raises `SheetRulesError` with
    every broken rule."""

    def __post_init__(self) -> None:
        problems = broken_rules(self)
        if problems:
            raise SheetRulesError(problems)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        report = check_sheet(data)
        if report.values is None or report.problems:
            raise SheetRulesError(report.problems)
        return cls.of(report.values)

    @classmethod
    def of(cls, data: SheetData) -> Self:
        """The checked sheet of these values."""
        return cls(
            name=data.name,
            stats=data.stats,
            active_stat=data.active_stat,
            abilities=data.abilities,
            moves=data.moves,
            weapons=data.weapons,
            armour_slots=data.armour_slots,
            fame=data.fame,
            wins=data.wins,
            losses=data.losses,
            starred=data.starred,
            npc=data.npc,
        )

    @classmethod
    def form_fields(cls) -> tuple[SheetField, ...]:
        stats = tuple(
            SheetField(name, cat.STAT_LABELS[name], 0, cat.STAT_POINTS, default, "stats")
            for name, default in Stats().as_dict().items()
        )
        slots = cat.EQUIPMENT_SLOTS
        record = (
            SheetField("armour_slots", "Armour slots", 0, slots, 0, "equipment", "5 HP a slot"),
            SheetField("fame", "Fame", 0, 10**6, 0, "record"),
            SheetField("wins", "Wins", 0, 10**6, 0, "record"),
            SheetField("losses", "Losses", 0, 10**6, 0, "record"),
        )
        return stats + record

    def with_record(self, *, fame: int, wins: int, losses: int) -> GrimdarkSheet:
        """The same sheet with its Fame and record after a match."""
        return replace(self, fame=fame, wins=wins, losses=losses)


def veteran_start(sheet: GrimdarkSheet, roll: int) -> GrimdarkSheet:
    """A new Veteran's start: 1 Fame and the d6 `roll` as wins (docs/rules.md: the roll is
    written into the sheet's wins and Fame when the gladiator is created)."""
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6:
        raise RulesError(f"the Veteran's d6 must be from 1 to 6; got {roll!r}")
    return replace(sheet, fame=max(sheet.fame, cat.VETERAN_FAME), wins=sheet.wins + roll)


# ---------------------------------------------------------------------------------------------
# Reading the JSON: its shape (types, keys); every shape problem is listed.


class _Reader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, field_name: str, message: str, rule: str = "shape") -> None:
        self.problems.append(Problem(field_name, rule, message))

    def whole(self, value: object, field_name: str, rule: str) -> int:
        """A whole number (its bounds are rules, checked on the sheet); 0 stands for a wrong
        type."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(field_name, f"{field_name} must be a whole number; got {value!r}", rule)
            return 0
        return value

    def text(self, value: object, field_name: str, rule: str = "shape") -> str:
        if not isinstance(value, str):
            self.fail(field_name, f"{field_name} must be a text; got {value!r}", rule)
            return ""
        return value

    def mapping(self, value: object, field_name: str) -> Mapping[str, object]:
        if not isinstance(value, Mapping):
            kind = type(value).__name__
            self.fail(field_name, f"{field_name} must be a JSON object; got {kind}")
            return {}
        return value

    def counts(self, value: object, field_name: str, rule: str) -> tuple[tuple[str, int], ...]:
        """A {name: whole number} object as pairs."""
        pairs = []
        for name, number in self.mapping(value, field_name).items():
            pairs.append((str(name), self.whole(number, f"{field_name}.{name}", rule)))
        return tuple(pairs)


def read_sheet(data: object) -> tuple[SheetData | None, tuple[Problem, ...]]:
    """The sheet's values and every problem of its shape (None when it is not an object)."""
    reader = _Reader()
    if not isinstance(data, Mapping):
        reader.fail("sheet", f"a Grimdark sheet must be a JSON object; got {type(data).__name__}")
        return None, tuple(reader.problems)
    for key in data:
        if key not in KEYS and key != "npc":
            reader.fail(
                str(key), f"a Grimdark sheet has no {key!r}; its keys are {', '.join(KEYS)}"
            )
    for key in REQUIRED:
        if key not in data:
            reader.fail(key, f"a Grimdark sheet needs {key!r}")
    stats = _read_stats(reader, data.get("stats", {}))
    active = data.get("active_stat")
    npc = data.get("npc")
    starred = data.get("starred", False)
    if not isinstance(starred, bool):
        reader.fail("starred", f"starred must be true or false; got {starred!r}")
    if npc is not None and not isinstance(npc, bool):
        reader.fail("npc", f"npc must be true or false; got {npc!r}")
    values = SheetData(
        name=reader.text(data.get("name", ""), "name", "name"),
        stats=stats,
        active_stat=None if active is None else reader.text(active, "active_stat", "active_stat"),
        abilities=reader.counts(data.get("abilities", {}), "abilities", "ability_level"),
        moves=reader.counts(data.get("moves", {}), "moves", "move_count"),
        weapons=_read_weapons(reader, data.get("weapons", [])),
        armour_slots=reader.whole(data.get("armour_slots", 0), "armour_slots", "record"),
        fame=reader.whole(data.get("fame", 0), "fame", "record"),
        wins=reader.whole(data.get("wins", 0), "wins", "record"),
        losses=reader.whole(data.get("losses", 0), "losses", "record"),
        starred=starred if isinstance(starred, bool) else False,
        npc=npc if isinstance(npc, bool) else None,
    )
    return values, tuple(reader.problems)


def _read_stats(reader: _Reader, value: object) -> Stats:
    stats = reader.mapping(value, "stats")
    for key in stats:
        if key not in cat.STATS:
            reader.fail(f"stats.{key}", f"no stat {key!r}; the stats are {', '.join(cat.STATS)}")
    numbers = {}
    for name in cat.STATS:
        if name not in stats:
            reader.fail(f"stats.{name}", f"stats needs {name!r}")
        numbers[name] = reader.whole(stats.get(name, 0), f"stats.{name}", "shape")
    return Stats(**numbers)


def _read_weapons(reader: _Reader, value: object) -> tuple[Weapon, ...]:
    if not isinstance(value, list):
        reader.fail("weapons", f"weapons must be a list; got {type(value).__name__}")
        return ()
    weapons = []
    for index, item in enumerate(value):
        where = f"weapons[{index}]"
        entry = reader.mapping(item, where)
        for key in entry:
            if key not in WEAPON_KEYS:
                keys = ", ".join(WEAPON_KEYS)
                reader.fail(f"{where}.{key}", f"a weapon has no {key!r}; its keys are {keys}")
        properties = entry.get("properties", [])
        if not isinstance(properties, list):
            reader.fail(f"{where}.properties", f"{where}.properties must be a list")
            properties = []
        element = entry.get("element")
        weapons.append(
            Weapon(
                name=reader.text(entry.get("name", ""), f"{where}.name"),
                kind=reader.text(entry.get("kind", ""), f"{where}.kind", "weapon_kind"),
                properties=tuple(
                    reader.text(prop, f"{where}.properties", "known_property")
                    for prop in properties
                ),
                element=None
                if element is None
                else reader.text(element, f"{where}.element", "element"),
            )
        )
    return tuple(weapons)


# ---------------------------------------------------------------------------------------------
# The rules: every one is checked and every broken one listed.


def broken_rules(sheet: SheetData) -> tuple[Problem, ...]:
    """Every rule `sheet` breaks, in the seed's order (an NPC's builder limits excepted)."""
    problems: list[Problem] = []
    for check in (
        _check_name,
        _check_stats,
        _check_abilities,
        _check_moves,
        _check_weapons,
        _check_slots,
        _check_record,
    ):
        problems.extend(check(sheet))
    if sheet.is_npc:
        problems = [problem for problem in problems if problem.rule not in BUILDER_LIMITS]
    return tuple(problems)


def _check_name(sheet: SheetData) -> list[Problem]:
    if isinstance(sheet.name, str) and sheet.name.strip():
        return []
    return [Problem("name", "name", f"name must be a non-empty text; got {sheet.name!r}")]


def _check_stats(sheet: SheetData) -> list[Problem]:
    problems = []
    values = sheet.stats.as_dict()
    for name, value in values.items():
        if value < 0:
            message = f"{cat.STAT_LABELS[name]} is {value}: no stat may be below 0"
            problems.append(Problem(f"stats.{name}", "stat_minimum", message))
    total = sum(values.values())
    if total != cat.STAT_POINTS:
        message = f"the stats add up to {total}; a gladiator has {cat.STAT_POINTS} points"
        problems.append(Problem("stats", "stat_total", message))
    spread = max(values.values()) - min(values.values())
    if spread > cat.STAT_SPREAD:
        message = (
            f"the highest stat is {spread} above the lowest; it may be at most "
            f"{cat.STAT_SPREAD} higher"
        )
        problems.append(Problem("stats", "stat_spread", message))
    if sheet.active_stat is not None and sheet.active_stat not in cat.STATS:
        message = (
            f"active_stat {sheet.active_stat!r} is not a stat; choose one of "
            f"{', '.join(cat.STATS)} or null for the strongest"
        )
        problems.append(Problem("active_stat", "active_stat", message))
    return problems


def _check_abilities(sheet: SheetData) -> list[Problem]:
    problems = []
    stats = sheet.stats.as_dict()
    for name, level in sheet.abilities:
        where = f"abilities.{name}"
        if name not in cat.ABILITIES:
            problems.append(
                Problem(where, "known_ability", cat.unknown_name(cat.ABILITIES, name, "ability"))
            )
            continue
        ability = cat.ABILITIES[name]
        if level < 1:
            message = f"{name} has level {level}; leave an ability out rather than at level 0"
            problems.append(Problem(where, "ability_level", message))
        cap = ability.level_cap(stats)
        if level > cap:
            problems.append(Problem(where, "ability_cap", _cap_message(ability, level, cap)))
        if ability.needs is not None:
            stat, minimum = ability.needs
            if stats[stat] < minimum:
                label = cat.STAT_LABELS[stat]
                message = f"{name} needs {label} {minimum} or more; {label} is {stats[stat]}"
                problems.append(Problem(where, "ability_prerequisite", message))
    used, total = sheet.ability_points_used, sheet.ability_points
    if used > total:
        message = (
            f"the abilities cost {used} points; the gladiator has {total} "
            f"(20 + Mind {sheet.stats.mind})"
        )
        problems.append(Problem("abilities", "ability_points", message))
    return problems


def _cap_message(ability: cat.Ability, level: int, cap: int) -> str:
    if not ability.levelled:
        return f"{ability.name} is all-or-nothing: its level is 1, not {level}"
    if ability.cap_stat is not None:
        label = cat.STAT_LABELS[ability.cap_stat]
        return f"{ability.name} {level} exceeds {label} ({cap}); it cannot exceed {label}"
    return f"{ability.name} {level} exceeds its cap of {cap}"


def _check_moves(sheet: SheetData) -> list[Problem]:
    problems = []
    for name, copies in sheet.moves:
        where = f"moves.{name}"
        if name not in cat.MOVES:
            problems.append(Problem(where, "known_move", cat.unknown_name(cat.MOVES, name, "move")))
            continue
        move = cat.MOVES[name]
        if copies < 1:
            message = f"{name} has {copies} copies; leave a move out rather than at 0"
            problems.append(Problem(where, "move_count", message))
        if copies > cat.MOVE_COPIES and not move.basic:
            message = (
                f"{copies} copies of {name}: no more than {cat.MOVE_COPIES} of a move "
                "(only Basic moves may have more)"
            )
            problems.append(Problem(where, "move_copies", message))
        if move.special:
            arises = next(m.name for m in cat.MOVES.values() if m.replaced_by == name)
            message = (
                f"{name} is a Special move: it arises from {arises} and cannot be placed "
                "in the repertoire directly"
            )
            problems.append(Problem(where, "special_move", message))
    total = sheet.move_total
    low, high = cat.REPERTOIRE
    if not low <= total <= high:
        message = f"the repertoire holds {total} moves; it must hold {low} to {high}"
        problems.append(Problem("moves", "repertoire_size", message))
    if sheet.is_npc and total < NPC_HAND:
        message = f"the repertoire holds {total} moves; a hand is {NPC_HAND}"
        problems.append(Problem("moves", "npc_hand", message))
    problems.extend(_check_access(sheet))
    return problems


def _check_access(sheet: SheetData) -> list[Problem]:
    locked = list(dict.fromkeys(sheet.locked_moves()))
    granted = sheet.level("Jack of All Trades")
    if len(locked) <= granted:
        return []
    needs = ", ".join(f"{name} (needs {cat.MOVES[name].needs})" for name in locked[granted:])
    message = (
        f"{len(locked)} moves need an ability the gladiator lacks and Jack of All Trades "
        f"{granted} grants {granted}: {needs}"
    )
    return [Problem("moves", "move_access", message)]


def _check_weapons(sheet: SheetData) -> list[Problem]:
    problems = []
    for index, weapon in enumerate(sheet.weapons):
        problems.extend(_check_weapon(f"weapons[{index}]", weapon))
    naturals = [weapon for weapon in sheet.weapons if weapon.kind == "natural"]
    has_ability = sheet.has("Natural Weapon")
    if naturals and not has_ability:
        message = "a natural weapon needs the Natural Weapon ability"
        problems.append(Problem("weapons", "natural_weapon", message))
    if len(naturals) > 1:
        message = f"{len(naturals)} natural weapons: the Natural Weapon ability grants one"
        problems.append(Problem("weapons", "natural_weapon", message))
    if has_ability and not naturals:
        message = "the Natural Weapon ability grants a weapon: list it with kind 'natural'"
        problems.append(Problem("weapons", "natural_weapon", message))
    return problems


def _check_weapon(where: str, weapon: Weapon) -> list[Problem]:
    problems = []
    if not weapon.name.strip():
        problems.append(Problem(f"{where}.name", "shape", f"{where} needs a name"))
    kind = weapon.kind_info
    if kind is None:
        message = cat.unknown_name(cat.WEAPON_KINDS, weapon.kind, "weapon kind")
        problems.append(Problem(f"{where}.kind", "weapon_kind", message))
    seen: set[str] = set()
    for prop_name in weapon.properties:
        field_name = f"{where}.properties"
        prop = cat.PROPERTIES.get(prop_name)
        if prop is None:
            message = cat.unknown_name(cat.PROPERTIES, prop_name, "weapon property")
            problems.append(Problem(field_name, "known_property", message))
            continue
        if prop_name in seen:
            message = f"{weapon.name} has {prop_name} twice; a property is on a weapon once"
            problems.append(Problem(field_name, "property_once", message))
        seen.add(prop_name)
        if kind is not None and not prop.allows(kind):
            message = f"{prop_name} is for {prop.only} weapons only; {weapon.name} is {kind.name}"
            problems.append(Problem(field_name, "property_limit", message))
    problems.extend(_check_element(where, weapon))
    return problems


def _check_element(where: str, weapon: Weapon) -> list[Problem]:
    field_name = f"{where}.element"
    if weapon.has("Elemental"):
        if weapon.element not in cat.ELEMENTS:
            message = (
                f"{weapon.name} is Elemental: its element is one of {', '.join(cat.ELEMENTS)}; "
                f"got {weapon.element!r}"
            )
            return [Problem(field_name, "element", message)]
    elif weapon.element is not None:
        message = f"{weapon.name} has element {weapon.element!r} but not the Elemental property"
        return [Problem(field_name, "element", message)]
    return []


def _check_slots(sheet: SheetData) -> list[Problem]:
    used = sheet.slots_used
    if used <= cat.EQUIPMENT_SLOTS:
        return []
    parts = [f"{weapon.name} {weapon.slots}" for weapon in sheet.weapons]
    if sheet.armour_slots:
        parts.append(f"armour {sheet.armour_slots}")
    if sheet.has("Natural Weapon"):
        parts.append("Natural Weapon 2")
    message = (
        f"the equipment takes {used} slots ({', '.join(parts)}); a gladiator has "
        f"{cat.EQUIPMENT_SLOTS}"
    )
    return [Problem("weapons", "equipment_slots", message)]


def _check_record(sheet: SheetData) -> list[Problem]:
    problems = []
    for name in ("armour_slots", "fame", "wins", "losses"):
        value = getattr(sheet, name)
        if value < 0:
            problems.append(Problem(name, "record", f"{name} is {value}; it must be at least 0"))
    if sheet.has("Veteran") and (sheet.fame < cat.VETERAN_FAME or sheet.wins < 1):
        message = (
            f"a Veteran starts with 1 Fame and d6 wins: write them on the sheet "
            f"(fame {sheet.fame}, wins {sheet.wins})"
        )
        problems.append(Problem("abilities.Veteran", "veteran", message))
    return problems


# ---------------------------------------------------------------------------------------------
# The report a command prints


@dataclass(frozen=True)
class SheetReport:
    """What `check_sheet` finds: `ok`, every broken rule and the derived figures (empty when the
    sheet is not even an object)."""

    ok: bool
    problems: tuple[Problem, ...]
    derived: JsonDict
    sheet: GrimdarkSheet | None = None
    values: SheetData | None = None  # what was read, checked or not

    def to_dict(self) -> JsonDict:
        return {
            "ok": self.ok,
            "problems": [problem.to_dict() for problem in self.problems],
            "derived": self.derived,
        }

    def lines(self) -> list[str]:
        """The report as text, one figure or one broken rule a line."""
        if not self.ok:
            return [f"{p.field}: {p.message} [{p.rule}: {p.words}]" for p in self.problems]
        return _figure_lines(self.derived)


def _figure_lines(derived: JsonDict) -> list[str]:
    lines = []
    for key in ("ability_points", "equipment_slots"):
        figure = derived[key]
        assert isinstance(figure, dict)
        label = key.replace("_", " ")
        lines.append(f"{label}: {figure['used']} used of {figure['total']}, {figure['left']} left")
    lines.append(f"moves: {derived['moves']}")
    for key in ("hp", "init"):
        figure = derived[key]
        assert isinstance(figure, dict)
        by = figure["changed_by"]
        assert isinstance(by, list)
        extra = f" (with {', '.join(str(name) for name in by)})" if by else ""
        lines.append(
            f"{key.upper() if key == 'hp' else 'Init'}: {figure['text']}, "
            f"{figure['min']} to {figure['max']}{extra}"
        )
    lines.append(f"active stat: {derived['active_stat']}")
    return lines


def check_sheet(data: object) -> SheetReport:
    """Read `data` as a Grimdark sheet: every broken rule and the derived figures.

    A value of the wrong type is a "shape" problem; the rules are checked on the rest (a rule's
    problem on a field whose shape is already wrong is left out: it would only repeat it)."""
    values, shape = read_sheet(data)
    if values is None:
        return SheetReport(False, shape, {})
    rules = tuple(p for p in broken_rules(values) if not any(_same(p, s) for s in shape))
    problems = shape + rules
    derived = values.derived()
    if problems:
        return SheetReport(False, problems, derived, values=values)
    return SheetReport(True, (), derived, GrimdarkSheet.of(values), values)


def _same(problem: Problem, shape: Problem) -> bool:
    """Whether `problem` is about the field (or a part or the whole of it) a shape problem
    already names."""
    a, b = problem.field, shape.field
    return a == b or a.startswith((b + ".", b + "[")) or b.startswith((a + ".", a + "["))
