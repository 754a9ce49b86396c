"""Issue 10, overflows: the setup services refuse an opening sum, a year, a Dignitas or a
contract out of range (ludus.limits, economy.limits), on the field, writing nothing."""

import pytest

from desk.services import setup
from economy.limits import MAX_POSTING
from economy.models import Transaction
from ludus.limits import MAX_DIGNITAS, MAX_YEAR
from ludus.models import Campaign, Editor, Lanista
from tests.factories import CampaignFactory, EditorFactory, UserFactory

pytestmark = pytest.mark.django_db


def _refused(call, field: str, **kwargs) -> str:
    with pytest.raises(setup.SetupError) as refused:
        call(**kwargs)
    assert list(refused.value.errors) == [field]
    return refused.value.errors[field][0]


@pytest.mark.parametrize("chest", [MAX_POSTING + 1, 2**63 - 1])
def test_an_opening_chest_past_the_bound_is_refused(chest):
    campaign = CampaignFactory()
    message = _refused(setup.lanista_create, "chest", campaign=campaign, name="L", chest=chest)
    assert message == setup.TOO_MUCH_MONEY.format(most=MAX_POSTING)
    assert not Lanista.objects.exists() and not Transaction.objects.exists()


def test_an_opening_purse_and_a_dignitas_past_the_bound_are_refused():
    campaign = CampaignFactory()
    _refused(setup.editor_create, "purse", campaign=campaign, name="E", purse=2**63)
    message = _refused(
        setup.editor_create, "base_dignitas", campaign=campaign, name="E", base_dignitas=32_768
    )
    assert message.startswith(f"Dignitas must be a whole number from -1,000 to {MAX_DIGNITAS:,}")
    assert not Editor.objects.exists()


@pytest.mark.parametrize("year", [MAX_YEAR + 1, 2**63])
def test_a_campaign_or_an_election_year_out_of_range_is_refused(year):
    user = UserFactory()
    message = _refused(setup.campaign_create, "year", user=user, name="T", year=year)
    assert message.startswith("Year must be a whole number")
    assert not Campaign.objects.exists()
    campaign = CampaignFactory()
    editor = EditorFactory(campaign=campaign)
    _refused(
        setup.election_create, "year", campaign=campaign, editor=editor, office="aedile", year=year
    )


def test_a_contract_past_100_bouts_is_refused():
    campaign = CampaignFactory()
    message = _refused(
        setup.gladiator_create,
        "contract_bouts_left",
        campaign=campaign,
        name="Volo",
        legal_status="auctoratus",
        contract_bouts_left=101,
    )
    assert message.startswith("Contract bouts must be a whole number from 1 to 100")
