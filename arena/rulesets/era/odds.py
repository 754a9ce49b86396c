"""The Era's odds over many bouts, in chunks, so a long run reports its progress (issue 14).

A run of up to CHUNK bouts is one call of the engine's `bout_odds` with the run's own seed, so
it gives the figures of `manage.py bout_odds` for that seed. A longer run is cut into chunks of
CHUNK bouts, each drawn from its own seed (the run's seed's generator gives them, in order), and
the counts are added up: the same seed gives the same figures on every machine, the page's and
the worker's alike. A run longer than BACKGROUND_ABOVE bouts is not waited for by the page: it is
a background job (arena.services.odds_runs.odds_job_start), whose task (arena.tasks.odds_job)
runs it here.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import replace

from arena.errors import BoutError
from arena.models import Show, Venue
from arena.rulesets.era.adapter import (
    ENGINE_REFUSED,
    BoutSetup,
    OddsResult,
    bout_odds,
    pair_setup_data,
    setup_from_data,
)
from ludus.models import Campaign, Gladiator
from rules.core.errors import RulesError

CHUNK = 10_000
BACKGROUND_ABOVE = 20_000  # bouts: about a second of the engine; more runs in the background
KIND = "bout_odds"
SUMMED = ("bouts", "a_wins", "b_wins", "draws", "loser_missio", "loser_editor_choice")
SUMMED += ("sword_called", "sword_given", "killed", "total_rounds")

Progress = Callable[[int], None]


def chunks(bouts: int, seed: int) -> list[tuple[int, int]]:
    """(bouts, seed) of each chunk of a run."""
    if bouts <= CHUNK:
        return [(bouts, seed)]
    master = random.Random(seed)
    sizes = [CHUNK] * (bouts // CHUNK) + ([bouts % CHUNK] if bouts % CHUNK else [])
    return [(size, master.getrandbits(64)) for size in sizes]


def merged(parts: list[OddsResult], *, seed: int) -> OddsResult:
    """One result of several chunks' counts (the run's seed, the engine reading they share)."""
    totals = {name: sum(getattr(part, name) for part in parts) for name in SUMMED}
    return dataclasses.replace(parts[0], seed=seed, **totals)


def odds_in_chunks(setup, *, bouts: int, seed: int, progress: Progress | None = None):
    parts, done = [], 0
    for size, chunk_seed in chunks(bouts, seed):
        parts.append(bout_odds(setup, bouts=size, seed=chunk_seed))
        done += size
        if progress is not None:
            progress(done)
    return merged(parts, seed=seed)


def result_data(result: OddsResult) -> dict:
    """A result as the job keeps it (JSON), and back (`result_from`)."""
    return dataclasses.asdict(result)


def result_from(data: dict) -> OddsResult:
    return OddsResult(**data)


@dataclasses.dataclass(frozen=True)
class OddsAsk:
    """What a member asked the odds of (the odds form's cleaned data, without the men's
    private orders: the orders are presets)."""

    fighter_a: Gladiator
    fighter_b: Gladiator
    orders_a: str
    orders_b: str
    venue: str
    favor_a: int | None
    favor_b: int | None
    bouts: int
    seed: int

    def setup(self):
        return odds_setup(
            fighter_a=self.fighter_a,
            fighter_b=self.fighter_b,
            orders_a=self.orders_a,
            orders_b=self.orders_b,
            venue=self.venue,
            favor_a=self.favor_a,
            favor_b=self.favor_b,
        )

    def params(self) -> dict:
        data = dataclasses.asdict(self)
        data["fighter_a"], data["fighter_b"] = self.fighter_a.pk, self.fighter_b.pk
        return data

    @classmethod
    def from_params(cls, campaign: Campaign, params: dict) -> OddsAsk:
        men = Gladiator.objects.filter(campaign=campaign)
        data = dict(params)
        data["fighter_a"] = men.get(pk=params["fighter_a"])
        data["fighter_b"] = men.get(pk=params["fighter_b"])
        return cls(**data)

    @property
    def title(self) -> str:
        return (
            f"{self.fighter_a.name} v {self.fighter_b.name}: {self.bouts:,} bouts, seed {self.seed}"
        )


def odds_setup(
    *,
    fighter_a: Gladiator,
    fighter_b: Gladiator,
    orders_a: str,
    orders_b: str,
    venue: str = Venue.FORUM_ROMANUM,
    favor_a: int | None = None,
    favor_b: int | None = None,
) -> BoutSetup:
    """The engine inputs for two men as they stand now, as the bout service would build them
    for a bout at this venue (Known there: Crowd Favor 3; his carried injuries count), with
    the starting Crowd Favor overridden when given. Nothing is saved."""
    data = pair_setup_data(
        city=Show(venue=venue).city,
        first="random",
        a=fighter_a,
        orders_a={"name": orders_a},
        b=fighter_b,
        orders_b={"name": orders_b},
    )
    try:
        setup = setup_from_data(data)
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    a, b = setup.a, setup.b
    if favor_a is not None:
        a = replace(a, favor=favor_a)
    if favor_b is not None:
        b = replace(b, favor=favor_b)
    return replace(setup, a=a, b=b)
