"""The setup pages: a new campaign (any logged-in user, who becomes its GM) and the GM's setup
page, which players and outsiders cannot reach (404 on the page and on every POST)."""

import pytest
from django.test import Client
from django.urls import reverse

from arena.rulesets import is_served, plugin_keys
from economy import accounts
from economy.ledger import account_balance
from economy.models import Bettor, Transaction
from ludus.models import Campaign, Editor, Election, Gladiator, Invitation, Lanista, Membership
from tests import factories
from tests.setup_posts import EDITOR, GLADIATOR, LANISTA

POSTS = {
    "setup_invitation_add": {"invitation-part": "player", "invitation-key": factories.form_key()},
    "setup_bettor_add": {
        "bettor-name": "Eros",
        "bettor-purse": 5_000,
        "bettor-key": factories.form_key(),
    },
    "setup_lanista_add": LANISTA | {"lanista-key": factories.form_key()},
    "setup_editor_add": EDITOR | {"editor-key": factories.form_key()},
}


def _gladiator_post(owner="", **changes):
    data = GLADIATOR | {
        "gladiator-owner": owner,
        "gladiator-contract_bouts_left": "",
        "gladiator-key": factories.form_key(),
    }
    data.update({f"gladiator-{k}": v for k, v in changes.items()})
    return data


def _url(cast, name="campaign_setup"):
    return reverse(name, args=[cast.campaign.pk])


# --- A new campaign --------------------------------------------------------------------------


def test_anyone_logged_in_may_create_a_campaign_and_becomes_its_gm(cast):
    client = cast.client_for("outsider")
    assert client.get(reverse("campaign_new")).status_code == 200
    response = client.post(
        reverse("campaign_new"),
        {
            "name": "Pompeii games",
            "year": -60,
            "city": "Pompeii",
            "ruleset": "era",
            "key": factories.form_key(),
        },
    )
    campaign = Campaign.objects.get(name="Pompeii games")
    assert response.status_code == 302
    assert response.url == reverse("campaign_setup", args=[campaign.pk])
    assert Membership.objects.get(campaign=campaign).user == cast.outsider
    assert Membership.objects.get(campaign=campaign).is_gm
    assert client.get(response.url).status_code == 200


def test_a_bad_campaign_is_refused_inline_with_400(cast):
    client = cast.client_for("nerva")
    response = client.post(reverse("campaign_new"), {"name": "", "year": -50, "ruleset": "era"})
    assert response.status_code == 400
    assert "errorlist" in response.content.decode()
    assert Campaign.objects.count() == 2  # the cast's two


def test_only_playable_rulesets_are_offered_for_a_new_campaign(cast, engine_without_plugin):
    page = cast.client_for("nerva").get(reverse("campaign_new")).content.decode()
    keys = [key for key, _ in Campaign._meta.get_field("ruleset").choices]
    assert "unbuilt" in keys and not is_served("unbuilt")
    assert 'value="unbuilt"' not in page
    for key in plugin_keys():
        assert (f'value="{key}"' in page) == is_served(key)
    # Grimdark's engine and package are there, but no campaign is played under it yet.
    assert "grimdark" in keys and 'value="grimdark"' not in page


def test_a_new_campaign_naming_an_unplayable_ruleset_is_refused_on_the_field(cast):
    client = cast.client_for("nerva")
    data = {"name": "Grim", "year": -50, "city": "Rome", "ruleset": "chess"}
    assert not is_served("chess")
    response = client.post(reverse("campaign_new"), {**data, "key": factories.form_key()})
    assert response.status_code == 400
    assert "errorlist" in response.content.decode()
    assert not Campaign.objects.filter(name="Grim").exists()


def test_a_sands_campaign_is_offered_and_created(cast):
    client = cast.client_for("nerva")
    assert 'value="sands"' in client.get(reverse("campaign_new")).content.decode()
    data = {"name": "Sands", "year": -50, "city": "Rome", "ruleset": "sands"}
    response = client.post(reverse("campaign_new"), {**data, "key": factories.form_key()})
    assert response.status_code == 302
    assert Campaign.objects.get(name="Sands").ruleset == "sands"


