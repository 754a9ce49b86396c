"""Sands odds by Monte Carlo: each side's share of wins, the draws, the loser's fate (killed on
the sand, given the sword by the crowd's Iugula, spared by its Mitte) and how the bouts ended.

The hex duel has no small exact chain (the board's positions and the dice pools are its state),
so it is sampled, without logs (`play(..., record=False)`); each trial's seed comes from the
run's seed (`seed_sequence`), so any one trial replays with its log (`one_bout`).
docs/rules.md, "Sands odds", has the keys and the fates.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import RulesError, check_range, check_seed
from rules.core.seeds import seed_sequence
from rules.sands.bout import (
    END_APATHY,
    END_DISABLED,
    END_EXHAUSTED,
    END_FINGER,
    END_KILLED,
    END_NO_DICE,
    END_STANS,
    END_TRIPPED,
    END_TURN_LIMIT,
    ENGINE_VERSION,
    IUGULA,
    KILLED_ON_SAND,
    MITTE,
    Result,
    Setup,
    play,
    readings_of,
)
from rules.sands.orders import CROWD, INITIATIVE

MAX_BOUTS = 1_000_000
# The loser's fates, as the JSON names them (the engine's fate -> the key).
FATES: dict[str, str] = {KILLED_ON_SAND: "killed", IUGULA: "iugula", MITTE: "mitte"}
# How a bout ends, as the JSON names it (`end:<key>`): the engine's end reasons.
ENDS: dict[str, str] = {
    END_KILLED: "killed",
    END_DISABLED: "disabled",
    END_TRIPPED: "tripped",
    END_EXHAUSTED: "exhausted",
    END_NO_DICE: "no_dice",
    END_APATHY: "apathy",
    END_FINGER: "finger",
    END_STANS: "stans_missus",
    END_TURN_LIMIT: "turn_limit",
}
SIDES = ("a", "b")
# The orders an odds form offers (they decide every turn), each with the values the orders
# take (rules/sands/orders.py `Orders.from_mapping`), the standing order first.
ORDER_OPTIONS: dict[str, tuple[str, ...]] = {
    "press": ("1", "0", "2", "3", "4", "5"),
    "keep_defence": ("2", "0", "1", "3", "4", "5", "6"),
    "crowd": ("safe", *(c for c in CROWD if c != "safe")),
    "finger": ("0", *(str(n) for n in range(2, 10))),
    "initiative": INITIATIVE,
    "bid": ("1", "0", "2", "3", "4", "5", "6"),
    "specials": ("yes", "no"),
    "quick_step": ("yes", "no"),
}
PROGRESS_EVERY = 500  # bouts between two calls of `progress`

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SandsOdds:
    """The counts of a run: wins by side, draws, the loser's fates (all and by side), the end
    reasons, and the turns fought in all (for the mean)."""

    bouts: int
    seed: int
    a_wins: int
    b_wins: int
    draws: int
    fates: dict[str, int]  # "<side>_<fate>" -> bouts in which that side lost with that fate
    ends: dict[str, int]  # ENDS key -> bouts that ended so
    total_turns: int
    engine_version: str = ENGINE_VERSION
    names: tuple[str, str] = field(default=("a", "b"))

    @property
    def method(self) -> str:
        return f"monte carlo, {self.bouts} bouts, seed {self.seed}"

    @property
    def mean_turns(self) -> float:
        return self.total_turns / self.bouts

    def fate(self, fate: str, side: str | None = None) -> int:
        """Bouts whose loser met `fate` (a FATES key name), on `side` or either."""
        sides = SIDES if side is None else (side,)
        return sum(self.fates.get(f"{s}_{fate}", 0) for s in sides)

    def percent(self, count: int) -> float:
        return 100 * count / self.bouts

    def standard_error(self, count: int) -> float:
        """The standard error of `count`'s share, in points of 100."""
        p = count / self.bouts
        return 100 * math.sqrt(p * (1 - p) / self.bouts)

    def counts(self) -> dict[str, int]:
        """Every count by name: a_wins, b_wins, draws; the loser's fate (killed, iugula,
        mitte; they add up to the wins); by side (a_killed, ..., b_mitte); `end:<reason>`
        (they add up to the bouts)."""
        counts = {"a_wins": self.a_wins, "b_wins": self.b_wins, "draws": self.draws}
        for fate in FATES.values():
            counts[fate] = self.fate(fate)
        for side in SIDES:
            for fate in FATES.values():
                counts[f"{side}_{fate}"] = self.fate(fate, side)
        for end in ENDS.values():
            counts[f"end:{end}"] = self.ends.get(end, 0)
        return counts

    def as_dict(self) -> dict[str, Any]:
        """The keys of the Era bout's odds (engine_version, method, bouts, seed, counts,
        per_100, standard_error, mean_rounds), mean_rounds being the mean turns."""
        counts = self.counts()
        return {
            "engine_version": self.engine_version,
            "method": self.method,
            "bouts": self.bouts,
            "seed": self.seed,
            "counts": counts,
            "per_100": {name: round(self.percent(n), 2) for name, n in counts.items()},
            "standard_error": {
                name: round(self.standard_error(n), 3) for name, n in counts.items()
            },
            "mean_rounds": round(self.mean_turns, 3),
        }


def tally(results: Iterable[Result]) -> dict[str, Any]:
    """The counts of some bouts' results (an iterable of `Result`)."""
    wins = [0, 0]
    draws = turns = 0
    fates: dict[str, int] = {}
    ends: dict[str, int] = {}
    for result in results:
        turns += result.turns
        end = ENDS.get(result.end_reason)
        if end is None:  # a bout stopped for the table's choice: orders that ask it
            raise RulesError(
                "odds need orders that decide every turn; a bout stopped for the table's "
                f"choice ({result.end_reason or 'not over'})"
            )
        ends[end] = ends.get(end, 0) + 1
        if result.winner is None:
            draws += 1
            continue
        wins[result.winner] += 1
        loser = 1 - result.winner
        key = f"{SIDES[loser]}_{FATES[result.fates[loser]]}"
        fates[key] = fates.get(key, 0) + 1
    return {
        "a_wins": wins[0],
        "b_wins": wins[1],
        "draws": draws,
        "fates": fates,
        "ends": ends,
        "total_turns": turns,
    }


def bout_odds(
    setup: Setup,
    *,
    bouts: int,
    seed: int,
    progress: Progress | None = None,
    engine_version: str = ENGINE_VERSION,
) -> SandsOdds:
    """Fight `bouts` bouts without logs under `engine_version`, each from its own seed of
    `seed_sequence(seed, bouts)`, and count them; `progress(done, bouts)` every PROGRESS_EVERY
    bouts and at the end."""
    check_range("bouts", bouts, 1, MAX_BOUTS)
    check_seed(seed)
    readings_of(engine_version)  # an unknown engine is refused before a bout is fought
    seeds = seed_sequence(seed, bouts)

    def results() -> Iterator[Result]:
        for done, trial_seed in enumerate(seeds, start=1):
            yield play(setup, trial_seed, record=False, engine_version=engine_version)
            if progress is not None and (done % PROGRESS_EVERY == 0 or done == bouts):
                progress(done, bouts)

    return SandsOdds(
        bouts=bouts,
        seed=seed,
        engine_version=engine_version,
        names=(setup.a.name, setup.b.name),
        **tally(results()),
    )


def one_bout(setup: Setup, *, seed: int, engine_version: str = ENGINE_VERSION) -> Result:
    """The first trial of a run of odds from `seed`, with its log (what `--log` prints)."""
    return play(setup, seed_sequence(seed, 1)[0], record=True, engine_version=engine_version)
