"""Setup services: each creates what it says, opening money goes through the ledger, a refusal
writes nothing."""

import pytest

from desk.services import setup
from desk.services.setup import SetupError
from economy import accounts
from economy.ledger import account_balance
from economy.models import Account, Transaction
from economy.services.lex_tullia import lex_tullia_warning
from ludus.models import Campaign, Editor, Election, Gladiator, Lanista, Membership
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def gm():
    return factories.UserFactory(username="gm")


@pytest.fixture
def campaign(gm):
    return setup.campaign_create(user=gm, name="Capua, 73 BC", year=-73, city="Capua")


def test_campaign_create_makes_the_user_its_gm(gm, campaign):
    assert (campaign.name, campaign.year, campaign.city, campaign.ruleset) == (
        "Capua, 73 BC",
        -73,
        "Capua",
        "era",
    )
    membership = Membership.objects.get(campaign=campaign)
    assert membership.user == gm and membership.is_gm


def test_campaign_create_refuses_a_bad_ruleset_and_writes_nothing(gm):
    with pytest.raises(SetupError) as caught:
        setup.campaign_create(user=gm, name="X", ruleset="chess")
    assert "ruleset" in caught.value.errors
    assert not Campaign.objects.exists() and not Membership.objects.exists()


@pytest.mark.parametrize("ruleset", ["unbuilt", "chess", "grimdark"])
def test_campaign_create_refuses_a_ruleset_not_built_and_writes_nothing(
    gm, ruleset, engine_without_plugin
):
    # "unbuilt" has an engine registered but no plug-in; "chess" has neither; "grimdark" has
    # both, but its plug-in serves the command line only (serves_campaigns is False).
    with pytest.raises(SetupError) as caught:
        setup.campaign_create(user=gm, name="X", ruleset=ruleset)
    expected = "not a valid choice" if ruleset == "chess" else "not built yet"
    assert expected in caught.value.errors["ruleset"][0]
    assert not Campaign.objects.exists() and not Membership.objects.exists()


def test_no_service_adds_a_member_by_user_name():
    # A user joins only by accepting an invitation (desk.services.invitations).
    assert not hasattr(setup, "member_add")


def test_bettor_create_opens_his_purse_through_the_ledger(campaign, gm):
    bettor = setup.bettor_create(campaign=campaign, name="Eros", player=gm, purse=6_000)
    account = accounts.bettor_account(bettor)
    assert account_balance(account) == 6_000
    opening = Transaction.objects.get(entries__account=account)
    assert opening.cause == Transaction.Cause.OPENING


def test_bettor_create_refuses_a_player_outside_the_campaign_and_writes_nothing(campaign):
    stranger = factories.UserFactory(username="stranger")
    with pytest.raises(SetupError) as caught:
        setup.bettor_create(campaign=campaign, name="Eros", player=stranger, purse=6_000)
    assert "player" in caught.value.errors
    with pytest.raises(SetupError) as caught:
        setup.bettor_create(campaign=campaign, name="Eros", purse=-1)
    assert "purse" in caught.value.errors
    assert not Transaction.objects.exists()
    assert not campaign.bettors.exists()


def test_lanista_create_opens_his_chest_through_the_ledger(campaign, gm):
    nerva = factories.UserFactory(username="nerva")
    factories.MembershipFactory(campaign=campaign, user=nerva)
    lanista = setup.lanista_create(
        campaign=campaign,
        name="Nerva",
        school="Nerva's ludus",
        city="Capua",
        player=nerva,
        medicus_intellect=3,
        medicus_medicine=2,
        charisma=3,
        charm=2,
        chest=8_000,
        created_by=gm,
    )
    assert lanista.player == nerva and lanista.medicus_medicine == 2
    chest = accounts.chest(lanista)
    assert account_balance(chest) == 8_000
    opening = Transaction.objects.get(cause=Transaction.Cause.OPENING)
    assert opening.entries.count() == 2 and opening.created_by == gm


