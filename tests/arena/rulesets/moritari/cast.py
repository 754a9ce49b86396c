"""The Moritari part of a campaign in the tests (tests.cast.make_campaign): Nerva's school (the
owner's: Bithys the thraex, Crixus the murmillo), Batiatus's (the other player's: Spartacus the
Samnite) and Scaurus's, the GM's (Verus the murmillo), each to the crowd's taste; no fight
planned (a skirmish is put on the card by `fight_add`)."""

from arena.book.services import book_open
from arena.models import Bout
from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari import odds as service
from arena.rulesets.moritari.fights import Entrant, fight_add
from arena.services.bouts import bout_fight
from economy.models import Book
from ludus.models import Gladiator

CAMPAIGN = {"name": "Moritari at Capua", "day": 2}
ODDS_MAN_GONE = service.MAN_GONE


def man(campaign, school, name, armatura) -> Gladiator:
    return Gladiator.objects.create(
        campaign=campaign, owner=school, name=name, armatura=armatura, orders="crowd"
    )


def men(cast) -> dict[str, Gladiator]:
    return {
        "bithys": man(cast.campaign, cast.school, "Bithys", "thraex"),
        "crixus": man(cast.campaign, cast.school, "Crixus", "murmillo"),
        "spartacus": man(cast.campaign, cast.rival, "Spartacus", "samnite"),
        "verus": man(cast.campaign, cast.third, "Verus", "murmillo"),
    }


def first_bout(cast) -> None:
    return None


def sweep_bouts(cast) -> dict[str, Bout]:
    """A fight waiting for Caesar, a fight over (a man and a lion), one planned (a bull)."""
    waiting = fight_add(
        show=cast.show,
        entrants=[Entrant(gladiator=cast.bithys), Entrant(gladiator=cast.spartacus)],
        caesar_asks=True,
    )
    setup = moritari.setup_from_data(moritari.setup_data(waiting))
    seed = next(s for s in range(1, 300) if moritari.engine.play(setup, s).pending)
    waiting = bout_fight(bout=waiting, seed=seed, auto_decide=False)
    over = fight_add(
        show=cast.show, entrants=[Entrant(gladiator=cast.verus), Entrant(beast="lion", name="Leo")]
    )
    planned = fight_add(
        show=cast.show,
        entrants=[Entrant(gladiator=cast.crixus), Entrant(beast="bull", name="Taurus")],
    )
    book_open(bout=planned, source=Book.Source.ENGINE)
    return {"pending": waiting, "done": bout_fight(bout=over, seed=2), "planned": planned}


def odds_ask(cast, size: int, seed: int) -> service.MoritariOddsAsk:
    picks = (service.Pick(man=cast.bithys), service.Pick(man=cast.spartacus))
    return service.MoritariOddsAsk(
        picks=(*picks, service.Pick(beast="lion")), fights=size, seed=seed
    )


def odds_result(ask: service.MoritariOddsAsk) -> dict:
    return service.result_data(service.moritari_odds_run(ask))
