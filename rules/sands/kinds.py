"""The two pre-made gladiators of the quick-start: the Murmillo and the Thraex.

From the seed: the parry bonus (+3 scutum, +2 parmula), the Defence Token spaces (3 and 2), the
traits and the class special attacks. Ours (the seed's sheet numbers are not given; docs/rules.md
"Sands: the gladiators"): the armour and the wound boxes of each location, read from their kit:
the Murmillo's closed helmet, manica on the sword (rear) arm and short greave on the lead leg; the
Thraex's helmet, manica and two high greaves, his small parmula leaving the lead arm bare.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.core.errors import RulesError


class Location(enum.StrEnum):
    VITALS = "vitals"
    REAR_LEG = "rear leg"
    LEAD_LEG = "lead leg"
    LEAD_ARM = "lead arm"
    HEAD = "head"
    REAR_ARM = "rear arm"
    TORSO = "torso"


# The seed's hit location table, 2d6 (a 1 cannot come up on 2d6: 2 is Vitals).
HIT_LOCATION: dict[int, Location] = {
    2: Location.VITALS,
    3: Location.REAR_LEG,
    4: Location.LEAD_LEG,
    5: Location.LEAD_LEG,
    6: Location.LEAD_ARM,
    7: Location.LEAD_ARM,
    8: Location.HEAD,
    9: Location.HEAD,
    10: Location.REAR_ARM,
    11: Location.TORSO,
    12: Location.TORSO,
}
BODY_BONUS = frozenset({Location.TORSO, Location.VITALS})  # +2 on the wound table
LIMBS = frozenset({Location.REAR_LEG, Location.LEAD_LEG, Location.LEAD_ARM, Location.REAR_ARM})
# Wound boxes a location (ours, the same for both men: the body takes most, head and vitals least).
WOUND_BOXES: dict[Location, int] = {
    Location.HEAD: 2,
    Location.TORSO: 4,
    Location.VITALS: 2,
    Location.LEAD_ARM: 3,
    Location.REAR_ARM: 3,
    Location.LEAD_LEG: 3,
    Location.REAR_LEG: 3,
}


@dataclass(frozen=True)
class Kind:
    key: str
    name: str
    weapon: str
    shield: str
    parry_bonus: int
    defence_tokens: int  # spaces for banked Defence Tokens
    armour: dict[Location, int]
    traits: tuple[str, ...]
    specials: tuple[str, ...]  # class special attacks

    def has(self, trait: str) -> bool:
        return trait in self.traits


COMMON_SPECIALS = ("aimed_strike", "driven_attack", "heavy_strike", "rush")

MURMILLO = Kind(
    key="murmillo",
    name="Murmillo",
    weapon="gladius",
    shield="scutum",
    parry_bonus=3,
    defence_tokens=3,
    armour={
        Location.HEAD: 2,
        Location.TORSO: 0,
        Location.VITALS: 0,
        Location.LEAD_ARM: 0,
        Location.REAR_ARM: 1,
        Location.LEAD_LEG: 1,
        Location.REAR_LEG: 0,
    },
    traits=("resolute", "strong"),
    specials=("impetus", "shield_lunge"),
)
THRAEX = Kind(
    key="thraex",
    name="Thraex",
    weapon="sica",
    shield="parmula",
    parry_bonus=2,
    defence_tokens=2,
    armour={
        Location.HEAD: 2,
        Location.TORSO: 0,
        Location.VITALS: 0,
        Location.LEAD_ARM: 0,
        Location.REAR_ARM: 1,
        Location.LEAD_LEG: 1,
        Location.REAR_LEG: 1,
    },
    traits=("dominant", "thracian_sword"),
    specials=("elusive_strike", "outflank"),
)
KINDS: dict[str, Kind] = {MURMILLO.key: MURMILLO, THRAEX.key: THRAEX}


def kind_of(key: str) -> Kind:
    try:
        return KINDS[key]
    except KeyError:
        raise RulesError(f"no Sands gladiator {key!r}; the kinds are murmillo, thraex") from None
