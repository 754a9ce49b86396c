"""The seed's KITS table: each arena type's weapon, shield and armour, with every quality as data.

The sourcebook lines (Shortsword, Buckler, Kite Shield, Open Helm, Mail Shirt) are used as the
seed prints them. Qualities that do nothing in a bout are still recorded, each with the reason
(`Quality.in_bout`), so a page can show the full line and docs/rules.md can explain it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.era.dice import RulesError

MATCHED_KIT_RESISTANCE = 1  # the seed's Era rule for the lanista's matched helmet and greaves


@dataclass(frozen=True)
class Quality:
    """A named quality with its rating; `against` limits it (Deflecting 1 against Cutting)."""

    name: str
    rating: int
    in_bout: str
    against: str = ""

    def label(self) -> str:
        return f"{self.name} {self.rating}" + (f" ({self.against})" if self.against else "")


ACCURATE_1 = Quality("Accurate", 1, "adds 1 Boon die to the wielder's attacks")
DEFENSIVE_1 = Quality("Defensive", 1, "adds 1 Bane die to attacks against the bearer")
DISARMING_1 = Quality(
    "Disarming",
    1,
    "not used: the seed's bout offers only the Critical Injury and the flourish as Boon spends",
)
DEFLECTION_2 = Quality(
    "Deflection", 2, "not used: it defends against ranged attacks, and a bout is fought in melee"
)
CUMBERSOME_3 = Quality(
    "Cumbersome",
    3,
    "needs Might 3; each point short adds 1 Trial die to the bearer's attacks (none at Might 3+)",
)
HELM_1 = Quality("Helm", 1, "takes 10 from every Critical Injury roll against the wearer")
DEFLECTING_1_CUTTING = Quality(
    "Deflecting", 1, "adds 1 Bane die only to a declared cut against the wearer", "Cutting"
)


@dataclass(frozen=True)
class Weapon:
    name: str
    might_bonus: int
    crit: int
    qualities: tuple[Quality, ...] = ()


@dataclass(frozen=True)
class Shield:
    name: str
    qualities: tuple[Quality, ...] = ()


@dataclass(frozen=True)
class Armour:
    name: str
    resistance: int = 0
    qualities: tuple[Quality, ...] = ()


def rating(qualities: tuple[Quality, ...], name: str, against: str = "") -> int:
    """Total rating of the named quality (0 when absent)."""
    return sum(q.rating for q in qualities if q.name == name and q.against == against)


SHORTSWORD = Weapon("Shortsword", might_bonus=2, crit=3, qualities=(ACCURATE_1,))
BUCKLER = Shield("Buckler", (DEFENSIVE_1, DISARMING_1))
KITE_SHIELD = Shield("Kite Shield", (DEFENSIVE_1, DEFLECTION_2, CUMBERSOME_3))
OPEN_HELM = Armour("Open Helm", qualities=(HELM_1,))
MAIL_SHIRT = Armour("Mail Shirt", resistance=2, qualities=(DEFLECTING_1_CUTTING,))


@dataclass(frozen=True)
class Kit:
    """An arena type's kit. `weapon_as` and `shield_as` keep the Latin names for the pages."""

    name: str
    weapon: Weapon
    weapon_as: str
    shield: Shield
    shield_as: str
    armour: tuple[Armour, ...]
    extras: str = ""  # greaves: no separate line (the seed), they make the kit matched

    @property
    def qualities(self) -> tuple[Quality, ...]:
        return self.shield.qualities + tuple(q for a in self.armour for q in a.qualities)

    @property
    def resistance(self) -> int:
        """Mail's own Resistance replaces the matched kit's +1 (KITS I), it does not add to it."""
        worn = sum(a.resistance for a in self.armour)
        return worn if worn else MATCHED_KIT_RESISTANCE

    @property
    def helm(self) -> int:
        return rating(self.qualities, "Helm")

    @property
    def accurate(self) -> int:
        return rating(self.weapon.qualities, "Accurate")

    @property
    def defensive(self) -> int:
        return rating(self.shield.qualities, "Defensive")

    @property
    def deflecting_cut(self) -> int:
        return rating(self.qualities, "Deflecting", "Cutting")

    @property
    def cumbersome(self) -> int:
        return rating(self.qualities, "Cumbersome")

    def describe(self) -> str:
        armour = ", ".join(a.name for a in self.armour)
        return (
            f"{self.name}: {self.weapon_as} as the {self.weapon.name}, {self.shield_as} as the "
            f"{self.shield.name}, {armour}{', ' + self.extras if self.extras else ''}; "
            f"Resistance +{self.resistance}"
        )


KITS: dict[str, Kit] = {
    "thraex": Kit("thraex", SHORTSWORD, "sica", BUCKLER, "parma", (OPEN_HELM,), "two greaves"),
    "murmillo": Kit(
        "murmillo", SHORTSWORD, "gladius", KITE_SHIELD, "scutum", (OPEN_HELM,), "one greave"
    ),
    "samnite": Kit(
        "samnite", SHORTSWORD, "gladius", KITE_SHIELD, "scutum", (OPEN_HELM, MAIL_SHIRT), "greave"
    ),
}
ALIASES = {"gaul": "murmillo"}  # the heavy Gaul wears the murmillo's kit (the seed)
KIT_NAMES = tuple(sorted(KITS)) + tuple(sorted(ALIASES))


def kit_by_name(name: str) -> Kit:
    """The kit for a type name (case-insensitive); unknown names list the allowed ones."""
    key = name.strip().lower() if isinstance(name, str) else name
    key = ALIASES.get(key, key)
    if key not in KITS:
        raise RulesError(f"kit must be one of {', '.join(KIT_NAMES)}; got {name!r}")
    return KITS[key]
