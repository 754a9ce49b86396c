"""The readings of the seed that differ between versions of the Era bout engine.

A bout is fought, and replayed, under one `Reading`, chosen by the engine version stored with
it: a stored bout replays exactly as it was fought whatever the current version is.

- `era-bout/1`: a man is incapacitated when his Wounds exceed his Wound Points; "one more hit
  would drop him" reckons the opponent's smallest hit at no less than 2 Wounds.
- `era-bout/2` (issue 10, design.md "Readings"): incapacitated when his Wounds reach his Wound
  Points (a man of 13 drops at his 13th Wound); the smallest hit is the opponent's Might +
  weapon damage at 1 net Success, less his Resistance, not below 0. With these the engine
  reproduces all ten of the seed's bout figures, the verdict split included.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import RulesError


@dataclass(frozen=True)
class Reading:
    """How one engine version reads incapacitation and the wound yield's smallest hit."""

    version: str
    drops_on_reaching: bool  # True: Wounds equal to Wound Points incapacitate; False: exceed
    minimum_hit_floor: int  # the fewest Wounds the wound yield reckons a hit can deal

    def incapacitated(self, wounds: int, wound_points: int) -> bool:
        if self.drops_on_reaching:
            return wounds >= wound_points
        return wounds > wound_points

    def minimum_hit(self, damage: int, resistance: int) -> int:
        """The Wounds of the opponent's smallest hit: his base damage (Might + weapon, at 1 net
        Success) less this man's Resistance, never below the floor."""
        return max(self.minimum_hit_floor, damage - resistance)


ERA_BOUT_1 = Reading("era-bout/1", drops_on_reaching=False, minimum_hit_floor=2)
ERA_BOUT_2 = Reading("era-bout/2", drops_on_reaching=True, minimum_hit_floor=0)
READINGS: dict[str, Reading] = {r.version: r for r in (ERA_BOUT_1, ERA_BOUT_2)}
CURRENT = ERA_BOUT_2  # what new bouts are fought with
ENGINE_VERSIONS = tuple(READINGS)  # every version the engine can fight or replay


def reading_for(version: str) -> Reading:
    """The reading of an engine version, or a RulesError naming the versions there are."""
    reading = READINGS.get(version) if isinstance(version, str) else None
    if reading is None:
        raise RulesError(
            f"engine version must be one of {', '.join(ENGINE_VERSIONS)}; got {version!r}"
        )
    return reading
