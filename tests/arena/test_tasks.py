"""The one odds task (arena.tasks.odds_job) for every ruleset the app serves: the worker runs a
queued job of the ruleset's odds page to its end, its progress reaching the total and its result
the ruleset's own run of the same ask; a job whose men are gone fails with the reason. Each
ruleset's ask and run are its test cast's (tests.cast.ruleset_cast)."""

import json

import pytest
from django.core.management import call_command

from arena.models import Bout
from arena.rulesets import plugin_for, served_plugins
from arena.services.odds_runs import odds_job_start
from arena.tasks import odds_job
from ludus.models import Gladiator, Job
from tests.cast import make_campaign, ruleset_cast

SIZE = 1_200  # bouts or fights: a few progress reports


def run_worker() -> None:
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


def queued(key: str):
    """A campaign of `key` and a run of its odds page queued (as the page queues a long one)."""
    cast = make_campaign(ruleset=key)
    ask = ruleset_cast(key).odds_ask(cast, SIZE, 4)
    kind = plugin_for(key).odds_page.kind
    job = odds_job_start(campaign=cast.campaign, ask=ask, task=odds_job, kind=kind)
    return cast, ask, job


# The worker closes the connection between tasks (as a request would), which would end a test's
# wrapping transaction on PostgreSQL: these tests commit for real.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("key", [plugin.key for plugin in served_plugins()])
def test_the_task_keeps_the_result_and_the_progress_reaches_the_total(key):
    _, ask, job = queued(key)
    assert job.status == Job.Status.QUEUED
    run_worker()
    job.refresh_from_db()
    assert job.status == Job.Status.DONE and job.done == job.total == SIZE
    assert job.result == json.loads(json.dumps(ruleset_cast(key).odds_result(ask)))
    assert job.finished is not None


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("key", [plugin.key for plugin in served_plugins()])
def test_the_task_fails_with_the_reason_when_a_man_is_gone(key):
    cast, _, job = queued(key)
    Bout.objects.filter(show__campaign=cast.campaign).delete()  # a man on a card stays
    Gladiator.objects.filter(campaign=cast.campaign).delete()
    run_worker()
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and job.error == ruleset_cast(key).ODDS_MAN_GONE


@pytest.mark.django_db
def test_a_job_of_a_kind_no_ruleset_runs_fails_with_the_reason():
    cast = make_campaign(ruleset=served_plugins()[0].key)
    job = Job.objects.create(campaign=cast.campaign, kind="chess_odds", title="?", total=1)
    odds_job.call(job.pk)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and "chess_odds" in job.error
