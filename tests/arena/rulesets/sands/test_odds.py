"""The Sands odds service (arena/rulesets/sands/odds.py): an ask keeps its parameters as JSON and
comes back from them, the run is the engine's and reports its progress, and a man who cannot
fight the duel is refused with the reason. (Its background task: tests/arena/test_tasks.py.)"""

import pytest

from arena.errors import BoutError
from arena.rulesets.sands import odds as service
from arena.tasks import odds_job
from ludus.models import Gladiator, Job
from rules.sands.bout import FighterSpec, Setup
from rules.sands.odds import bout_odds
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def men():
    campaign = factories.CampaignFactory(ruleset="sands")
    school = factories.LanistaFactory(campaign=campaign, name="Nerva")
    made = {}
    for name, armatura in (("Crixus", "murmillo"), ("Bithys", "thraex"), ("Felix", "retiarius")):
        made[name] = Gladiator(campaign=campaign, owner=school, name=name, armatura=armatura)
        made[name].save()
    return campaign, made


def test_an_ask_round_trips_through_its_parameters(men):
    campaign, made = men
    ask = service.SandsOddsAsk(
        "murmillo", "thraex", {"press": "2"}, {}, 500, 9, fighter_a=made["Crixus"], turn_limit=10
    )
    params = ask.params()
    assert params["fighter_a"] == made["Crixus"].pk and params["fighter_b"] is None
    assert service.SandsOddsAsk.from_params(campaign, params) == ask
    setup = ask.setup()
    assert (setup.a.name, setup.a.kind, dict(setup.a.orders)) == (
        "Crixus",
        "murmillo",
        {"press": "2"},
    )
    assert (setup.b.name, setup.b.kind, setup.turn_limit) == ("Thraex", "thraex", 10)
    assert ask.title == "Crixus v Thraex (Sands): 500 bouts, seed 9"


def test_the_run_is_the_engines_and_reports_its_progress(men):
    _, made = men
    ask = service.SandsOddsAsk(
        "thraex", "murmillo", {}, {}, 1200, 3, fighter_a=made["Bithys"], fighter_b=made["Crixus"]
    )
    seen = []
    run = service.sands_odds_run(ask, progress=seen.append)
    expected = bout_odds(
        Setup(FighterSpec("Bithys", "thraex"), FighterSpec("Crixus", "murmillo")),
        bouts=1200,
        seed=3,
    )
    assert run.as_dict() == expected.as_dict()
    assert seen == [500, 1000, 1200]
    assert service.result_from(service.result_data(run)) == run


def test_a_man_who_cannot_fight_the_duel_is_refused(men):
    campaign, made = men
    ask = service.SandsOddsAsk("murmillo", "thraex", {}, {}, 5000, 1, fighter_b=made["Felix"])
    with pytest.raises(BoutError, match="Felix is a retiarius"):
        service.sands_odds_job_start(campaign=campaign, ask=ask, task=odds_job)
    assert Job.objects.count() == 0


def test_two_of_one_kind_are_told_apart(men):
    ask = service.SandsOddsAsk("thraex", "thraex", {}, {}, 100, 1)
    setup = ask.setup()
    assert (setup.a.name, setup.b.name) == ("Thraex", "Thraex 2")
