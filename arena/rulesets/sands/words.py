"""A Sands bout's log and a man's orders in plain English, for the pages (issue 26): the men by
their names, the special attacks and orders by the seed's words, no hexes by coordinates and
no engine names ("elusive_strike", "keep_defence 1", "moves (2, 0) -> (1, 0)").

Each line is made from the event's kind and figures as the log stores them (the engine's own
text stays in the log, and is the fallback for a kind this module does not know), so a bout
stored long ago reads in the same words as one fought today. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

FACES = ("manoeuvre", "attack", "defence", "special", "respite", "laurel")
SPECIALS = {
    "aimed_strike": "an Aimed Strike",
    "driven_attack": "a Driven Attack",
    "heavy_strike": "a Heavy Strike",
    "rush": "a Rush",
    "impetus": "Impetus",
    "shield_lunge": "a Shield Lunge",
    "elusive_strike": "an Elusive Strike",
    "outflank": "an Outflank",
}
BANDS = {
    "glancing": "a glancing blow, no harm",
    "harried": "harried (1 Fatigue)",
    "flesh wound": "a flesh wound",
    "deep wound": "a deep wound (a Bleed Token)",
    "slow kill": "a slow kill (2 boxes and a Bleed Token)",
    "killed": "a killing blow",
}
# How a bout ends, said of the man who lost it ({name}).
ENDS = {
    "killed": "{name} is killed",
    "disabled": "{name} is disabled by a wound",
    "tripped": "{name} is tripped",
    "exhausted": "{name} is exhausted",
    "no dice": "{name} has no dice left",
    "apathy": "{name} has two Apathy Tokens: the crowd has lost interest",
    "raised the finger": "{name} raises the finger",
    "stans missus": "both men are exhausted at once: stans missus, a draw",
    "turn limit": "the turn limit is reached: a draw",
}
TURN_CHOICES = {
    "orders": "on his own orders",
    "cautious": "on cautious orders",
    "steady": "on steady orders",
    "aggressive": "on aggressive orders",
    "showman": "playing to the crowd",
}

Names = Sequence[str]


def _name(names: Names, who: object) -> str:
    return names[who] if isinstance(who, int) and who in (0, 1) else "nobody"


def _other(names: Names, who: object) -> str:
    return names[1 - who] if isinstance(who, int) and who in (0, 1) else "nobody"


def _face(face: str) -> str:
    return str(face).capitalize()


def _roll(event: dict, names: Names, data: dict) -> str:
    who = event.get("entrant")
    pools = (data.get("state") or {}).get("pools") or [[], []]
    pool = [str(f) for f in pools[who]] if who in (0, 1) else []
    counts = [f"{pool.count(face)} {_face(face)}" for face in FACES if face in pool]
    return f"{_name(names, who)} rolls {', '.join(counts) or 'no dice'}."


def _orders_chosen(event: dict, names: Names, data: dict) -> str:
    name, choice = _name(names, event.get("entrant")), str(data.get("choice", ""))
    if choice == "finger":
        return f"The table has {name} raise the finger."
    return f"{name} fights turn {event.get('round')} {TURN_CHOICES.get(choice, 'on ' + choice)}."


def _initiative(event: dict, names: Names, data: dict) -> str:
    who = event.get("entrant")
    winner = _name(names, who)
    scores = list(data.get("scores") or (0, 0))
    score = f"{scores[0]} each" if scores[0] == scores[1] else f"{max(scores)} to {min(scores)}"
    first = data.get("first", who)
    if first == who:
        return f"{winner} wins the initiative ({score}) and acts first."
    other = _name(names, first)
    return f"{winner} wins the initiative ({score}) and passes the token: {other} acts first."


MOVES = {
    "manoeuvre": "steps a hex closer (a Manoeuvre die)",
    "quick step": "steps a hex closer (Quick Step)",
    "rush": "rushes a hex closer",
    "driven back": "is driven back a hex",
    "withdraws": "withdraws a hex",
}


def _move(event: dict, names: Names, data: dict) -> str:
    who = event.get("entrant")
    how = str(data.get("how", ""))
    if how == "outflank":
        words = f"steps round {_other(names, who)} (Outflank)"
    elif how.startswith("two dice"):
        dice = how.removeprefix("two dice (").removesuffix(")").split(", ")
        words = f"steps a hex closer for two dice ({' and '.join(_face(d) for d in dice)})"
    else:
        words = MOVES.get(how, "moves a hex")
    return f"{_name(names, who)} {words}."


def _attack(event: dict, names: Names, data: dict) -> str:
    who = event.get("entrant")
    special = data.get("special")
    how = f" with {SPECIALS.get(str(special), str(special))}" if special else ""
    plus = [
        (data.get("press", 0), "pressed"),
        (data.get("impetus", 0), "Impetus"),
        (data.get("focus", 0), "Focus"),
    ]
    attack = f"{data.get('roll')}" + "".join(f" +{n} {what}" for n, what in plus if n)
    guard = [(data.get("parry", 0), "parry"), (data.get("dodge", 0), "dodge")]
    defence = f"{data.get('defence_roll')}" + "".join(f" +{n} {what}" for n, what in guard if n)
    wall = ", his back to the wall" if data.get("back_to_the_wall") else ""
    if not data.get("hit"):
        result = "a miss"
    elif data.get("attack") == data.get("defence"):
        result = "a tie: the sica hits"
    else:
        result = "a hit"
    return (
        f"{_name(names, who)} attacks {_other(names, who)}{how}: {attack} = {data.get('attack')} "
        f"against {defence} = {data.get('defence')}{wall}; {result}."
    )


def _attack_short(event: dict, names: Names, data: dict) -> str:
    text = str(event.get("text", ""))
    special = next((words for key, words in SPECIALS.items() if f"'s {key} " in text), "")
    how = f" ({special.removeprefix('a ').removeprefix('an ')})" if special else ""
    who = event.get("entrant")
    return f"{_name(names, who)} falls short of {_other(names, who)}{how}."


def _wound_roll(event: dict, names: Names, data: dict) -> str:
    total = int(data.get("roll", 0)) + int(data.get("modifier", 0))
    band = BANDS.get(str(data.get("band")), str(data.get("band")))
    return (
        f"The blow lands on {_name(names, event.get('entrant'))}'s {data.get('location')}: "
        f"{data.get('roll')} {int(data.get('modifier', 0)):+d} = {total}, {band}."
    )


def _wound(event: dict, names: Names, data: dict) -> str:
    marks = int(data.get("marks", 1))
    boxes = "a wound box" if marks == 1 else f"{marks} wound boxes"
    return f"{_name(names, event.get('entrant'))} has {boxes} marked in the {data.get('location')}."


def _concede(event: dict, names: Names, data: dict) -> str:
    reason = data.get("reason")
    if reason is None:  # the Fatigue phase's exhaustion: the engine says it in words
        return _sentence(event)
    said = ENDS.get(str(reason), "{name} concedes").format(name=_name(names, event.get("entrant")))
    return f"{said[0].upper()}{said[1:]}: he concedes."


def _wall(event: dict, names: Names, data: dict) -> str:
    roll, bonus = data.get("roll"), data.get("bonus", 0)
    sum_ = f"{roll} +{bonus} Manoeuvre" if bonus else f"{roll}"
    result = "he hits it" if data.get("collides") else "he keeps his feet"
    return f"{_name(names, event.get('entrant'))} is forced against the wall: {sum_}, {result}."


def _collision(event: dict, names: Names, data: dict) -> str:
    roll = int(data.get("roll", 0))
    effect = "tripped" if roll == 1 else "a die forfeited" if roll <= 4 else "1 Fatigue"
    return f"{_name(names, event.get('entrant'))} hits the wall ({roll}): {effect}."


def _apathy_spent(event: dict, names: Names, data: dict) -> str:
    who = event.get("entrant")
    return (
        f"{_name(names, who)} spends {_other(names, who)}'s Apathy Token: the wound roll at "
        "Advantage."
    )


def _end(event: dict, names: Names, data: dict) -> str:
    winner = event.get("entrant")
    reason = str(data.get("reason", ""))
    said = ENDS.get(reason, "it is over").format(name=_other(names, winner))
    wins = f" {_name(names, winner)} wins." if winner in (0, 1) else ""
    return f"The bout ends: {said}.{wins}"


def _appeal(event: dict, names: Names, data: dict) -> str:
    total = int(data.get("total", 0))
    verdict = "Mitte: he is spared" if total >= 6 else "Iugula: he is given the sword"
    return (
        f"{_name(names, event.get('entrant'))} appeals to the crowd: {data.get('roll')} "
        f"{int(data.get('modifier', 0)):+d} = {total}, {verdict}."
    )


def _fatigue(event: dict, names: Names, data: dict) -> str:
    return f"{_name(names, event.get('entrant'))} takes {data['amount']} Fatigue ({data['why']})."


def _finger_roll(event: dict, names: Names, data: dict) -> str:
    roll, count = int(data["roll"]), int(data["conditions"])
    then = "he must yield" if roll < count else "he fights on"
    return f"{_name(names, event.get('entrant'))} has {count} conditions and rolls {roll}: {then}."


def _play_to_crowd(event: dict, names: Names, data: dict) -> str:
    return f"{_name(names, event.get('entrant'))} plays to the crowd and rolls {data['roll']}."


def _fixed(words: str) -> Callable[[dict, Names, dict], str]:
    def say(event: dict, names: Names, data: dict) -> str:
        return words.format(
            name=_name(names, event.get("entrant")),
            other=_other(names, event.get("entrant")),
            turn=event.get("round"),
        )

    return say


SAY: dict[str, Callable[[dict, Names, dict], str]] = {
    "roll": _roll,
    "orders": _orders_chosen,
    "bid": _fixed("{name} turns a Laurel die to Manoeuvre for the initiative."),
    "laurel_token": _fixed("{name} spends his Laurel Token to break the tie."),
    "initiative": _initiative,
    "activation": _fixed("{name} acts."),
    "recover": _fixed("{name} spends a Laurel die to recover a forfeited die."),
    "catch_breath": _fixed("{name} catches his breath (1 Fatigue off)."),
    "move": _move,
    "attack": _attack,
    "attack_short": _attack_short,
    "wound_roll": _wound_roll,
    "wound": _wound,
    "concede": _concede,
    "wall": _wall,
    "collision": _collision,
    "apathy_spent": _apathy_spent,
    "stand_fast": _fixed("{name} stands fast and does not give ground."),
    "end_turn": _fixed("End of turn {turn}."),
    "fatigue": _fatigue,
    "finger_roll": _finger_roll,
    "play_to_crowd": _play_to_crowd,
    "end": _end,
    "appeal": _appeal,
}


# The figures a kind's words need; a stored event without them reads as the engine wrote it.
NEEDS: dict[str, tuple[str, ...]] = {
    "attack": ("roll", "attack", "defence_roll", "defence"),
    "wound_roll": ("roll", "modifier", "location", "band"),
    "wound": ("location",),
    "appeal": ("roll", "modifier", "total"),
    "wall": ("roll",),
    "collision": ("roll",),
    "initiative": ("scores",),
    "orders": ("choice",),
}


def event_words(event: Mapping, names: Names) -> str:
    """One event of a stored log (`Event.to_dict()`) as a line of English; `names` are the two
    men's, side a first. A kind without its own words keeps the engine's text, which names the
    men and says no engine name (the crowd's tokens, Fatigue, forfeits, the finger)."""
    kind = str(event.get("kind"))
    say = SAY.get(kind)
    event = dict(event)
    data = dict(event.get("data") or {})
    if say is None or any(data.get(key) is None for key in NEEDS.get(kind, ())):
        return _sentence(event)
    try:
        return say(event, names, data)
    except (TypeError, ValueError, IndexError, KeyError):  # a log of another shape: as stored
        return _sentence(event)


def _sentence(event: Mapping) -> str:
    """The engine's own words, ended as a sentence."""
    text = str(event.get("text", "")).strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


# --- orders -------------------------------------------------------------------------------------


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


ORDER_WORDS: dict[str, Callable[[str], str]] = {
    "press": lambda v: (
        "never presses the attack"
        if v == "0"
        else f"presses with {_count(int(v), 'extra Attack die', 'extra Attack dice')}"
    ),
    "keep_defence": lambda v: (
        "keeps no Defence dice for reactions"
        if v == "0"
        else f"keeps {_count(int(v), 'Defence die', 'Defence dice')} for reactions"
    ),
    "crowd": lambda v: {
        "never": "never plays to the crowd",
        "safe": "plays to the crowd when out of reach",
        "always": "always plays to the crowd",
    }[v],
    "finger": lambda v: (
        "never raises the finger unasked" if v == "0" else f"raises the finger at {v} conditions"
    ),
    "initiative": lambda v: {
        "keep": "keeps the Initiative Token",
        "pass": "passes the Initiative Token",
    }[v],
    "bid": lambda v: (
        "bids no Laurel dice for the initiative"
        if v == "0"
        else f"bids up to {_count(int(v), 'Laurel die', 'Laurel dice')} for the initiative"
    ),
    "specials": lambda v: "uses his special attacks" if v == "yes" else "makes no special attacks",
    "quick_step": lambda v: "uses Quick Step" if v == "yes" else "never uses Quick Step",
    "ask": lambda v: "the table chooses each turn's orders" if v == "turn" else "",
}


def orders_words(orders: Mapping[str, object]) -> str:
    """A man's orders (the engine's mapping: `{"press": "2", "crowd": "never"}`) in words,
    "presses with 2 extra Attack dice, never plays to the crowd"; none given: the defaults."""
    parts = []
    for key, value in orders.items():
        say = ORDER_WORDS.get(str(key))
        try:
            words = say(str(value)) if say is not None else ""
        except (KeyError, ValueError):
            words = ""
        if say is None or (not words and key != "ask"):
            words = f"{str(key).replace('_', ' ')}: {value}"
        if words:
            parts.append(words)
    return ", ".join(parts) or "steady (the defaults)"
