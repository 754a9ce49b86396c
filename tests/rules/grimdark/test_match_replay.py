"""A match replayed by hand: seed 33, every roll explained against the rules.

Brute: Brutality 6, Style 3, Mind 3, Weird 3, Brutality active, an axe (heavy melee, d6).
Duelist: Brutality 3, Style 5, Mind 4, Weird 3, Style active, a knife (light melee, d2).
Each holds fifteen Basic Melee (so each turn's choice is plain) and has no ability.
"""

from __future__ import annotations

from rules.grimdark.entrants import Entrant, Weapon
from rules.grimdark.match import Setup, play
from rules.grimdark.narrate import narrate

BRUTE = Entrant(
    "Brute", (6, 3, 3, 3), "brutality", {}, {"Basic Melee": 15}, (Weapon("axe", "heavy melee"),)
)
DUELIST = Entrant(
    "Duelist", (3, 5, 4, 3), "style", {}, {"Basic Melee": 15}, (Weapon("knife", "light melee"),)
)


def test_seed_33_replayed_by_hand() -> None:
    result = play(Setup((BRUTE, DUELIST)), 33)
    told = [narrate(event) for event in result.events]
    assert told == [
        # HP = 25 + Brutality + d8: 25 + 6 + 5 = 36; Init = Style + d8: 3 + 6 = 9.
        "Brute enters the arena with 36 HP (d8 rolled 5), Init 9 (d8 rolled 6), Crowd Zeal 0;"
        " active stat brutality; opening moves: Basic Melee, Basic Melee, Basic Melee.",
        # 25 + 3 + 4 = 32 HP; 5 + 8 = 13 Init. Both have Fame 0: CZ 0 - 0 = 0.
        "Duelist enters the arena with 32 HP (d8 rolled 4), Init 13 (d8 rolled 8), Crowd Zeal 0;"
        " active stat style; opening moves: Basic Melee, Basic Melee, Basic Melee.",
        # Turn 1: both reveal Basic Melee (an attack with the active stat) at once.
        "Brute plays Basic Melee against Duelist with his axe.",
        "Duelist plays Basic Melee against Brute with his knife.",
        # Power = d8 + stat: 1 + 6 = 7 and 1 + 5 = 6.
        "Brute rolls 1, adds 6 from his stat and +0 in modifiers: power 7.",
        "Duelist rolls 1, adds 5 from his stat and +0 in modifiers: power 6.",
        # They attack each other: one fight, told by the faster man first (Init 13).
        "Duelist 6 against Brute 7.",
        # A margin of 1 (under 2): inconclusive, 1 CZ each.
        "Duelist and Brute trade blows to no end; the crowd cheers Duelist and Brute.",
        "Brute plays Basic Melee against Duelist with his axe.",
        "Duelist plays Basic Melee against Brute with his knife.",
        "Brute rolls 8, adds 6 from his stat and +0 in modifiers: power 14.",
        "Duelist rolls 3, adds 5 from his stat and +0 in modifiers: power 8.",
        "Duelist 8 against Brute 14.",
        # 14 - 8 = +6: a critical hit, severity 6 - 5 = 1; the table's d8 rolls 2: +d2, rolled
        # 2. Damage = 5 + the axe's maximum 6 + 2 = 13.
        "Critical hit! Brute beats Duelist by 6 (severity 1, d8 rolled 2: +d2 damage): 13 damage.",
        "Duelist takes 13 damage: 19 HP left.",
        "Brute plays Basic Melee against Duelist with his axe.",
        "Duelist plays Basic Melee against Brute with his knife.",
        "Brute rolls 6, adds 6 from his stat and +0 in modifiers: power 12.",
        "Duelist rolls 1, adds 5 from his stat and +0 in modifiers: power 6.",
        "Duelist 6 against Brute 12.",
        # +6 again: the d8 rolls 3 (+d4), the d4 rolls 1: 5 + 6 + 1 = 12.
        "Critical hit! Brute beats Duelist by 6 (severity 1, d8 rolled 3: +d4 damage): 12 damage.",
        # 19 - 12 = 7: 12 or less, wounded.
        "Duelist takes 12 damage: 7 HP left.",
        "Duelist is wounded.",
        "Brute plays Basic Melee against Duelist with his axe.",
        "Duelist plays Basic Melee against Brute with his knife.",
        "Brute rolls 3, adds 6 from his stat and +0 in modifiers: power 9.",
        "Duelist rolls 1, adds 5 from his stat and +0 in modifiers: power 6.",
        "Duelist 6 against Brute 9.",
        # +3 (2 or more, under 6): damage = margin 3 + the axe's d6 (4) = 7.
        "Brute hits Duelist by 3: 3 + d6 rolled 4 = 7 damage.",
        # 7 - 7 = 0: defeated at 0 HP or less.
        "Duelist takes 7 damage: 0 HP left.",
        "Duelist is down.",
        "After 4 turns, Brute wins the match.",
        # Brute's CZ (1) is not 4 above Duelist's (1), his first match: a d4, dead only on 1.
        "Duelist's fate: d4 rolled 2. Duelist lives.",
    ]
    # Fame: 1 for the winner; Duelist lived and ended level with Brute's CZ: 1 as well.
    assert result.fame == {0: 1, 1: 1}
