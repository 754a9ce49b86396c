"""2. Bouts: `bout_odds` on the seed's Forum pairing, and logged bouts (`fight_bout`).

Pure Python: no database (the `bout_odds` command module is imported for its parser and
`build_setup` only; it needs no Django settings).
"""

from __future__ import annotations

import gc
import statistics
import time

from arena.management.commands.bout_odds import Command
from arena.rulesets.era.cli import build_setup
from bench.harness import Report, Scale, at_least, at_most, median_seconds, ms, peak_mb, per_second
from rules.era import exact
from rules.era.bout import fight_bout
from rules.era.odds import LOGGED, bout_odds, bout_seeds


def forum_setup():
    """The seed's Forum pairing exactly as `manage.py bout_odds` builds it by default."""
    options = vars(Command().create_parser("manage.py", "bout_odds").parse_args([]))
    return build_setup(options)


def run(scale: Scale, report: Report) -> None:
    report.section("2. Bouts (rules/era/odds.py bout_odds, bout.py fight_bout, exact.py)")
    run_exact(scale, report)
    setup = forum_setup()
    _ = setup.fixed  # worked out once per setup; the odds reuse it

    fast_bouts = 10 * scale.odds_bouts  # numpy's per-call cost is spread over many bouts
    bout_odds(setup, bouts=1_000, seed=1)  # the pool tables, worked out once per setup
    rate, odds = per_second(
        lambda: bout_odds(setup, bouts=fast_bouts, seed=1), fast_bouts, scale.runs
    )
    report.add(
        "bouts.fast_odds.per_second",
        f"bout_odds (pool tables, numpy), Forum pairing, {fast_bouts:,} bouts, seed 1",
        rate,
        "/s",
        at_least(250_000),
        note=(
            f"Bithys wins {odds.percent(odds.a_wins):.1f} in 100 "
            f"(± {odds.standard_error(odds.a_wins):.2f}; exact era-bout/2: 52.49), "
            f"{odds.mean_rounds:.2f} rounds a bout"
        ),
    )
    rate, odds = per_second(
        lambda: bout_odds(setup, bouts=scale.odds_bouts, seed=1, sampler=LOGGED),
        scale.odds_bouts,
        scale.runs,
    )
    report.add(
        "bouts.odds.per_second",
        f"bout_odds, logged sampler, Forum pairing, {scale.odds_bouts:,} bouts, seed 1",
        rate,
        "/s",
        at_least(10_000),
        note=(
            f"Bithys wins {odds.percent(odds.a_wins):.1f} in 100 "
            f"(± {odds.standard_error(odds.a_wins):.1f}; the seed says 52), "
            f"{odds.mean_rounds:.2f} rounds a bout"
        ),
    )
    report.add(
        "bouts.odds.peak_memory",
        f"peak memory, bout_odds of {scale.memory_bouts:,} bouts",
        peak_mb(lambda: bout_odds(setup, bouts=scale.memory_bouts, seed=1)),
        "MB",
        at_most(10),
    )

    seeds = bout_seeds(1, scale.logged_bouts)

    def logged() -> None:
        for seed in seeds:
            fight_bout(setup, seed=seed)

    def logged_as_stored() -> None:
        for seed in seeds:
            fight_bout(setup, seed=seed).as_dict()

    rate, _ = per_second(logged, scale.logged_bouts, scale.runs)
    report.add(
        "bouts.logged.per_second",
        f"logged bout (record=True), {scale.logged_bouts:,} bouts",
        rate,
        "/s",
        at_least(200),
    )
    rate, _ = per_second(logged_as_stored, scale.logged_bouts, scale.runs)
    report.add(
        "bouts.logged_as_dict.per_second",
        "logged bout and its log as JSON-ready data (as_dict)",
        rate,
        "/s",
        at_least(200),
    )


EXACT_REPEATS = 7  # the chain asked cold is cheap: a median of 7 at every scale


def cold_exact(setup) -> tuple[float, float]:
    """The median wall and CPU (process) time of the exact odds of `setup` asked for the
    first time (every cache of the chain cleared before each), over EXACT_REPEATS runs. The CPU
    time is the chain's own work, whatever else the shared machine is doing."""
    walls, cpus = [], []
    for _ in range(EXACT_REPEATS):
        exact.exact_cache_clear()
        gc.collect()
        wall, cpu = time.perf_counter(), time.process_time()
        exact.exact_odds(setup)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return statistics.median(walls), statistics.median(cpus)


def run_exact(scale: Scale, report: Report) -> None:
    """The exact chain: the Forum pairing asked for the first time (the cache cleared before
    each repeat), and the live line of a whole logged bout (a chain from every round's state)."""
    setup = forum_setup()
    cold, cold_cpu = cold_exact(setup)
    odds = exact.exact_odds(setup)
    report.add(
        "bouts.exact.cold_ms",
        "exact odds (the Markov chain), Forum pairing, first time asked",
        ms(cold),
        "ms",
        at_most(100),
        note=f"Bithys wins {100 * odds.a_wins:.2f} in 100 (era-bout/2: 52.49)",
    )
    report.add(
        "bouts.exact.cold_cpu_ms",
        "  the same, CPU time of the process (load does not count)",
        ms(cold_cpu),
        "ms",
        at_most(100),
    )
    result = fight_bout(setup, seed=5)
    live = median_seconds(
        lambda: exact.live_odds(setup, seed=5, rounds=result.rounds),
        scale.repeats,
        exact.exact_cache_clear,
    )
    report.add(
        "bouts.live_odds.cold_ms",
        f"live odds of a whole bout ({result.rounds} rounds, seed 5), cache cleared",
        ms(live),
        "ms",
        None,
        note="the bout page loads it after the page, with an indicator",
    )
