"""The cast and helpers the Sands odds page's tests share (test_sands_odds.py,
test_sands_odds_carried.py): a Sands campaign with the shared cast of users (tests/cast.py) and
Nerva's school, played by the owner (Crixus the murmillo, Spartacus the thraex); the page's
addresses; a run's form data (the two men, each side's first orders, 300 bouts, seed 7)."""

from django.urls import reverse

from arena.rulesets.sands import odds as service
from ludus.models import Gladiator
from tests import factories
from tests.cast import cast_users

HTMX = {"HTTP_HX_REQUEST": "true"}
LONG = service.BACKGROUND_ABOVE + 1


class SandsOddsCast:
    def __init__(self):
        self.campaign = factories.CampaignFactory(name="Sands of Capua", ruleset="sands")
        users = cast_users(self.campaign)
        self.gm, self.owner, self.other, self.outsider = (
            users.gm,
            users.owner,
            users.other,
            users.outsider,
        )
        self.school = factories.LanistaFactory(
            campaign=self.campaign, name="Nerva", player=self.owner
        )
        self.crixus = man(self.campaign, self.school, "Crixus", "murmillo")
        self.spartacus = man(self.campaign, self.school, "Spartacus", "thraex")


def man(campaign, owner, name, armatura) -> Gladiator:
    """A man as a Sands campaign keeps him: no ratings on his sheet (not checked here, so a
    test may make one the page must refuse)."""
    gladiator = Gladiator(campaign=campaign, owner=owner, name=name, armatura=armatura)
    gladiator.save()
    return gladiator


def url(name, cast, *args):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, *args])


def run_data(cast, **extra) -> dict:
    data = {
        "fighter_a": cast.crixus.pk,
        "kind_a": "murmillo",
        "fighter_b": cast.spartacus.pk,
        "kind_b": "thraex",
        "turn_limit": "",
        "bouts": "300",
        "seed": "7",
    }
    for side in "ab":
        data |= {f"{side}_{key}": values[0] for key, values in service.sands.ORDER_OPTIONS.items()}
    return data | extra
