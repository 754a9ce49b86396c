"""Risk's comparison, highest with highest (seed 002, "Pour toucher" 2), checked against exact
probabilities worked out by hand here, and against a plain enumeration."""

import itertools
from fractions import Fraction

import pytest

from rules.moritari.fight import compare


def exact(n_a: int, n_b: int) -> dict[tuple[int, int], Fraction]:
    """P(hits on b, hits on a) over every roll of n_a and n_b dice."""
    counts: dict[tuple[int, int], int] = {}
    rolls = list(itertools.product(range(1, 7), repeat=n_a + n_b))
    for roll in rolls:
        key = compare(roll[:n_a], roll[n_a:])
        counts[key] = counts.get(key, 0) + 1
    return {key: Fraction(n, len(rolls)) for key, n in counts.items()}


def test_one_die_against_two():
    # A hits when his die beats both of B's: sum over x of (1/6)((x-1)/6)^2 = 55/216.
    # B hits when his higher die beats A's: 1 - sum over x of (1/6)(x/6)^2 = 125/216.
    odds = exact(1, 2)
    assert odds[(1, 0)] == Fraction(55, 216)
    assert odds[(0, 1)] == Fraction(125, 216)
    assert odds[(0, 0)] == Fraction(36, 216)  # his die equals B's higher: a tie hits nobody
    assert sum(odds.values()) == 1


def test_two_dice_against_two():
    # Risk's 2 v 2: the attacker wins both pairs outright in 295 of 1296; by symmetry so does
    # the defender when a tie hits nobody (Risk gives ties to the defender; we do not).
    odds = exact(2, 2)
    assert odds[(2, 0)] == odds[(0, 2)] == Fraction(295, 1296)
    assert sum(p for (on_b, on_a), p in odds.items() if on_b == 1 and on_a == 1) == odds[(1, 1)]
    assert sum(odds.values()) == 1
    assert max(on_b + on_a for on_b, on_a in odds) == 2  # two pairs, two hits at most


def test_three_dice_against_two():
    # Risk's 3 v 2: the three dice win both pairs outright in 2890 of 7776.
    odds = exact(3, 2)
    assert odds[(2, 0)] == Fraction(2890, 7776)
    # The third die never fights a pair of its own: at most two hits in all.
    assert all(on_b + on_a <= 2 for on_b, on_a in odds)
    assert sum(odds.values()) == 1


@pytest.mark.parametrize(
    ("a", "b", "hits"),
    [
        ([6, 1], [5, 5], (1, 1)),
        ([4, 4], [4, 4], (0, 0)),
        ([6, 6, 1], [5, 2], (2, 0)),
        ([3], [6, 6], (0, 1)),
        ([1, 6], [5, 2], (1, 1)),  # compared highest with highest, whatever order they fell
    ],
)
def test_pairs_are_compared_highest_with_highest(a, b, hits):
    assert compare(a, b) == hits
