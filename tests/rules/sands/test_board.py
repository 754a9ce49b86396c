"""The Sands board: the hex grid in axial coordinates, radius 4 (61 hexes)."""

import pytest

from rules.core.errors import RulesError
from rules.sands.board import (
    RADIUS,
    START,
    adjacent,
    back_to_the_wall,
    directly_away,
    distance,
    edge_distance,
    hexes,
    neighbours,
    on_grid,
    rear_hexes,
    rear_off_grid,
    step_towards,
)


def test_the_grid_has_61_hexes_and_its_edge():
    assert RADIUS == 4
    assert len(hexes()) == 61
    assert on_grid((4, -4)) and on_grid((0, 4)) and on_grid((-4, 0))
    assert not on_grid((5, 0)) and not on_grid((3, 2)) and not on_grid((-3, -2))


def test_distances_and_adjacency():
    assert distance((0, 0), (0, 0)) == 0
    assert distance((0, 0), (2, -1)) == 2
    assert distance((-2, 0), (2, 0)) == 4 == distance(*START)
    assert distance((-4, 4), (4, -4)) == 8
    assert all(adjacent((1, 1), h) for h in neighbours((1, 1)))
    assert len(set(neighbours((1, 1)))) == 6
    assert not adjacent((0, 0), (2, 0))


def test_withdrawal_directly_away_and_the_three_rear_hexes():
    assert directly_away((1, 0), (0, 0)) == (2, 0)
    assert directly_away((0, 1), (1, 0)) == (-1, 2)
    rear = rear_hexes((1, 0), (0, 0))
    assert rear[0] == (2, 0)
    assert set(rear) == {(2, 0), (2, -1), (1, 1)}
    assert all(distance(h, (0, 0)) == 2 for h in rear)
    with pytest.raises(RulesError):
        directly_away((2, 0), (0, 0))


def test_back_to_the_wall_when_the_hex_behind_is_off_the_grid():
    assert back_to_the_wall((4, 0), (3, 0))  # (5, 0) is off
    assert not back_to_the_wall((3, 0), (2, 0))  # (4, 0) is on
    assert back_to_the_wall((4, 0), (4, -1))  # behind him is (4, 1), off (q + r = 5)
    assert back_to_the_wall((3, 1), (2, 1))  # (4, 1) again
    assert back_to_the_wall((3, 1), (3, 0))  # behind him is (3, 2), off (q + r = 5)
    assert not back_to_the_wall((3, 0), (3, -1))  # behind him is (3, 1), on the grid
    assert not back_to_the_wall((4, 0), (2, 0))  # not adjacent: no attack to back from


def test_edge_distance_and_stepping_towards():
    assert edge_distance((0, 0)) == 4 and edge_distance((4, -2)) == 0
    assert step_towards((-2, 0), (2, 0), (2, 0)) == (-1, 0)
    # never into the opponent's hex, never off the grid
    assert step_towards((1, 0), (2, 0), (2, 0)) is None
    for frm in hexes():
        to = step_towards(frm, (0, 0), (0, 0))
        assert to is None or (on_grid(to) and distance(to, (0, 0)) < distance(frm, (0, 0)))


def test_the_tables_answer_as_the_plain_geometry():
    """The precomputed tables of the standard grid (the fast path, issue 14) give what the
    functions compute for any other radius, for every hex and every blocker."""
    from rules.sands import board

    assert (
        set(board._GRID) == set(hexes()) == {h for h in hexes(RADIUS + 1) if board._on_grid(h, 4)}
    )
    for frm in hexes():
        for to in hexes():
            for blocked in (to, None, *neighbours(frm)):
                assert step_towards(frm, to, blocked) == board._step_towards(frm, to, blocked, 4)
    for defender in hexes(RADIUS + 2):
        assert edge_distance(defender) == RADIUS - max(map(abs, (*defender, sum(defender))))
        for attacker in (*neighbours(defender), (defender[0] + 2, defender[1])):
            wall = adjacent(defender, attacker) and not on_grid(directly_away(defender, attacker))
            assert back_to_the_wall(defender, attacker) == wall
            if adjacent(defender, attacker):
                assert rear_hexes(defender, attacker) == board._rear_hexes(defender, attacker)
                off = any(not board._on_grid(h, 4) for h in board._rear_hexes(defender, attacker))
                assert rear_off_grid(defender, attacker) == off
                assert rear_off_grid(defender, attacker, 5) == any(
                    not board._on_grid(h, 5) for h in board._rear_hexes(defender, attacker)
                )
            assert adjacent(defender, attacker) == (distance(defender, attacker) == 1)


def test_a_rear_hex_off_the_grid_without_the_back_to_the_wall():
    """Against the wall at an angle: the hex directly away is on the grid, another rear hex is
    not (a Driven Attack can still force him off)."""
    assert not back_to_the_wall((4, -2), (4, -3))  # directly away, (4, -1), is on
    assert rear_off_grid((4, -2), (4, -3))  # but (5, -2) is off
    assert back_to_the_wall((4, -2), (3, -2)) and rear_off_grid((4, -2), (3, -2))
    assert not rear_off_grid((3, 0), (2, 0))  # (4, 0), (4, -1), (3, 1): all on the grid
