"""A generated practice campaign as a background job (issue 14): the worker builds the very
campaign `manage.py generate_campaign` builds for the same plan, reports the shows held on the
job, opens the campaign to its GM only when it is done, and tells a failure on the job; the
page's bounds are refused by field with nothing written; one generation waits at a time per
user, and a repeated form queues once."""

import io
import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.http import Http404
from django.utils import timezone

from arena.models import Bout, Show
from desk.campaign_archive import campaign_export
from desk.generate import GenerateError
from desk.services import generation
from desk.services.generation import (
    FAILED,
    KIND,
    NO_GM,
    ONE_AT_A_TIME,
    STALE,
    WEB_BOUNDS,
    GenerationError,
    generation_run,
    generation_start,
    generations_shown,
)
from desk.tasks import campaign_generate_job
from economy.ledger import balance_mismatches
from economy.models import Entry
from ludus.access import campaign_access
from ludus.errors import AlreadyDone
from ludus.models import Campaign, Gladiator, Job, Membership, OnceKey

TINY = {"gladiators": 8, "shows": 2, "bouts": 4}
KEY = "g" * 32


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


def _user(name: str = "gm"):
    return get_user_model().objects.create_user(username=name, password="x" * 12)


def _start(user, key=None, **plan):
    return generation_start(
        user=user, task=campaign_generate_job, once_key=key, **(TINY | {"seed": 3} | plan)
    )


def _comparable(campaign: Campaign) -> dict:
    """The campaign's file, but for the moments it was written at and the bets' random keys."""

    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("created", "history_date")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        if isinstance(value, str):
            return re.sub(r"[0-9a-f]{32}", "<random>", value)
        return value

    return strip(json.loads(json.dumps(campaign_export(campaign))))


def _fresh_database():
    """Empty tables with their ids starting again from 1 (flush resets the sequences)."""
    call_command("flush", interactive=False, verbosity=0)


# The worker closes the connection between tasks, and the two builds are compared from the same
# empty database: this test commits.
@pytest.mark.django_db(transaction=True)
def test_the_job_builds_exactly_the_campaign_the_command_builds():
    _fresh_database()
    _user("gm")
    call_command("generate_campaign", seed=3, gm="gm", stdout=io.StringIO(), **TINY, quiet=True)
    by_command = Campaign.objects.get()
    expected = _comparable(by_command)
    assert len(expected["ledger"]) > 20 and len(expected["shows"]) == 2

    _fresh_database()
    gm = _user("gm")
    job = _start(gm)  # committed: queued for the worker
    assert Job.objects.get(pk=job.pk).status == Job.Status.QUEUED
    run_worker()

    job.refresh_from_db()
    assert job.status == Job.Status.DONE, job.error
    assert _comparable(job.campaign) == expected
    assert job.result["campaign"] == job.campaign_id
    # the figures of the command's summary line
    assert job.result["shows"] == 2 and job.result["bouts"] == 4
    assert job.result["entries"] == Entry.objects.filter(account__campaign=job.campaign).count()
    assert job.done == job.total == 2


@pytest.mark.django_db
def test_the_campaign_is_nobodys_until_it_is_built_then_its_gm_sees_it(monkeypatch):
    gm = _user()
    job = _start(gm, shows=3, bouts=6, gladiators=12)
    campaign = job.campaign
    assert campaign.name == "Generated campaign (seed 3)"
    assert not Membership.objects.filter(campaign=campaign).exists()
    with pytest.raises(Http404):
        campaign_access(gm, campaign.pk)  # no page shows it, not even to its GM-to-be
    assert generations_shown(gm) == [job]

    seen = []
    real = generation.job_progress

    def progress(job_id, done):
        # while it is built: still nobody's, and the job shows how far it is
        assert not Membership.objects.filter(campaign=campaign).exists()
        seen.append(done)
        real(job_id, done)
        assert Job.objects.get(pk=job_id).done == done

    monkeypatch.setattr(generation, "REPORT_EVERY", 0)
    monkeypatch.setattr(generation, "job_progress", progress)
    done = generation_run(job.pk)

    assert seen == [1, 2, 3]  # after each show held, of three asked
    assert done.status == Job.Status.DONE and done.done == done.total == 3
    assert campaign_access(gm, campaign.pk).is_gm
    assert Membership.objects.filter(campaign=campaign).count() == 1
    result = done.result
    assert result["shows"] == Show.objects.filter(campaign=campaign).count() == 3
    assert result["bouts"] == Bout.objects.filter(show__campaign=campaign).count() == 6
    assert result["entries"] == Entry.objects.filter(account__campaign=campaign).count() > 100
    assert result["recruits"] == Gladiator.objects.filter(campaign=campaign).count() - 12
    assert result["day"] == Campaign.objects.get(pk=campaign.pk).day > 1
    assert result["seconds"] >= 0
    assert balance_mismatches(campaign) == []
    assert generations_shown(gm) == []  # done: it is one of his campaigns now


