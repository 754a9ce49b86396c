"""The Favors page's writes, posted three times at once (issue 10, "Replays of a click"): a
Favor recorded with one form's key is recorded once, and a Favor called three times at once is
called once (the Favor's row lock); the others answer AlreadyDone or the refusal.

PostgreSQL only (tests/threads.py).
"""

import pytest

from ludus.errors import AlreadyDone
from ludus.models import Favor, Patron
from ludus.services.ludus import FAVOR_ALREADY_CALLED, LudusError, favor_call, favor_record
from tests.factories import CampaignFactory, FavorFactory, LanistaFactory, form_key
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

N = 3


def test_a_favor_recorded_at_once_is_recorded_once_with_one_new_patron():
    campaign = CampaignFactory()
    key = form_key()

    def post():
        return favor_record(
            campaign=campaign, patron_name="Crassus", owed_by="Nerva", reason="a loan", once_key=key
        )

    made, others = sort_out(at_once(*[post] * N), Favor)
    assert len(made) == 1, others
    assert all(isinstance(r, AlreadyDone) and r.result_id == made[0].pk for r in others), others
    assert Favor.objects.count() == 1
    assert Patron.objects.filter(campaign=campaign).count() == 1


def test_a_favor_owed_to_a_lanista_recorded_at_once_makes_one_patron_of_him():
    lanista = LanistaFactory(name="Batiatus")
    key = form_key()

    def post():
        return favor_record(
            campaign=lanista.campaign, lanista=lanista, owed_by="Glaber", once_key=key
        )

    made, _others = sort_out(at_once(*[post] * N), Favor)
    assert len(made) == 1
    assert Patron.objects.filter(lanista=lanista).count() == 1


def test_a_favor_called_at_once_is_called_once():
    favor = FavorFactory(patron__campaign__day=7)
    purposes = [f"purpose {i}" for i in range(N)]
    results = at_once(*[lambda p=p: favor_call(favor=favor, called_for=p) for p in purposes])
    made, others = sort_out(results, Favor)
    assert len(made) == 1, others
    favor.refresh_from_db()
    assert (favor.called_on, favor.called_for) == (7, made[0].called_for)
    assert all(isinstance(r, LudusError) for r in others), others
    assert {str(r) for r in others} == {
        FAVOR_ALREADY_CALLED.format(day=7, called_for=favor.called_for)
    }