def test_the_campaign_list_links_to_a_new_campaign(cast):
    page = cast.client_for("nerva").get(reverse("campaign_list")).content.decode()
    assert reverse("campaign_new") in page


def test_anonymous_users_are_sent_to_log_in(db):
    response = Client().get(reverse("campaign_new"))
    assert response.status_code == 302 and "/login/" in response.url


# --- The setup page: who may reach it ----------------------------------------------------------


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_players_and_outsiders_get_404_on_the_setup_page(cast, who):
    assert cast.client_for(who).get(_url(cast)).status_code == 404


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
@pytest.mark.parametrize(
    "name",
    [
        "setup_invitation_add",
        "setup_bettor_add",
        "setup_lanista_add",
        "setup_gladiator_add",
        "setup_editor_add",
        "setup_election_add",
    ],
)
def test_players_and_outsiders_get_404_on_every_setup_post(cast, who, name):
    factories.UserFactory(username="newcomer")
    data = POSTS.get(name) or _gladiator_post()

    def written():
        return (
            Lanista.objects.count(),
            Gladiator.objects.count(),
            Editor.objects.count(),
            Invitation.objects.count(),
            Bettor.objects.count(),
        )

    before = written()
    assert cast.client_for(who).post(_url(cast, name), data).status_code == 404
    after = written()
    assert before == after
    assert not Membership.objects.filter(user__username="newcomer").exists()


def test_the_gm_sees_the_setup_page_with_links_and_the_nav(cast):
    page = cast.client_for("gm").get(_url(cast))
    assert page.status_code == 200
    text = page.content.decode()
    assert reverse("gladiator_detail", args=[cast.campaign.pk, cast.bithys.pk]) in text
    assert reverse("school_roster", args=[cast.campaign.pk, cast.school.pk]) in text
    assert "10,000 HS" in text  # Nerva's chest, from the ledger
    assert "Fabius" in text and cast.nerva.username in text
    # A player's nav has no Setup link.
    dashboard = reverse("campaign_dashboard", args=[cast.campaign.pk])
    assert _url(cast) in cast.client_for("gm").get(dashboard).content.decode()
    assert _url(cast) not in cast.client_for("nerva").get(dashboard).content.decode()


# --- The GM's forms ------------------------------------------------------------------------------


def test_the_gm_invites_a_member_instead_of_adding_him_by_name(cast):
    factories.UserFactory(username="newcomer")
    client = cast.client_for("gm")
    page = client.get(_url(cast)).content.decode()
    assert "invitation-part" in page and "username" not in page
    response = client.post(_url(cast, "setup_invitation_add"), POSTS["setup_invitation_add"])
    assert response.status_code == 302
    # Nobody joined: the invitation waits for someone to accept it.
    assert not Membership.objects.filter(user__username="newcomer").exists()
    assert Invitation.objects.get(campaign=cast.campaign).state() == "open"


def test_the_old_add_by_name_is_gone_and_reveals_no_user_name(cast):
    client = cast.client_for("gm")
    response = client.post(
        f"/c/{cast.campaign.pk}/setup/members/", {"member-username": "ghost", "member-role": ""}
    )
    assert response.status_code == 404
    assert "no user named" not in response.content.decode()
    assert cast.campaign.memberships.count() == 3


def test_the_gm_adds_a_bettor_with_an_opening_purse(cast):
    data = {**POSTS["setup_bettor_add"], "bettor-player": cast.nerva.pk}
    response = cast.client_for("gm").post(_url(cast, "setup_bettor_add"), data)
    assert response.status_code == 302
    bettor = Bettor.objects.get(name="Eros")
    assert bettor.player == cast.nerva
    account = accounts.bettor_account(bettor)
    assert account_balance(account) == 5_000
    assert Transaction.objects.get(entries__account=account).cause == Transaction.Cause.OPENING
    page = cast.client_for("gm").get(_url(cast)).content.decode()
    assert "Eros" in page and "5,000 HS" in page


