"""The Era part of a campaign in the tests (tests.cast.make_campaign): Bithys the thraex and
Crixus the murmillo of Nerva's school, Spartacus the Samnite of Batiatus's, Verus the Gaul of
Scaurus's, and a first pair, Bithys against Spartacus. (The Era's campaign-page cast, richer
in money and history, is tests.cast.build_cast.)"""

from arena.book.services import book_open
from arena.models import Bout
from arena.rulesets.era.odds import OddsAsk, odds_in_chunks, result_data
from arena.rulesets.era.odds_views import MAN_GONE
from arena.services.bouts import bout_fight
from economy.models import Book
from ludus.models import Gladiator
from tests import factories

CAMPAIGN = {"name": "Rome, 50 BC", "day": 3}
# A run whose man is gone fails as a crash would (the Era's page names no reason).
ODDS_MAN_GONE = MAN_GONE
WOUND = "Cracked Rib"


def men(cast) -> dict[str, Gladiator]:
    def man(school, name, armatura, **ratings):
        return factories.GladiatorFactory(
            campaign=cast.campaign, owner=school, name=name, armatura=armatura, **ratings
        )

    return {
        "bithys": man(cast.school, "Bithys", "thraex", melee=3),
        "crixus": man(cast.school, "Crixus", "murmillo"),
        "spartacus": man(cast.rival, "Spartacus", "samnite"),
        "verus": man(cast.third, "Verus", "gaul"),
    }


def first_bout(cast, **orders) -> Bout:
    return factories.BoutFactory(
        show=cast.show, fighter_a=cast.bithys, fighter_b=cast.spartacus, **orders
    )


def sweep_bouts(cast) -> dict[str, Bout]:
    """A yield asked of Bithys, a pair fought to its end, one planned, and a wound to treat."""
    asking = {"name": "cautious", "ask": ["yield"]}
    pending = factories.BoutFactory(
        show=cast.show, fighter_a=cast.bithys, fighter_b=cast.spartacus, orders_a=asking
    )
    pending = bout_fight(bout=pending, seed=1)  # stops at Bithys's first turn
    done = factories.BoutFactory(show=cast.show, fighter_a=cast.crixus, fighter_b=cast.verus)
    later = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor)
    planned = factories.BoutFactory(show=later, fighter_a=cast.bithys, fighter_b=cast.crixus)
    book_open(bout=planned, source=Book.Source.ENGINE)
    factories.InjuryFactory(gladiator=cast.spartacus, name=WOUND)  # for the medicus's pages
    return {"pending": pending, "done": bout_fight(bout=done, seed=2), "planned": planned}


def odds_ask(cast, size: int, seed: int) -> OddsAsk:
    return OddsAsk(
        fighter_a=cast.bithys,
        fighter_b=cast.spartacus,
        orders_a="fight-on",
        orders_b="cautious",
        venue=cast.show.venue,
        favor_a=None,
        favor_b=None,
        bouts=size,
        seed=seed,
    )


def odds_result(ask: OddsAsk) -> dict:
    return result_data(odds_in_chunks(ask.setup(), bouts=ask.bouts, seed=ask.seed))
