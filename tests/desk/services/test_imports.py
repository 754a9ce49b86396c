"""A campaign file uploaded in the browser is imported by a background job (issue 27): the
request writes no campaign (only the job and its file), the worker imports it in one
transaction with the campaign opened to the uploader and the job done in it, the rows imported
are counted for the bar, a refused file is named on the job, and a worker stopped in the middle
(or back after its lease lapsed) leaves no campaign and no kept file."""

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from desk import campaign_archive
from desk.campaign_archive import campaign_export, campaign_import
from desk.services import imports
from desk.services.imports import KIND, file_rows, import_job_start, import_run
from desk.tasks import campaign_import_job
from ludus.models import Campaign, Job, JobFile, Membership
from ludus.services.jobs import LEASE, job_fresh, job_heartbeat, jobs_reap
from tests.cast import build_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(db):
    return build_cast()


class WorkerKilled(BaseException):
    """Stands for SIGKILL: no `except Exception` sees it."""


def _start(cast, user=None, data=None) -> Job:
    data = data or campaign_export(cast.campaign)
    data["campaign"]["name"] = "Rome again"
    raw = json.dumps(data).encode()
    return import_job_start(
        data=data,
        raw=raw,
        file_name="rome.json",
        user=user or cast.gm,
        task=campaign_import_job,
        name="Rome again",  # the name asked at upload (none: the file's, marked imported)
    )


def test_the_request_keeps_the_file_and_imports_nothing(cast):
    before = Campaign.objects.count()
    job = _start(cast)
    assert Campaign.objects.count() == before
    assert job.status == Job.Status.QUEUED and job.campaign is None and job.kind == KIND
    assert job.total == file_rows(campaign_export(cast.campaign)) > 10
    assert JobFile.objects.get(job=job).name == "rome.json"


def test_the_worker_imports_it_for_the_uploader_and_drops_the_file(cast):
    job = import_run(_start(cast).pk)
    copy = Campaign.objects.get(name="Rome again")
    assert job.status == Job.Status.DONE and job.campaign == copy and job.done == job.total
    assert list(copy.memberships.values_list("user", "role")) == [(cast.gm.pk, "gm")]
    assert not JobFile.objects.filter(job=job).exists()
    original = campaign_export(cast.campaign)
    assert len(campaign_export(copy)["ledger"]) == len(original["ledger"])
    assert import_run(job.pk) is None  # a job is imported once


def test_the_rows_imported_are_counted_up_to_the_files_rows(cast):
    data = campaign_export(cast.campaign)
    seen = []
    campaign_import(data, gm=cast.gm, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == file_rows(data) and len(seen) > 3


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_puts_the_count_on_the_job(cast, monkeypatch):
    monkeypatch.setattr("ludus.services.jobs.BEAT_EVERY", 0.05)
    job = _start(cast)
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING)
    with job_heartbeat(job.pk, done=lambda: 7):
        deadline = timezone.now() + timedelta(seconds=5)
        while Job.objects.get(pk=job.pk).done != 7 and timezone.now() < deadline:
            pass
    assert Job.objects.get(pk=job.pk).done == 7


def test_a_refused_file_is_named_on_the_job_and_nothing_written(cast):
    data = campaign_export(cast.campaign)
    data["ledger"][0]["entries"][0][1] += 5
    before = Campaign.objects.count()
    job = import_run(_start(cast, data=data).pk)
    assert job.status == Job.Status.FAILED and "ledger" in job.error
    assert Campaign.objects.count() == before and not JobFile.objects.exists()


def test_a_file_of_no_version_this_ludus_reads_is_refused_in_the_request(cast):
    data = campaign_export(cast.campaign)
    data["version"] = 9
    with pytest.raises(Exception, match="version 9"):
        _start(cast, data=data)
    assert not Job.objects.exists()


def test_a_worker_killed_in_the_middle_leaves_no_campaign_and_the_job_is_failed(cast, monkeypatch):
    job = _start(cast)
    before = Campaign.objects.count()

    def killed(done, rows):
        raise WorkerKilled

    monkeypatch.setattr(campaign_archive, "_books", killed)
    with pytest.raises(WorkerKilled):
        campaign_import_job.call(job.pk)
    assert Campaign.objects.count() == before  # its transaction died with it
    job.refresh_from_db()
    assert job.status == Job.Status.RUNNING  # until its lease lapses
    Job.objects.filter(pk=job.pk).update(heartbeat=timezone.now() - LEASE - timedelta(seconds=1))
    shown = job_fresh(Job.objects.get(pk=job.pk))
    assert shown.status == Job.Status.FAILED and "gave no sign of life" in shown.error
    assert not JobFile.objects.exists()


def test_a_worker_back_after_its_lease_lapsed_keeps_no_campaign(cast, monkeypatch):
    job = _start(cast)
    real = campaign_archive._books

    def slow(done, rows):
        real(done, rows)
        Job.objects.filter(pk=job.pk).update(heartbeat=timezone.now() - LEASE * 2)
        assert jobs_reap(Job.objects.filter(pk=job.pk)) == 1

    monkeypatch.setattr(campaign_archive, "_books", slow)
    # (here the reap is in the import's own transaction, so it is rolled back with it; a
    # reaper's, on its own connection, stays)
    assert import_run(job.pk).status != Job.Status.DONE
    assert not Campaign.objects.filter(name="Rome again").exists()
    assert not Membership.objects.filter(campaign__name="Rome again").exists()


def test_the_import_page_is_the_uploaders_alone(cast):
    job = _start(cast)
    url = reverse("campaign_import_job", args=[job.pk])
    gm = cast.client_for("gm")
    card = gm.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "Waiting for the worker" in card and 'hx-trigger="every 1s"' in card
    assert "<html" in gm.get(url).content.decode()
    assert cast.client_for("outsider").get(url).status_code == 404
    import_run(job.pk)
    done = gm.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "every 1s" not in done and "Open the campaign" in done


def test_the_import_of_a_big_file_answers_at_once(cast, monkeypatch):
    """The request never imports: an import that would take minutes is not run in it."""
    monkeypatch.setattr(imports, "campaign_file_import", None)  # would fail if called
    response = cast.client_for("gm").post(
        reverse("campaign_import"),
        {"key": "q" * 32, "file": _file(campaign_export(cast.campaign))},
    )
    assert response.status_code == 302 and Job.objects.filter(kind=KIND).count() == 1


def _file(data):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("c.json", json.dumps(data).encode(), "application/json")
