"""Moritari fights (seed 002): the no-log path the odds use, and a fight with its full log.

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
