"""A Sands campaign for the arena tests: the shared cast of users (tests/cast.py: the GM, the
owning player, another player, an outsider), two schools, a Murmillo and a Thraex of each, an
editor with a funded purse, and a show with one planned pair (Crixus the murmillo of Nerva's
school against Spartacus the thraex of Batiatus's).

A Sands sheet holds no ratings, so the men are made here, not by GladiatorFactory (whose
Era ratings a Sands sheet refuses).
"""

from dataclasses import dataclass

from django.test import Client

from arena.models import Bout, BoutEntry, Show, Venue
from economy import accounts
from economy.services.corrections import opening_balance
from ludus.models import Campaign, Editor, Gladiator, Lanista
from tests import factories
from tests.cast import cast_users

EDITOR_PURSE = 100_000


@dataclass
class SandsCast:
    campaign: Campaign
    gm: object
    owner: object
    other: object
    outsider: object
    school: Lanista
    rival: Lanista
    crixus: Gladiator  # Nerva's murmillo
    bithys: Gladiator  # Nerva's thraex
    spartacus: Gladiator  # Batiatus's thraex
    oenomaus: Gladiator  # Batiatus's murmillo
    editor: Editor
    show: Show
    bout: Bout

    def client_for(self, who: str) -> Client:
        client = Client()
        client.force_login(getattr(self, who))
        return client


def sands_man(campaign, owner, name, armatura, **fields) -> Gladiator:
    man = Gladiator(campaign=campaign, owner=owner, name=name, armatura=armatura, **fields)
    man.full_clean()
    man.save()
    return man


def sands_pair(show, a, b, orders_a=None, orders_b=None) -> Bout:
    bout = Bout.objects.create(show=show, order=show.bouts.count() + 1)
    BoutEntry.objects.create(bout=bout, side="a", gladiator=a, orders=orders_a or {})
    BoutEntry.objects.create(bout=bout, side="b", gladiator=b, orders=orders_b or {})
    return bout


def build_sands_cast(orders_a=None, orders_b=None) -> SandsCast:
    campaign = factories.CampaignFactory(name="Sands of Capua", ruleset="sands", day=3)
    users = cast_users(campaign)
    school = factories.LanistaFactory(campaign=campaign, name="Nerva", player=users.owner)
    rival = factories.LanistaFactory(campaign=campaign, name="Batiatus", player=users.other)
    crixus = sands_man(campaign, school, "Crixus", "murmillo", orders="steady")
    bithys = sands_man(campaign, school, "Bithys", "thraex", orders="aggressive")
    spartacus = sands_man(campaign, rival, "Spartacus", "thraex", orders="steady")
    oenomaus = sands_man(campaign, rival, "Oenomaus", "murmillo", orders="cautious")
    editor = factories.EditorFactory(campaign=campaign, name="Fabius")
    opening_balance(account=accounts.purse(editor), amount=EDITOR_PURSE)
    show = factories.ShowFactory(
        campaign=campaign, editor=editor, name="Sands munus", venue=Venue.CAPUA
    )
    bout = sands_pair(show, crixus, spartacus, orders_a, orders_b)
    return SandsCast(
        campaign=campaign,
        gm=users.gm,
        owner=users.owner,
        other=users.other,
        outsider=users.outsider,
        school=school,
        rival=rival,
        crixus=crixus,
        bithys=bithys,
        spartacus=spartacus,
        oenomaus=oenomaus,
        editor=editor,
        show=show,
        bout=bout,
    )
