"""The Moritari odds service (arena/rulesets/moritari/odds.py): an ask keeps its parameters as
JSON and comes back from them, builds the engine's setup from the men as they are (armatura,
school, Wounds) and beasts, the run is the engine's and reports its progress, a result keeps its
fighters as run, and what cannot fight is refused. (Its background task:
tests/arena/test_tasks.py.)"""

import pytest

from arena.errors import BoutError
from arena.rulesets.moritari import odds as service
from arena.tasks import odds_job
from ludus.models import Gladiator, Job
from rules.core.errors import RulesError
from rules.moritari.fight import BEASTS, FighterSpec, Setup
from rules.moritari.odds import fight_odds
from tests.cast import make_campaign

CROWD = {"thumb": "crowd", "caesar": "auto"}


@pytest.fixture
def cast(db):
    return make_campaign(ruleset="moritari")


def ask_of(cast, *picks, fights=600, seed=9) -> service.MoritariOddsAsk:
    return service.MoritariOddsAsk(
        picks=tuple(
            service.Pick(man=p) if isinstance(p, Gladiator) else service.Pick(beast=p)
            for p in picks
        ),
        fights=fights,
        seed=seed,
    )


def test_an_ask_round_trips_through_its_parameters(cast):
    ask = ask_of(cast, cast.bithys, cast.spartacus, "rhinoceros")
    params = ask.params()
    assert params == {
        "fighters": [{"man": cast.bithys.pk}, {"man": cast.spartacus.pk}, {"beast": "rhinoceros"}],
        "fights": 600,
        "seed": 9,
    }
    assert service.MoritariOddsAsk.from_params(cast.campaign, params) == ask
    assert ask.title == "Bithys v Spartacus v Rhinoceros (Moritari): 600 fights, seed 9"


def test_the_setup_is_the_men_as_they_are_and_the_beasts(cast):
    Gladiator.objects.filter(pk=cast.crixus.pk).update(wounds=1)
    cast.crixus.refresh_from_db()
    setup = ask_of(cast, cast.bithys, cast.crixus, cast.spartacus, "bull", "bull").setup()
    assert setup == Setup(
        (
            FighterSpec("Bithys", "thraex", "Nerva", CROWD),
            FighterSpec("Crixus", "murmillo", "Nerva", CROWD, hit_points=2),
            FighterSpec("Spartacus", "samnite", "Batiatus", CROWD),
            FighterSpec("Bull", "bull", BEASTS, CROWD),
            FighterSpec("Bull 2", "bull", BEASTS, CROWD),
        )
    )
    assert setup.sides == ("Nerva", "Batiatus", BEASTS)


def test_the_run_is_the_engines_and_reports_its_progress(cast):
    ask = ask_of(cast, cast.bithys, cast.verus, "lion", fights=1200, seed=3)
    seen = []
    run = service.moritari_odds_run(ask, progress=seen.append)
    expected = fight_odds(ask.setup(), fights=1200, seed=3)
    assert run.as_dict() == expected.as_dict()
    assert seen == [500, 1000, 1200]
    back = service.result_from(service.result_data(run))
    assert back == run and back.as_dict() == run.as_dict()


@pytest.mark.parametrize(
    ("picks", "error", "words"),
    [
        (("SPARTACUS_DEAD_TIRED", "lion"), BoutError, "Spartacus carries 3 Wounds"),
        (("BITHYS", "CRIXUS"), RulesError, "at least two sides"),
        (("BITHYS", "tiger"), BoutError, "'tiger' is not a beast of the skirmish"),
    ],
)
def test_what_cannot_fight_is_refused_and_queues_nothing(cast, picks, error, words):
    Gladiator.objects.filter(pk=cast.spartacus.pk).update(wounds=3)
    cast.spartacus.refresh_from_db()
    men = {"SPARTACUS_DEAD_TIRED": cast.spartacus, "BITHYS": cast.bithys, "CRIXUS": cast.crixus}
    ask = ask_of(cast, *(men.get(p, p) for p in picks), fights=5000)
    with pytest.raises(error, match=words):
        service.moritari_odds_job_start(campaign=cast.campaign, ask=ask, task=odds_job)
    assert Job.objects.count() == 0
