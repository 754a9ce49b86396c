"""The one cast of users every test uses, a campaign of any ruleset built on it
(`make_campaign(ruleset=...)`), and the Era's campaign-page cast.

`cast_users(campaign)` makes the four users every part of the suite plays with (the arena
pages, the book, the Circus, the services): the GM, the player who owns the men in play, another
player, and an outsider who is a member of another campaign only. A part may add a user for a
role of its own (the player who plays the editor), never another GM, owner or outsider.

The campaign-page cast:
- gm: the campaign's game master.
- nerva: a player; he runs Nerva's ludus at Capua (Bithys the thraex, Crixus the murmillo).
- other: a player; he runs Batiatus's school (Spartacus) and the editor Fabius, who gives the
  planned Forum munus.
- outsider: a user who is a member of another campaign only; he must get 404 everywhere here.

Money is opened through the contract services, as the GM would do it.
"""

import importlib
from dataclasses import dataclass, field
from types import ModuleType

from django.test import Client

from arena.models import Bout, Show, Venue, Verdict
from arena.rulesets import PLUGINS
from economy import accounts
from economy.models import Transaction
from economy.services.corrections import opening_balance
from economy.services.hire import hire_contract_create
from ludus.models import Campaign, Editor, Gladiator, Lanista, Membership
from tests import factories

NERVA_CHEST = 10_000
BATIATUS_CHEST = 5_000
FABIUS_PURSE = 20_000
BITHYS_PECULIUM = 3_200


@dataclass(frozen=True)
class Users:
    gm: object
    owner: object  # the player whose school owns the men in play
    other: object  # another player of the campaign
    outsider: object  # a member of another campaign only: 404 everywhere in this one
    elsewhere: Campaign  # the outsider's campaign


def cast_users(campaign: Campaign) -> Users:
    """The GM, the owning player, another player and the outsider, with their memberships."""
    gm = factories.UserFactory(username="gm")
    owner = factories.UserFactory(username="owner")
    other = factories.UserFactory(username="other")
    outsider = factories.UserFactory(username="outsider")
    factories.MembershipFactory(campaign=campaign, user=gm, role=Membership.Role.GM)
    factories.MembershipFactory(campaign=campaign, user=owner)
    factories.MembershipFactory(campaign=campaign, user=other)
    elsewhere = factories.CampaignFactory(name="Another table")
    factories.MembershipFactory(campaign=elsewhere, user=outsider, role=Membership.Role.GM)
    return Users(gm=gm, owner=owner, other=other, outsider=outsider, elsewhere=elsewhere)


EDITOR_PURSE = 100_000


@dataclass
class CampaignCast:
    """A campaign of any ruleset (`make_campaign`): the shared users, three schools, an editor
    with a funded purse, a show planned for today, the ruleset's men (by name: `cast.crixus`)
    and its first bout, if its test cast plans one."""

    campaign: Campaign
    users: Users
    school: Lanista  # Nerva's, the owner's
    rival: Lanista  # Batiatus's, the other player's
    third: Lanista  # Scaurus's, the GM's (no player)
    editor: Editor
    show: Show
    men: dict[str, Gladiator] = field(default_factory=dict)
    bout: Bout | None = None

    def __getattr__(self, name: str):
        men = self.__dict__.get("men", {})
        if name in men:
            return men[name]
        if name in ("gm", "owner", "other", "outsider"):
            return getattr(self.__dict__["users"], name)
        if name == "nerva":  # the owner, as the Era's cast names him
            return self.__dict__["users"].owner
        raise AttributeError(name)

    def client_for(self, who: str) -> Client:
        client = Client()
        client.force_login(getattr(self, who))
        return client


def ruleset_cast(key: str) -> ModuleType:
    """A ruleset's own part of its campaigns in the tests, found through the plug-in registry:
    the `cast` module of the mirror under tests/ of its plug-in's package (arena.rulesets.sands
    -> tests/arena/rulesets/sands/cast.py; a package of the tests is its own mirror). It has
    CAMPAIGN (the campaign's fields), `men(cast)`, `first_bout(cast, **options)`,
    `sweep_bouts(cast)` (a bout waiting for a choice, one over, one planned with its book, and a
    wound where the ruleset has them: the URL sweep's),
    and `odds_ask(cast, size, seed)`, `odds_result(ask)` and ODDS_MAN_GONE (the odds task's)."""
    package = PLUGINS[key].rsplit(".", 2)[0]
    mirror = package if package.startswith("tests.") else f"tests.{package}"
    return importlib.import_module(f"{mirror}.cast")


