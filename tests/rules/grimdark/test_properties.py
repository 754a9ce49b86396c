"""Properties of the match over gladiators it has not seen (hypothesis): HP never above the
maximum (Vampiric, Regenerate), hands always three moves, every match ends, the same seed and
orders give the same match, and the fast path agrees with the logged one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.grimdark.entrants import PROPERTIES, Entrant, Weapon
from rules.grimdark.match import MAX_TURNS, Setup, _Match, play
from rules.grimdark.moves import MOVES, SPECIAL_MOVES
from rules.grimdark.orders import STANCES, Orders

ABILITIES = (
    "Arcane Arts", "Berserker", "Combat Focus", "Demonology", "Endurance", "Fierce Attack",
    "Flying", "Gambler", "Huge", "Lucky Number Seven", "Performer", "Poise", "Poison Immunity",
    "Tactician", "Technomancer", "Vampire", "Versatile",
)  # fmt: skip
CARDS = sorted(set(MOVES) - set(SPECIAL_MOVES))
KINDS = ("light melee", "heavy melee", "light ranged", "heavy ranged", "natural")

weapons = st.builds(
    Weapon,
    name=st.sampled_from(("blade", "gun", "claw")),
    kind=st.sampled_from(KINDS),
    properties=st.frozensets(st.sampled_from(PROPERTIES), max_size=3),
    element=st.sampled_from(("", "fire", "acid")),
)


@st.composite
def gladiators(draw: st.DrawFn, name: str, side: str) -> Entrant:
    stats = tuple(draw(st.integers(0, 8)) for _ in range(4))
    moves = draw(st.dictionaries(st.sampled_from(CARDS), st.integers(1, 5), min_size=3))
    if sum(moves.values()) < 3:
        moves["Basic Melee"] = 3
    abilities = draw(st.dictionaries(st.sampled_from(ABILITIES), st.integers(1, 8), max_size=5))
    return Entrant(
        name=name,
        stats=(stats[0], stats[1], stats[2], stats[3]),
        active_stat=draw(st.sampled_from(("brutality", "style", "mind", "weird"))),
        abilities=abilities,
        moves=moves,
        weapons=tuple(draw(st.lists(weapons, max_size=3))),
        armour_slots=draw(st.integers(0, 3)),
        fame=draw(st.integers(0, 6)),
        side=side,
        orders=Orders(stance=draw(st.sampled_from(STANCES))),
    )


matches = st.one_of(
    st.tuples(gladiators("A", "a"), gladiators("B", "b")),
    st.tuples(gladiators("A", "a"), gladiators("B", "b"), gladiators("C", "a")),
    st.tuples(gladiators("A", ""), gladiators("B", ""), gladiators("C", "")),
)
seeds = st.integers(0, 2**32)


@settings(max_examples=60, deadline=None)
@given(matches, seeds)
def test_hp_never_goes_above_the_maximum(entrants: tuple[Entrant, ...], seed: int) -> None:
    result = play(Setup(entrants), seed)
    maximum = {e["who"]: e["hp"] for e in result.events if e["kind"] == "start"}
    for event in result.events:
        if event["kind"] in ("vampiric", "regenerate", "damage"):
            assert event["hp"] <= maximum[event["who"]]


@settings(max_examples=60, deadline=None)
@given(matches, seeds)
def test_hands_always_hold_three_moves(entrants: tuple[Entrant, ...], seed: int) -> None:
    m = _Match(Setup(entrants), seed, False, MAX_TURNS)
    m.start()
    while len({f.side for f in m.fighters if not f.defeated}) > 1 and m.turn < MAX_TURNS:
        assert all(len(f.hand) == 3 for f in m.fighters if not f.defeated)
        m.turn += 1
        m.play_turn()
    assert all(len(f.hand) == 3 for f in m.fighters if not f.defeated)


@settings(max_examples=60, deadline=None)
@given(matches, seeds)
def test_every_match_ends(entrants: tuple[Entrant, ...], seed: int) -> None:
    result = play(Setup(entrants), seed, record=False)
    assert 1 <= result.turns <= MAX_TURNS
    standing = {f.side for f in result.fighters if not f.defeated}
    assert result.end_reason == "time" or len(standing) <= 1


@settings(max_examples=40, deadline=None)
@given(matches, seeds)
def test_the_same_seed_and_orders_give_the_same_match(
    entrants: tuple[Entrant, ...], seed: int
) -> None:
    first, second = play(Setup(entrants), seed), play(Setup(entrants), seed)
    assert first.events == second.events
    fast = play(Setup(entrants), seed, record=False)
    assert (fast.turns, fast.winner, fast.fates, fast.fame) == (
        first.turns,
        first.winner,
        first.fates,
        first.fame,
    )
