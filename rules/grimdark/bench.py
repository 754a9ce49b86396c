"""How fast the match runs: one-on-one matches on the fast path (no log), in CPU time of one
core. `python -m rules.grimdark.bench [MATCHES]` prints matches per second and the time that
10,000 one-on-one matches take (Lord Smash against each pregenerated contender in turn), and
the same for the step-by-step engine with its log off (the reference the fast path must equal
match for match, tests/rules/grimdark/test_fingerprint.py), measured alongside in the same
conditions: the ratio is the fast path's gain."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from rules.grimdark.contenders import CONTENDERS
from rules.grimdark.entrants import entrant_from_sheet
from rules.grimdark.match import MAX_TURNS, MatchResult, Setup, _Match, play

Player = Callable[[Setup, int], MatchResult]


def fast(setup: Setup, seed: int) -> MatchResult:
    return play(setup, seed, record=False)


def reference(setup: Setup, seed: int) -> MatchResult:
    return _Match(setup, seed, False, MAX_TURNS).run()


def matches_per_second(matches: int = 2_000, player: Player = fast) -> tuple[float, float]:
    """(matches a second, mean turns) of `matches` one-on-one matches, in process CPU time."""
    gladiators = [entrant_from_sheet(c.sheet.to_dict()) for c in CONTENDERS.values()]
    smash, others = gladiators[0], gladiators[1:]
    setups = [Setup((smash, other)) for other in others]
    turns = 0
    start = time.process_time()
    for seed in range(matches):
        turns += player(setups[seed % len(setups)], seed).turns
    spent = time.process_time() - start
    return matches / spent, turns / matches


def main(argv: list[str]) -> None:
    matches = int(argv[0]) if argv else 2_000
    rate, turns = matches_per_second(matches)
    slow, _ = matches_per_second(matches, reference)
    print(f"{rate:,.0f} one-on-one matches a second (mean {turns:.1f} turns);")
    print(f"10,000 matches take {10_000 / rate:.2f} s of one core")
    print(f"the step-by-step engine, log off: {slow:,.0f} a second ({10_000 / slow:.2f} s);")
    print(f"the fast path runs {rate / slow:.2f} times as fast")


if __name__ == "__main__":
    main(sys.argv[1:])
