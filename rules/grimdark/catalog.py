"""Grimdark Gladiators (seed 003): every stat, ability, move, weapon kind, weapon property and
element the seed lists, as data. Names are spelled exactly as the seed writes them; each entry
keeps the seed's own sentence (`text`) next to the plain fields a builder or a match reads.

What is ours (docs/rules.md, "Grimdark (seed 003): the builder"): the category names (the seed's
headings without their "Moves" suffix), the "Combined Attacks/AS setters" heading kept as its own
category that needs no ability, and the plain fields read off each sentence (the sentence rules).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from rules.core.errors import RulesError

# ---------------------------------------------------------------------------------------------
# Stats ("Gladiators": four stats, 15 points, highest at most five above the lowest)

STATS = ("brutality", "style", "mind", "weird")
STAT_LABELS = {"brutality": "Brutality", "style": "Style", "mind": "Mind", "weird": "Weird"}
STAT_POINTS = 15
STAT_SPREAD = 5  # the highest stat at most five above the lowest
BASE_ABILITY_POINTS = 20  # "Gladiators get 20 + Mind ability points"
BASE_HP = 25  # HP = 25 + Brutality + d8
HP_DIE = 8
INIT_DIE = 8  # Init = Style + d8
WOUNDED_AT = 12  # "A combatant at 12 or less HP gets a wounded condition"
EQUIPMENT_SLOTS = 5
ARMOUR_HP_PER_SLOT = 5
PROPERTY_SLOTS = 1  # "Add a property to a weapon (+1 slot)"
REPERTOIRE = (15, 30)  # "must contain between 15 and 30 moves"
MOVE_COPIES = 5  # "No more than 5 of any of the same move", Basic moves excepted
MAX_STARRED = 3  # "A player may have up to three starred gladiators at any time"
ELEMENTS = ("acid", "electric", "fire", "ice")

# ---------------------------------------------------------------------------------------------
# Abilities ("List of Abilities")


@dataclass(frozen=True)
class Ability:
    """One ability: its cost (a level, when `levelled`), cap, prerequisite and what it unlocks.

    `cap` is a fixed level cap (Combat Focus 8); `cap_stat` caps the level at a stat (Endurance
    at Brutality). `needs` is the prerequisite (stat, minimum). `unlocks` is the move category
    it opens. `slots` are the equipment slots it takes (Natural Weapon 2).
    """

    name: str
    cost: int
    text: str
    levelled: bool = False
    cap: int | None = None
    cap_stat: str | None = None
    needs: tuple[str, int] | None = None
    unlocks: str | None = None
    slots: int = 0

    def level_cap(self, stats: dict[str, int]) -> int:
        """The highest level allowed with these stats (1 for an all-or-nothing ability)."""
        if not self.levelled:
            return 1
        if self.cap_stat is not None:
            return stats[self.cap_stat]
        return self.cap if self.cap is not None else 10**6

    def cost_of(self, level: int) -> int:
        return self.cost * level


ABILITIES: dict[str, Ability] = {
    ability.name: ability
    for ability in (
        Ability(
            "Arcane Arts",
            8,
            "Gain the ability to perform arcane moves. Arcanists start with arcane essence "
            "equal to Weird.",
            needs=("weird", 4),
            unlocks="Arcane",
        ),
        Ability(
            "Berserker",
            8,
            "Gain the ability to perform berserk moves. Berserkers roll a d10 when determining "
            "starting HP.",
            needs=("brutality", 4),
            unlocks="Berserk",
        ),
        Ability(
            "Combat Focus",
            1,
            "Each level of Combat Focus gives a gladiator a cumulative 12.5% chance of getting "
            "a +1 for that turn. It is computed separately each turn.",
            levelled=True,
            cap=8,
        ),
        Ability(
            "Demonology",
            6,
            "Gain the ability to perform demonic moves.",
            needs=("weird", 3),
            unlocks="Demonic",
        ),
        Ability(
            "Endurance",
            1,
            "Each level of Endurance gives a gladiator an additional HP.",
            levelled=True,
            cap_stat="brutality",
        ),
        Ability("Fierce Attack", 4, "Inflict +1 damage on all attacks."),
        Ability(
            "Flying",
            8,
            "Melee attacks against flying gladiators are at -2, unless they were hit in the "
            "previous turn. Attackers who are also flying do not suffer this penalty unless "
            "they were hit in the previous turn.",
        ),
        Ability(
            "Gambler",
            6,
            "Gain the ability to perform gamble moves. Gamblers have a 5% chance of a getting a "
            "+2 bonus each turn.",
            needs=("style", 3),
            unlocks="Gamble",
        ),
        Ability(
            "Huge",
            4,
            "Non-huge enemies never get group attack bonuses against huge gladiators. In "
            "addition, a huge gladiator has a 25% chance of getting a +1 bonus against a "
            "non-huge opponent.",
        ),
        Ability(
            "Jack of All Trades",
            2,
            "Each level of Jack of All Trades grants access to one move the gladiator would not "
            "otherwise have access to.",
            levelled=True,
            cap_stat="mind",
        ),
        Ability(
            "Lucky Number Seven",
            2,
            "Enemy critical hits at with advantage of +7 have no effect.",
        ),
        Ability(
            "Natural Weapon",
            6,
            "Gain a melee weapon doing +d6 damage, that counts as Light and can never be "
            "disarmed or broken. However, the presence of the natural weapon leaves the "
            "gladiator with two less equipment slots.",
            slots=2,
        ),
        Ability(
            "Performer",
            8,
            "Gain the ability to perform performance moves. Performers roll a d10 when "
            "determining Init.",
            needs=("style", 4),
            unlocks="Performance",
        ),
        Ability(
            "Poise",
            1,
            "Each level of Poise gives a gladiator +1 to Initiative.",
            levelled=True,
            cap_stat="style",
        ),
        Ability("Poison Immunity", 3, "Cannot be poisoned."),
        Ability(
            "Tactician",
            8,
            "Gain the ability to perform tactical moves. Tacticians do not suffer the -1 "
            "penalty when combining an attack with an AS change.",
            needs=("mind", 4),
            unlocks="Tactical",
        ),
        Ability(
            "Technomancer",
            6,
            "Gain the ability to perform technomancy moves. Technomancers start with 1 quantum "
            "energy.",
            needs=("mind", 3),
            unlocks="Technomancy",
        ),
        Ability("Vampire", 4, "Gain an extra HP on every hit when using a vampiric weapon."),
        Ability(
            "Versatile",
            3,
            "Rather than become Ineffective, the gladiator's active stat is set randomly.",
        ),
        Ability(
            "Veteran",
            4,
            "Start with 1 Fame and d6 wins. (After gaining 1 Fame, these points can be "
            "reallocated, if desired)",
        ),
    )
}

# Figures the abilities change (HP, Init, the match's starting resources).
BERSERKER_HP_DIE = 10  # "Berserkers roll a d10 when determining starting HP"
PERFORMER_INIT_DIE = 10  # "Performers roll a d10 when determining Init"
NATURAL_WEAPON_DIE = 6
TECHNOMANCER_QUANTUM = 1
VETERAN_FAME = 1
VETERAN_WINS_DIE = 6

# ---------------------------------------------------------------------------------------------
# Moves ("List of Moves")

# The categories, in the seed's order; the ability each needs (None: every gladiator has them).
CATEGORIES: dict[str, str | None] = {
    "Melee Attacks": None,
    "Ranged Attacks": None,
    "Support": None,
    "Combined Attacks/AS setters": None,
    "Finishers": None,
    "Arcane": "Arcane Arts",
    "Berserk": "Berserker",
    "Demonic": "Demonology",
    "Gamble": "Gambler",
    "Performance": "Performer",
    "Tactical": "Tactician",
    "Technomancy": "Technomancer",
    "Special": None,  # never placed directly: they arise from other moves
}
SPECIAL = "Special"

# The move's kind as the seed writes it in brackets ("combo attack": melee or ranged).
MOVE_KINDS = (
    "melee attack",
    "ranged attack",
    "combo attack",
    "melee finisher",
    "special attack",
    "support",
)
# What a move rolls: a stat, the active stat, a random stat, or nothing (Wrath from Beyond).
ROLLS = (*STATS, "active", "random", "none")


@dataclass(frozen=True)
class Move:
    """One move of the seed's list. The plain fields are read off the seed's sentence (`text`):

    - `roll`: the stat it attacks (or defends) with: a stat, "active", "random" or "none";
    - `attack`: whether it makes an attack ("No attack" moves only defend);
    - `modifier`: the bonus or penalty to its roll ("at -1", "defend with the AS at +3");
    - `asr`: active stat required; `weapon_die`: the die of an inherent weapon (W), else None;
    - `bonus_damage`: flat damage added on a hit; `half_damage`: it does half damage;
    - `cooldown`: "Not usable again for N turns"; `essence`/`quantum`: arcane essence or quantum
      energy spent (negative: gained); `curses`: curses gained (negative: removed on a hit);
    - `element`: an elemental attack's element; `replaced_by`: the Special move drawn instead.
    """

    name: str
    category: str
    kind: str
    text: str
    roll: str = "active"
    attack: bool = True
    modifier: int = 0
    asr: bool = False
    weapon_die: int | None = None
    bonus_damage: int = 0
    half_damage: bool = False
    cooldown: int = 0
    essence: int = 0
    quantum: int = 0
    curses: int = 0
    element: str | None = None
    replaced_by: str | None = None

    @property
    def basic(self) -> bool:
        """A Basic move (its name starts with "Basic") is exempt from the five-copies limit."""
        return self.name.startswith("Basic")

    @property
    def inherent_weapon(self) -> bool:
        """W: the move has its own weapon and needs none of the gladiator's."""
        return self.weapon_die is not None

    @property
    def needs(self) -> str | None:
        """The ability the move's category needs (None: any gladiator may take it)."""
        return CATEGORIES[self.category]

    @property
    def special(self) -> bool:
        return self.category == SPECIAL

    @property
    def finisher(self) -> bool:
        return self.kind == "melee finisher"

    @property
    def ranged(self) -> bool:
        return self.kind == "ranged attack"


