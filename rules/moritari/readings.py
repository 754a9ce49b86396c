"""The readings of seed 002 that differ between versions of the Moritari engine.

A fight is fought, and replayed, under one `Reading`, chosen by the engine version stored with
it: a fight stored under `moritari/1` replays exactly as it was fought.

- `moritari/1` (issue 13): the first engine.
- `moritari/2` (issue 26, docs/rules.md "Moritari: the engine moritari/2"): the seed read
  closer. Only the tied re-roll for Caesar, among themselves; Caesar orders the fights in any
  order and the moves too; every gladiator rolls 2 dice (the retiarius's trident is a
  modifier); a man who neither moved nor turned keeps his pivot; both men of a double knock-out
  earn the appeal's +1; the beasts ignore the crowd's verdict (they may maul a man it spared);
  the log and Caesar's prompts in words, his choices numbered from 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.errors import RulesError
from rules.moritari.kinds import KINDS, KINDS_V1, Kind


@dataclass(frozen=True)
class Reading:
    """How one engine version reads the seed where versions differ."""

    version: str
    kinds: Mapping[str, Kind]  # what each kind rolls, wounds on, saves on and moves
    tied_reroll_alone: bool  # Caesar's tie: only the tied re-roll, compared among themselves
    caesar_orders_all: bool  # any order of the fights, and the order of the moves, is his
    pivot_only_when_turning: bool  # a man who did not turn has not used his pivot
    both_earn_the_bonus: bool  # a double knock-out: both men put another out before appealing
    beasts_maul_the_spared: bool  # the beasts ignore the crowd's verdict
    in_words: bool  # the log and the prompts in words (no engine indices or Python lists)


MORITARI_1 = Reading(
    "moritari/1",
    kinds=KINDS_V1,
    tied_reroll_alone=False,
    caesar_orders_all=False,
    pivot_only_when_turning=False,
    both_earn_the_bonus=False,
    beasts_maul_the_spared=False,
    in_words=False,
)
MORITARI_2 = Reading(
    "moritari/2",
    kinds=KINDS,
    tied_reroll_alone=True,
    caesar_orders_all=True,
    pivot_only_when_turning=True,
    both_earn_the_bonus=True,
    beasts_maul_the_spared=True,
    in_words=True,
)
READINGS: dict[str, Reading] = {r.version: r for r in (MORITARI_1, MORITARI_2)}
CURRENT = MORITARI_2  # what new fights are fought with
ENGINE_VERSIONS = tuple(READINGS)  # every version the engine can fight or replay


def reading_for(version: str | None) -> Reading:
    """The reading of an engine version (None: the current one), or a RulesError naming the
    versions there are."""
    if version is None:
        return CURRENT
    reading = READINGS.get(version) if isinstance(version, str) else None
    if reading is None:
        raise RulesError(
            f"Moritari engine version must be one of {', '.join(ENGINE_VERSIONS)}; got {version!r}"
        )
    return reading
