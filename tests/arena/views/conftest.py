"""A campaign with a cast for the arena pages: the GM, the player who owns a fighter, the player
who gives the games (the editor), another player, and an outsider who should have no access."""

from dataclasses import dataclass

import pytest

from arena.models import Bout, Show
from economy import accounts
from economy.services.corrections import opening_balance
from tests import factories
from tests.cast import cast_users


@dataclass
class Cast:
    campaign: object
    gm: object
    owner: object  # plays the lanista whose man is fighter_a
    editor_player: object  # plays the editor who gives the show
    other: object  # another player of the campaign
    outsider: object  # a user of another campaign
    lanista: object
    rival: object  # a lanista run by the GM
    editor: object
    show: Show
    bout: Bout
    mine: object  # the owner's man (fighter_a of `bout`)
    theirs: object  # the rival's man (fighter_b)
    spare_a: object
    spare_b: object


@pytest.fixture
def cast(db) -> Cast:
    campaign = factories.CampaignFactory(name="Capua games")
    shared = cast_users(campaign)
    users = {
        "gm": shared.gm,
        "owner": shared.owner,
        "other": shared.other,
        "outsider": shared.outsider,
        # A role of the arena's own: the player who plays the editor giving the show.
        "editorp": factories.UserFactory(username="editorp"),
    }
    factories.MembershipFactory(campaign=campaign, user=users["editorp"])
    lanista = factories.LanistaFactory(campaign=campaign, name="Nerva", player=users["owner"])
    rival = factories.LanistaFactory(campaign=campaign, name="Batiatus")
    editor = factories.EditorFactory(
        campaign=campaign, name="Fabius", player=users["editorp"], base_dignitas=3
    )
    opening_balance(account=accounts.purse(editor), amount=100_000)
    show = factories.ShowFactory(campaign=campaign, editor=editor, name="Forum munus")
    mine = factories.GladiatorFactory(campaign=campaign, owner=lanista, name="Bithys", melee=3)
    theirs = factories.GladiatorFactory(
        campaign=campaign, owner=rival, name="Crixus", armatura="murmillo"
    )
    bout = factories.BoutFactory(show=show, fighter_a=mine, fighter_b=theirs)
    spare_a = factories.GladiatorFactory(campaign=campaign, owner=lanista, name="Spiculus")
    spare_b = factories.GladiatorFactory(
        campaign=campaign, owner=rival, name="Verus", armatura="samnite"
    )
    return Cast(
        campaign=campaign,
        gm=users["gm"],
        owner=users["owner"],
        editor_player=users["editorp"],
        other=users["other"],
        outsider=users["outsider"],
        lanista=lanista,
        rival=rival,
        editor=editor,
        show=show,
        bout=bout,
        mine=mine,
        theirs=theirs,
        spare_a=spare_a,
        spare_b=spare_b,
    )


@pytest.fixture
def as_user(client):
    """as_user(user) logs the test client in as that user and returns it."""

    def log_in(user):
        client.force_login(user)
        return client

    return log_in
