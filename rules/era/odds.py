"""Monte Carlo odds of a bout: who wins, and what the crowd and the editor do with the loser.

Two samplers. `pool tables` (the default, fast_odds.py): each attack one draw from a table of its
pool's exact outcomes, thousands of bouts at once with numpy, deterministic for the master seed
but not bout for bout the logged engine's. `logged engine`: every bout fought by `fight_bout`
(record=False) from its own seed drawn from the master seed, so a figure can be reproduced bout
by bout (`bout_seeds`) and any one bout replayed with its log. Where the tables cannot represent
a setup (`fast_odds.unsupported`), the fast sampler falls back to the logged engine and its
method says so.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any

from rules.era import fast_odds
from rules.era.bout import BoutResult, BoutSetup, EndReason, Side, fight_bout, reading_of
from rules.era.decision import CrowdCall, Verdict, crowd_call, decide
from rules.era.dice import RulesError, check_range

MAX_BOUTS = 1_000_000
APPEAL_SALT = 0x5EED_A99E  # the appeal's generator is the bout's seed mixed with this
FAST, LOGGED = "pool tables", "logged engine"
SAMPLERS = (FAST, LOGGED)


def bout_seeds(seed: int, bouts: int) -> list[int]:
    """The per-bout seeds of a run, derived from its master seed."""
    master = random.Random(seed)
    return [master.getrandbits(64) for _ in range(bouts)]


def verdict_for(setup: BoutSetup, result: BoutResult) -> Verdict | None:
    """The editor's decision on a finished bout (None for a draw or a death on the sand).

    The editor keeps his default (missio when divided); the appeal's dice come from the bout's
    seed mixed with APPEAL_SALT, so the verdict replays with the bout. The loser appeals alone
    (the engine knows no lanista), with the injuries he carried in acting on his pool.
    """
    if result.loser is None or result.end_reason is EndReason.KILLED:
        return None
    return _verdict(setup, result, result.loser)


def _verdict(setup: BoutSetup, result: BoutResult, loser_side: Side) -> Verdict:
    favor = result.side(loser_side).favor
    rng = random.Random(result.seed ^ APPEAL_SALT) if crowd_call(favor) is CrowdCall.SWORD else None
    loser = setup.entrant(loser_side)
    return decide(
        favor, loser.fighter, rng=rng, winner_favor=result.winner_favor, injuries=loser.injuries
    )


@dataclass(frozen=True)
class OddsResult:
    bouts: int
    seed: int
    a_wins: int
    b_wins: int
    draws: int
    loser_missio: int  # the crowd shouts for his release (favor 5–6)
    loser_editor_choice: int  # the crowd is divided (favor 3–4)
    sword_called: int  # favor 0–2
    sword_given: int  # called, and the appeal failed
    killed: int  # died of a Critical Injury on the sand (the table's top band)
    total_rounds: int
    engine_version: str  # the reading the bouts were fought under
    sampler: str = LOGGED  # how they were sampled; "logged engine (...)" names a fallback

    @property
    def method(self) -> str:
        how = "" if self.sampler == LOGGED else f" ({self.sampler})"
        return f"monte carlo{how}, {self.bouts} bouts, seed {self.seed}"

    @property
    def mean_rounds(self) -> float:
        return self.total_rounds / self.bouts

    def percent(self, count: int) -> float:
        """A count as 'in 100' of all bouts."""
        return 100 * count / self.bouts

    def standard_error(self, count: int) -> float:
        """The standard error, in points of 100, of a count read as a share of all bouts."""
        p = count / self.bouts
        return 100 * math.sqrt(p * (1 - p) / self.bouts)

    def as_dict(self) -> dict[str, Any]:
        names = (
            "a_wins",
            "b_wins",
            "draws",
            "loser_missio",
            "loser_editor_choice",
            "sword_called",
            "sword_given",
            "killed",
        )
        return {
            "engine_version": self.engine_version,
            "method": self.method,
            "bouts": self.bouts,
            "seed": self.seed,
            "counts": {name: getattr(self, name) for name in names},
            "per_100": {name: round(self.percent(getattr(self, name)), 2) for name in names},
            "standard_error": {
                name: round(self.standard_error(getattr(self, name)), 3) for name in names
            },
            "mean_rounds": round(self.mean_rounds, 3),
        }


def bout_odds(
    setup: BoutSetup,
    *,
    bouts: int = 10_000,
    seed: int = 1,
    engine_version: str | None = None,
    sampler: str = FAST,
) -> OddsResult:
    """Sample `bouts` bouts (no event logs kept) and count the outcomes and the verdicts, under
    `engine_version` (None: the current one), by `sampler` (FAST or LOGGED)."""
    reading = reading_of(engine_version)
    check_range("bouts", bouts, 1, MAX_BOUTS)
    if sampler not in SAMPLERS:
        raise RulesError(f"sampler must be one of {', '.join(SAMPLERS)}; got {sampler!r}")
    for side in Side:
        if setup.entrant(side).orders.ask:
            raise RulesError(f"side {side}'s orders ask the GM; the odds need automatic orders")
    if sampler == LOGGED:
        return logged_bout_odds(setup, bouts=bouts, seed=seed, engine_version=reading.version)
    reason = fast_odds.unsupported(setup, reading)
    if reason is not None:
        odds = logged_bout_odds(setup, bouts=bouts, seed=seed, engine_version=reading.version)
        return replace(odds, sampler=f"{LOGGED} ({reason})")
    tally = fast_odds.sample(setup, reading, bouts, seed)
    return OddsResult(
        bouts=bouts,
        seed=seed,
        a_wins=tally.a,
        b_wins=tally.b,
        draws=tally.draw,
        loser_missio=tally.release,
        loser_editor_choice=tally.divided,
        sword_called=tally.sword,
        sword_given=tally.given,
        killed=tally.dead,
        total_rounds=tally.rounds,
        engine_version=reading.version,
        sampler=FAST,
    )


def logged_bout_odds(
    setup: BoutSetup, *, bouts: int = 10_000, seed: int = 1, engine_version: str | None = None
) -> OddsResult:
    """The logged engine's Monte Carlo: every bout fought by `fight_bout` from its own seed
    (`bout_seeds`), exactly as the odds were sampled before the fast path."""
    version = reading_of(engine_version).version
    check_range("bouts", bouts, 1, MAX_BOUTS)
    for side in Side:
        if setup.entrant(side).orders.ask:
            raise RulesError(f"side {side}'s orders ask the GM; the odds need automatic orders")
    counts = dict.fromkeys(("a", "b", "draw", "release", "divided", "sword", "given", "dead"), 0)
    rounds = 0
    for bout_seed in bout_seeds(seed, bouts):
        result = fight_bout(setup, seed=bout_seed, record=False, engine_version=version)
        rounds += result.rounds
        if result.loser is None:
            counts["draw"] += 1
            continue
        counts[str(result.winner)] += 1
        if result.end_reason is EndReason.KILLED:
            counts["dead"] += 1
            continue
        verdict = _verdict(setup, result, result.loser)
        counts[str(verdict.crowd)] += 1
        counts["given"] += verdict.loser_dies
    return OddsResult(
        bouts=bouts,
        seed=seed,
        a_wins=counts["a"],
        b_wins=counts["b"],
        draws=counts["draw"],
        loser_missio=counts["release"],
        loser_editor_choice=counts["divided"],
        sword_called=counts["sword"],
        sword_given=counts["given"],
        killed=counts["dead"],
        total_rounds=rounds,
        engine_version=version,
    )
