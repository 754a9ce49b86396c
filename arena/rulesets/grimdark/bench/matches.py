"""Grimdark matches (seed 003, rules/grimdark/): one-on-one matches on the odds' no-log path.

Pure Python: no database. Target (issue 25): 10,000 one-on-one matches in under one second of
one core, so a GM's 10,000-match odds come back at once. Timed as `bout_odds --ruleset
grimdark` runs them with no --fighter (`match_odds`, Lord Smash against the first pregenerated
contender, no log), in this process's CPU time (one core, whatever else the machine runs), and
read against the reference loop of the same run too (a ratio a busy machine moves less).
"""

from __future__ import annotations

import time

from arena.rulesets.grimdark.cli import DEFAULT_OPPONENT
from bench.harness import Report, Scale, at_least, at_most
from rules.grimdark.contenders import LORD_SMASH
from rules.grimdark.entrants import entrant_from_sheet
from rules.grimdark.match import Setup
from rules.grimdark.odds import match_odds

MATCHES = 10_000  # the target's count
SETUP = Setup(
    (
        entrant_from_sheet(LORD_SMASH.sheet.to_dict()),
        entrant_from_sheet(DEFAULT_OPPONENT.sheet.to_dict()),
    )
)


def cpu_seconds(matches: int) -> tuple[float, float]:
    """The CPU seconds `matches` matches take (the best of a few runs is asked by the caller),
    and their mean turns."""
    start = time.process_time()
    odds = match_odds(SETUP, matches=matches, seed=1)
    return time.process_time() - start, odds.mean_turns


def run(scale: Scale, report: Report) -> None:
    report.section("Grimdark matches (rules/grimdark/)")
    # The full run times the target's 10,000; a quick one a fifth of them, scaled up.
    matches = MATCHES if scale.odds_bouts >= MATCHES else MATCHES // 5
    timings = [cpu_seconds(matches) for _ in range(scale.runs)]
    seconds, turns = min(timings)  # the least disturbed run: CPU time still counts cache misses
    rate = matches / seconds
    opponent = DEFAULT_OPPONENT.name
    report.add(
        "grimdark.matches_per_s",
        f"match_odds, Lord Smash v {opponent}, no log, {matches:,} matches",
        rate,
        "/s",
        at_least(MATCHES),
        note=f"CPU time of one core, best of {scale.runs}; mean turns {turns:.1f}",
    )
    report.add(
        "grimdark.seconds_for_10000",
        "10,000 one-on-one matches, CPU seconds of one core",
        MATCHES / rate,
        "s",
        at_most(1.0),
    )
    if report.reference:
        report.add(
            "grimdark.reference_steps_per_match",
            "reference-loop steps one match costs (the rate against the yardstick)",
            report.reference / rate,
            "",
            note=f"{rate / report.reference:.6f} matches per reference step; the reference "
            f"loop ran {report.reference:,.0f} steps a second in this run",
        )
