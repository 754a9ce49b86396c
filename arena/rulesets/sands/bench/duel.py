"""Sands bouts (seed 000, the hex-grid duel): the no-log path the odds use, and a bout with its
full log (the campaign's bouts and their replays).

Pure Python: no database. Targets (ours, bench/README.md): 2,000 bouts a second without logs,
so a GM's 10,000-bout odds take 5 seconds at most in the background (issue 12: "within a few
seconds, with a progress bar"); 200 a second with the log, so a campaign's bout (fought and
stored with its log) or a bout page's replay costs 5 ms at most.
"""

from __future__ import annotations

import time

from bench.harness import Report, Scale, at_least, per_second
from rules.sands.bout import play, standard_setup
from rules.sands.odds import bout_odds

SETUP = standard_setup()  # the quick-start's Murmillo against the Thraex, standing orders


def fight_logged(bouts: int) -> int:
    """Fight `bouts` bouts with their logs, one at a time, as the campaign does (each result
    dropped before the next: a list of them all would time the garbage collector)."""
    events = 0
    for seed in range(bouts):
        events += len(play(SETUP, seed, record=True).events)
    return events


def run(scale: Scale, report: Report) -> None:
    report.section("Sands bouts (rules/sands/)")
    bouts = max(500, scale.logged_bouts)
    cpu = time.process_time()
    rate, odds = per_second(lambda: bout_odds(SETUP, bouts=bouts, seed=1), bouts, scale.runs)
    # Bouts per second of this process's CPU time: what the wall-clock rate is on an idle
    # core, so a MISS under the shared machine's load can be told from a slower engine.
    cpu_rate = bouts * scale.runs / max(time.process_time() - cpu, 1e-9)
    report.add(
        "sands.bouts_per_s",
        f"bout_odds, Murmillo v Thraex, no log, {bouts:,} bouts",
        rate,
        "/s",
        at_least(2_000),
        note=(
            f"10,000 bouts in {10_000 / rate:.1f} s; mean turns {odds.mean_turns:.1f}; "
            f"{cpu_rate:,.0f} bouts a second of CPU time"
        ),
    )
    logged = max(100, scale.logged_bouts // 4)
    rate, _ = per_second(lambda: fight_logged(logged), logged, scale.runs)
    report.add(
        "sands.bouts_logged_per_s",
        f"play with its full log, Murmillo v Thraex, {logged:,} bouts",
        rate,
        "/s",
        at_least(200),
    )