def make_campaign(*, ruleset: str, **bout_options) -> CampaignCast:
    """A campaign of `ruleset` on the shared cast of users; `bout_options` go to its first
    bout (a Sands pair's orders: `orders_a={"ask": ["turn"]}`)."""
    own = ruleset_cast(ruleset)
    campaign = factories.CampaignFactory(ruleset=ruleset, **own.CAMPAIGN)
    users = cast_users(campaign)
    editor = factories.EditorFactory(campaign=campaign, name="Fabius")
    opening_balance(account=accounts.purse(editor), amount=EDITOR_PURSE)
    cast = CampaignCast(
        campaign=campaign,
        users=users,
        school=factories.LanistaFactory(campaign=campaign, name="Nerva", player=users.owner),
        rival=factories.LanistaFactory(campaign=campaign, name="Batiatus", player=users.other),
        third=factories.LanistaFactory(campaign=campaign, name="Scaurus", player=None),
        editor=editor,
        show=factories.ShowFactory(
            campaign=campaign, editor=editor, name="The munus at Capua", venue=Venue.CAPUA
        ),
    )
    cast.men = own.men(cast)
    cast.bout = own.first_bout(cast, **bout_options)
    return cast


@dataclass
class Cast:
    campaign: Campaign
    gm: object
    nerva: object
    other: object
    outsider: object
    school: Lanista  # Nerva's
    rival: Lanista  # Batiatus's, run by `other`
    bithys: Gladiator
    crixus: Gladiator
    spartacus: Gladiator
    free_agent: Gladiator  # of no school, on the market
    editor: Editor
    show: Show
    bout: Bout
    other_campaign: Campaign

    def client_for(self, who: str) -> Client:
        client = Client()
        client.force_login(getattr(self, who))
        return client


def build_cast() -> Cast:
    campaign = factories.CampaignFactory(name="Rome, 50 BC", day=3)
    users = cast_users(campaign)
    gm, nerva, other, outsider = users.gm, users.owner, users.other, users.outsider
    other_campaign = users.elsewhere

    school = factories.LanistaFactory(
        campaign=campaign, name="Nerva", school="Nerva's ludus", player=nerva
    )
    rival = factories.LanistaFactory(
        campaign=campaign, name="Batiatus", school="The house of Batiatus", player=other
    )
    bithys = factories.GladiatorFactory(
        campaign=campaign, owner=school, name="Bithys", melee=3, wounds=2, price_purses=10
    )
    crixus = factories.GladiatorFactory(
        campaign=campaign, owner=school, name="Crixus", armatura="murmillo", price_purses=6
    )
    spartacus = factories.GladiatorFactory(
        campaign=campaign, owner=rival, name="Spartacus", armatura="samnite", price_purses=12
    )
    free_agent = factories.GladiatorFactory(
        campaign=campaign, owner=None, name="Verus", armatura="gaul", price_purses=5
    )
    factories.PriorRecordFactory(gladiator=bithys, city="Rome", wins=5, losses=1)
    factories.InjuryFactory(gladiator=bithys, name="Cracked Rib", table_roll=44, day_taken=2)

    editor = factories.EditorFactory(campaign=campaign, name="Fabius", player=other)
    held = factories.ShowFactory(
        campaign=campaign, editor=editor, name="Games at Capua", venue=Venue.CAPUA, day=1
    )
    held.status = Show.Status.HELD
    held.save()
    bout = factories.BoutFactory(
        show=held,
        fighter_a=bithys,
        fighter_b=spartacus,
        status=Bout.Status.DONE,
        winner=bithys,
        loser=spartacus,
        end_reason=Bout.EndReason.YIELD,
        favor_a=5,
        favor_b=4,
    )
    Verdict.objects.create(
        bout=bout,
        loser_favor=4,
        crowd_call=Verdict.Call.DIVIDED,
        editor_act=Verdict.Act.MISSIO,
    )
    show = factories.ShowFactory(
        campaign=campaign, editor=editor, name="The Forum munus", venue=Venue.FORUM_ROMANUM, day=5
    )

    opening_balance(account=accounts.chest(school), amount=NERVA_CHEST)
    opening_balance(account=accounts.chest(rival), amount=BATIATUS_CHEST)
    opening_balance(account=accounts.purse(editor), amount=FABIUS_PURSE)
    opening_balance(account=accounts.peculium(bithys), amount=BITHYS_PECULIUM)
    return Cast(
        campaign=campaign,
        gm=gm,
        nerva=nerva,
        other=other,
        outsider=outsider,
        school=school,
        rival=rival,
        bithys=bithys,
        crixus=crixus,
        spartacus=spartacus,
        free_agent=free_agent,
        editor=editor,
        show=show,
        bout=bout,
        other_campaign=other_campaign,
    )


def hire_spartacus(cast: Cast) -> Transaction:
    """A public cost: Fabius hires Spartacus (Batiatus's man) to the Forum munus."""
    return hire_contract_create(show=cast.show, gladiator=cast.spartacus, kind="team").transaction


MEMBERS = ("gm", "nerva", "other")
EVERYONE = ("gm", "nerva", "other", "outsider")
