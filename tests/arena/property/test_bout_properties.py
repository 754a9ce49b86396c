"""Properties of the Era bout for any sheets, kits, favors, orders and seeds."""

import json
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.era.bout import (
    ROUND_CAP,
    BoutSetup,
    EndReason,
    Entrant,
    EventKind,
    Side,
    fight_bout,
)
from rules.era.dice import distribution
from rules.era.kits import KITS
from rules.era.orders import PRESETS, Choice, DecisionKind, Orders
from rules.era.sheet import Fighter

characteristic = st.integers(1, 6)
skill = st.integers(0, 5)
fighters = st.builds(
    Fighter,
    name=st.sampled_from(["Aulus", "Bithys", "Crixus"]),
    might=characteristic,
    charisma=characteristic,
    willpower=characteristic,
    melee=skill,
    charm=skill,
)
orders = st.builds(
    Orders,
    name=st.just("custom"),
    yield_after_first_injury_at_favor=st.none() | st.integers(0, 7),
    wound_yield=st.booleans(),
    never_yield=st.booleans(),
    boon_spend=st.sampled_from(["crit", "flourish"]),
    cut=st.booleans(),
) | st.sampled_from(list(PRESETS.values()))
entrants = st.builds(
    Entrant,
    fighter=fighters,
    kit=st.sampled_from(sorted(KITS)),
    favor=st.integers(0, 6),
    orders=orders,
    carried_injuries=st.integers(0, 3),
    helm=st.none() | st.integers(0, 2),
)
setups = st.builds(BoutSetup, a=entrants, b=entrants, first=st.none() | st.sampled_from(Side))
seeds = st.integers(0, 2**64 - 1)


@settings(max_examples=150, deadline=None)
@given(setup=setups, seed=seeds)
def test_every_bout_ends_within_bounds(setup, seed):
    result = fight_bout(setup, seed=seed)
    assert result.finished and result.pending is None
    assert 1 <= result.rounds <= ROUND_CAP
    for point in result.favor_by_round:
        assert 0 <= point.a <= 6 and 0 <= point.b <= 6
    for event in result.events:
        if event.favor is not None:
            assert 0 <= event.favor <= 6
        if event.wounds is not None:
            assert event.wounds >= 0
    for corner in (result.a, result.b):
        assert corner.wounds >= 0 and 0 <= corner.favor <= 6
        assert len(corner.injuries) <= 2
    if result.end_reason is EndReason.DRAW:
        assert result.winner is None and result.loser is None
    else:
        assert {result.winner, result.loser} == {Side.A, Side.B}
        assert result.events[-1].kind is EventKind.END


@settings(max_examples=100, deadline=None)
@given(setup=setups, seed=seeds)
def test_same_seed_same_log_and_the_fast_path_agrees(setup, seed):
    first = fight_bout(setup, seed=seed)
    again = fight_bout(setup, seed=seed)
    assert json.dumps(first.as_dict()) == json.dumps(again.as_dict())
    fast = fight_bout(setup, seed=seed, record=False)
    assert (fast.winner, fast.end_reason, fast.rounds, fast.a, fast.b) == (
        first.winner,
        first.end_reason,
        first.rounds,
        first.a,
        first.b,
    )


@settings(max_examples=60, deadline=None)
@given(setup=setups, seed=seeds, picks=st.lists(st.integers(0, 2), max_size=40))
def test_answering_choices_one_by_one_replays_as_a_whole(setup, seed, picks):
    ask = frozenset(DecisionKind)
    asked = BoutSetup(
        Entrant(setup.a.fighter, setup.a.kit, setup.a.favor, Orders(ask=ask)),
        Entrant(setup.b.fighter, setup.b.kit, setup.b.favor, Orders(ask=ask)),
        setup.first,
    )
    decisions, picks = [], list(picks)
    # Step at most 40 choices (each step replays the whole bout); yields end it sooner.
    while (result := fight_bout(asked, seed=seed, decisions=decisions)).pending:
        if len(decisions) == 40:
            break
        pending = result.pending
        choice = pending.options[picks.pop() % len(pending.options)] if picks else Choice.FIGHT
        if choice not in pending.options:
            choice = pending.options[0]
        decisions.append({"kind": pending.kind, "side": pending.side, "choice": choice})
    assert fight_bout(asked, seed=seed, decisions=decisions).as_dict() == result.as_dict()
    assert result.decisions_used == len(decisions)


@settings(max_examples=60, deadline=None)
@given(a=entrants, b=entrants)
def test_attack_pool_distributions_sum_to_one(a, b):
    for pool in (a.attack_pool(b), b.attack_pool(a)):
        dist = distribution(pool)
        assert sum(p for _, p in dist.outcomes()) == Fraction(1)
        assert 0 <= dist.p_success <= 1
