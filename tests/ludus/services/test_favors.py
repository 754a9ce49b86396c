"""Recording a Favor owed (the Favors page's service); calling one is in test_ludus.py."""

import pytest

from ludus.models import Favor, Patron
from ludus.services import ludus
from ludus.services.ludus import LudusError, favor_record
from tests import factories


def test_a_favor_owed_to_a_lanista_makes_him_a_patron_once(db):
    nerva = factories.LanistaFactory(name="Nerva")
    bithys = factories.GladiatorFactory(campaign=nerva.campaign, owner=nerva, name="Bithys")
    favor = favor_record(
        campaign=nerva.campaign, lanista=nerva, gladiator=bithys, reason="food and lodging"
    )
    assert favor.patron.lanista == nerva and favor.patron.name == "Nerva"
    assert favor.owed_by == "Bithys" and favor.gladiator == bithys and not favor.is_called
    again = favor_record(campaign=nerva.campaign, lanista=nerva, owed_by="Crixus")
    assert again.patron == favor.patron
    assert Patron.objects.count() == 1


def test_a_favor_to_an_existing_or_a_new_patron(db):
    patron = factories.PatronFactory(name="Marcus Fabius")
    favor = favor_record(campaign=patron.campaign, patron=patron, owed_by=" Nerva ")
    assert favor.patron == patron and favor.owed_by == "Nerva" and favor.gladiator is None
    new = favor_record(campaign=patron.campaign, patron_name="Cornelius", owed_by="Nerva")
    assert new.patron.name == "Cornelius" and new.patron.lanista is None


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"owed_by": "Nerva"}, ludus.FAVOR_NO_PATRON),
        ({"patron_name": "  ", "owed_by": "Nerva"}, ludus.FAVOR_NO_PATRON),
        (
            {"patron": "SELF", "patron_name": "Cornelius", "owed_by": "Nerva"},
            ludus.FAVOR_TWO_PATRONS,
        ),
        ({"patron": "SELF", "owed_by": "  "}, ludus.FAVOR_NO_DEBTOR),
    ],
)
def test_refusals_write_nothing(db, kwargs, message):
    patron = factories.PatronFactory()
    kwargs = {k: patron if v == "SELF" else v for k, v in kwargs.items()}
    with pytest.raises(LudusError) as error:
        favor_record(campaign=patron.campaign, **kwargs)
    assert str(error.value) == message
    assert not Favor.objects.exists() and Patron.objects.count() == 1


def test_another_campaigns_people_are_refused(db):
    campaign = factories.CampaignFactory()
    foreign = factories.PatronFactory()
    man = factories.GladiatorFactory()
    school = factories.LanistaFactory()
    with pytest.raises(LudusError, match="patron belongs to another"):
        favor_record(campaign=campaign, patron=foreign, owed_by="x")
    with pytest.raises(LudusError, match="school belongs to another"):
        favor_record(campaign=campaign, lanista=school, owed_by="x")
    with pytest.raises(LudusError, match="man belongs to another"):
        favor_record(campaign=campaign, patron_name="Fabius", gladiator=man)
    assert not Favor.objects.exists() and Patron.objects.count() == 1
