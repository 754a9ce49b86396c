"""Helpers for the arena view tests: find a seed that gives a wanted outcome (read from the
engine, never hard-coded), and read the panels of a page."""

from arena.models import Bout
from arena.rulesets.era.adapter import bout_setup, crowd_call
from rules.era import bout as engine


def seed_where(bout: Bout, wanted, tries: int = 400) -> int:
    """The first seed whose bout, fought by the orders, satisfies `wanted(result)`."""
    setup = bout_setup(bout=bout)
    for seed in range(tries):
        result = engine.fight_bout(setup, seed=seed, record=False)
        if wanted(result):
            return seed
    raise AssertionError("no seed gives that outcome")


def divided(result) -> bool:
    return (
        result.finished
        and result.loser is not None
        and result.end_reason is not engine.EndReason.KILLED
        and crowd_call(result.loser_favor) == "divided"
    )


def sword_called(result) -> bool:
    return (
        result.finished
        and result.loser is not None
        and result.end_reason is not engine.EndReason.KILLED
        and crowd_call(result.loser_favor) == "sword"
    )