@pytest.mark.django_db
def test_a_job_is_built_once_however_often_its_task_runs():
    job = _start(_user())
    generation_run(job.pk)
    bouts = Bout.objects.filter(show__campaign=job.campaign).count()
    assert generation_run(job.pk) is None  # over: left alone
    assert Bout.objects.filter(show__campaign=job.campaign).count() == bouts == 4
    other = _start(_user("other"))
    Job.objects.filter(pk=other.pk).update(status=Job.Status.RUNNING)  # another worker's
    assert generation_run(other.pk) is None
    assert not Gladiator.objects.filter(campaign=other.campaign).exists()


@pytest.mark.django_db
def test_a_failure_is_told_on_the_job_and_the_half_built_campaign_removed(monkeypatch):
    gm = _user()
    job = _start(gm)
    half = job.campaign_id

    def broken(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(generation, "generate_into", broken)
    with pytest.raises(RuntimeError):
        campaign_generate_job.call(job.pk)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and job.error == FAILED and job.finished
    assert "disk" not in job.error  # the server's error stays in its log
    assert job.campaign_id is None and not Campaign.objects.filter(pk=half).exists()
    assert generations_shown(gm) == [job]  # he learns of it on his campaign list
    Job.objects.filter(pk=job.pk).update(finished=timezone.now() - timedelta(days=2))
    assert generations_shown(gm) == []  # for a day


@pytest.mark.django_db
def test_a_requester_gone_is_a_failure_not_a_campaign_for_nobody():
    gm = _user()
    job = _start(gm)
    Job.objects.filter(pk=job.pk).update(requested_by=None)
    assert generation_run(job.pk).error == NO_GM
    assert not Gladiator.objects.filter(campaign=job.campaign).exists()


@pytest.mark.parametrize(
    ("plan", "field", "message"),
    [
        ({"gladiators": 3}, "gladiators", "gladiators: at least 4; got 3."),
        ({"gladiators": 1_001}, "gladiators", "gladiators: at most 1,000; got 1,001."),
        ({"shows": 0}, "shows", "shows: at least 1; got 0."),
        ({"shows": 1_001, "bouts": 2_000}, "shows", "shows: at most 1,000; got 1,001."),
        ({"bouts": 5_001, "shows": 300}, "bouts", "bouts: at most 5,000; got 5,001."),
        ({"shows": 3, "bouts": 2}, "bouts", "bouts: every show needs a bout, so at least shows"),
        ({"shows": 1, "bouts": 21}, "bouts", "bouts: at most 20 pairs a card"),
        ({"shows": 1, "bouts": 3}, "gladiators", "gladiators: a card of 3 pairs needs 12"),
    ],
)
@pytest.mark.django_db
def test_the_pages_bounds_are_refused_by_field_and_nothing_is_written(plan, field, message):
    with pytest.raises(GenerateError) as refused:
        _start(_user(), key=KEY, **plan)
    assert refused.value.field == field
    assert message in str(refused.value) and "--" not in str(refused.value)
    assert not Campaign.objects.exists() and not Job.objects.exists()
    assert not OnceKey.objects.exists()  # the form may be corrected and sent again


def test_the_pages_bounds_are_within_the_commands():
    assert (WEB_BOUNDS.gladiators, WEB_BOUNDS.shows, WEB_BOUNDS.bouts) == (1_000, 1_000, 5_000)
    assert WEB_BOUNDS.bouts <= WEB_BOUNDS.shows * 20


@pytest.mark.django_db
def test_a_repeated_form_queues_once_and_one_generation_waits_at_a_time():
    gm = _user()
    first = _start(gm, key=KEY)
    with pytest.raises(AlreadyDone) as again:
        _start(gm, key=KEY)
    assert again.value.result_id == first.pk
    with pytest.raises(GenerationError) as busy:
        _start(gm, key="h" * 32, seed=4)  # another tab, another plan
    assert str(busy.value) == ONE_AT_A_TIME.format(title=first.title)
    assert busy.value.field == "__all__"
    assert Job.objects.filter(kind=KIND).count() == Campaign.objects.count() == 1
    # another user is not held up by him
    _start(_user("other"), key="i" * 32)
    assert Job.objects.filter(kind=KIND).count() == 2
    # once his job is done he may ask for another
    generation_run(first.pk)
    second = _start(gm, key="j" * 32, seed=5)
    assert second.pk != first.pk and second.campaign_id != first.campaign_id


@pytest.mark.django_db
def test_a_job_lost_by_its_worker_no_longer_blocks_the_next():
    gm = _user()
    lost = _start(gm)
    Job.objects.filter(pk=lost.pk).update(created=timezone.now() - timedelta(hours=3))
    fresh = _start(gm, seed=9)
    lost.refresh_from_db()
    assert lost.status == Job.Status.FAILED and lost.error == STALE
    assert fresh.status == Job.Status.QUEUED
