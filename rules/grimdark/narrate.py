"""A match's log told in plain English: `narrate(event)` for each event the engine logs.

Each event is a dict with its `kind`, its `turn` and the names and numbers it is about; the
sentence says what happened in the arena's words (no field or engine names), so a page or a
GM can read a match without the code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Event = Mapping[str, Any]

_WHY_DAMAGE = {
    "hit": "",
    "unsafe": " from his own unsafe weapon",
    "wrath": " from the Wrath from Beyond",
    "curse": " as a curse bursts",
}
_WHY_DEFEAT = {
    "hit points": "is down",
    "poison": "succumbs to the poison",
    "last stand": "falls in his last stand",
    "gruesome demise": "meets a gruesome demise",
}
_WHY_NO_DAMAGE = {
    "all or nothing": "the all-or-nothing gambit pays only on a critical hit",
    "lucky seven": "his lucky number seven turns the critical hit aside",
    "magic shield": "the magic shield holds",
}


def _start(e: Event) -> str:
    extras = []
    if e["essence"]:
        extras.append(f"{e['essence']} arcane essence")
    if e["quantum"]:
        extras.append(f"{e['quantum']} quantum energy")
    more = f", {' and '.join(extras)}" if extras else ""
    return (
        f"{e['who']} enters the arena with {e['hp']} HP (d{e['hp_die']} rolled {e['hp_roll']}), "
        f"Init {e['init']} (d{e['init_die']} rolled {e['init_roll']}), Crowd Zeal {e['cz']}"
        f"{more}; active stat {e['active_stat']}; opening moves: {', '.join(e['hand'])}."
    )


def _move(e: Event) -> str:
    target = f" against {e['target']}" if e.get("target") else ""
    weapon = f" with his {e['weapon']}" if e.get("weapon") else ""
    if e["move"] == "Assess the Situation":
        return f"{e['who']} steps back to assess the situation."
    ranged = " (at range)" if e.get("ranged") and e.get("weapon") else ""
    return f"{e['who']} plays {e['move']}{target}{weapon}{ranged}."


def _power(e: Event) -> str:
    bonuses = f" ({', '.join(e['bonuses'])})" if e.get("bonuses") else ""
    penalty = f", {e['penalty']} of it penalties" if e.get("penalty") else ""
    return (
        f"{e['who']} rolls {e['dice']}, adds {e['stat']} from his stat and {e['modifier']:+d} "
        f"in modifiers{penalty}{bonuses}: power {e['power']}."
    )


def _fight(e: Event) -> str:
    def side(name: str, power: int, notes: list[str] | None) -> str:
        return f"{name} {power}" + (f" ({', '.join(notes)})" if notes else "")

    return (
        f"{side(e['attacker'], e['attacker_power'], e.get('attacker_notes'))} against "
        f"{side(e['defender'], e['defender_power'], e.get('defender_notes'))}."
    )


def _inconclusive(e: Event) -> str:
    a, b = e["between"]
    if e.get("finisher"):
        return f"{a} and {b} trade blows to no end; a failed finisher leaves the crowd cold."
    if e["cz_to"]:
        return f"{a} and {b} trade blows to no end; the crowd cheers {' and '.join(e['cz_to'])}."
    return f"{a} and {b} trade blows to no end."


def _hit(e: Event) -> str:
    die = f"d{e['die']} rolled {e['roll']}" if e["die"] else "no weapon die"
    bonus = f" + {e['bonus']} bonus" if e["bonus"] else ""
    return (
        f"{e['who']} hits {e['target']} by {e['margin']}: {e['margin']} + {die}{bonus} = "
        f"{e['damage']} damage."
    )


def _critical(e: Event) -> str:
    if e["effect"] == "gruesome demise":
        return (
            f"Critical hit! {e['who']} beats {e['target']} by {e['margin']} (severity "
            f"{e['severity']}, d8 rolled {e['roll']}): a gruesome demise!"
        )
    return (
        f"Critical hit! {e['who']} beats {e['target']} by {e['margin']} (severity "
        f"{e['severity']}, d8 rolled {e['roll']}: {e['effect']}): {e['damage']} damage."
    )


def _fate(e: Event) -> str:
    who = e["who"]
    if e["rule"] == "gruesome":
        told = f"{who}'s gruesome demise leaves nothing to save"
    elif e["rule"] == "crowd":
        told = f"The crowd demands {who}'s death: d4 rolled {e['roll']}"
    else:
        told = f"{who}'s fate: d{e['die']} rolled {e['roll']}"
    if e["fate"] == "dead":
        return f"{told}. {who} is dead."
    if e["dies"] and e.get("starred"):
        return f"{told}, but {who} is starred: somehow, he lives."
    return f"{told}. {who} lives."


_TELL: dict[str, Callable[[Event], str]] = {
    "start": _start,
    "recycle": lambda e: f"{e['who']} has drawn every move: his {e['cards']} used moves return.",
    "stunned": lambda e: f"{e['who']} is stunned and can only defend.",
    "move": _move,
    "active_stat": lambda e: f"{e['who']} now fights with his {e['stat']}.",
    "face_off": lambda e: f"{e['who']} calls a face-off of {e['stat']}.",
    "regenerate": lambda e: (
        f"{e['who']} regenerates {e['healed']} HP ({e['hp']}), free of poison and wounds."
    ),
    "wrath": lambda e: f"{e['who']} calls the Wrath from Beyond: {e['damage']} damage to all.",
    "resources": lambda e: (
        f"{e['who']} has {e['essence']} essence, {e['quantum']} quantum energy, "
        f"{e['curses']} curses and {e['cz']} Crowd Zeal."
    ),
    "thrown": lambda e: f"{e['who']} throws his {e['weapon']}; it is back after turn {e['until']}.",
    "power": _power,
    "fight": _fight,
    "inconclusive": _inconclusive,
    "out_of_position": lambda e: (
        f"{e['by']} wrong-foots {e['who']} by {e['margin']}: he is out of position."
    ),
    "defended": lambda e: f"{e['who']} holds off {e['against']} by {e['margin']}.",
    "no_damage": lambda e: (
        f"{e['who']} gets through to {e['target']}, but {_WHY_NO_DAMAGE[e['why']]}."
    ),
    "hit": _hit,
    "deflected": lambda e: f"{e['who']} deflects the blow (d{e['die']} rolled {e['roll']}).",
    "critical": _critical,
    "tenacious": lambda e: f"{e['who']} keeps hold of his tenacious weapon and his footing.",
    "vampiric": lambda e: f"{e['who']}'s weapon drinks {e['healed']} HP ({e['hp']}).",
    "poisoned": lambda e: f"{e['who']} is poisoned ({e['poison']} doses).",
    "penalty": lambda e: f"{e['who']} suffers -{e['amount']} for {e['turns']} turn(s).",
    "damage": lambda e: (
        f"{e['who']} takes {e['amount']} damage{_WHY_DAMAGE[e['why']]}: {e['hp']} HP left."
    ),
    "wounded": lambda e: f"{e['who']} is wounded.",
    "stat_lost": lambda e: f"{e['who']} is wounded again: his {e['stat']} drops to {e['value']}.",
    "versatile": lambda e: f"{e['who']} adapts: he now fights with his {e['stat']}.",
    "ineffective": lambda e: f"{e['who']} is thrown off balance: his active stat is Ineffective.",
    "disarmed": lambda e: f"{e['who']} loses his {e['weapon']} for {e['turns']} turns.",
    "not_disarmed": lambda e: f"{e['who']} keeps his {e['weapon']}: it cannot be disarmed.",
    "curse": lambda e: f"A curse bursts out of {e['who']} ({e['curses']} left).",
    "defeated": lambda e: f"{e['who']} {_WHY_DEFEAT[e['why']]}.",
    "end": lambda e: (
        f"After {e['turns']} turns, {e['winner']} wins the match."
        if e["winner"]
        else f"After {e['turns']} turns, nobody wins the match."
    ),
    "fate": _fate,
}


def narrate(event: Event) -> str:
    """The event in plain English."""
    tell = _TELL.get(str(event.get("kind")))
    if tell is None:
        return f"Something happens ({event.get('kind')})."
    return tell(event)
