"""1. Exact dice distributions: `distribution(pool)` cold, warm, and its peak memory.

Pure Python: no database.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from bench.harness import Report, Scale, at_least, at_most, median_seconds, ms, peak_mb, per_second
from rules.era import dice
from rules.era.dice import Pool, distribution


def clear() -> None:
    """Empty the caches, so that the next call is the whole convolution."""
    distribution.cache_clear()
    dice._die_counts.cache_clear()
    dice._joint.cache_clear()
    dice.marginal_counts.cache_clear()


def figures(pool: Pool) -> tuple:
    """What the `dice` command and the pool page show: every figure but the joint."""
    found = distribution(pool)
    return (
        found.p_success,
        found.p_breakthrough,
        found.p_calamity,
        found.expected_net_successes,
        found.expected_net_boons,
        found.net_successes(),
        found.p_net_boons_at_least(2),
    )


def run(scale: Scale, report: Report) -> None:
    report.section("1. Exact dice distributions (rules/era/dice.py distribution)")

    # (key, pool, target in ms): the seed's two published checks, Bithys's attack on the
    # murmillo, and two large pools of 6 positive against 6 negative dice.
    pools = [
        ("seed_1m1a_3t", Pool(mastery=1, ability=1, trial=3), 5),
        ("seed_2m1a_2t", Pool(mastery=2, ability=1, trial=2), 5),
        ("bithys_attack", Pool(mastery=3, boon=1, trial=2, bane=1), 5),
        ("six_each_mixed", Pool(mastery=2, ability=2, boon=2, crisis=2, trial=2, bane=2), 100),
        ("six_mastery_six_crisis", Pool(mastery=6, crisis=6), 100),
    ]
    # The figures of the command and the page, cold: 20 dice, and 20 of each kind (120 dice).
    big = [
        ("figures_20_dice", Pool(mastery=5, ability=5, crisis=5, trial=5)),
        ("figures_20_of_each_kind", Pool(**{d.label.lower(): 20 for d in dice.DIE_ORDER})),
    ]
    for key, pool in big:
        seconds = median_seconds(functools.partial(figures, pool), scale.repeats, clear)
        report.add(
            f"dice.cold.{key}",
            f"cold figures of {pool.describe()}",
            ms(seconds),
            "ms",
            at_most(20),
            note="p_success, Breakthrough, Calamity, means, net Successes, 2+ Boons",
        )

    for key, pool, target in pools:
        seconds = median_seconds(lambda pool=pool: distribution(pool).counts, scale.repeats, clear)
        found = distribution(pool)
        report.add(
            f"dice.cold.{key}",
            f"cold {pool.describe()}",
            ms(seconds),
            "ms",
            at_most(target),
            note=f"{len(found.counts):,} joint outcomes over {found.total:,} equal cases",
        )

    # Warm: equal but distinct Pool objects, as the engines build them, so each lookup hashes
    # and compares the pool the way a real caller's does.
    copies = [replace(pool) for _, pool, _ in pools]
    for pool in copies:
        distribution(pool)
    calls = (copies * (scale.warm_lookups // len(copies) + 1))[: scale.warm_lookups]

    def lookups() -> None:
        for pool in calls:
            distribution(pool)

    rate, _ = per_second(lookups, scale.warm_lookups, scale.repeats)
    report.add(
        "dice.warm.lookups_per_second",
        f"warm lookups ({scale.warm_lookups:,} over the {len(copies)} pools)",
        rate,
        "/s",
        at_least(100_000),
    )
    largest = pools[-1][1]
    report.add(
        "dice.cold.peak_memory",
        f"peak memory, cold {largest.describe()}",
        peak_mb(lambda: distribution(largest).counts, before=clear),
        "MB",
        at_most(10),
    )
