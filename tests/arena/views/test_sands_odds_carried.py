"""The Sands odds page prices a campaign man as his bout would take him: with the wound marks
of the injuries he carries (unhealed; the Sands adapter's `man_spec`, the same reading as a
bout's setup), says what he carries into the priced bouts, refuses a man too hurt to fight,
and a background run keeps the marks he carried when it was asked."""

import pytest
from django.core.management import call_command

from arena.models import Bout, BoutEntry
from arena.rulesets.sands import adapter
from arena.rulesets.sands import odds as service
from ludus.models import Injury, Job
from rules.sands.bout import FighterSpec, Setup
from rules.sands.odds import bout_odds
from tests import factories
from tests.arena.rulesets.sands.cast import HTMX, LONG, run_data, url
from tests.cast import make_campaign

# Crixus's unhealed wounds: 2 + 1 marks in the torso (of 4 boxes), 1 in the lead arm (of 3).
CARRIED = {"torso": 3, "lead arm": 1}


def wounded_crixus():
    """A Sands campaign whose Crixus carries wounds (CARRIED)."""
    cast = make_campaign(ruleset="sands")
    for name in ("Slow kill: torso", "Deep wound: torso", "Flesh wound: lead arm"):
        factories.InjuryFactory(gladiator=cast.crixus, name=name)
    # Healed, or not a Sands wound: they mark nothing.
    factories.InjuryFactory(gladiator=cast.crixus, name="Deep wound: head", healed_on=1)
    factories.InjuryFactory(gladiator=cast.crixus, name="Cracked Rib")
    return cast


@pytest.fixture
def cast(db):
    return wounded_crixus()


def wounded() -> Setup:
    return Setup(
        FighterSpec("Crixus", "murmillo", carried=CARRIED), FighterSpec("Spartacus", "thraex")
    )


def test_the_odds_take_his_wounds_as_his_bout_would(cast):
    ask = service.SandsOddsAsk(
        "murmillo", "thraex", {}, {}, 300, 7, fighter_a=cast.crixus, fighter_b=cast.spartacus
    )
    assert dict(ask.setup().a.carried) == CARRIED and dict(ask.setup().b.carried) == {}
    # The same reading as a bout of the two: the adapter's setup carries the same marks in.
    show = factories.ShowFactory(campaign=cast.campaign)
    bout = Bout.objects.create(show=show, order=1)
    BoutEntry.objects.create(bout=bout, side="a", gladiator=cast.crixus)
    BoutEntry.objects.create(bout=bout, side="b", gladiator=cast.spartacus)
    assert dict(adapter.bout_setup(bout).a.carried) == CARRIED
    assert (
        service.sands_odds_run(ask).as_dict() == bout_odds(wounded(), bouts=300, seed=7).as_dict()
    )


def test_the_page_prices_him_wounded_and_says_what_he_carries(cast, as_user):
    response = as_user(cast.other).post(url("odds_run", cast), run_data(cast), **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    expected = bout_odds(wounded(), bouts=300, seed=7)
    fresh = bout_odds(
        Setup(FighterSpec("Crixus", "murmillo"), FighterSpec("Spartacus", "thraex")),
        bouts=300,
        seed=7,
    )
    assert (expected.a_wins, expected.b_wins) != (fresh.a_wins, fresh.b_wins)
    assert f"{expected.a_wins:,} of 300" in text and f"{expected.b_wins:,} of 300" in text
    carried = text.split('id="odds-carried"', 1)[1].split("</p>", 1)[0]
    assert "<strong>Crixus</strong> 3 of 4 torso boxes marked, 1 of 3 lead arm boxes marked" in (
        carried
    )
    assert "<strong>Spartacus</strong> no wounds (fresh)" in carried
    assert "head" not in carried  # healed


def test_a_standard_kind_comes_fresh(cast, as_user):
    data = run_data(cast, fighter_b="", kind_b="thraex")
    text = as_user(cast.gm).post(url("odds_run", cast), data, **HTMX).content.decode()
    assert "<strong>Thraex</strong> no wounds (fresh)" in text


def test_a_man_with_a_location_full_is_refused_by_name(cast, as_user):
    factories.InjuryFactory(gladiator=cast.crixus, name="Slow kill: head")  # 2 of 2 boxes
    response = as_user(cast.gm).post(url("odds_run", cast), run_data(cast), **HTMX)
    assert response.status_code == 400
    assert "Crixus carries 2 wounds in the head of its 2 boxes: he cannot fight" in (
        response.content.decode()
    )
    big = as_user(cast.gm).post(url("odds_run", cast), run_data(cast, bouts=LONG), **HTMX)
    assert big.status_code == 400 and Job.objects.count() == 0


@pytest.mark.django_db(transaction=True)  # the worker closes its connection between tasks
def test_a_background_run_keeps_the_wounds_he_carried_when_asked(as_user):
    cast = wounded_crixus()
    client = as_user(cast.gm)
    client.post(url("odds_run", cast), run_data(cast, bouts=LONG), **HTMX)
    job = Job.objects.get()
    assert job.params["carried_a"] == CARRIED and job.params["carried_b"] == {}
    Injury.objects.filter(gladiator=cast.crixus).update(healed_on=2)  # the medicus, meanwhile
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE
    expected = bout_odds(wounded(), bouts=LONG, seed=7)
    assert service.result_from(job.result).as_dict() == expected.as_dict()
    text = client.get(url("odds_job", cast, job.pk), **HTMX).content.decode()
    assert f"{expected.a_wins:,} of {LONG:,}" in text
    assert "3 of 4 torso boxes marked" in text
    # Asked again now, he comes fresh: another run.
    client.post(url("odds_run", cast), run_data(cast, bouts=LONG), **HTMX)
    assert Job.objects.count() == 2
    assert Job.objects.latest("pk").params["carried_a"] == {}


def test_a_run_queued_before_the_wounds_were_kept_reads_fresh(cast):
    """A job's parameters from before (no carried_a): it was run fresh, and is shown so."""
    ask = service.SandsOddsAsk("murmillo", "thraex", {}, {}, 100, 1, fighter_a=cast.crixus)
    params = ask.params()
    del params["carried_a"], params["carried_b"]
    again = service.SandsOddsAsk.from_params(cast.campaign, params)
    assert dict(again.setup().a.carried) == {}
