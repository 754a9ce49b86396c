"""Two "run the next leg" posts at once, both for leg 1, run one leg (issue 10): the race row is
locked, and the one that waits sees leg 1 run and answers "already done"."""

import pytest

from arena.models import Race
from arena.rulesets.era.circus import services as r
from ludus.errors import AlreadyDone
from tests.threads import at_once

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_next_leg_posts_at_once_run_one_leg(race):
    def next_leg():
        return r.race_run(race=race, seed=5, legs=1, leg=1)

    results = at_once(next_leg, next_leg)
    race.refresh_from_db()
    assert race.legs_run == 1
    assert sum(isinstance(x, Race) for x in results) == 1, results
    assert any(isinstance(x, AlreadyDone) for x in results), results
    assert str(next(x for x in results if isinstance(x, AlreadyDone))) == r.LEG_DONE.format(
        leg=1, legs=1
    )
