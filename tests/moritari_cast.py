"""A Moritari campaign for the tests of the skirmish in the campaign (issue 13), on the shared
cast of users (tests.cast.cast_users): the GM; Nerva's school (the owner: Bithys the thraex
and Crixus the murmillo); Batiatus's (the other player: Spartacus the Samnite); Scaurus's, run
by the GM (Verus the murmillo); the editor Fabius with a funded purse, and a planned show.
"""

from dataclasses import dataclass

from django.test import Client

from arena.models import Show, Venue
from economy import accounts
from economy.services.corrections import opening_balance
from ludus.models import Campaign, Editor, Gladiator, Lanista
from tests import factories
from tests.cast import cast_users

FABIUS_PURSE = 40_000


@dataclass
class MoritariCast:
    campaign: Campaign
    gm: object
    nerva: object  # the owner of Bithys and Crixus
    other: object  # the owner of Spartacus
    outsider: object
    school: Lanista
    rival: Lanista
    third: Lanista  # Scaurus's school, the GM's (no player)
    bithys: Gladiator
    crixus: Gladiator
    spartacus: Gladiator
    verus: Gladiator
    editor: Editor
    show: Show

    def client_for(self, who: str) -> Client:
        client = Client()
        client.force_login(getattr(self, who))
        return client


def man(campaign, school, name, armatura) -> Gladiator:
    return Gladiator.objects.create(
        campaign=campaign, owner=school, name=name, armatura=armatura, orders="crowd"
    )


def build_moritari_cast() -> MoritariCast:
    campaign = factories.CampaignFactory(name="Moritari at Capua", ruleset="moritari", day=2)
    users = cast_users(campaign)
    school = factories.LanistaFactory(campaign=campaign, name="Nerva", player=users.owner)
    rival = factories.LanistaFactory(campaign=campaign, name="Batiatus", player=users.other)
    third = factories.LanistaFactory(campaign=campaign, name="Scaurus", player=None)
    editor = factories.EditorFactory(campaign=campaign, name="Fabius")
    show = factories.ShowFactory(
        campaign=campaign, editor=editor, name="The skirmish", venue=Venue.CAPUA, day=2
    )
    opening_balance(account=accounts.purse(editor), amount=FABIUS_PURSE)
    return MoritariCast(
        campaign=campaign,
        gm=users.gm,
        nerva=users.owner,
        other=users.other,
        outsider=users.outsider,
        school=school,
        rival=rival,
        third=third,
        bithys=man(campaign, school, "Bithys", "thraex"),
        crixus=man(campaign, school, "Crixus", "murmillo"),
        spartacus=man(campaign, rival, "Spartacus", "samnite"),
        verus=man(campaign, third, "Verus", "murmillo"),
        editor=editor,
        show=show,
    )
