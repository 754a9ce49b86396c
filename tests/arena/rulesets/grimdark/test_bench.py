"""Grimdark's bench section: found by bench/run.py through the ruleset registry, and its
figures (matches a second, seconds for 10,000, the cost in reference-loop steps) with the
issue's target of 10,000 matches in under one second of one core."""

import io
from dataclasses import replace

from arena.rulesets.grimdark.bench import matches
from bench.harness import QUICK, Report
from bench.run import ruleset_sections


def test_bench_run_finds_the_grimdark_section():
    section = ruleset_sections()["grimdark"]
    assert section.module == "arena.rulesets.grimdark.bench.matches"
    assert not section.needs_database


def test_the_section_reports_the_rate_the_time_for_10000_and_the_ratio():
    report = Report(as_json=True, stream=io.StringIO(), table=io.StringIO())
    report.reference = 3_000_000.0
    matches.run(replace(QUICK, runs=1), report)
    figures = {figure.key: figure for figure in report.figures}
    rate = figures["grimdark.matches_per_s"]
    assert rate.value > 0 and (rate.target.op, rate.target.value) == (">=", 10_000)
    seconds = figures["grimdark.seconds_for_10000"]
    assert abs(seconds.value - 10_000 / rate.value) < 1e-9
    assert (seconds.target.op, seconds.target.value) == ("<=", 1.0)
    steps = figures["grimdark.reference_steps_per_match"]
    assert abs(steps.value - 3_000_000.0 / rate.value) < 1e-6
