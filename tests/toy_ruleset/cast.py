"""The coin-flip duel's part of a campaign in the tests (tests.cast.make_campaign finds it as
it finds every ruleset's: the mirror of its plug-in's package, here this package itself)."""

from arena.book.services import book_open
from arena.models import Bout, BoutEntry
from arena.services.bouts import bout_fight
from economy.models import Book
from ludus.models import Gladiator
from tests import factories
from tests.toy_ruleset import plugin

CAMPAIGN = {"name": "Heads or tails", "day": 1}
ODDS_MAN_GONE = plugin.MAN_GONE


def pair(show, a, b) -> Bout:
    bout = Bout.objects.create(show=show, order=show.bouts.count() + 1)
    BoutEntry.objects.create(bout=bout, side="a", gladiator=a)
    BoutEntry.objects.create(bout=bout, side="b", gladiator=b)
    return bout


def men(cast) -> dict[str, Gladiator]:
    def man(school, name):
        return Gladiator.objects.create(campaign=cast.campaign, owner=school, name=name)

    return {
        "crixus": man(cast.school, "Crixus"),
        "bithys": man(cast.school, "Bithys"),
        "spartacus": man(cast.rival, "Spartacus"),
        "verus": man(cast.third, "Verus"),
    }


def first_bout(cast) -> Bout:
    return pair(cast.show, cast.crixus, cast.spartacus)


def sweep_bouts(cast) -> dict[str, Bout]:
    """A duel one flip in, a duel flipped to its end, one planned with its book."""
    going = bout_fight(bout=pair(cast.show, cast.crixus, cast.spartacus), seed=1, rounds=1)
    done = bout_fight(bout=pair(cast.show, cast.bithys, cast.verus), seed=2)
    later = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor)
    planned = pair(later, cast.crixus, cast.bithys)
    book_open(bout=planned, source=Book.Source.ENGINE)
    return {"pending": going, "done": done, "planned": planned}


def odds_ask(cast, size: int, seed: int) -> plugin.CoinAsk:
    return plugin.CoinAsk(cast.crixus, cast.spartacus, size, seed)


def odds_result(ask: plugin.CoinAsk) -> dict:
    return plugin.coin_odds(ask)
