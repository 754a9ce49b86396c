"""A Sands bout's log and orders in plain English (arena.rulesets.sands.words, issue 26): the
men by name, the seed's words for the special attacks and orders, no hex coordinates and no
engine names, for every event a bout can log (both engines) and for a log stored long ago."""

import re

import pytest

from arena.rulesets.sands.words import event_words, orders_words
from rules.sands.bout import ENGINE_VERSIONS, FighterSpec, Setup, play
from rules.sands.orders import PRESETS
from rules.sands.ruleset import event_of

NAMES = ("Crixus", "Spartacus")
ENGINE_NAMES = re.compile(
    r"[a-z]+_[a-z]+|\(-?\d+, -?\d+\)|->|keep_defence|quick step\)|"
    r"\b(manoeuvre|attack|defence|special|respite|laurel)\b(?! (die|dice|token|the|roll))"
)


def event(kind, who=0, turn=1, text="", **data):
    return {"kind": kind, "round": turn, "entrant": who, "text": text, "data": data}


@pytest.mark.parametrize(
    ("given", "words"),
    [
        (
            event("move", frm=[2, 0], to=[1, 0], how="manoeuvre"),
            "Crixus steps a hex closer (a Manoeuvre die).",
        ),
        (
            event("move", 1, frm=[0, 0], to=[1, -1], how="outflank"),
            "Spartacus steps round Crixus (Outflank).",
        ),
        (
            event("move", 0, how="two dice (special, laurel)"),
            "Crixus steps a hex closer for two dice (Special and Laurel).",
        ),
        (event("move", 1, how="driven back"), "Spartacus is driven back a hex."),
        (
            event(
                "attack",
                1,
                special="elusive_strike",
                roll=6,
                press=1,
                impetus=0,
                focus=0,
                attack=7,
                defence_roll=4,
                parry=0,
                dodge=1,
                defence=5,
                back_to_the_wall=False,
                hit=True,
            ),
            "Spartacus attacks Crixus with an Elusive Strike: 6 +1 pressed = 7 against "
            "4 +1 dodge = 5; a hit.",
        ),
        (
            event(
                "attack",
                1,
                special=None,
                roll=5,
                press=0,
                impetus=0,
                focus=0,
                attack=5,
                defence_roll=3,
                parry=2,
                dodge=0,
                defence=5,
                back_to_the_wall=True,
                hit=True,
            ),
            "Spartacus attacks Crixus: 5 = 5 against 3 +2 parry = 5, his back to the wall; "
            "a tie: the sica hits.",
        ),
        (
            event("orders", 0, turn=3, choice="aggressive"),
            "Crixus fights turn 3 on aggressive orders.",
        ),
        (event("orders", 1, choice="orders"), "Spartacus fights turn 1 on his own orders."),
        (
            event("initiative", 1, scores=[2, 3], first=0),
            "Spartacus wins the initiative (3 to 2) and passes the token: Crixus acts first.",
        ),
        (
            event("wound_roll", 1, location="lead arm", roll=7, modifier=1, band="deep wound"),
            "The blow lands on Spartacus's lead arm: 7 +1 = 8, a deep wound (a Bleed Token).",
        ),
        (
            event("concede", 0, reason="raised the finger"),
            "Crixus raises the finger: he concedes.",
        ),
        (
            event("end", 1, turn=6, reason="no dice", fates=["iugula", "won"]),
            "The bout ends: Crixus has no dice left. Spartacus wins.",
        ),
        (
            event("end", None, reason="stans missus"),
            "The bout ends: both men are exhausted at once: stans missus, a draw.",
        ),
        (
            event("appeal", 0, roll=5, modifier=-1, total=4),
            "Crixus appeals to the crowd: 5 -1 = 4, Iugula: he is given the sword.",
        ),
        (
            event("attack_short", 0, text="Crixus's rush falls short"),
            "Crixus falls short of Spartacus (Rush).",
        ),
        (
            event("wall", 1, roll=2, bonus=2, collides=False),
            "Spartacus is forced against the wall: 2 +2 Manoeuvre, he keeps his feet.",
        ),
        (
            event("fatigue", 0, amount=2, why="the turn and bleeding"),
            "Crixus takes 2 Fatigue (the turn and bleeding).",
        ),
        (
            event("finger_roll", 1, roll=1, conditions=2),
            "Spartacus has 2 conditions and rolls 1: he must yield.",
        ),
        (event("play_to_crowd", 0, roll=4), "Crixus plays to the crowd and rolls 4."),
    ],
)
def test_each_event_in_words(given, words):
    assert event_words(given, NAMES) == words


def test_a_roll_counts_the_faces_from_the_pool_after_it():
    state = {"pools": [["attack", "laurel", "attack", "manoeuvre"], []]}
    rolled = event("roll", 0, text="Crixus rolls attack, laurel, attack, manoeuvre", state=state)
    assert event_words(rolled, NAMES) == "Crixus rolls 1 Manoeuvre, 2 Attack, 1 Laurel."


def test_a_kind_it_does_not_know_keeps_the_engines_words():
    assert event_words(event("favour", 0, text="Crixus gains Favour"), NAMES) == (
        "Crixus gains Favour."
    )
    # a stored event short of its figures: as stored, never a 500
    assert event_words(event("attack", 0, text="as stored"), NAMES) == "as stored."
    assert event_words(event("move", 0, text="x", how=None), NAMES) == "Crixus moves a hex."


@pytest.mark.parametrize("version", ENGINE_VERSIONS)
def test_every_line_of_real_bouts_is_english_with_the_mens_names(version):
    setup = Setup(
        FighterSpec("Crixus", "murmillo", {"crowd": "always", "press": "2"}),
        FighterSpec("Spartacus", "thraex", {"finger": "3", "initiative": "pass"}),
    )
    kinds = set()
    for seed in range(25):
        result = play(setup, seed, engine_version=version)
        for raw in result.events:
            data = event_of(raw).to_dict()
            words = event_words(data, NAMES)
            kinds.add(raw.kind)
            assert words and not ENGINE_NAMES.search(words), (raw.kind, raw.text, words)
            if raw.who in (0, 1) and raw.kind not in ("end",):
                assert NAMES[raw.who] in words or NAMES[1 - raw.who] in words, words
    assert {"roll", "move", "attack", "initiative", "wound_roll", "end"} <= kinds


def test_orders_in_words():
    assert orders_words(PRESETS["cautious"]) == (
        "never presses the attack, keeps 3 Defence dice for reactions, raises the finger at 3 "
        "conditions, never uses Quick Step"
    )
    assert orders_words({"press": "1", "keep_defence": "1", "crowd": "safe"}) == (
        "presses with 1 extra Attack die, keeps 1 Defence die for reactions, plays to the "
        "crowd when out of reach"
    )
    assert orders_words({"bid": "2", "initiative": "pass", "specials": "no"}) == (
        "bids up to 2 Laurel dice for the initiative, passes the Initiative Token, makes no "
        "special attacks"
    )
    assert orders_words({"ask": "turn"}) == "the table chooses each turn's orders"
    assert orders_words({"ask": "no"}) == "steady (the defaults)"
    assert orders_words({}) == "steady (the defaults)"
    assert orders_words({"finger": "0", "quick_step": "yes"}) == (
        "never raises the finger unasked, uses Quick Step"
    )
    assert orders_words({"press": "lots"}) == "press: lots"  # a stored oddity, not a 500
