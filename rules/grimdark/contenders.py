"""The pregenerated contenders a manager may hire (seed 003: "or hire one from a list of
pregenerated contenders!").

Lord Smash is the seed's Sample Gladiator, as printed: Brutality 6, Style 3, Mind 3, Weird 3;
Fame 0, record 0-0; Berserker, Combat Focus 6, Endurance 5, Fierce Attack (23 points); twenty
moves; an oversized greataxe (heavy, crushing, tenacious, melee). The others are ours, one for
each ability tree (the seven categories an ability unlocks), each a legal sheet built by the
rules; their names and flavour are ours. `BEASTS` holds an NPC of the GM's list, marked "npc",
which breaks the builder's limits as only an NPC may.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import RulesError
from rules.core.json import JsonDict, JsonValue
from rules.grimdark.catalog import CATEGORIES
from rules.grimdark.sheet import GrimdarkSheet

# The ability trees: the move category each ability unlocks, by a short key.
TREES = {
    "arcane": "Arcane",
    "berserk": "Berserk",
    "demonic": "Demonic",
    "gamble": "Gamble",
    "performance": "Performance",
    "tactical": "Tactical",
    "technomancy": "Technomancy",
}


@dataclass(frozen=True)
class Contender:
    """A pregenerated gladiator: his tree (a key of TREES, None for the seed's own), his flavour
    and his checked sheet."""

    tree: str | None
    flavour: str
    sheet: GrimdarkSheet

    @property
    def name(self) -> str:
        return self.sheet.name


def _weapon(name: str, kind: str, *properties: str, element: str | None = None) -> JsonDict:
    return {"name": name, "kind": kind, "properties": list(properties), "element": element}


def _sheet(
    name: str,
    stats: tuple[int, int, int, int],
    abilities: dict[str, int],
    moves: dict[str, int],
    weapons: list[JsonValue],
    armour_slots: int = 0,
) -> JsonDict:
    brutality, style, mind, weird = stats
    return {
        "name": name,
        "stats": {"brutality": brutality, "style": style, "mind": mind, "weird": weird},
        "active_stat": None,
        "abilities": dict[str, JsonValue](abilities),
        "moves": dict[str, JsonValue](moves),
        "weapons": weapons,
        "armour_slots": armour_slots,
        "fame": 0,
        "wins": 0,
        "losses": 0,
        "starred": False,
    }


# The seed's Sample Gladiator, as printed ("Fierce Attack" and "Berserker" are all-or-nothing:
# level 1).
LORD_SMASH_SHEET: JsonDict = _sheet(
    "Lord Smash",
    (6, 3, 3, 3),
    {"Berserker": 1, "Combat Focus": 6, "Endurance": 5, "Fierce Attack": 1},
    {
        "Flurry of Blows": 5,
        "Brutal Bash": 4,
        "Wild Charge": 2,
        "Grapple": 2,
        "Merciless Beating": 2,
        "Last Stand": 1,
        "Basic Melee": 4,
    },
    [_weapon("Oversized greataxe", "heavy melee", "Crushing", "Tenacious")],
)
LORD_SMASH_FLAVOUR = (
    "Once the lord of a mighty Greenskin fiefdom, sold into slavery by a mightier one, he "
    "murdered his would-be master and was sent to the arena to carve his empire back out of "
    "someone else's flesh with his gigantic axe."
)

_OURS: tuple[tuple[str, str, JsonDict], ...] = (
    (
        "arcane",
        "A defrocked archivist of the Ecumenopolis's sealed libraries, she read the one book "
        "nobody was meant to, and now the cold answers when she calls.",
        _sheet(
            "Vesper Nightglass",
            (2, 3, 4, 6),
            {
                "Arcane Arts": 1,
                "Combat Focus": 6,
                "Poise": 3,
                "Lucky Number Seven": 1,
                "Versatile": 1,
                "Endurance": 2,
            },
            {
                "Gather the Spirits": 4,
                "Power Leech": 3,
                "Fireball": 3,
                "Lightning Bolt": 2,
                "Cold Touch": 2,
                "Magic Shield": 2,
                "Shadow Envelop": 2,
                "Unholy Judgment": 2,
                "Weird Wizardry": 2,
                "Basic Defense": 2,
            },
            [_weapon("Rime-etched athame", "light melee", "Elemental", element="ice")],
            armour_slots=3,
        ),
    ),
    (
        "berserk",
        "Bred in the vat-pits of a forge world to haul slag, he broke his chains on the overseer "
        "and has been breaking things ever since; the crowd chants his name in three dialects.",
        _sheet(
            "Gorrath the Unchained",
            (7, 3, 3, 2),
            {"Berserker": 1, "Endurance": 7, "Fierce Attack": 1, "Huge": 1},
            {
                "Flurry of Blows": 4,
                "Tackle": 3,
                "Wild Charge": 3,
                "Revenge": 3,
                "Last Stand": 2,
                "Powerful Attack": 3,
                "Merciless Beating": 2,
                "Basic Melee": 3,
            },
            [_weapon("Chain-maul", "heavy melee", "Crushing")],
            armour_slots=1,
        ),
    ),
    (
        "demonic",
        "The abbess of a convent that the Inquisition burned twice; both times she walked out "
        "of the fire, and both times something walked out behind her.",
        _sheet(
            "Sister Malgrave",
            (4, 2, 3, 6),
            {
                "Demonology": 1,
                "Poison Immunity": 1,
                "Endurance": 4,
                "Combat Focus": 6,
                "Fierce Attack": 1,
            },
            {
                "Dark Touch": 5,
                "Eye of the Demon": 4,
                "Blood Sacrifice": 3,
                "Wrath from Beyond": 2,
                "Touch of Evil": 3,
                "Unholy Judgment": 2,
                "Basic Melee": 2,
            },
            [
                _weapon("Hexed pistol", "light ranged", "Toxic"),
                _weapon("Bone flail", "light melee", "Vampiric"),
            ],
            armour_slots=1,
        ),
    ),
    (
        "gamble",
        "A card-sharp from the orbital casinos who bet his own life against a duke's fortune, "
        "won, and was sentenced to the arena for it; he still thinks the odds are in his favour.",
        _sheet(
            "Lazlo 'Snake-Eyes' Vane",
            (3, 5, 4, 3),
            {
                "Gambler": 1,
                "Lucky Number Seven": 1,
                "Poise": 5,
                "Combat Focus": 6,
                "Versatile": 1,
                "Jack of All Trades": 1,
            },
            {
                "Face-Off": 4,
                "High Stakes": 4,
                "Risky Business": 4,
                "Daring Acrobatics": 2,
                "Swift Execution": 2,
                "Stylish Strike": 2,
                "Basic Adjustment": 2,
            },
            [
                _weapon("Weighted knuckle-blades", "light melee", "Paired"),
                _weapon("Sleeve card-shooter", "light ranged", "Quickshot"),
            ],
            armour_slots=1,
        ),
    ),
    (
        "performance",
        "The darling of the holovision dramas, she took up the blade for ratings; now her "
        "duels are the most-watched broadcast in the Imperium, and her costume budget is a "
        "state secret.",
        _sheet(
            "Aurelia Starfall",
            (3, 7, 3, 2),
            {
                "Performer": 1,
                "Poise": 7,
                "Fierce Attack": 1,
                "Lucky Number Seven": 1,
                "Combat Focus": 2,
            },
            {
                "Alluring Dance": 4,
                "Crowd Favorite": 4,
                "Daring Acrobatics": 3,
                "Timing is Everything": 3,
                "Twirling Scarves": 2,
                "Graceful Slash": 3,
                "Swift Execution": 2,
                "Basic Performance": 2,
            },
            [_weapon("Twin razor fans", "light melee", "Paired", "Flashy")],
            armour_slots=2,
        ),
    ),
    (
        "tactical",
        "A decorated officer of the border legions, court-martialled for winning a battle he "
        "was ordered to lose; he fights as he commanded, three moves ahead and without mercy.",
        _sheet(
            "Commander Ixion Graves",
            (3, 4, 6, 2),
            {
                "Tactician": 1,
                "Jack of All Trades": 2,
                "Poise": 4,
                "Combat Focus": 6,
                "Lucky Number Seven": 1,
                "Endurance": 2,
            },
            {
                "All or Nothing Gambit": 3,
                "Disabling Strike": 3,
                "Distance Disarm": 2,
                "Psychic Disruption": 3,
                "Unbalancing Distraction": 3,
                "Master Plan": 2,
                "Biding Time": 3,
                "Mental Maneuver": 2,
                "Tackle": 2,
                "Timing is Everything": 2,
            },
            [
                _weapon("Longlas carbine", "heavy ranged"),
                _weapon("Officer's sabre", "light melee", "Deflecting"),
            ],
        ),
    ),
    (
        "technomancy",
        "A servitor that woke up: its makers' wiring still hums in its skull, and it has taught "
        "itself to bleed the arena's own power grid into its gauntlet.",
        _sheet(
            "Unit K-7 Sparkwright",
            (4, 3, 5, 3),
            {
                "Technomancer": 1,
                "Jack of All Trades": 1,
                "Endurance": 4,
                "Combat Focus": 6,
                "Fierce Attack": 1,
                "Poison Immunity": 1,
            },
            {
                "Recharge": 4,
                "Adaptive Shielding": 2,
                "Energized Strike": 5,
                "Regenerate": 2,
                "Mental Maneuver": 3,
                "Master Plan": 2,
                "Psionic Blast": 2,
                "Basic Melee": 3,
                "Disabling Strike": 2,
            },
            [_weapon("Arc-gauntlet", "light melee", "Elemental", "Unsafe", element="electric")],
            armour_slots=2,
        ),
    ),
)

# An NPC of the GM's list: a beast that breaks the builder's limits (stats 18, two natural
# weapons, abilities past its points), allowed only because it is marked "npc".
RIPPER_SHEET: JsonDict = {
    **_sheet(
        "Vat-grown Ripper",
        (9, 6, 0, 3),
        {"Natural Weapon": 1, "Huge": 1, "Berserker": 1, "Endurance": 9, "Flying": 1},
        {"Flurry of Blows": 6, "Tackle": 4, "Wild Charge": 4, "Basic Melee": 4},
        [
            _weapon("Hooked claws", "natural", "Paired"),
            _weapon("Barbed tail", "natural", "Toxic"),
        ],
        armour_slots=2,
    ),
    "npc": True,
}

LORD_SMASH = Contender(None, LORD_SMASH_FLAVOUR, GrimdarkSheet.from_dict(LORD_SMASH_SHEET))
CONTENDERS: dict[str, Contender] = {
    contender.name: contender
    for contender in (
        LORD_SMASH,
        *(Contender(tree, flavour, GrimdarkSheet.from_dict(data)) for tree, flavour, data in _OURS),
    )
}
BEASTS: dict[str, Contender] = {
    "Vat-grown Ripper": Contender(
        None,
        "A thing of claws and hunger grown in the Games' own vats for the opening acts.",
        GrimdarkSheet.from_dict(RIPPER_SHEET),
    )
}


def contender(name: str) -> Contender:
    """The contender (or beast) of that name."""
    found = CONTENDERS.get(name) or BEASTS.get(name)
    if found is None:
        known = ", ".join([*CONTENDERS, *BEASTS])
        raise RulesError(f"no Grimdark contender {name!r}; the contenders are {known}")
    return found


def for_tree(tree: str) -> tuple[Contender, ...]:
    """The contenders who hold the ability that opens the tree (Lord Smash is a berserker)."""
    if tree not in TREES:
        raise RulesError(f"no ability tree {tree!r}; the trees are {', '.join(TREES)}")
    ability = CATEGORIES[TREES[tree]]
    assert ability is not None
    return tuple(c for c in CONTENDERS.values() if c.sheet.has(ability))
