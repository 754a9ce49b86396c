"""A gladiator as the match reads him: his sheet's figures (the JSON sheet of issue 25, as
rules/grimdark/sheet.py writes it), his side and his coaching orders.

The match does not check the builder's limits (the sheet does that, and the GM's NPCs and
beasts may break them); it checks only what it needs to play: four stats, known moves and
weapon kinds, at least three cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.core.errors import RulesError
from rules.grimdark.moves import SPECIAL_MOVES, STATS, move_named
from rules.grimdark.orders import Orders

# Weapon kinds and their damage die (sides; 0: +0). A natural weapon is a light melee weapon
# doing +d6 (seed 003, Natural Weapon).
WEAPON_DIE = {
    "light melee": 2,
    "heavy melee": 6,
    "light ranged": 0,
    "heavy ranged": 4,
    "natural": 6,
}
PROPERTIES = (
    "Crushing",
    "Deadly",
    "Deflecting",
    "Disorienting",
    "Elemental",
    "Flashy",
    "Paired",
    "Quickshot",
    "Tenacious",
    "Throwable",
    "Toxic",
    "Unsafe",
    "Vampiric",
)
ELEMENTS = ("acid", "electric", "fire", "ice")
MIN_CARDS = 3


@dataclass(frozen=True)
class Weapon:
    name: str
    kind: str
    properties: frozenset[str] = frozenset()
    element: str = ""

    def __post_init__(self) -> None:
        if self.kind not in WEAPON_DIE:
            kinds = ", ".join(WEAPON_DIE)
            raise RulesError(f"weapons: {self.name!r} kind must be one of {kinds}")
        unknown = sorted(set(self.properties) - set(PROPERTIES))
        if unknown:
            raise RulesError(f"weapons: {self.name!r} has no property {unknown[0]!r}")
        if self.element and self.element not in ELEMENTS:
            raise RulesError(f"weapons: {self.name!r} element must be one of {ELEMENTS}")

    @property
    def melee(self) -> bool:
        return self.kind in ("light melee", "heavy melee", "natural")

    @property
    def ranged(self) -> bool:
        return self.kind in ("light ranged", "heavy ranged")

    @property
    def die(self) -> int:
        return WEAPON_DIE[self.kind]

    @property
    def undisarmable(self) -> bool:
        return self.kind == "natural" or "Tenacious" in self.properties

    def has(self, prop: str) -> bool:
        return prop in self.properties


FISTS = Weapon("fists", "light melee")  # the die is overridden: fists do +0 (see `fists`)


@dataclass(frozen=True)
class Entrant:
    """One gladiator in a match: his figures, his side and his orders."""

    name: str
    stats: tuple[int, int, int, int]  # brutality, style, mind, weird
    active_stat: str
    abilities: Mapping[str, int]
    moves: Mapping[str, int]  # the repertoire: name -> copies
    weapons: tuple[Weapon, ...] = ()
    armour_slots: int = 0
    fame: int = 0
    wins: int = 0
    losses: int = 0
    starred: bool = False
    side: str = ""
    orders: Orders = field(default_factory=Orders)
    resistances: frozenset[str] = frozenset()  # elements he resists (an NPC's, or none)

    def __post_init__(self) -> None:
        if len(self.stats) != 4 or any(not isinstance(s, int) for s in self.stats):
            raise RulesError(f"{self.name}: stats must be four whole numbers")
        if self.active_stat not in STATS:
            raise RulesError(f"{self.name}: active_stat must be one of {', '.join(STATS)}")
        for name, copies in self.moves.items():
            move_named(name)
            if name in SPECIAL_MOVES:
                raise RulesError(f"{self.name}: {name} is a special move, never in a repertoire")
            if not isinstance(copies, int) or copies < 0:
                raise RulesError(f"{self.name}: moves {name!r} copies must be a whole number")
        if sum(self.moves.values()) < MIN_CARDS:
            raise RulesError(f"{self.name}: a repertoire needs at least {MIN_CARDS} moves")
        for name in self.orders.opening:
            if self.moves.get(name, 0) < self.orders.opening.count(name):
                raise RulesError(f"{self.name}: opening move {name!r} is not in his repertoire")

    def level(self, ability: str) -> int:
        return int(self.abilities.get(ability, 0))

    def stat(self, name: str) -> int:
        return self.stats[STATS.index(name)]

    @property
    def cards(self) -> list[str]:
        """The repertoire as a list of cards, in the sheet's order."""
        return [name for name, copies in self.moves.items() for _ in range(copies)]


def _weapon(data: object) -> Weapon:
    if not isinstance(data, Mapping):
        raise RulesError(f"weapons: each weapon must be a mapping; got {data!r}")
    props = data.get("properties", ())
    if not isinstance(props, Sequence) or isinstance(props, str):
        raise RulesError(f"weapons: properties must be a list; got {props!r}")
    return Weapon(
        name=str(data.get("name", "weapon")),
        kind=str(data.get("kind", "")),
        properties=frozenset(str(p).strip().title() for p in props),
        element=str(data.get("element") or "").lower(),
    )


def entrant_from_sheet(
    sheet: Mapping[str, object],
    *,
    side: str = "",
    orders: Orders | None = None,
    resistances: Sequence[str] = (),
) -> Entrant:
    """The entrant a sheet's JSON (issue 25's keys) describes."""
    stats = sheet.get("stats")
    if not isinstance(stats, Mapping):
        raise RulesError("sheet: stats must be a mapping of brutality, style, mind, weird")
    try:
        values = tuple(int(stats[name]) for name in STATS)
    except (KeyError, TypeError, ValueError):
        raise RulesError("sheet: stats must give brutality, style, mind and weird") from None
    abilities = sheet.get("abilities") or {}
    moves = sheet.get("moves") or {}
    weapons = sheet.get("weapons") or []
    if not isinstance(abilities, Mapping) or not isinstance(moves, Mapping):
        raise RulesError("sheet: abilities and moves must be mappings of name to number")
    if not isinstance(weapons, Sequence):
        raise RulesError("sheet: weapons must be a list")
    strongest = STATS[values.index(max(values))]
    return Entrant(
        name=str(sheet.get("name", "")),
        stats=(values[0], values[1], values[2], values[3]),
        active_stat=str(sheet.get("active_stat") or strongest),
        abilities={str(k): _int(v, f"abilities {k}") for k, v in abilities.items()},
        moves={str(k): _int(v, f"moves {k}") for k, v in moves.items()},
        weapons=tuple(_weapon(w) for w in weapons),
        armour_slots=_int(sheet.get("armour_slots", 0), "armour_slots"),
        fame=_int(sheet.get("fame", 0), "fame"),
        wins=_int(sheet.get("wins", 0), "wins"),
        losses=_int(sheet.get("losses", 0), "losses"),
        starred=bool(sheet.get("starred", False)),
        side=side,
        orders=orders or Orders(),
        resistances=frozenset(r.lower() for r in resistances),
    )


def _int(value: object, what: str) -> int:
    if isinstance(value, bool):
        return int(value)
    if not isinstance(value, int):
        raise RulesError(f"sheet: {what} must be a whole number; got {value!r}")
    return value