def test_lanista_without_a_chest_writes_no_money(campaign):
    setup.lanista_create(campaign=campaign, name="Lentulus", school="Lentulus's ludus", chest=0)
    assert not Transaction.objects.exists()


@pytest.mark.parametrize(
    "bad",
    [{"medicus_intellect": 7}, {"charm": 6}, {"chest": -5}, {"name": ""}],
)
def test_lanista_create_refuses_bad_input_atomically(campaign, bad):
    fields = {"name": "Nerva", "school": "Nerva's ludus", "chest": 1_000, **bad}
    with pytest.raises(SetupError):
        setup.lanista_create(campaign=campaign, **fields)
    assert not Lanista.objects.exists()
    assert not Transaction.objects.exists()


def test_lanista_player_must_be_a_member(campaign):
    stranger = factories.UserFactory(username="stranger")
    with pytest.raises(SetupError) as caught:
        setup.lanista_create(campaign=campaign, name="N", school="S", player=stranger)
    assert "player" in caught.value.errors
    assert not Lanista.objects.exists()


def test_gladiator_create_with_his_sheet(campaign):
    school = setup.lanista_create(campaign=campaign, name="Nerva", school="Nerva's ludus")
    man = setup.gladiator_create(
        campaign=campaign,
        owner=school,
        name="Bithys",
        armatura="thraex",
        legal_status="slave",
        might=4,
        melee=3,
        price_purses=12,
    )
    assert man.owner == school
    assert (man.sheet["might"], man.sheet["melee"], man.price_purses) == (4, 3, 12)
    assert man in school.gladiators.all()


def test_an_auctoratus_owes_contract_bouts(campaign):
    with pytest.raises(SetupError) as caught:
        setup.gladiator_create(campaign=campaign, name="Verus", legal_status="auctoratus")
    assert "contract_bouts_left" in caught.value.errors
    with pytest.raises(SetupError):
        setup.gladiator_create(campaign=campaign, name="Verus", contract_bouts_left=3)
    man = setup.gladiator_create(
        campaign=campaign, name="Verus", legal_status="auctoratus", contract_bouts_left=3
    )
    assert man.owner is None and man.contract_bouts_left == 3


@pytest.mark.parametrize("bad", [{"might": 0}, {"melee": 6}, {"price_purses": 16}])
def test_gladiator_create_refuses_a_sheet_out_of_range(campaign, bad):
    with pytest.raises(SetupError) as caught:
        setup.gladiator_create(campaign=campaign, name="Crixus", **bad)
    assert set(caught.value.errors) == set(bad)
    assert not Gladiator.objects.exists()


def test_gladiator_refuses_a_school_of_another_campaign(campaign):
    foreign = factories.LanistaFactory()
    with pytest.raises(SetupError):
        setup.gladiator_create(campaign=campaign, owner=foreign, name="Crixus")
    assert not Gladiator.objects.filter(campaign=campaign).exists()


def test_editor_create_opens_his_purse_and_an_election_fires_the_lex_tullia(campaign):
    editor = setup.editor_create(
        campaign=campaign, name="Fabius", office="heir", base_dignitas=4, purse=20_000
    )
    assert account_balance(accounts.purse(editor)) == 20_000
    assert Account.objects.get(editor=editor).kind == Account.Kind.PURSE
    setup.election_create(campaign=campaign, editor=editor, office="praetor", year=-47)
    assert Election.objects.get().editor == editor
    assert lex_tullia_warning(editor=editor, show_year=-49)
    assert lex_tullia_warning(editor=editor, show_year=-50) is None


def test_editor_create_refuses_a_negative_purse_atomically(campaign):
    with pytest.raises(SetupError):
        setup.editor_create(campaign=campaign, name="Fabius", purse=-1)
    assert not Editor.objects.exists() and not Transaction.objects.exists()


def test_election_refuses_an_editor_of_another_campaign(campaign):
    foreign = factories.EditorFactory()
    with pytest.raises(SetupError):
        setup.election_create(campaign=campaign, editor=foreign, office="aedile", year=-48)
    assert not Election.objects.exists()
