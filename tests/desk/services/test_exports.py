"""The GM's Download as a background job (issue 14): the worker writes exactly the file
`manage.py export_campaign` writes, reporting its rows as it goes; one export at a time per
campaign; the latest file replaces the earlier; a worker that raises leaves a failed job with a
clear message and no file."""

import io
import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import timezone

from desk import campaign_archive
from desk.campaign_archive import campaign_export
from desk.demo import demo_build
from desk.services import exports
from desk.services.exports import (
    FAILED,
    KIND,
    STALE,
    campaign_text,
    export_job_start,
    export_run,
    file_chunks,
    kept_export,
)
from desk.tasks import campaign_export_job
from economy.models import Transaction
from ludus.errors import AlreadyDone
from ludus.models import Gladiator, Job, JobFile
from tests.cast import build_cast

KEY = "e" * 32


@pytest.fixture
def cast(db):
    return build_cast()


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


def command_file(campaign, tmp_path: Path) -> bytes:
    out = tmp_path / "by-command.json"
    call_command("export_campaign", campaign.pk, output=str(out), stdout=io.StringIO())
    return out.read_bytes()


def served(file: JobFile) -> bytes:
    return b"".join(file_chunks(file))


@pytest.mark.parametrize(
    "data",
    [
        {"a": 1, "b": [], "c": {}, "d": None},
        {"list": [{"x": [1, [2, {}], []], "s": 'two\nlines "quoted" é \u2028 ✓'}, 3, "z"]},
        {"nested": {"deep": {"er": [1, 2]}}, "empty": "", "f": 1.5, "t": True},
        {"only": [[], {}, [[]]]},
    ],
)
def test_the_text_piece_by_piece_is_json_dumps_byte_for_byte(data):
    whole = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    rows = []
    assert "".join(campaign_text(data, rows.append)) == whole
    assert len(rows) == sum(len(v) for v in data.values() if isinstance(v, list))


# The worker closes the connection between tasks, as a request would: these tests commit.
@pytest.mark.django_db(transaction=True)
def test_the_worker_writes_exactly_the_commands_file(
    tmp_path, monkeypatch, django_capture_on_commit_callbacks
):
    campaign = demo_build().campaign
    monkeypatch.setattr(campaign_archive, "LEDGER_CHUNK", 7)  # the ledger read in many chunks
    # A name of other letters, quotes and a line break: the text must escape them as json does.
    Gladiator.objects.filter(campaign=campaign, name="Bithys").update(
        name='Bíthys "Æ"\nthe Thracian'
    )
    with django_capture_on_commit_callbacks(execute=True):
        job = export_job_start(campaign=campaign, task=campaign_export_job)
    assert Job.objects.get(pk=job.pk).status == Job.Status.QUEUED

    run_worker()

    job.refresh_from_db()
    assert job.status == Job.Status.DONE and job.finished is not None
    file = JobFile.objects.get(job=job)
    monkeypatch.setattr(campaign_archive, "LEDGER_CHUNK", 10**9)  # the command's, in one read
    expected = command_file(campaign, tmp_path)
    body = served(file)
    assert body == expected  # byte for byte
    assert json.loads(body) == json.loads(json.dumps(campaign_export(campaign)))
    assert file.size == len(expected) and len(bytes(file.content)) < len(expected) / 3
    data = json.loads(body)
    rows = sum(len(v) for v in data.values() if isinstance(v, list))
    # the rows: the ledger's transactions read, then every item of the file written
    assert job.done == job.total == len(data["ledger"]) + rows and rows == job.result["rows"]
    assert len(data["ledger"]) == Transaction.objects.filter(campaign=campaign).count()
    assert file.name == job.result["name"] == f"capua-and-rome-50-bc-day-{campaign.day}.json"


@pytest.mark.django_db
def test_the_rows_are_reported_as_they_are_written(monkeypatch):
    campaign = demo_build().campaign
    job = export_job_start(campaign=campaign, task=campaign_export_job)
    reports = []
    real = exports.job_progress
    monkeypatch.setattr(campaign_archive, "LEDGER_CHUNK", 5)

    def seen(job_id, done):
        reports.append((Job.objects.get(pk=job_id).total, done))
        real(job_id, done)

    monkeypatch.setattr(exports, "REPORT_EVERY", 0)
    monkeypatch.setattr(exports, "job_progress", seen)
    export_run(job.pk)
    job.refresh_from_db()
    assert len(reports) > 10
    dones = [done for _, done in reports]
    totals = [total for total, _ in reports]
    assert dones == sorted(dones) and dones[-1] == job.total
    # the size is known before the first report (give or take the file's users, counted once
    # the ledger is read), and nothing done is ever more than it
    assert totals == sorted(totals) and totals[0] >= job.total - job.result["rows"] // 10
    assert all(done <= total for total, done in reports)


@pytest.mark.django_db
def test_one_export_at_a_time_and_a_repeated_click_queues_once(cast):
    first = export_job_start(campaign=cast.campaign, task=campaign_export_job, once_key=KEY)
    with pytest.raises(AlreadyDone) as again:
        export_job_start(campaign=cast.campaign, task=campaign_export_job, once_key=KEY)
    assert again.value.result_id == first.pk
    # another tab, another key: the export still waiting is the answer
    other_tab = export_job_start(
        campaign=cast.campaign, task=campaign_export_job, once_key="f" * 32
    )
    assert other_tab == first
    assert Job.objects.filter(kind=KIND).count() == 1
    # another campaign's export is its own
    assert export_job_start(campaign=cast.other_campaign, task=campaign_export_job) != first
    # once it is over, Download writes the campaign anew
    export_run(first.pk)
    assert export_job_start(campaign=cast.campaign, task=campaign_export_job) != first


@pytest.mark.django_db
def test_an_export_lost_long_ago_does_not_block_the_next(cast):
    """Queued and never taken (a running one whose worker stopped lapses sooner: its lease)."""
    lost = export_job_start(campaign=cast.campaign, task=campaign_export_job)
    Job.objects.filter(pk=lost.pk).update(
        created=timezone.now() - exports.STALE_AFTER - timedelta(1)
    )
    fresh = export_job_start(campaign=cast.campaign, task=campaign_export_job)
    lost.refresh_from_db()
    assert fresh != lost and lost.status == Job.Status.FAILED and lost.error == STALE


@pytest.mark.django_db
def test_the_latest_file_replaces_the_earlier(cast, tmp_path):
    first = export_run(export_job_start(campaign=cast.campaign, task=campaign_export_job).pk)
    cast.campaign.day += 1
    cast.campaign.save()
    second = export_run(export_job_start(campaign=cast.campaign, task=campaign_export_job).pk)
    assert list(JobFile.objects.values_list("job_id", flat=True)) == [second.pk]
    assert kept_export(cast.campaign) == second.pk
    assert first.status == second.status == Job.Status.DONE
    assert (first.result["day"], second.result["day"]) == (3, 4)
    assert served(second.file) == command_file(cast.campaign, tmp_path)


@pytest.mark.django_db(transaction=True)
def test_a_worker_that_raises_leaves_a_failed_job_and_no_file(
    cast, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(campaign):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(exports, "export_snapshot", broken)
    with django_capture_on_commit_callbacks(execute=True):
        job = export_job_start(campaign=cast.campaign, task=campaign_export_job)
    run_worker()
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and job.error == FAILED
    assert "disk on fire" not in job.error and not JobFile.objects.exists()
