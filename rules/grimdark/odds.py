"""Grimdark odds by Monte Carlo: each side's share of wins, the draws, each gladiator's fates
(dead, spared, walked out) and the mean turns of a match.

Matches are played on the fast path (`play(..., record=False)`, no log); each trial's seed
comes from the run's seed (`seed_sequence`), so any one trial replays with its log. The keys
are Moritari's: `counts` and `per_100` named `wins:<side>`, `draws`, `<fate>:<name>`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.core.errors import check_range, check_seed
from rules.core.seeds import seed_sequence
from rules.grimdark.match import ENGINE_VERSION, Setup, play

MAX_MATCHES = 1_000_000
PROGRESS_EVERY = 500
FATES = ("dead", "spared", "walked_out")


@dataclass(frozen=True)
class GrimdarkOdds:
    setup: Setup
    matches: int
    seed: int
    wins: dict[str, int]  # side -> matches won
    draws: int
    fates: dict[int, dict[str, int]]  # gladiator index -> fate -> count
    total_turns: int
    engine_version: str = ENGINE_VERSION

    @property
    def method(self) -> str:
        return f"monte carlo, {self.matches} matches, seed {self.seed}"

    def share(self, count: int) -> float:
        return 100 * count / self.matches

    def standard_error(self, count: int) -> float:
        p = count / self.matches
        return 100 * math.sqrt(p * (1 - p) / self.matches)

    @property
    def mean_turns(self) -> float:
        return self.total_turns / self.matches

    def counts(self) -> dict[str, int]:
        """Every count by name: `wins:<side>`, `draws`, `<fate>:<gladiator>`."""
        sides = dict.fromkeys(self.setup.sides)
        counts = {f"wins:{side}": self.wins.get(side, 0) for side in sides}
        counts["draws"] = self.draws
        for index, entrant in enumerate(self.setup.entrants):
            for fate in FATES:
                counts[f"{fate}:{entrant.name}"] = self.fates[index].get(fate, 0)
        return counts

    def as_dict(self) -> dict[str, Any]:
        counts = self.counts()
        return {
            "engine_version": self.engine_version,
            "method": self.method,
            "bouts": self.matches,
            "seed": self.seed,
            "counts": counts,
            "per_100": {name: round(self.share(n), 2) for name, n in counts.items()},
            "standard_error": {
                name: round(self.standard_error(n), 3) for name, n in counts.items()
            },
            "deaths": sum(self.fates[i].get("dead", 0) for i in self.fates),
            "mean_turns": round(self.mean_turns, 3),
        }


def match_odds(
    setup: Setup,
    *,
    matches: int = 2_000,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> GrimdarkOdds:
    """Play the setup `matches` times from `seed` and count; `progress(done, matches)` every
    PROGRESS_EVERY matches and at the end (it draws nothing: the figures are the same)."""
    check_range("matches", matches, 1, MAX_MATCHES)
    check_seed(seed)
    wins: Counter[str] = Counter()
    fates = {index: Counter[str]() for index in range(len(setup.entrants))}
    draws = turns = 0
    for done, trial_seed in enumerate(seed_sequence(seed, matches), start=1):
        result = play(setup, trial_seed, record=False)
        turns += result.turns
        if result.winner is None:
            draws += 1
        else:
            wins[result.winner] += 1
        for index in fates:
            fates[index][result.fate(index)] += 1
        if progress is not None and (done % PROGRESS_EVERY == 0 or done == matches):
            progress(done, matches)
    return GrimdarkOdds(
        setup=setup,
        matches=matches,
        seed=seed,
        wins=dict(wins),
        draws=draws,
        fates={index: dict(counter) for index, counter in fates.items()},
        total_turns=turns,
    )
