"""Moritari odds by Monte Carlo: each side's share of wins, the draws, and each fighter's
fates (killed, spared by the thumb, walked out). The skirmish has no small exact chain (the
board's positions are its state), so it is sampled, without logs; each trial's seed comes from
the run's seed (`seed_sequence`), so any one trial replays with its log."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import check_range
from rules.core.seeds import seed_sequence
from rules.moritari.fight import ENGINE_VERSION, Setup, play
from rules.moritari.readings import reading_for

MAX_FIGHTS = 1_000_000
PROGRESS_EVERY = 500  # fights between two calls of `progress`
FATES = ("dead", "spared", "walked_out")


@dataclass(frozen=True)
class MoritariOdds:
    setup: Setup
    fights: int
    seed: int
    wins: dict[str, int]  # side -> fights won
    draws: int
    fates: dict[int, dict[str, int]]  # fighter index -> fate -> count
    total_turns: int
    overruled: int = 0  # fights in which a Caesar overruled the crowd
    engine_version: str = ENGINE_VERSION
    names: tuple[str, ...] = field(default=())

    @property
    def method(self) -> str:
        return f"monte carlo, {self.fights} fights, seed {self.seed}"

    def share(self, count: int) -> float:
        return 100 * count / self.fights

    def standard_error(self, count: int) -> float:
        p = count / self.fights
        return 100 * math.sqrt(p * (1 - p) / self.fights)

    def counts(self) -> dict[str, int]:
        """Every count by name: `wins:<side>`, `draws`, `<fate>:<fighter>`."""
        counts = {f"wins:{side}": self.wins.get(side, 0) for side in self.setup.sides}
        counts["draws"] = self.draws
        for index, spec in enumerate(self.setup.fighters):
            for fate in FATES:
                counts[f"{fate}:{spec.name}"] = self.fates[index].get(fate, 0)
        return counts

    def as_dict(self) -> dict[str, Any]:
        """The keys of the Era bout's odds (engine_version, method, bouts, seed, counts, per_100,
        standard_error, mean_rounds), with a count per side and per fighter's fate."""
        counts = self.counts()
        return {
            "engine_version": self.engine_version,
            "method": self.method,
            "bouts": self.fights,
            "seed": self.seed,
            "counts": counts,
            "per_100": {name: round(self.share(n), 2) for name, n in counts.items()},
            "standard_error": {
                name: round(self.standard_error(n), 3) for name, n in counts.items()
            },
            "mean_rounds": round(self.total_turns / self.fights, 3),
        }


def fight_odds(
    setup: Setup,
    *,
    fights: int = 2_000,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
    engine_version: str | None = None,
) -> MoritariOdds:
    """Fight the setup `fights` times from `seed` under `engine_version` (None: the current
    one) and count; `progress(done, fights)` every PROGRESS_EVERY fights and at the end (it
    draws nothing: the figures are the same)."""
    check_range("fights", fights, 1, MAX_FIGHTS)
    version = reading_for(engine_version).version
    wins: Counter[str] = Counter()
    fates = {index: Counter[str]() for index in range(len(setup.fighters))}
    draws = turns = overruled = 0
    for done, trial_seed in enumerate(seed_sequence(seed, fights), start=1):
        result = play(setup, trial_seed, record=False, engine_version=version)
        turns += result.turns
        overruled += bool(result.overruled)
        if result.winner is None:
            draws += 1
        else:
            wins[result.winner] += 1
        for index in fates:
            fates[index][result.fate(index)] += 1
        if progress is not None and (done % PROGRESS_EVERY == 0 or done == fights):
            progress(done, fights)
    return MoritariOdds(
        setup=setup,
        fights=fights,
        seed=seed,
        wins=dict(wins),
        draws=draws,
        fates={index: dict(counter) for index, counter in fates.items()},
        total_turns=turns,
        overruled=overruled,
        engine_version=version,
    )
