"""The match's fixed tables (seed 003): the die ladder and the critical hit table.

Precomputed once, read on the hot path by index: a die is its number of sides (0: no die, a
+0 weapon); the critical hit table is a tuple of rows by the d8 roll, each a tuple of cells by
severity (1 to 6+), each cell a `Crit`.
"""

from __future__ import annotations

from dataclasses import dataclass

# The die sizes in order. "Increase the die size" moves one step up; "one die size smaller"
# one step down. The seed's dice stop at d12 and start at +0 (no die): from +0 the next size
# is a d2 (the smallest die the seed rolls); past d12 each step adds two sides (d14, d16, ...:
# the ladder's own step), so a weapon with three increases never caps (docs/rules.md).
LADDER: tuple[int, ...] = (0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20)


def step_die(sides: int, steps: int) -> int:
    """The die `steps` sizes up (negative: down) from a die of `sides` (0: +0)."""
    index = LADDER.index(sides) + steps
    return LADDER[max(0, min(index, len(LADDER) - 1))]


@dataclass(frozen=True)
class Crit:
    """One cell of the critical hit table: extra damage (a flat part and a die), knockback,
    stun, a wound, or a gruesome demise."""

    flat: int
    die: int  # sides of the extra die, 0: none
    knockback: int = 0
    stun: bool = False
    wound: bool = False
    gruesome: bool = False

    def words(self) -> str:
        if self.gruesome:
            return "gruesome demise"
        parts = []
        damage = f"d{self.die}" if self.die else ""
        if self.flat and damage:
            damage += f"+{self.flat}"
        elif self.flat:
            damage = str(self.flat)
        parts.append(f"+{damage} damage")
        if self.knockback:
            parts.append(f"{self.knockback} knockback")
        if self.stun:
            parts.append("stun")
        if self.wound:
            parts.append("wound")
        return ", ".join(parts)


def _c(text: str) -> Crit:
    """A cell as the seed prints it: "d6+3 KB2 S W", "4", "d2", "G" (gruesome)."""
    if text == "G":
        return Crit(0, 0, gruesome=True)
    words = text.split()
    damage = words[0]
    die, flat = 0, 0
    if damage.startswith("d"):
        die_text, _, flat_text = damage[1:].partition("+")
        die, flat = int(die_text), int(flat_text or 0)
    else:
        flat = int(damage)
    knockback = next((int(w[2:]) for w in words if w.startswith("KB")), 0)
    return Crit(flat, die, knockback, "S" in words, "W" in words)


# Rows: the d8 roll 1..8; columns: the severity 1, 2, 3, 4, 5, 6+ (seed 003's table).
CRIT_TABLE: tuple[tuple[Crit, ...], ...] = tuple(
    tuple(_c(cell) for cell in row)
    for row in (
        ("1", "2", "3", "4", "5", "6"),
        ("d2", "d2+1", "d2+2", "d2+3", "d4+4", "d4+5"),
        ("d4", "d4+1", "d4+2", "d4+3", "d6+4", "d6+5"),
        ("d4", "d4+1", "d6+2", "d6+3", "d6+4 KB1", "d6+5 KB2"),
        ("d6", "d6+1", "d6+2", "d6+3 KB1", "d6+4 KB2", "d6+5 KB2 S"),
        ("d6", "d6+1 KB1", "d6+2 KB1", "d6+3 KB2", "d6+4 KB2 S", "d8+5 KB2 W"),
        ("d6 KB1", "d6+1 KB1", "d6+2 KB2", "d6+3 KB2 S", "d8+4 KB2 W", "d8+5 KB3 S W"),
        ("d6 KB2", "d6+1 KB2", "d6+2 KB2 W", "d8+3 KB2 W", "d8+4 KB2 S W", "G"),
    )
)


def crit_cell(roll: int, severity: int) -> Crit:
    """The table's cell for a d8 `roll` (1-8) and a `severity` (1 and up; 6+ is one column)."""
    return CRIT_TABLE[roll - 1][min(max(severity, 1), 6) - 1]
