"""The Sands part of a campaign in the tests (tests.cast.make_campaign): two murmillones and two
thraeces, and a first pair, Crixus the murmillo of Nerva's school against Spartacus the thraex
of Batiatus's. A Sands sheet holds no ratings: the men are made here, not by GladiatorFactory
(whose Era ratings a Sands sheet refuses)."""

from django.urls import reverse

from arena.book.services import book_open
from arena.models import Bout, BoutEntry
from arena.rulesets.sands import odds as service
from arena.services.bouts import bout_fight
from economy.models import Book
from ludus.models import Gladiator
from tests import factories

CAMPAIGN = {"name": "Sands of Capua", "day": 3}
ODDS_MAN_GONE = service.MAN_GONE
WOUND = "Deep wound: torso"
HTMX = {"HTTP_HX_REQUEST": "true"}
LONG = service.BACKGROUND_ABOVE + 1


def man(campaign, owner, name, armatura, *, checked=True, **fields) -> Gladiator:
    """A man as a Sands campaign keeps him; `checked=False` skips his checks, so a test may make
    one a page must refuse (a retiarius)."""
    gladiator = Gladiator(campaign=campaign, owner=owner, name=name, armatura=armatura, **fields)
    if checked:
        gladiator.full_clean()
    gladiator.save()
    return gladiator


def pair(show, a, b, orders_a=None, orders_b=None) -> Bout:
    bout = Bout.objects.create(show=show, order=show.bouts.count() + 1)
    BoutEntry.objects.create(bout=bout, side="a", gladiator=a, orders=orders_a or {})
    BoutEntry.objects.create(bout=bout, side="b", gladiator=b, orders=orders_b or {})
    return bout


def men(cast) -> dict[str, Gladiator]:
    campaign = cast.campaign
    return {
        "crixus": man(campaign, cast.school, "Crixus", "murmillo", orders="steady"),
        "bithys": man(campaign, cast.school, "Bithys", "thraex", orders="aggressive"),
        "spartacus": man(campaign, cast.rival, "Spartacus", "thraex", orders="steady"),
        "oenomaus": man(campaign, cast.rival, "Oenomaus", "murmillo", orders="cautious"),
    }


def first_bout(cast, orders_a=None, orders_b=None) -> Bout:
    return pair(cast.show, cast.crixus, cast.spartacus, orders_a, orders_b)


def sweep_bouts(cast) -> dict[str, Bout]:
    """A turn's choice pending in the first pair, a pair fought to its end, one planned, and a
    wound to treat."""
    pending = pair(cast.show, cast.crixus, cast.spartacus, {"ask": ["turn"]})
    pending = bout_fight(bout=pending, seed=3, rounds=1)  # stops at Crixus's turn choice
    done = bout_fight(bout=pair(cast.show, cast.bithys, cast.oenomaus), seed=5)
    later = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor)
    planned = pair(later, cast.crixus, cast.bithys)
    book_open(bout=planned, source=Book.Source.ENGINE)
    factories.InjuryFactory(gladiator=cast.spartacus, name=WOUND)  # for the medicus's pages
    return {"pending": pending, "done": done, "planned": planned}


def odds_ask(cast, size: int, seed: int) -> service.SandsOddsAsk:
    return service.SandsOddsAsk(
        "murmillo", "thraex", {}, {}, size, seed, fighter_a=cast.crixus, fighter_b=cast.bithys
    )


def odds_result(ask: service.SandsOddsAsk) -> dict:
    return service.result_data(service.sands_odds_run(ask))


# --- the odds page's form ----------------------------------------------------------------------


def url(name, cast, *args):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, *args])


def run_data(cast, **extra) -> dict:
    """A run of the odds page: Crixus and Spartacus, each side's first orders, 300 bouts."""
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