def test_a_bad_bettor_is_refused_inline_and_writes_nothing(cast):
    data = {**POSTS["setup_bettor_add"], "bettor-name": "", "bettor-purse": -5}
    response = cast.client_for("gm").post(_url(cast, "setup_bettor_add"), data)
    assert response.status_code == 400
    assert "errorlist" in response.content.decode()
    assert not Bettor.objects.exists()


def test_the_gm_adds_a_lanista_with_an_opening_chest(cast):
    data = {**POSTS["setup_lanista_add"], "lanista-player": cast.nerva.pk}
    response = cast.client_for("gm").post(_url(cast, "setup_lanista_add"), data)
    assert response.status_code == 302
    lanista = Lanista.objects.get(name="Lentulus")
    assert lanista.player == cast.nerva and lanista.medicus_name == "Diocles"
    assert account_balance(accounts.chest(lanista)) == 4_000
    assert Transaction.objects.filter(cause=Transaction.Cause.OPENING).count() == 5


def test_a_lanista_out_of_range_is_refused_inline_and_writes_nothing(cast):
    data = {**POSTS["setup_lanista_add"], "lanista-medicus_medicine": 9}
    transactions = Transaction.objects.count()
    response = cast.client_for("gm").post(_url(cast, "setup_lanista_add"), data)
    assert response.status_code == 400
    assert "less than or equal to 5" in response.content.decode()
    assert not Lanista.objects.filter(name="Lentulus").exists()
    assert Transaction.objects.count() == transactions


def test_a_player_of_no_campaign_cannot_be_picked(cast):
    data = {**POSTS["setup_lanista_add"], "lanista-player": cast.outsider.pk}
    response = cast.client_for("gm").post(_url(cast, "setup_lanista_add"), data)
    assert response.status_code == 400
    assert not Lanista.objects.filter(name="Lentulus").exists()


def test_the_gm_adds_a_gladiator_to_a_school(cast):
    data = _gladiator_post(owner=cast.school.pk, might=5)
    response = cast.client_for("gm").post(_url(cast, "setup_gladiator_add"), data)
    assert response.status_code == 302
    man = Gladiator.objects.get(name="Oenomaus")
    assert man.owner == cast.school and man.sheet["might"] == 5 and man.armatura == "gaul"
    roster = cast.client_for("nerva").get(reverse("roster", args=[cast.campaign.pk]))
    assert "Oenomaus" in roster.content.decode()


def test_an_auctoratus_without_bouts_is_refused_inline(cast):
    data = _gladiator_post(legal_status="auctoratus")
    response = cast.client_for("gm").post(_url(cast, "setup_gladiator_add"), data)
    assert response.status_code == 400
    assert "at least one bout" in response.content.decode()
    assert not Gladiator.objects.filter(name="Oenomaus").exists()


def test_a_school_of_another_campaign_cannot_be_picked(cast):
    foreign = factories.LanistaFactory(campaign=cast.other_campaign)
    data = _gladiator_post(owner=foreign.pk)
    response = cast.client_for("gm").post(_url(cast, "setup_gladiator_add"), data)
    assert response.status_code == 400
    assert not Gladiator.objects.filter(name="Oenomaus").exists()


def test_the_gm_adds_an_editor_with_a_purse_and_an_election(cast):
    client = cast.client_for("gm")
    data = {**POSTS["setup_editor_add"], "editor-player": cast.other.pk}
    assert client.post(_url(cast, "setup_editor_add"), data).status_code == 302
    editor = Editor.objects.get(name="Clodius")
    assert editor.player == cast.other
    assert account_balance(accounts.purse(editor)) == 8_000
    election = {
        "election-editor": editor.pk,
        "election-office": "praetor",
        "election-year": -48,
        "election-key": factories.form_key(),
    }
    assert client.post(_url(cast, "setup_election_add"), election).status_code == 302
    assert Election.objects.get(editor=editor).year == -48


def test_an_election_without_an_office_is_refused_inline(cast):
    election = {"election-editor": cast.editor.pk, "election-office": "", "election-year": -48}
    response = cast.client_for("gm").post(_url(cast, "setup_election_add"), election)
    assert response.status_code == 400
    assert "errorlist" in response.content.decode()
    assert not Election.objects.exists()