def _moves(*moves: Move) -> dict[str, Move]:
    return {move.name: move for move in moves}


_M, _R, _C, _S = "melee attack", "ranged attack", "combo attack", "support"

MOVES: dict[str, Move] = _moves(
    # Melee Attacks
    Move("Basic Melee", "Melee Attacks", _M, "Make a melee attack using the active stat."),
    Move(
        "Basic Disarm",
        "Melee Attacks",
        _M,
        "Make a melee attack using the active stat, doing half damage but opponent cannot use "
        "the current weapon for the next three turns.",
        half_damage=True,
    ),
    Move(
        "Grapple",
        "Melee Attacks",
        _M,
        "Make a Brutality melee attack, doing half damage but inflicting a -2 penalty for the "
        "next turn.",
        roll="brutality",
        half_damage=True,
    ),
    Move(
        "Powerful Attack",
        "Melee Attacks",
        _M,
        "Make a Brutality melee attack at -1, and inflict 3 bonus damage on a hit.",
        roll="brutality",
        modifier=-1,
        asr=True,
        bonus_damage=3,
    ),
    Move(
        "Graceful Slash",
        "Melee Attacks",
        _M,
        "Make a Style melee attack at -1, and get +1 CZ on a hit.",
        roll="style",
        modifier=-1,
    ),
    Move(
        "Bold Gambit",
        "Melee Attacks",
        _M,
        "Make a Style melee attack at +2, but take a -4 penalty next turn.",
        roll="style",
        modifier=2,
        asr=True,
    ),
    Move(
        "Touch of Evil",
        "Melee Attacks",
        _M,
        "Make a Weird melee attack, doing half damage but inflicting a -1 penalty for the next "
        "three turns.",
        roll="weird",
        half_damage=True,
    ),
    # Ranged Attacks
    Move("Basic Ranged", "Ranged Attacks", _R, "Make a ranged attack using the active stat."),
    Move(
        "Throw Something",
        "Ranged Attacks",
        _R,
        "Make a Brutality ranged attack, with +d4 damage. Not usable again for 2 turns.",
        roll="brutality",
        weapon_die=4,
        cooldown=2,
    ),
    Move(
        "Deadly Shot",
        "Ranged Attacks",
        _R,
        "Make a Style ranged attack at -1, and inflict 3 bonus damage on a hit.",
        roll="style",
        modifier=-1,
        bonus_damage=3,
    ),
    Move(
        "Snap Shot",
        "Ranged Attacks",
        _R,
        "Make a Style ranged attack with a quickshot weapon, and get 2 bonus damage against a "
        "target with worse Init. Not usable again for 1 turn.",
        roll="style",
        asr=True,
        cooldown=1,
    ),
    Move(
        "Psionic Blast",
        "Ranged Attacks",
        _R,
        "Make a Mind ranged attack, with +d4 damage. Not usable again for 2 turns.",
        roll="mind",
        weapon_die=4,
        cooldown=2,
    ),
    # Support Moves
    Move(
        "Basic Adjustment",
        "Support",
        _S,
        "Set to active stat to anything. No attack.",
        attack=False,
    ),
    Move(
        "Basic Performance",
        "Support",
        _S,
        "Show off for the crowd and get +1 CZ. No attack.",
        attack=False,
    ),
    Move(
        "Basic Defense",
        "Support",
        _S,
        "Defend with the AS at +3. No attack.",
        attack=False,
        modifier=3,
    ),
    Move(
        "Biding Time",
        "Support",
        _S,
        "No attack, defend with Mind. Instead of drawing a new random move, replace this move "
        "with Opportune Strike.",
        roll="mind",
        attack=False,
        replaced_by="Opportune Strike",
    ),
    # Combined Attacks/AS setters
    Move(
        "Brutal Bash",
        "Combined Attacks/AS setters",
        _M,
        "Set the AS to Brutality, then make a melee attack at -1.",
        roll="brutality",
        modifier=-1,
    ),
    Move(
        "Stylish Strike",
        "Combined Attacks/AS setters",
        _M,
        "Set the AS to Style, then make a melee attack at -1.",
        roll="style",
        modifier=-1,
    ),
    Move(
        "Mental Maneuver",
        "Combined Attacks/AS setters",
        _M,
        "Set the AS to Mind, then make a melee attack at -1.",
        roll="mind",
        modifier=-1,
    ),
    Move(
        "Weird Wizardry",
        "Combined Attacks/AS setters",
        _M,
        "Set the AS to Weird, then make a melee attack at -1.",
        roll="weird",
        modifier=-1,
    ),
    # Finishers
    Move(
        "Merciless Beating",
        "Finishers",
        "melee finisher",
        "Make a Brutality melee attack at +4.",
        roll="brutality",
        modifier=4,
        asr=True,
    ),
    Move(
        "Swift Execution",
        "Finishers",
        "melee finisher",
        "Make a Style melee attack at +4.",
        roll="style",
        modifier=4,
        asr=True,
    ),
    Move(
        "Master Plan",
        "Finishers",
        "melee finisher",
        "Make a Mind melee attack at +4.",
        roll="mind",
        modifier=4,
        asr=True,
    ),
    Move(
        "Unholy Judgment",
        "Finishers",
        "melee finisher",
        "Make a Weird melee attack at +4.",
        roll="weird",
        modifier=4,
        asr=True,
    ),
    # Arcane Moves
    Move(
        "Gather the Spirits",
        "Arcane",
        _S,
        "Gain 2 arcane essence. No attack, defend with Weird.",
        roll="weird",
        attack=False,
        essence=-2,
    ),
    Move(
        "Power Leech",
        "Arcane",
        _M,
        "Make a Weird melee attack at -1, and gain one arcane essence on a hit.",
        roll="weird",
        modifier=-1,
        essence=-1,
    ),
    Move(
        "Acid Touch",
        "Arcane",
        _M,
        "Spend 2 arcane essence and make an AS Elemental: acid melee attack at +2, with +d6 "
        "damage.",
        modifier=2,
        weapon_die=6,
        essence=2,
        element="acid",
    ),
    Move(
        "Cold Touch",
        "Arcane",
        _M,
        "Spend 2 arcane essence and make an AS Elemental: ice melee attack at +2, with +d6 damage.",
        modifier=2,
        weapon_die=6,
        essence=2,
        element="ice",
    ),
    Move(
        "Fireball",
        "Arcane",
        _R,
        "Spend 2 arcane essence and make an AS Elemental: fire ranged attack at +2, with +d4 "
        "damage.",
        modifier=2,
        weapon_die=4,
        essence=2,
        element="fire",
    ),
    Move(
        "Lightning Bolt",
        "Arcane",
        _R,
        "Spend 2 arcane essence and make an AS Elemental: electric ranged attack at +2, with "
        "+d4 damage.",
        modifier=2,
        weapon_die=4,
        essence=2,
        element="electric",
    ),
    Move(
        "Magic Shield",
        "Arcane",
        _S,
        "Spend 1 arcane essence. No attack, defend with the AS at +1. On a non-critical hit, "
        "opponents do no damage.",
        attack=False,
        modifier=1,
        essence=1,
    ),
    Move(
        "Shadow Envelop",
        "Arcane",
        _R,
        "Spend 2 arcane essence and make an AS ranged attack at +1 with +d2 damage; target "
        "also becomes Ineffective on a hit.",
        modifier=1,
        weapon_die=2,
        essence=2,
    ),
    # Berserk Moves
    Move(
        "Flurry of Blows",
        "Berserk",
        _M,
        "Make an AS melee attack at -1. Each successive use of the move gets a stacking +1, up "
        "to +4. Don't draw a new move if this move hits.",
        modifier=-1,
    ),
    Move(
        "Tackle",
        "Berserk",
        _M,
        "Make an AS melee attack at -1, and target becomes Ineffective on a hit.",
        modifier=-1,
    ),
    Move(
        "Wild Charge",
        "Berserk",
        _M,
        "Make an AS melee attack at -2, and inflict 8 bonus damage on a hit.",
        modifier=-2,
        bonus_damage=8,
    ),
    Move(
        "Revenge",
        "Berserk",
        _M,
        "Must have taken at least 5 damage last turn. Make an AS melee attack at +2.",
        modifier=2,
    ),
    Move(
        "Last Stand",
        "Berserk",
        _M,
        "Must be wounded. Get a +4 bonus for the turn, and make an AS melee attack, but if an "
        "opponent hits at all, the gladiator is immediately defeated.",
        modifier=4,
    ),
    # Demonic Moves
    Move(
        "Blood Sacrifice",
        "Demonic",
        _M,
        "Make a Weird melee attack at -2, and remove one curse on a hit.",
        roll="weird",
        modifier=-2,
        curses=-1,
    ),
    Move(
        "Dark Touch",
        "Demonic",
        _M,
        "Make an AS melee attack at +2. Gain one curse.",
        modifier=2,
        curses=1,
    ),
    Move(
        "Eye of the Demon",
        "Demonic",
        _R,
        "Make an AS ranged attack at +2. Gain one curse.",
        modifier=2,
        curses=1,
    ),
    Move(
        "Wrath from Beyond",
        "Demonic",
        "special attack",
        "All combatants (including the gladiator using this move) suffer damage equal to the "
        "gladiator's Brutality. Gain two curses.",
        roll="none",
        curses=2,
    ),
    # Gamble Moves
    Move(
        "Face-Off",
        "Gamble",
        _M,
        "Randomly determine a stat and make a melee attack with it at +1. Any opponent using a "
        "move that would ordinarily use the AS will use this stat instead.",
        roll="random",
        modifier=1,
    ),
    Move(
        "High Stakes",
        "Gamble",
        _C,
        "Make an AS melee or ranged attack. When rolling, roll a d12 twice and take the worse "
        "value.",
    ),
    Move(
        "Risky Business",
        "Gamble",
        _C,
        "Make an AS melee or ranged attack at +1, inflicting 2 bonus damage on a hit. Become "
        "Ineffective after the attack.",
        modifier=1,
        bonus_damage=2,
    ),
    # Performance Moves
    Move(
        "Alluring Dance",
        "Performance",
        _S,
        "No attack, defend with Style. Instead of drawing a new random move, replace this move "
        "with Dance of Blades.",
        roll="style",
        attack=False,
        replaced_by="Dance of Blades",
    ),
    Move(
        "Crowd Favorite",
        "Performance",
        _C,
        "Make an AS melee or ranged attack, at +1 against opponents with a lower CZ, but at -1 "
        "against opponents with a better one. Increase the bonus or penalty to +/-2 if the CZ "
        "difference is 4 or more.",
    ),
    Move(
        "Daring Acrobatics",
        "Performance",
        _C,
        "Make an AS melee or ranged attack at +1 and inflicting 2 bonus damage, but take a -2 "
        "penalty next turn.",
        modifier=1,
        bonus_damage=2,
    ),
    Move(
        "Timing is Everything",
        "Performance",
        _C,
        "Make an AS melee or ranged attack, at +2 against opponents with a worse Init, but at "
        "-2 against opponents with a better one.",
    ),
    Move(
        "Twirling Scarves",
        "Performance",
        _C,
        "Make an AS melee or ranged attack, at +2 if the target's AS is Brutality, but -2 if "
        "the target's AS is Mind.",
    ),
    # Tactical Moves
    Move(
        "All or Nothing Gambit",
        "Tactical",
        _C,
        "Make an AS melee or ranged attack at +2, but the gladiator only deals damage on a "
        "critical hit.",
        modifier=2,
    ),
    Move(
        "Disabling Strike",
        "Tactical",
        _C,
        "Make an AS melee or ranged attack at -1, and target becomes Ineffective on a hit.",
        modifier=-1,
    ),
    Move(
        "Distance Disarm",
        "Tactical",
        _R,
        "Make a ranged attack using the active stat, doing half damage but opponent cannot use "
        "the current weapon for the next three turns.",
        half_damage=True,
    ),
    Move(
        "Psychic Disruption",
        "Tactical",
        _C,
        "Make an AS melee or ranged attack, at +2 if the target's AS is Weird, but -2 if the "
        "target's AS is Mind.",
    ),
    Move(
        "Unbalancing Distraction",
        "Tactical",
        _C,
        "Make an AS melee or ranged attack. Opponents must defend with Style or Mind.",
    ),
    # Technomancy Moves
    Move(
        "Recharge",
        "Technomancy",
        _S,
        "Gain 1 quantum energy. No attack, defend with Mind.",
        roll="mind",
        attack=False,
        quantum=-1,
    ),
    Move(
        "Adaptive Shielding",
        "Technomancy",
        _C,
        "Spend 1 quantum energy. Gain resistance to all elements for 4 turns. No attack.",
        attack=False,
        quantum=1,
    ),
    Move(
        "Energized Strike",
        "Technomancy",
        _M,
        "Spend 1 quantum energy and make an AS melee attack at +1, inflicting 4 bonus damage on "
        "a hit.",
        modifier=1,
        bonus_damage=4,
        quantum=1,
    ),
    Move(
        "Regenerate",
        "Technomancy",
        _S,
        "Spend 2 quantum energy. Recover 5 HP and all poisoned and wounded conditions are "
        "removed. No attack.",
        attack=False,
        quantum=2,
    ),
    # Special Moves
    Move(
        "Dance of Blades",
        SPECIAL,
        _M,
        "Make a Style melee attack at +2, inflicting 2 bonus damage on a hit.",
        roll="style",
        modifier=2,
        bonus_damage=2,
    ),
    Move(
        "Opportune Strike",
        SPECIAL,
        _M,
        "Make a Mind melee attack at +2, inflicting 2 bonus damage on a hit.",
        roll="mind",
        modifier=2,
        bonus_damage=2,
    ),
)

