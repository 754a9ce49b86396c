"""The pool figures by one-figure marginals (Kronecker substitution) against the joint
distribution, and the joint against plain enumeration of every face.

`distribution` used to work out every figure from the joint counts of all four figures; it now
reads them from marginals. Here the two agree exactly (as Fractions) on every pool of up to two
dice of each kind and on a spread of pools of up to four of each kind, and the joint counts are
what enumerating every face of every die gives.
"""

import itertools
import random
from fractions import Fraction

import pytest

from rules.era import dice
from rules.era.dice import BOONS, DIE_ORDER, SUCCESSES, Pool, distribution, marginal_counts

NAMES = [die.label.lower() for die in DIE_ORDER]


def pools(most: int):
    for counts in itertools.product(range(most + 1), repeat=len(NAMES)):
        yield Pool(**dict(zip(NAMES, counts, strict=True)))


def figures_from_the_joint(pool: Pool) -> dict:
    """Every figure as the old `distribution` read it: sums over the joint counts."""
    joint = distribution(pool).counts
    total = sum(n for _, n in joint)

    def share(predicate):
        return Fraction(sum(n for key, n in joint if predicate(key)), total)

    def marginal(index):
        values: dict[int, int] = {}
        for key, n in joint:
            values[key[index]] = values.get(key[index], 0) + n
        return {k: Fraction(values[k], total) for k in sorted(values)}

    return {
        "total": total,
        "p_success": share(lambda key: key[0] >= 1),
        "p_breakthrough": share(lambda key: key[2] > 0),
        "p_calamity": share(lambda key: key[3] > 0),
        "expected_net_successes": Fraction(sum(key[0] * n for key, n in joint), total),
        "expected_net_boons": Fraction(sum(key[1] * n for key, n in joint), total),
        "net_successes": marginal(0),
        "net_boons": marginal(1),
        "boons_2": share(lambda key: key[1] >= 2),
    }


def figures(pool: Pool) -> dict:
    dist = distribution(pool)
    return {
        "total": dist.total,
        "p_success": dist.p_success,
        "p_breakthrough": dist.p_breakthrough,
        "p_calamity": dist.p_calamity,
        "expected_net_successes": dist.expected_net_successes,
        "expected_net_boons": dist.expected_net_boons,
        "net_successes": dist.net_successes(),
        "net_boons": dist.net_boons(),
        "boons_2": dist.p_net_boons_at_least(2),
    }


def test_every_pool_of_up_to_two_of_each_kind():
    checked = 0
    for pool in pools(2):
        assert figures(pool) == figures_from_the_joint(pool), pool.describe()
        checked += 1
    assert checked == 3**6


def test_pools_of_up_to_four_of_each_kind():
    rng = random.Random(14)
    samples = [Pool(**{name: rng.randint(0, 4) for name in NAMES}) for _ in range(25)]
    samples += [Pool(**{name: 4 if i < 2 else 0 for i, name in enumerate(NAMES)})]
    samples += [Pool(mastery=4, crisis=4, boon=4), Pool(ability=4, trial=4, bane=4)]
    for pool in samples:
        if sum(pool.count(die) for die in DIE_ORDER) > 12:
            continue  # the joint (the reference) of a bigger pool takes seconds
        assert figures(pool) == figures_from_the_joint(pool), pool.describe()


def enumerated(pool: Pool) -> dict:
    counts: dict = {}
    for faces in itertools.product(*(die.faces for die in pool.dice())):
        key = (
            sum(f.successes for f in faces),
            sum(f.boons for f in faces),
            sum(f.breakthrough for f in faces),
            sum(f.calamity for f in faces),
        )
        counts[key] = counts.get(key, 0) + 1
    return counts


@pytest.mark.parametrize(
    "pool",
    [
        Pool(),
        Pool(mastery=1),
        Pool(mastery=1, ability=1, trial=3),
        Pool(mastery=1, boon=1, crisis=1, bane=1),
        Pool(ability=2, trial=1, bane=1),
        Pool(mastery=2, crisis=2),
    ],
    ids=lambda pool: pool.describe(),
)
def test_the_joint_is_every_face_enumerated(pool):
    assert dict(distribution(pool).counts) == enumerated(pool)


def test_the_seeds_published_figures():
    assert distribution(Pool(mastery=1, ability=1, trial=3)).p_success == Fraction(6919, 24576)
    assert distribution(Pool(mastery=2, ability=1, trial=2)).p_success == Fraction(245, 384)


def test_a_pool_of_twenty_of_each_kind():
    """120 dice: the marginals are whole distributions over every one of the pool's cases."""
    dice.marginal_counts.cache_clear()
    pool = Pool(**dict.fromkeys(NAMES, 20))
    dist = distribution(pool)
    assert dist.total == (12 * 8 * 6 * 12 * 8 * 6) ** 20
    for figure in (SUCCESSES, BOONS):
        counts = marginal_counts(pool, figure)
        assert sum(n for _, n in counts) == dist.total
    successes = dist.net_successes()
    assert min(successes) == -100 and max(successes) == 100  # all Crisis FF ... all Mastery SS
    assert sum(successes.values()) == 1
    assert dist.expected_net_successes == sum(k * p for k, p in successes.items())
    assert dist.p_breakthrough == 1 - Fraction(11, 12) ** 20
    assert 0 < dist.p_success < 1


def test_twenty_ability_dice_by_the_binomial_of_their_faces():
    """An independent check of a large marginal: 20 Ability dice, Successes per die 0,1,1,2,
    0,0,1,0 (counts 4 of 0, 3 of 1, 1 of 2), give the product of 20 such polynomials."""
    poly = [1]
    for _ in range(20):
        step = [0] * (len(poly) + 2)
        for i, c in enumerate(poly):
            step[i] += 4 * c
            step[i + 1] += 3 * c
            step[i + 2] += c
        poly = step
    expected = tuple((k, c) for k, c in enumerate(poly) if c)
    assert marginal_counts(Pool(ability=20), SUCCESSES) == expected
