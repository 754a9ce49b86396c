"""Once per key (ludus.services.once): a creating service called twice with the same form key
writes once, also when the calls come at once; the repeat is AlreadyDone with the first
result."""

import pytest

from desk.services.setup import SetupError, lanista_create
from economy.models import Transaction
from ludus.errors import AlreadyDone, Refusal
from ludus.models import Lanista, OnceKey
from ludus.services.once import ALREADY_DONE, BAD_KEY, once_claim
from tests.factories import CampaignFactory, form_key
from tests.threads import at_once


def _lentulus(campaign, key, **changes):
    fields = {"name": "Lentulus", "school": "Lentulus's ludus", "chest": 4_000} | changes
    return lanista_create(campaign=campaign, once_key=key, **fields)


@pytest.mark.django_db
def test_the_same_key_writes_once_and_answers_with_the_first_result():
    campaign = CampaignFactory()
    key = form_key()
    first = _lentulus(campaign, key)
    with pytest.raises(AlreadyDone) as repeat:
        _lentulus(campaign, key)
    assert str(repeat.value) == ALREADY_DONE and repeat.value.result_id == first.pk
    assert Lanista.objects.count() == 1
    assert Transaction.objects.filter(cause=Transaction.Cause.OPENING).count() == 1


@pytest.mark.django_db
def test_a_refused_write_leaves_its_key_free():
    campaign = CampaignFactory()
    key = form_key()
    with pytest.raises(SetupError):
        _lentulus(campaign, key, chest=-5)
    assert not OnceKey.objects.exists()
    assert _lentulus(campaign, key).name == "Lentulus"


@pytest.mark.django_db
def test_without_a_key_the_service_writes_as_before():
    campaign = CampaignFactory()
    _lentulus(campaign, None)
    _lentulus(campaign, None)
    assert Lanista.objects.count() == 2 and not OnceKey.objects.exists()


@pytest.mark.django_db
def test_a_key_claimed_by_another_action_names_no_result():
    key = form_key()
    once_claim(key=key, action="show_plan")
    with pytest.raises(AlreadyDone) as repeat:
        _lentulus(CampaignFactory(), key)
    assert repeat.value.result_id is None


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["", "short", "x" * 65, "spaces are not a key!", 12345678901234567])
def test_a_bad_key_is_refused_and_writes_nothing(key):
    with pytest.raises(Refusal, match="field key") as refusal:
        _lentulus(CampaignFactory(), key)
    assert str(refusal.value) == BAD_KEY
    assert not Lanista.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_three_posts_of_one_form_at_once_write_one_lanista_and_one_chest():
    campaign = CampaignFactory()
    key = form_key()
    results = at_once(*[lambda: _lentulus(campaign, key)] * 3)
    made = [r for r in results if isinstance(r, Lanista)]
    assert len(made) == 1, results
    assert all(isinstance(r, AlreadyDone) for r in results if r not in made), results
    assert all(r.result_id == made[0].pk for r in results if isinstance(r, AlreadyDone))
    assert Lanista.objects.count() == 1
    assert Transaction.objects.filter(cause=Transaction.Cause.OPENING).count() == 1