# ---------------------------------------------------------------------------------------------
# Weapons ("Weapons and Equipment")


@dataclass(frozen=True)
class WeaponKind:
    """A weapon kind: its slots, damage die (0: +0 damage), reach and weight.

    The natural weapon takes no slot of its own: the Natural Weapon ability takes two."""

    name: str
    slots: int
    die: int
    ranged: bool
    heavy: bool
    natural: bool = False

    @property
    def melee(self) -> bool:
        return not self.ranged

    @property
    def light(self) -> bool:
        return not self.heavy


WEAPON_KINDS: dict[str, WeaponKind] = {
    kind.name: kind
    for kind in (
        WeaponKind("light melee", 1, 2, ranged=False, heavy=False),
        WeaponKind("heavy melee", 3, 6, ranged=False, heavy=True),
        WeaponKind("light ranged", 1, 0, ranged=True, heavy=False),
        WeaponKind("heavy ranged", 3, 4, ranged=True, heavy=True),
        WeaponKind("natural", 0, NATURAL_WEAPON_DIE, ranged=False, heavy=False, natural=True),
    )
}
UNARMED_DIE = 0  # "basic weapons (or just really strong fists) that do +0 weapon damage"


@dataclass(frozen=True)
class WeaponProperty:
    """A weapon property (+1 slot) and the weapons it may go on ("heavy", "light", "ranged",
    "melee"; None: any)."""

    name: str
    text: str
    only: str | None = None

    def allows(self, kind: WeaponKind) -> bool:
        if self.only is None:
            return True
        return bool(getattr(kind, self.only))


