"""Odds over many bouts in chunks, as a background job (issue 14): the chunks add up to the
run, a short run is the command's own figures, a job is refused before it is queued. (The
worker's run of a job, for every ruleset: tests/arena/test_tasks.py.)"""

import pytest

from arena.rulesets.era import odds as odds_runs
from arena.rulesets.era.adapter import bout_odds
from arena.rulesets.era.odds import KIND, OddsAsk, chunks, odds_in_chunks
from arena.services.odds_runs import odds_job_start
from arena.tasks import odds_job
from ludus.limits import OutOfRange
from ludus.models import Job
from tests import factories


def _ask(cast, *, bouts=300, seed=5, **extra) -> OddsAsk:
    data = dict(
        fighter_a=cast.bithys,
        fighter_b=cast.rufus,
        orders_a="fight-on",
        orders_b="cautious",
        venue=cast.bout.show.venue,
        favor_a=None,
        favor_b=None,
        bouts=bouts,
        seed=seed,
    )
    data.update(extra)
    return OddsAsk(**data)


def test_a_run_is_cut_into_chunks_that_cover_it_each_with_its_own_seed():
    plan = chunks(30_001, seed=3)
    assert [size for size, _ in plan] == [10_000, 10_000, 10_000, 1]
    assert len({seed for _, seed in plan}) == 4
    assert plan == chunks(30_001, seed=3)  # the same seed, the same chunks
    assert chunks(500, seed=3) == [(500, 3)]


def test_a_short_run_gives_the_engines_own_figures_for_its_seed(cast):
    ask = _ask(cast)
    assert odds_in_chunks(ask.setup(), bouts=300, seed=5) == bout_odds(
        ask.setup(), bouts=300, seed=5
    )


def test_the_chunks_counts_add_up_and_progress_is_reported(cast, monkeypatch):
    monkeypatch.setattr(odds_runs, "CHUNK", 100)
    ask = _ask(cast)
    seen = []
    run = odds_in_chunks(ask.setup(), bouts=250, seed=5, progress=seen.append)
    assert seen == [100, 200, 250]
    parts = [bout_odds(ask.setup(), bouts=n, seed=s) for n, s in chunks(250, 5)]
    assert run.bouts == 250 and run.seed == 5
    assert run.a_wins == sum(p.a_wins for p in parts)
    assert run.a_wins + run.b_wins + run.draws == 250
    assert run.total_rounds == sum(p.total_rounds for p in parts)


def test_a_job_of_no_bouts_is_refused_and_queues_nothing(cast, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(OutOfRange, match="total"):
        odds_job_start(campaign=cast.campaign, ask=_ask(cast, bouts=0), task=odds_job, kind=KIND)
    assert not Job.objects.exists()


def test_another_campaigns_man_is_not_read_by_a_job(cast):
    stranger = factories.GladiatorFactory()
    params = {**_ask(cast).params(), "fighter_b": stranger.pk}
    with pytest.raises(Exception, match="does not exist"):
        OddsAsk.from_params(cast.campaign, params)
