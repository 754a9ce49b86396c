"""Seeds: a fresh one for a new fight, and the seeds derived from it for each purpose.

Every fight stores one seed; whatever else it rolls (the appeal after a bout, a treatment, a
race's roll-off) is derived from that seed here, so the whole fight replays from it. There
are three derivations, each kept for what was stored with it (changing one would change the
dice of every stored fight or published figure that used it):

- `sub_seed(seed, purpose)`: the seed for a purpose derived from a stored fight's seed, as
  the text "purpose:seed" (`random.Random` hashes a text seed with SHA-512, so it is stable
  across runs and machines). The app's stored bouts seed their appeal with
  `sub_seed(seed, APPEAL)` == "appeal:<seed>".
- `salted_seed(seed, salt)`: the seed XOR a fixed salt, the odds engine's reading for the
  appeal of each simulated bout (rules.era.odds, `ODDS_APPEAL_SALT`); the published odds
  figures were drawn with it.
- `seed_sequence(seed, count)`: the per-trial seeds of a Monte Carlo run, drawn from the run's
  master seed (64 random bits each), so any one trial replays with its log.
"""

from __future__ import annotations

import random
import secrets

from rules.core.errors import RulesError, check_seed

SEED_BITS = 62  # a fresh seed fits a signed 64-bit column with room to spare
TRIAL_SEED_BITS = 64  # each Monte Carlo trial's seed (never stored in a column)

APPEAL = "appeal"  # the purpose of the appeal to the editor after an Era bout
ODDS_APPEAL_SALT = 0x5EED_A99E  # the odds engine's appeal generator: the bout's seed XOR this


def new_seed() -> int:
    """A fresh seed that fits a signed 64-bit column."""
    return secrets.randbits(SEED_BITS)


def sub_seed(seed: int, purpose: str) -> str:
    """The seed for `purpose` derived from a fight's seed: "appeal:42" for (42, "appeal").

    Pass it to `random.Random`. `purpose` is a short name without a colon (APPEAL, ...).
    """
    check_seed(seed)
    if not isinstance(purpose, str) or not purpose or ":" in purpose or purpose != purpose.strip():
        raise RulesError(f"purpose must be a short name without a colon; got {purpose!r}")
    return f"{purpose}:{seed}"


def sub_rng(seed: int, purpose: str) -> random.Random:
    """A generator seeded with `sub_seed(seed, purpose)`."""
    return random.Random(sub_seed(seed, purpose))


def salted_seed(seed: int, salt: int) -> int:
    """The seed XOR a fixed salt (the odds engine's appeal: `ODDS_APPEAL_SALT`)."""
    return check_seed(seed) ^ check_seed(salt, "salt")


def seed_sequence(seed: int, count: int) -> list[int]:
    """The per-trial seeds of a run of `count` trials, derived from its master seed."""
    master = random.Random(seed)
    return [master.getrandbits(TRIAL_SEED_BITS) for _ in range(count)]
