"""Properties of every Moritari fight (hypothesis): hit points stay within 0 to 3, no two
fighters share a square and nobody leaves the board, every move is a straight line, a spared
man lies still one turn and rises with 1 (unless a beast mauls him to death: the beasts ignore
the crowd's verdict), every fight ends, and the same seed and decisions give the same fight."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.moritari.board import on_board
from rules.moritari.fight import BEASTS, MAX_TURNS, FighterSpec, Setup, play
from rules.moritari.kinds import BEAST_KINDS, GLADIATOR_KINDS

gladiators = st.sampled_from(GLADIATOR_KINDS)
beasts = st.sampled_from(BEAST_KINDS)
thumbs = st.sampled_from(["crowd", "mercy", "sword"])


@st.composite
def setups(draw):
    players = draw(st.integers(1, 4))
    fighters = []
    for p in range(players):
        for m in range(draw(st.integers(1, 2))):
            orders = {"thumb": draw(thumbs)}
            fighters.append(FighterSpec(f"P{p}M{m}", draw(gladiators), f"player{p}", orders))
    for b in range(draw(st.integers(0 if players > 1 else 1, 2))):
        fighters.append(FighterSpec(f"Beast{b}", draw(beasts), BEASTS))
    return Setup(tuple(fighters))


def boards(result):
    return [e.data["board"] for e in result.events if "board" in e.data]


@settings(max_examples=60, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_every_fight_ends_within_the_limit_with_sane_boards(setup, seed):
    result = play(setup, seed)
    assert result.finished and 1 <= result.turns <= MAX_TURNS
    for board in boards(result):
        squares = [tuple(f["square"]) for f in board if f["state"] in ("standing", "lying")]
        assert len(squares) == len(set(squares))  # no two fighters in one square
        assert all(on_board(square) for square in squares)
        assert all(0 <= f["hp"] <= 3 for f in board)
    for event in result.events:
        if event.kind == "move":
            assert on_board(tuple(event.data["to"]))
            # "doit se déplacer en ligne droite": along one of the eight directions
            dx, dy = (b - a for a, b in zip(event.data["frm"], event.data["to"], strict=True))
            assert dx == 0 or dy == 0 or abs(dx) == abs(dy)
    left = {f.side for f in result.fighters if f.in_fight}
    if result.winner is not None:
        assert left == {result.winner}
    else:
        assert len(left) != 1


@settings(max_examples=40, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_a_spared_man_lies_still_one_turn_and_rises_with_one(setup, seed):
    result = play(setup, seed)
    for event in result.events:
        if event.kind == "thumb" and event.data["thumb"] == "mitte":
            man, spared_on = event.entrant, event.round
            acts = [
                e
                for e in result.events
                if e.entrant == man and e.kind in ("move", "fight") and e.round == spared_on + 1
            ]
            assert not acts  # he lies still through the next turn
            rises = [
                e
                for e in result.events
                if e.kind == "rise" and e.entrant == man and e.round > spared_on
            ]
            mauled = any(e.kind == "mauled" and e.entrant == man for e in result.events)
            if result.turns >= spared_on + 2 and not mauled:
                assert rises and rises[0].round == spared_on + 2
                assert "1 hit point" in rises[0].text


@settings(max_examples=30, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_fight(setup, seed):
    first, second = play(setup, seed), play(setup, seed)
    assert [e.to_dict() for e in first.events] == [e.to_dict() for e in second.events]
    quiet = play(setup, seed, record=False)
    assert (quiet.winner, quiet.turns) == (first.winner, first.turns)
    assert [f.hit_points for f in quiet.fighters] == [f.hit_points for f in first.fighters]
