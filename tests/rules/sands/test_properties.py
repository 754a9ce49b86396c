"""Properties of every Sands bout (hypothesis), whatever the seed and the orders: the dice pool
never above six nor below zero, no two gladiators in one hex, nobody off the grid, every bout
ends, and the same seed and orders give the same bout (and the no-log path the same result)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.sands.board import on_grid
from rules.sands.bout import MAX_TURNS, FighterSpec, Setup, play
from rules.sands.dice import POOL_SIZE

orders = st.fixed_dictionaries(
    {},
    optional={
        "press": st.sampled_from(["0", "1", "2", "5"]),
        "keep_defence": st.sampled_from(["0", "1", "2", "6"]),
        "crowd": st.sampled_from(["never", "safe", "always"]),
        "finger": st.sampled_from(["0", "2", "3", "5"]),
        "initiative": st.sampled_from(["keep", "pass"]),
        "bid": st.sampled_from(["0", "1", "3"]),
        "specials": st.sampled_from(["yes", "no"]),
        "quick_step": st.sampled_from(["yes", "no"]),
    },
)
kinds = st.sampled_from(["murmillo", "thraex"])


@st.composite
def setups(draw):
    return Setup(
        FighterSpec("A", draw(kinds), draw(orders)),
        FighterSpec("B", draw(kinds), draw(orders)),
        draw(st.sampled_from([None, None, 10, 3])),
    )


@settings(max_examples=80, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**64 - 1))
def test_every_bout_ends_with_sane_dice_and_places(setup, seed):
    result = play(setup, seed)
    assert 1 <= result.turns <= (setup.turn_limit or MAX_TURNS)
    assert result.events[-1].kind == "end"
    for event in result.events:
        state = event.state
        a, b = state.hexes
        assert a != b  # no two gladiators in one hex
        assert on_grid(a) and on_grid(b)  # nobody off the grid
        for i in (0, 1):
            owned = POOL_SIZE - state.forfeited[i] - state.surrendered[i]
            assert 0 <= len(state.pools[i]) <= POOL_SIZE
            assert 0 <= owned <= POOL_SIZE and len(state.pools[i]) <= owned
            assert 0 <= state.fatigue[i] <= 14
        if event.kind == "move":
            assert on_grid(event.get("to"))
    if result.winner is not None:
        assert result.fates[result.winner] == "won"
        assert result.fates[result.loser] in ("killed", "iugula", "mitte")
        assert result.gladiators[result.loser].out
    for g in result.gladiators:
        assert sum(g.wounds.values()) >= 0 and 0 <= g.dice_owned <= POOL_SIZE


@settings(max_examples=40, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**64 - 1))
def test_the_same_seed_and_orders_give_the_same_bout(setup, seed):
    first, second = play(setup, seed), play(setup, seed)
    assert first.events == second.events
    quiet = play(setup, seed, record=False)
    assert quiet.events == []
    assert (quiet.winner, quiet.end_reason, quiet.fates, quiet.turns, quiet.appeal) == (
        first.winner,
        first.end_reason,
        first.fates,
        first.turns,
        first.appeal,
    )
