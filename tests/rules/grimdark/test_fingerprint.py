"""The fast path's fingerprint: the no-log path (`play(..., record=False)`, what the odds and
the benchmark play) gives exactly the logged engine's matches, and grimdark/1's figures do not
move while the fast path is tuned.

The fingerprint is 864 one-on-one matches: every ordered pairing of the pregenerated
contenders and the GM's beast (9 x 8 = 72) over 12 seeds. Each match's outcome is its turns,
winner, end, fates (deaths), Fame and every gladiator's final HP, CZ and condition. A few
matches with coaching orders and of three gladiators cover what the contenders alone do not.
"""

from __future__ import annotations

import hashlib
import itertools
import random

import pytest

from rules.grimdark.contenders import BEASTS, CONTENDERS
from rules.grimdark.entrants import Entrant, entrant_from_sheet
from rules.grimdark.match import MatchResult, Setup, _FastMatch, _kit, play
from rules.grimdark.orders import Orders

SEEDS = range(12)
# sha256 of the 864 outcomes as grimdark/1 played them before the fast path was tuned.
FINGERPRINT = "85150a9505f813fad742f096d8c387bf24f0f8a66e9023476910e27587ee5d6a"

ORDERS = (
    Orders(stance="cautious", assess="weak_hand", target="highest_cz"),
    Orders(stance="aggressive", assess="never", prefer=("Basic Melee",)),
    Orders.from_mapping(
        {
            "target": "wounded_first",
            "contingencies": [
                {"when": "hp_at_most:20", "prefer": "Assess the Situation"},
                {"when": "target_wounded", "prefer": "Basic Melee"},
                {"when": "turn_at_least:3", "prefer": "Basic Defense"},
            ],
        }
    ),
)


def _gladiators(side: bool = False, orders: Orders | None = None) -> list[Entrant]:
    contenders = [*CONTENDERS.values(), *BEASTS.values()]
    return [
        entrant_from_sheet(c.sheet.to_dict(), side=c.name if side else "", orders=orders)
        for c in contenders
    ]


def _outcome(result: MatchResult) -> tuple[object, ...]:
    fighters = tuple(
        (f.hp, f.cz, f.defeated, f.wounded, f.gruesome, f.poison, tuple(f.stats))
        for f in result.fighters
    )
    return (
        result.turns,
        result.winner,
        result.end_reason,
        sorted(result.fates.items()),
        sorted(result.fame.items()),
        fighters,
    )


def _pairings() -> list[Setup]:
    gladiators = _gladiators()
    return [Setup((a, b)) for a, b in itertools.permutations(gladiators, 2)]


def test_the_fast_path_plays_the_logged_engines_matches() -> None:
    """Every pairing, every seed: the fast path's outcome is the logged engine's."""
    for setup in _pairings():
        for seed in SEEDS:
            logged = play(setup, seed, record=True)
            fast = play(setup, seed, record=False)
            assert _outcome(fast) == _outcome(logged), (setup.sides, seed)


def test_grimdark_1_keeps_its_fingerprint() -> None:
    """The 864 matches hash to the figure recorded before the fast path was tuned (a change
    here is a changed rule: a new engine version, never an edit of this figure)."""
    digest = hashlib.sha256()
    count = 0
    for setup in _pairings():
        for seed in SEEDS:
            digest.update(repr(_outcome(play(setup, seed, record=False))).encode())
            count += 1
    assert count == 864
    assert digest.hexdigest() == FINGERPRINT


@pytest.mark.parametrize("orders", ORDERS, ids=("cautious", "aggressive", "contingencies"))
def test_the_fast_path_agrees_under_coaching_orders(orders: Orders) -> None:
    gladiators = _gladiators(orders=orders)
    for a, b in itertools.permutations(gladiators[:5], 2):
        setup = Setup((a, b))
        for seed in range(4):
            assert _outcome(play(setup, seed, record=False)) == _outcome(play(setup, seed))


def test_the_fast_path_agrees_in_matches_of_three() -> None:
    gladiators = _gladiators()
    for trio in itertools.combinations(gladiators, 3):
        setup = Setup(trio)
        for seed in range(2):
            assert _outcome(play(setup, seed, record=False)) == _outcome(play(setup, seed))


def test_the_fast_shuffle_is_randoms_draw_for_draw() -> None:
    """Same order, and the generator left where `random.Random.shuffle` leaves it."""
    setup = Setup(tuple(_gladiators()[:2]))
    for seed in range(20):
        for length in (0, 1, 2, 3, 7, 15, 16, 17, 30, 64):
            fast = _FastMatch(setup, seed, 1)
            mine, theirs = [str(i) for i in range(length)], [str(i) for i in range(length)]
            fast.shuffle(mine)
            reference = random.Random(seed)
            reference.shuffle(theirs)
            assert mine == theirs
            assert fast.rng.random() == reference.random()


def test_a_kit_belongs_to_its_entrant_alone() -> None:
    """The start worked out once per entrant: the same entrant finds his kit again; another
    (even with the same figures, but other opening orders) gets his own."""
    sheet = CONTENDERS["Lord Smash"].sheet.to_dict()
    plain = entrant_from_sheet(sheet)
    opening = entrant_from_sheet(sheet, orders=Orders(opening=("Grapple", "Grapple")))
    assert _kit(plain) is _kit(plain)
    assert _kit(opening).opening == ("Grapple", "Grapple")
    assert _kit(plain).opening == ()
    assert len(_kit(opening).rest) == len(_kit(plain).rest) - 2
    other = _gladiators()[1]
    for seed in range(6):
        setup = Setup((opening, other))
        assert _outcome(play(setup, seed, record=False)) == _outcome(play(setup, seed))
