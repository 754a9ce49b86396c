"""Properties of the Era dice that hold for any pool, not just the seed's."""

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.era.dice import DIE_ORDER, Pool, distribution, roll

# Small pools keep the exact convolution and the Monte Carlo quick.
small_pools = st.builds(
    Pool,
    mastery=st.integers(0, 3),
    ability=st.integers(0, 3),
    boon=st.integers(0, 2),
    crisis=st.integers(0, 2),
    trial=st.integers(0, 3),
    bane=st.integers(0, 2),
)


def bounds(pool: Pool, attribute: str) -> tuple[int, int]:
    """The lowest and highest sum of a face attribute over the pool's dice."""
    low = sum(min(getattr(f, attribute) for f in die.faces) for die in pool.dice())
    high = sum(max(getattr(f, attribute) for f in die.faces) for die in pool.dice())
    return low, high


@settings(max_examples=150, deadline=None)
@given(small_pools)
def test_probabilities_sum_to_one(pool):
    dist = distribution(pool)
    assert sum(n for _, n in dist.counts) == dist.total
    assert sum(p for _, p in dist.outcomes()) == 1
    assert sum(dist.net_successes().values()) == 1
    assert 0 <= dist.p_success <= 1


@settings(max_examples=150, deadline=None)
@given(small_pools)
def test_net_successes_and_boons_stay_within_the_faces_bounds(pool):
    dist = distribution(pool)
    for attribute, index in (("successes", 0), ("boons", 1)):
        low, high = bounds(pool, attribute)
        values = [key[index] for key, _ in dist.counts]
        # Every die can show its extremes together, so both bounds are reached.
        assert min(values) == low and max(values) == high


@settings(max_examples=150, deadline=None)
@given(small_pools, st.integers(0, 2**32))
def test_a_roll_is_one_of_the_outcomes_and_replays_from_its_seed(pool, seed):
    rolled = roll(pool, random.Random(seed))
    assert rolled == roll(pool, random.Random(seed))
    assert len(rolled.dice) == sum(pool.count(d) for d in DIE_ORDER)
    low, high = bounds(pool, "successes")
    assert low <= rolled.outcome.net_successes <= high
    outcome = rolled.outcome
    key = (outcome.net_successes, outcome.net_boons, outcome.breakthroughs, outcome.calamities)
    assert key in dict(distribution(pool).counts)
    assert outcome.breakthroughs <= pool.mastery and outcome.calamities <= pool.crisis


@settings(max_examples=25, deadline=None, derandomize=True)
@given(small_pools)
def test_monte_carlo_of_roll_agrees_with_the_exact_distribution(pool):
    rng = random.Random(20260)  # fixed: the check is loose but never flaky
    n = 2_000
    rolls = [roll(pool, rng).outcome for _ in range(n)]
    dist = distribution(pool)
    p = dist.p_success
    observed = Fraction(sum(o.success for o in rolls), n)
    # Loose: 5 standard errors, and at least 0.03 so near-certain pools do not flake.
    se = float(p * (1 - p) / n) ** 0.5
    assert abs(float(observed - p)) <= max(5 * se, 0.03)
    mean = sum(o.net_successes for o in rolls) / n
    assert abs(mean - float(dist.expected_net_successes)) <= 0.25
    mean_boons = sum(o.net_boons for o in rolls) / n
    assert abs(mean_boons - float(dist.expected_net_boons)) <= 0.25
