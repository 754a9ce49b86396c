"""3. Chariot races: `race_odds` (checked against `exact_race_odds`), `exact_race_odds` cold
and warm, and `run_race` with its full log.

Pure Python: no database (the `race_odds` command module is imported for `build_drivers`
only; it needs no Django settings).
"""

from __future__ import annotations

from arena.rulesets.era.management.commands.race_odds import build_drivers
from bench.harness import Report, Scale, at_least, at_most, median_seconds, ms, per_second
from rules.era import dice, race
from rules.era.race import RaceSetup, exact_race_odds, race_odds, run_race


def clear() -> None:
    """Empty every cache of race.py and dice.py."""
    for cached in (race._leg_table, race._leg_outcomes, race._save_chance):
        cached.cache_clear()
    dice.distribution.cache_clear()
    dice._die_counts.cache_clear()


def run(scale: Scale, report: Report) -> None:
    report.section("3. Chariot races (rules/era/race.py)")
    # The field of `manage.py race_odds --driver 3,3 --driver 3,2 --driver 2,2 --driver 2,1`.
    drivers = build_drivers(["3,3", "3,2", "2,2", "2,1"], "none")

    def cold_odds():
        clear()  # each run builds its leg tables from cold, as a fresh process would
        return race_odds(drivers, scale.odds_races, 1)

    rate, odds = per_second(cold_odds, scale.odds_races, scale.runs)
    exact = exact_race_odds(drivers)
    worst = max(
        abs(mc.win - ex.win) / mc.win_se
        for mc, ex in zip(odds.drivers, exact.drivers, strict=True)
        if mc.win_se
    )
    report.add(
        "races.odds.per_second",
        f"race_odds, 4 drivers (3,3 3,2 2,2 2,1), {scale.odds_races:,} races",
        rate,
        "/s",
        at_least(50_000),
        note=(
            "win in 100: "
            + ", ".join(f"{100 * d.win:.1f}" for d in odds.drivers)
            + f"; exact: {', '.join(f'{100 * d.win:.1f}' for d in exact.drivers)}"
            + f" (largest gap {worst:.1f} s.e.)"
        ),
    )
    report.add(
        "races.exact.cold_ms",
        "exact_race_odds, same field, cold caches",
        ms(median_seconds(lambda: exact_race_odds(drivers), scale.repeats, clear)),
        "ms",
        at_most(200),
    )
    exact_race_odds(drivers)
    report.add(
        "races.exact.warm_ms",
        "exact_race_odds, same field, warm caches",
        ms(median_seconds(lambda: exact_race_odds(drivers), scale.repeats)),
        "ms",
        at_most(100),
    )

    setup = RaceSetup(tuple(drivers))

    def logged() -> None:
        for seed in range(scale.logged_races):
            run_race(setup, seed=seed).as_dict()

    rate, _ = per_second(logged, scale.logged_races, scale.runs)
    report.add(
        "races.logged.per_second",
        f"run_race with its full log (as_dict), {scale.logged_races:,} races",
        rate,
        "/s",
        at_least(200),
    )
