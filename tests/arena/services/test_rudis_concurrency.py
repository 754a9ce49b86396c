"""The rudis given three times at once is given once (issue 10, "Replays of a click"): the
bout's row lock, and the repeats are refused as already given. PostgreSQL only."""

import pytest

from arena.models import Bout, Verdict
from arena.services import rudis
from arena.services.rudis import RudisError, rudis_give
from ludus.models import Gladiator
from tests import factories
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]


def test_the_rudis_given_at_once_is_given_once():
    winner = factories.GladiatorFactory(name="Bithys")
    factories.PriorRecordFactory(gladiator=winner, city="Rome", wins=4)
    loser = factories.GladiatorFactory(campaign=winner.campaign, armatura="murmillo")
    bout = factories.BoutFactory(
        show=factories.ShowFactory(campaign=winner.campaign),
        fighter_a=winner,
        fighter_b=loser,
        status=Bout.Status.DONE,
        winner=winner,
        loser=loser,
        favor_a=6,
        favor_b=4,
        end_reason="second_injury",
    )
    Verdict.objects.create(bout=bout, loser_favor=4, crowd_call="divided", editor_act="missio")

    made, others = sort_out(at_once(*[lambda: rudis_give(bout=bout)] * 3), Gladiator)
    assert len(made) == 1, others
    assert all(isinstance(r, RudisError) for r in others), others
    assert {str(r) for r in others} == {rudis.RUDIS_ALREADY}
    winner.refresh_from_db()
    assert winner.status == Gladiator.Status.RUDIARIUS
