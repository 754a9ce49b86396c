"""The Grimdark catalog against the seed's own lists (test_catalog_seed_lists.txt, copied
verbatim from seed 003): every ability, every move, every weapon kind and property."""

import re
from pathlib import Path

import pytest

from rules.core.errors import RulesError
from rules.grimdark import catalog as cat

SEED_LISTS = Path(__file__).with_name("test_catalog_seed_lists.txt")


def _section(name):
    text = SEED_LISTS.read_text(encoding="utf-8")
    body = text.split(f"[{name}]\n", 1)[1]
    return [line for line in body.split("\n[", 1)[0].splitlines() if line]


def seed_abilities():
    """(name, cost, levelled, condition, text) for each ability of the seed's list."""
    lines = _section("abilities")
    heading = re.compile(r"^(.+?) \((\d+) points?(/level)?(?:, (.+))?\)$")
    out = []
    for index, line in enumerate(lines):
        match = heading.match(line)
        if match:
            name, cost, level, condition = match.groups()
            out.append((name, int(cost), bool(level), condition, lines[index + 1]))
    return out


MOVE_LINE = re.compile(r"^(.+?) \(([a-z ]+?)(?: - ([A-Z]+))?\) - (.+)$")


def seed_moves():
    """(category, needs, name, kind, flag, text) for each move, in the seed's order."""
    out, category, needs = [], None, None
    for line in _section("moves"):
        match = MOVE_LINE.match(line)
        if match:
            out.append((category, needs, *match.groups()))
        elif line.startswith("All moves in this category require the "):
            needs = line.removeprefix("All moves in this category require the ")
            needs = needs.removesuffix(" ability.")
        elif "." not in line:
            category, needs = line.removesuffix(" Moves"), None
    return out


def test_the_seed_lists_are_whole():
    assert len(seed_abilities()) == 20
    assert len(seed_moves()) == 60


def test_every_ability_of_the_seed_and_no_other():
    assert [row[0] for row in seed_abilities()] == list(cat.ABILITIES)


@pytest.mark.parametrize("row", seed_abilities(), ids=lambda row: row[0])
def test_each_ability_has_the_seeds_cost_cap_prerequisite_and_text(row):
    name, cost, levelled, condition, text = row
    ability = cat.ABILITIES[name]
    assert (ability.cost, ability.levelled, ability.text) == (cost, levelled, text)
    needs = cap = cap_stat = None
    slots = 0
    if condition:
        if match := re.fullmatch(r"(\w+) must be at least (\d)", condition):
            needs = (match[1].lower(), int(match[2]))
        elif match := re.fullmatch(r"cannot exceed (\d+)", condition):
            cap = int(match[1])
        elif match := re.fullmatch(r"cannot exceed (\w+)", condition):
            cap_stat = match[1].lower()
        elif match := re.fullmatch(r"lose (\d) equipment slots", condition):
            slots = int(match[1])
        else:
            pytest.fail(f"unread condition {condition!r}")
    assert (ability.needs, ability.cap, ability.cap_stat, ability.slots) == (
        needs,
        cap,
        cap_stat,
        slots,
    )


def test_level_caps_and_costs():
    stats = {"brutality": 6, "style": 3, "mind": 2, "weird": 4}
    assert cat.ability("Combat Focus").level_cap(stats) == 8
    assert cat.ability("Endurance").level_cap(stats) == 6
    assert cat.ability("Poise").level_cap(stats) == 3
    assert cat.ability("Jack of All Trades").level_cap(stats) == 2
    assert cat.ability("Berserker").level_cap(stats) == 1
    assert cat.ability("Jack of All Trades").cost_of(2) == 4
    assert cat.ability("Endurance").cost_of(5) == 5


def test_every_move_of_the_seed_in_its_order_and_no_other():
    assert [row[2] for row in seed_moves()] == list(cat.MOVES)


@pytest.mark.parametrize("row", seed_moves(), ids=lambda row: row[2])
def test_each_move_has_the_seeds_category_kind_flags_and_text(row):
    category, needs, name, kind, flag, text = row
    move = cat.MOVES[name]
    expected_category = "Support" if category == "Support Moves" else category
    assert move.category == expected_category
    assert move.needs == needs
    assert (move.kind, move.text) == (kind, text)
    assert move.asr == (flag == "ASR")
    assert move.inherent_weapon == (flag == "W")
    assert move.basic == name.startswith("Basic")


def _read_roll(text):
    if text.startswith("Randomly determine a stat"):
        return "random"
    if "suffer damage equal to" in text:
        return "none"
    stat = r"(?:Make an? |No attack, defend with |Set the AS to )(Brutality|Style|Mind|Weird)"
    match = re.search(stat, text)
    return match[1].lower() if match else "active"


def _read_modifier(text):
    bonus = re.search(r"Get a \+(\d) bonus", text)
    if bonus:
        return int(bonus[1])
    match = re.search(r" at ([+-]\d)(?! against| if)", text)
    return int(match[1]) if match else 0


def _read_resource(text, resource):
    numbers = {"one": 1, "two": 2}
    spend = re.search(rf"Spend (\d) {resource}", text)
    gain = re.search(rf"[Gg]ain (\d|one) {resource}", text)
    if spend:
        return int(spend[1])
    if gain:
        return -int(numbers.get(gain[1], gain[1] if gain[1].isdigit() else 0))
    return 0


def _read_curses(text):
    if "remove one curse" in text:
        return -1
    match = re.search(r"Gain (one|two) curses?", text)
    return {"one": 1, "two": 2}[match[1]] if match else 0


