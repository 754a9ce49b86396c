"""The match's tables: the die ladder (our sizes from +0 and past d12) and the critical hit
table as the seed prints it (rows: the d8 roll; columns: the severity, 6+ the last)."""

from __future__ import annotations

from rules.grimdark.tables import CRIT_TABLE, crit_cell, step_die


def test_the_die_grows_from_plus_zero_to_a_d2_and_past_d12_by_two_sides() -> None:
    assert step_die(0, 1) == 2
    assert step_die(6, 1) == 8 and step_die(6, -1) == 4
    assert step_die(12, 1) == 14 and step_die(12, 2) == 16
    assert step_die(2, -1) == 0 and step_die(0, -1) == 0


def test_the_critical_table_has_eight_rolls_by_six_severities() -> None:
    assert len(CRIT_TABLE) == 8 and all(len(row) == 6 for row in CRIT_TABLE)


def test_the_critical_table_cells_as_printed() -> None:
    assert (crit_cell(1, 1).flat, crit_cell(1, 6).flat) == (1, 6)
    cell = crit_cell(7, 6)  # d8+5 damage, 3 KB, Stun, Wound
    assert (cell.die, cell.flat, cell.knockback, cell.stun, cell.wound) == (8, 5, 3, True, True)
    cell = crit_cell(4, 5)  # d6+4 damage, 1 KB
    assert (cell.die, cell.flat, cell.knockback, cell.stun) == (6, 4, 1, False)
    assert crit_cell(8, 6).gruesome and not crit_cell(8, 5).gruesome


def test_a_severity_past_six_reads_the_last_column_and_below_one_the_first() -> None:
    assert crit_cell(8, 11) == crit_cell(8, 6)
    assert crit_cell(3, 0) == crit_cell(3, 1)
