"""Moritari fights (seed 002): the odds, the no-log path they use, and a fight with its full log.

Pure Python: no database.
"""

from __future__ import annotations

from bench.harness import Report, Scale, at_least, per_second
from rules.moritari.fight import BEASTS, FighterSpec, Setup, play
from rules.moritari.odds import fight_odds

THREE_MEN = Setup(
    (
        FighterSpec("Bithys", "thraex", "nerva"),
        FighterSpec("Rufus", "murmillo", "gaius"),
        FighterSpec("Tigris", "samnite", "marcus"),
    )
)
MAN_AND_BEASTS = Setup(
    (
        FighterSpec("Bithys", "thraex", "nerva"),
        FighterSpec("Leo", "lion", BEASTS),
        FighterSpec("Ursus", "bear", BEASTS),
    )
)


def run(scale: Scale, report: Report) -> None:
    report.section("Moritari fights (rules/moritari/)")
    fights = max(500, scale.logged_bouts)
    for key, label, setup in (
        ("three", "a three-man fight", THREE_MEN),
        ("beasts", "a man against a lion and a bear", MAN_AND_BEASTS),
    ):
        rate, odds = per_second(
            lambda s=setup: fight_odds(s, fights=fights, seed=1), fights, scale.runs
        )
        report.add(
            f"moritari.odds.{key}.per_second",
            f"fight_odds, {label}, {fights:,} fights",
            rate,
            "/s",
            at_least(1_000),
            note=f"mean turns {odds.total_turns / odds.fights:.1f}",
        )
    # The engine's no-log path alone (issue 14: the other rulesets get a fast no-log path too,
    # measured in make bench): `play(record=False)` builds no event, no text and no board.
    quiet = max(500, scale.logged_bouts // 2)
    rate, _ = per_second(
        lambda: [play(THREE_MEN, seed, record=False) for seed in range(quiet)], quiet, scale.runs
    )
    report.add(
        "moritari.fights_per_s",
        f"play without its log (record=False), a three-man fight, {quiet:,} fights",
        rate,
        "/s",
        at_least(1_000),
        note="the path fight_odds runs; the same dice as with the log (golden digests)",
    )
    logged = max(100, scale.logged_bouts // 4)
    rate, _ = per_second(
        lambda: [play(THREE_MEN, seed) for seed in range(logged)], logged, scale.runs
    )
    report.add(
        "moritari.logged.per_second",
        f"play with its full log, a three-man fight, {logged:,} fights",
        rate,
        "/s",
        at_least(300),
    )
