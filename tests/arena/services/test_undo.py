"""Taking back the last answer or round of a bout being fought (arena.services.undo): the bout
replays from its seed, so a step back and the same step again give the same dice."""

import pytest

from arena.errors import BoutError
from arena.models import Bout
from arena.services.bouts import bout_fight
from arena.services.undo import (
    AFTER_END,
    ANSWER_TAKEN_BACK,
    FIRST_TAKEN_BACK,
    NOTHING_FOUGHT,
    ROUND_TAKEN_BACK,
    bout_undo,
)
from ludus.errors import AlreadyDone
from tests.arena.services.conftest import seed_where

pytestmark = pytest.mark.django_db


def state(bout):
    bout.refresh_from_db()
    return (
        bout.status,
        bout.rounds,
        list(bout.decisions),
        list(bout.log),
        {e.side: e.standing for e in bout.entries.all()},
    )


def long_seed(bout, rounds=4):
    """A seed whose bout lasts more than `rounds` rounds (asked of the engine, not assumed)."""
    return seed_where(bout, lambda seed, result: result.rounds > rounds)


def asking_yield(bout):
    bout.entries.filter(side="a").update(orders={"name": "cautious", "ask": ["yield"]})


def test_the_last_round_is_taken_back_and_fought_again_the_same(cast):
    bout = cast.bout
    bout_fight(bout=bout, seed=long_seed(bout), rounds=1)
    bout_fight(bout=bout, rounds=1)
    after_two = state(bout)
    bout_fight(bout=bout, rounds=1)
    after_three = state(bout)
    assert after_three[0] == Bout.Status.FIGHTING and after_three[1] == 3

    bout, said = bout_undo(bout=bout, at_round=3)
    assert said == ROUND_TAKEN_BACK.format(round=3, before=2)
    assert state(bout) == after_two
    bout_fight(bout=bout, rounds=1)
    assert state(bout) == after_three  # the same dice: nothing is drawn again


def test_taking_back_the_first_round_plans_the_bout_again_with_its_seed(cast):
    bout = cast.bout
    seed = long_seed(bout)
    bout_fight(bout=bout, seed=seed, rounds=1)
    first = state(bout)
    bout, said = bout_undo(bout=bout)
    assert said == FIRST_TAKEN_BACK
    bout.refresh_from_db()
    assert (bout.status, bout.rounds, bout.log, bout.decisions) == ("planned", 0, [], [])
    assert bout.seed == seed
    bout_fight(bout=bout, rounds=1)
    assert state(bout) == first


def test_an_answer_given_in_the_last_round_is_taken_back_and_asked_again(cast):
    bout = cast.bout
    asking_yield(bout)
    bout_fight(bout=bout, seed=5, rounds=1)
    bout.refresh_from_db()
    asked = state(bout)
    assert asked[0] == "fighting" and asked[2] == []
    rounds = bout.rounds
    bout_fight(bout=bout, decisions=[{"kind": "yield", "side": "a", "choice": "fight"}], rounds=1)
    bout.refresh_from_db()
    assert len(bout.decisions) == 1
    if bout.status != Bout.Status.FIGHTING:
        pytest.skip("this seed ended the bout on the answer")
    bout, said = bout_undo(bout=bout, answered=1)
    assert said == ANSWER_TAKEN_BACK.format(round=rounds)
    assert state(bout) == asked


def test_a_stale_page_takes_back_nothing(cast):
    bout = cast.bout
    bout_fight(bout=bout, seed=long_seed(bout), rounds=1)
    bout_fight(bout=bout, rounds=1)
    bout_undo(bout=bout, at_round=2)
    before = state(bout)
    with pytest.raises(AlreadyDone):
        bout_undo(bout=bout, at_round=2)  # the same click sent again
    assert state(bout) == before


def test_a_bout_not_begun_or_over_is_refused(cast):
    bout = cast.bout
    with pytest.raises(BoutError, match="Only a bout being fought"):
        bout_undo(bout=bout)
    bout_fight(bout=bout, seed=3)  # to the end
    bout.refresh_from_db()
    assert bout.status in (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE)
    with pytest.raises(BoutError) as refused:
        bout_undo(bout=bout)
    assert AFTER_END in str(refused.value)
    assert NOTHING_FOUGHT  # the message a bout at round 0 would get
