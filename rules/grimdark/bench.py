"""How fast the match runs: one-on-one matches on the fast path (no log), in CPU time of one
core. `python -m rules.grimdark.bench [MATCHES]` prints matches per second and the time that
10,000 one-on-one matches take (Lord Smash against each pregenerated contender in turn)."""

from __future__ import annotations

import sys
import time

from rules.grimdark.contenders import CONTENDERS
from rules.grimdark.entrants import entrant_from_sheet
from rules.grimdark.match import Setup, play


def matches_per_second(matches: int = 2_000) -> tuple[float, float]:
    """(matches a second, mean turns) of `matches` one-on-one matches, in process CPU time."""
    gladiators = [entrant_from_sheet(c.sheet.to_dict()) for c in CONTENDERS.values()]
    smash, others = gladiators[0], gladiators[1:]
    setups = [Setup((smash, other)) for other in others]
    turns = 0
    start = time.process_time()
    for seed in range(matches):
        turns += play(setups[seed % len(setups)], seed, record=False).turns
    spent = time.process_time() - start
    return matches / spent, turns / matches


def main(argv: list[str]) -> None:
    matches = int(argv[0]) if argv else 2_000
    rate, turns = matches_per_second(matches)
    print(f"{rate:,.0f} one-on-one matches a second (mean {turns:.1f} turns);")
    print(f"10,000 matches take {10_000 / rate:.2f} s of one core")


if __name__ == "__main__":
    main(sys.argv[1:])