@pytest.mark.parametrize("move", list(cat.MOVES.values()), ids=lambda move: move.name)
def test_each_moves_plain_fields_say_what_its_sentence_says(move):
    text = move.text
    die = re.search(r"\+d(\d+) damage", text)
    cooldown = re.search(r"Not usable again for (\d+) turn", text)
    bonus = re.search(r"(\d+) bonus damage(?! against)", text)
    element = re.search(r"Elemental: (\w+)", text)
    replaced = re.search(r"replace this move with (.+)\.$", text)
    assert move.roll == _read_roll(text)
    assert move.modifier == _read_modifier(text)
    assert move.attack == ("No attack" not in text)
    assert move.weapon_die == (int(die[1]) if die else None)
    assert move.cooldown == (int(cooldown[1]) if cooldown else 0)
    assert move.bonus_damage == (int(bonus[1]) if bonus else 0)
    assert move.half_damage == ("half damage" in text)
    assert move.essence == _read_resource(text, "arcane essence")
    assert move.quantum == _read_resource(text, "quantum energy")
    assert move.curses == _read_curses(text)
    assert move.element == (element[1] if element else None)
    assert move.replaced_by == (replaced[1] if replaced else None)


def test_the_special_moves_arise_from_biding_time_and_alluring_dance():
    specials = {m.name for m in cat.moves_in(cat.SPECIAL)}
    assert specials == {"Dance of Blades", "Opportune Strike"}
    sources = {m.replaced_by: m.name for m in cat.MOVES.values() if m.replaced_by}
    assert sources == {"Opportune Strike": "Biding Time", "Dance of Blades": "Alluring Dance"}
    assert all(cat.move(name).special for name in specials)


def test_each_ability_tree_is_opened_by_its_ability():
    opened = {a.unlocks: a.name for a in cat.ABILITIES.values() if a.unlocks}
    needed = {category: ability for category, ability in cat.CATEGORIES.items() if ability}
    assert opened == needed
    assert len(opened) == 7


def test_finishers_and_ranged_moves():
    finishers = {m.name for m in cat.MOVES.values() if m.finisher}
    assert finishers == {"Merciless Beating", "Swift Execution", "Master Plan", "Unholy Judgment"}
    assert cat.move("Fireball").ranged and not cat.move("High Stakes").ranged


@pytest.mark.parametrize(
    ("kind", "slots", "die", "ranged", "heavy"),
    [
        ("light melee", 1, 2, False, False),  # Light Melee Weapon (1 slot) - +d2 damage
        ("heavy melee", 3, 6, False, True),  # Heavy Melee Weapon (3 slots) - +d6 damage
        ("light ranged", 1, 0, True, False),  # Light Ranged Weapon (1 slot) - +0 damage
        ("heavy ranged", 3, 4, True, True),  # Heavy Ranged Weapon (3 slots) - +d4 damage
        ("natural", 0, 6, False, False),  # +d6, counts as Light; the ability takes 2 slots
    ],
)
def test_weapon_kinds_slots_and_dice(kind, slots, die, ranged, heavy):
    info = cat.weapon_kind(kind)
    assert (info.slots, info.die, info.ranged, info.heavy) == (slots, die, ranged, heavy)
    assert info.melee != info.ranged and info.light != info.heavy


def test_the_natural_weapon_ability_takes_two_slots():
    assert cat.ability("Natural Weapon").slots == 2
    assert cat.weapon_kind("natural").natural


def test_every_weapon_property_and_its_limit():
    assert list(cat.PROPERTIES) == [
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
    ]
    limits = {name: prop.only for name, prop in cat.PROPERTIES.items() if prop.only}
    assert limits == {
        "Crushing": "heavy",
        "Paired": "light",
        "Quickshot": "ranged",
        "Throwable": "melee",
    }


@pytest.mark.parametrize(
    ("prop", "allowed"),
    [
        ("Crushing", {"heavy melee", "heavy ranged"}),
        ("Paired", {"light melee", "light ranged", "natural"}),
        ("Quickshot", {"light ranged", "heavy ranged"}),
        ("Throwable", {"light melee", "heavy melee", "natural"}),
        ("Deadly", set(cat.WEAPON_KINDS)),
    ],
)
def test_a_property_goes_on_the_weapons_its_limit_allows(prop, allowed):
    kinds = {name for name, kind in cat.WEAPON_KINDS.items() if cat.PROPERTIES[prop].allows(kind)}
    assert kinds == allowed


def test_the_four_elements_and_the_stats():
    assert cat.ELEMENTS == ("acid", "electric", "fire", "ice")
    assert cat.STATS == ("brutality", "style", "mind", "weird")
    assert (cat.STAT_POINTS, cat.STAT_SPREAD, cat.BASE_ABILITY_POINTS) == (15, 5, 20)
    assert (cat.EQUIPMENT_SLOTS, cat.ARMOUR_HP_PER_SLOT, cat.REPERTOIRE) == (5, 5, (15, 30))


def test_an_unknown_name_is_refused_with_the_seeds_spelling():
    with pytest.raises(RulesError, match="the seed writes it 'Jack of All Trades'"):
        cat.ability("jack of all trades")
    with pytest.raises(RulesError, match="no move 'Haymaker'; the seed's are Basic Melee"):
        cat.move("Haymaker")
    with pytest.raises(RulesError, match="weapon kind"):
        cat.weapon_kind("medium melee")
    with pytest.raises(RulesError, match="the seed writes it 'Quickshot'"):
        cat.weapon_property("quick-shot")
