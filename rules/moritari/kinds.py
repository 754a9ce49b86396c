"""The fighters of Moritari te salutamus: what each kind rolls, wounds on, saves on and moves.

The seed gives the dice (2 for a gladiator, 3 for a beast, 1 for the rhinoceros), the wound
target (4+, beasts 3+) and 3 hit points each; its tables of attack modifiers and armour saves
are blank, so the saves, the moves and the modifiers here are ours, by armatura and beast, in
the spirit of the game (docs/rules.md, "Moritari: the tables we wrote"):

- heavy shields save best (murmillo, secutor 5+), light armour saves little (thraex,
  hoplomachus 6+), the retiarius has none; his trident's reach adds 1 to his best die (under
  `moritari/1` he rolled a third die instead: `KINDS_V1`);
- the thraex's curved sica reaches round a shield (+1 to his best die), the secutor's closed
  helmet narrows his sight (-1 to his best die), the hoplomachus's spear strikes first when he
  charges (+1 to his best die the turn he moves into contact);
- beasts hit hard (3+) and move far; the bull charges (+1 on a charge), the bear's hide and the
  rhinoceros's plates save (6+, 3+), the rhinoceros rolls one die but adds 2 to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.errors import RulesError

HIT_POINTS = 3  # every fighter starts with 3 (seed 002, "Pour toucher" 4)


@dataclass(frozen=True)
class Kind:
    key: str
    name: str
    beast: bool
    dice: int  # dice rolled to hit
    wound_on: int  # a hit wounds on this or more on a d6
    save: int | None  # an armour save on this or more on a d6 (None: no save)
    move: int  # squares a turn, in a straight line
    best_die: int = 0  # added to his highest die in every fight
    charge_bonus: int = 0  # added to his highest die the turn he moved into contact
    help: str = ""


KINDS: dict[str, Kind] = {
    kind.key: kind
    for kind in (
        Kind("murmillo", "Murmillo", False, 2, 4, 5, 3, help="scutum and gladius: saves on 5+"),
        Kind(
            "thraex", "Thraex", False, 2, 4, 6, 4, best_die=1, help="the sica: +1 to his best die"
        ),
        Kind("secutor", "Secutor", False, 2, 4, 5, 3, best_die=-1, help="closed helmet: -1"),
        Kind(
            "retiarius",
            "Retiarius",
            False,
            2,
            4,
            None,
            5,
            best_die=1,
            help="the trident's reach: +1 to his best die",
        ),
        Kind("hoplomachus", "Hoplomachus", False, 2, 4, 6, 4, charge_bonus=1, help="the spear"),
        Kind("samnite", "Samnite", False, 2, 4, 5, 3, help="the large shield: saves on 5+"),
        Kind("lion", "Lion", True, 3, 3, None, 6, help="fast: 6 squares"),
        Kind("bear", "Bear", True, 3, 3, 6, 4, help="thick hide: saves on 6"),
        Kind("bull", "Bull", True, 3, 3, 6, 5, charge_bonus=1, help="charges: +1"),
        Kind("rhinoceros", "Rhinoceros", True, 1, 3, 3, 4, best_die=2, help="one die, +2; 3+"),
    )
}
# The kinds of the engine `moritari/1`: the retiarius rolled 3 dice (and had no modifier); the
# seed gives every gladiator 2, so `moritari/2` reads the trident as a modifier instead.
KINDS_V1: dict[str, Kind] = KINDS | {
    "retiarius": Kind(
        "retiarius", "Retiarius", False, 3, 4, None, 5, help="trident and net: 3 dice"
    )
}
GLADIATOR_KINDS = tuple(key for key, kind in KINDS.items() if not kind.beast)
BEAST_KINDS = tuple(key for key, kind in KINDS.items() if kind.beast)


# Armaturae the campaign knows but the seed does not name, as the kind they fight as: the Gallus
# is the murmillo's forerunner, with the same great shield and sword (docs/rules.md).
ALIASES = {"gaul": "murmillo"}
# Every armatura a man of a Moritari campaign may have: the gladiators' kinds and the aliases.
ARMATURAE = GLADIATOR_KINDS + tuple(ALIASES)


def kind_for(equipment: str) -> Kind:
    """The kind a man's armatura (or a beast's kind) fights as; murmillo when none is given."""
    key = equipment or "murmillo"
    return kind_of(ALIASES.get(key, key))


def kind_of(key: str, kinds: Mapping[str, Kind] = KINDS) -> Kind:
    """The kind of that key in a table of kinds (today's, unless an older engine's is given)."""
    try:
        return kinds[key]
    except KeyError:
        known = ", ".join(KINDS)
        raise RulesError(f"no Moritari fighter {key!r}; the kinds are {known}") from None
