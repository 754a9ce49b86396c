"""The armaturae a man may have (issue 13): the four every campaign has had, and the secutor,
retiarius and hoplomachus only in a campaign whose rules fight them (Moritari). Refused naming
the field, nothing written, for a man of an Era or Sands campaign, by the model and by every
service that makes or edits a man; a Moritari man fights as his new armatura."""

import pytest
from django.core.exceptions import ValidationError

from arena.rulesets.moritari import adapter as moritari
from desk.services.edits import gladiator_edit
from desk.services.setup import SetupError, gladiator_create
from economy.services.refusals import ContractError
from economy.services.trade import gladiator_purchase
from ludus.models import CLASSIC_ARMATURAE, Gladiator, armatura_choices, armatura_refusal
from tests import factories

pytestmark = pytest.mark.django_db

NEW = ("secutor", "retiarius", "hoplomachus")
CLASSIC = ["thraex", "murmillo", "gaul", "samnite"]


def test_each_ruleset_offers_the_classic_four_and_moritari_the_new_three():
    assert [value for value, _ in armatura_choices("era")] == CLASSIC
    assert [value for value, _ in armatura_choices("sands")] == CLASSIC
    assert [value for value, _ in armatura_choices("moritari")] == CLASSIC + list(NEW)
    assert [str(a) for a in CLASSIC_ARMATURAE] == CLASSIC


@pytest.mark.parametrize("ruleset", ["era", "sands"])
@pytest.mark.parametrize("armatura", NEW)
def test_a_new_armatura_is_refused_for_a_man_of_other_rules_naming_the_field(ruleset, armatura):
    campaign = factories.CampaignFactory(ruleset=ruleset)
    refusal = armatura_refusal(ruleset, armatura)
    assert refusal is not None and refusal.startswith(f"A {armatura} is not an armatura of")
    man = Gladiator.new(campaign=campaign, name="Felix", armatura=armatura)
    with pytest.raises(ValidationError) as error:
        man.full_clean()
    assert "armatura" in error.value.message_dict
    assert armatura in error.value.message_dict["armatura"][0]


@pytest.mark.parametrize("armatura", NEW)
def test_a_moritari_man_may_have_a_new_armatura_and_fights_as_it(armatura):
    campaign = factories.CampaignFactory(ruleset="moritari")
    man = gladiator_create(campaign=campaign, name="Felix", armatura=armatura)
    assert Gladiator.objects.get(pk=man.pk).armatura == armatura
    assert moritari.man_kind(man) == armatura
    assert str(man) == f"Felix the {armatura}"


def test_the_setup_service_refuses_a_secutor_in_an_era_campaign_and_writes_nothing():
    campaign = factories.CampaignFactory(ruleset="era")
    with pytest.raises(SetupError) as error:
        gladiator_create(campaign=campaign, name="Felix", armatura="secutor")
    assert "armatura" in error.value.errors
    assert not Gladiator.objects.filter(name="Felix").exists()


def test_an_edit_to_a_retiarius_is_refused_in_a_sands_campaign(db):
    campaign = factories.CampaignFactory(ruleset="sands")
    man = gladiator_create(campaign=campaign, name="Felix", armatura="murmillo")
    with pytest.raises(Exception, match="retiarius is not an armatura"):
        gladiator_edit(gladiator=man, armatura="retiarius")
    assert Gladiator.objects.get(pk=man.pk).armatura == "murmillo"


def test_a_recruit_bought_as_a_hoplomachus_is_refused_in_an_era_campaign_and_nothing_paid():
    campaign = factories.CampaignFactory(ruleset="era")
    school = factories.LanistaFactory(campaign=campaign, name="Nerva")
    with pytest.raises(ContractError, match="armatura: A hoplomachus is not an armatura"):
        gladiator_purchase(
            buyer=school, kind="recruit", recruit={"name": "Felix", "armatura": "hoplomachus"}
        )
    assert not Gladiator.objects.filter(name="Felix").exists()