PROPERTIES: dict[str, WeaponProperty] = {
    prop.name: prop
    for prop in (
        WeaponProperty(
            "Crushing",
            "Increase the weapon's damage die size on a +4 or better hit.",
            only="heavy",
        ),
        WeaponProperty(
            "Deadly",
            "The weapon's critical hit threshold is reduced by one. Treat a +5 critical hit as "
            "a severity 1 critical with 4 base damage.",
        ),
        WeaponProperty(
            "Deflecting",
            "When the wielder of the weapon is hit for non-critical damage, roll a d8 against a "
            "melee attack or a d10 against a ranged attack. If the highest value is rolled, the "
            "attack does no damage.",
        ),
        WeaponProperty(
            "Disorienting",
            "On a critical hit, the opponent becomes Ineffective, in addition to any other "
            "damage or effects.",
        ),
        WeaponProperty(
            "Elemental",
            "The weapon's damage type is changed to an elemental type: acid, electric, fire, or "
            "ice. Increase damage die size against all targets without appropriate resistance.",
        ),
        WeaponProperty(
            "Flashy",
            "The severity of critical hits made with this weapon is always at least the "
            "wielder's CZ differential against the opponent.",
        ),
        WeaponProperty(
            "Paired",
            "The gladiator has a matching pair of the weapon. Instead of rolling a d8 to attack, "
            "roll 2d4. On a critical hit, add 2 extra damage.",
            only="light",
        ),
        WeaponProperty(
            "Quickshot",
            "The weapon's attack modifiers vs. a melee attacker are +3 and -0, instead of +2 and "
            "-2.",
            only="ranged",
        ),
        WeaponProperty(
            "Tenacious",
            "The weapon cannot be disarmed or broken. The wielder does not suffer knockback "
            "penalties or stun.",
        ),
        WeaponProperty(
            "Throwable",
            "The melee weapon can be used for a ranged attack one die size smaller. It is gone "
            "for the next d4 turns, at which time the owner recovers it.",
            only="melee",
        ),
        WeaponProperty(
            "Toxic",
            "A hit adds a poisoned condition to anyone hit by the weapon, or twice on a "
            "critical hit. Anyone with poisoned 8 times or more is immediately defeated.",
        ),
        WeaponProperty(
            "Unsafe",
            "Increase the damage die size and the effect of a critical hit. The wielder of the "
            "weapon suffers 1 damage on every attack.",
        ),
        WeaponProperty(
            "Vampiric",
            "The wielder of the weapon gains 1 HP on a successful hit, or 2 HP on a critical "
            "hit, but cannot exceed maximum HP.",
        ),
    )
}
POISONED_DEFEAT = 8  # "Anyone with poisoned 8 times or more is immediately defeated"


