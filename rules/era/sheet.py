"""An Era fighter's sheet: characteristics, skills and the figures the bout derives from them.

Only what the arena needs is kept. The defaults are the seed's: Bithys's murmillo opponent
(Might 3, Melee 2) and Bithys's social ratings (Charisma 2, Charm 1). The seed prints no other
ratings, so the other characteristics default to 2 and the other skills to 1 (docs/rules.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from rules.dice import Pool, RulesError, check_range

CHARACTERISTICS = ("might", "agility", "intellect", "cunning", "willpower", "charisma")
SKILLS = ("melee", "charm", "medicine", "operate", "resilience", "vigilance", "athletics")
CHARACTERISTIC_RANGE = (1, 6)
SKILL_RANGE = (0, 5)


def half_up(value: int) -> int:
    """Half, rounded up (the seed's 'half his Might, rounded up')."""
    return -(-value // 2)


@dataclass(frozen=True)
class Fighter:
    """One gladiator's Era sheet. Ratings are checked on creation; bad ones raise RulesError."""

    name: str = "gladiator"
    might: int = 3
    agility: int = 2
    intellect: int = 2
    cunning: int = 2
    willpower: int = 2
    charisma: int = 2
    melee: int = 2
    charm: int = 1
    medicine: int = 1
    operate: int = 1
    resilience: int = 1
    vigilance: int = 1
    athletics: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise RulesError(f"name must be a non-empty text; got {self.name!r}")
        for name in CHARACTERISTICS:
            check_range(name, getattr(self, name), *CHARACTERISTIC_RANGE)
        for name in SKILLS:
            check_range(name, getattr(self, name), *SKILL_RANGE)

    @property
    def wound_points(self) -> int:
        """Wound Points: 10 + Might (Bithys, Might 3: 13)."""
        return 10 + self.might

    @property
    def strain_threshold(self) -> int:
        """Strain threshold: 10 + Willpower (ours; nothing in a bout causes Strain)."""
        return 10 + self.willpower

    def resistance(self, kit_resistance: int = 0) -> int:
        """Half Might rounded up, plus what the kit adds (matched kit +1, Mail Shirt +2)."""
        return half_up(self.might) + kit_resistance

    def pool(self, characteristic: str, skill: str) -> Pool:
        """The positive dice of a check, e.g. pool('might', 'melee') for an attack."""
        if characteristic not in CHARACTERISTICS:
            raise RulesError(f"characteristic must be one of {', '.join(CHARACTERISTICS)}")
        if skill not in SKILLS:
            raise RulesError(f"skill must be one of {', '.join(SKILLS)}")
        return Pool.from_ratings(getattr(self, characteristic), getattr(self, skill))

    @property
    def attack_pool(self) -> Pool:
        """Melee attacks roll Might + Melee (Bithys 3/3: 3 Mastery; the murmillo 3/2: 2 + 1)."""
        return self.pool("might", "melee")

    @property
    def appeal_pool(self) -> Pool:
        """The appeal to the editor rolls Charisma + Charm (Bithys 2/1: 1 Mastery + 1 Ability)."""
        return self.pool("charisma", "charm")

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


EraSheet = Fighter