# ---------------------------------------------------------------------------------------------
# Look-ups that name what is known when a name is not

T = TypeVar("T")


def _lookup(table: dict[str, T], name: str, what: str) -> T:
    try:
        return table[name]
    except KeyError:
        raise RulesError(unknown_name(table, name, what)) from None


def unknown_name(table: Mapping[str, object], name: object, what: str) -> str:
    """The message for a name the seed does not list, with the right spelling if only its case
    or spacing is wrong."""
    near = spelled_like(table, name)
    if near is not None:
        return f"no {what} {name!r}: the seed writes it {near!r}"
    return f"no {what} {name!r}; the seed's are {', '.join(table)}"


def spelled_like(table: Mapping[str, object], name: object) -> str | None:
    if not isinstance(name, str):
        return None
    wanted = _folded(name)
    return next((known for known in table if _folded(known) == wanted), None)


def _folded(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def ability(name: str) -> Ability:
    return _lookup(ABILITIES, name, "ability")


def move(name: str) -> Move:
    return _lookup(MOVES, name, "move")


def weapon_kind(name: str) -> WeaponKind:
    return _lookup(WEAPON_KINDS, name, "weapon kind")


def weapon_property(name: str) -> WeaponProperty:
    return _lookup(PROPERTIES, name, "weapon property")


def moves_in(category: str) -> tuple[Move, ...]:
    return tuple(move for move in MOVES.values() if move.category == category)
