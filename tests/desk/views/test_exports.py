"""The GM's Download on the backup page, a background export (issue 14): pressing it queues the
job and answers with a progress bar that polls the job; once the worker is done the card links
to the file, which is the command's file; a failed export says so; everyone else gets 404."""

import gzip
import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from desk.services import exports
from desk.services.exports import FAILED, KIND, export_job_start, export_run
from desk.tasks import campaign_export_job
from ludus.models import Job, JobFile
from ludus.services.jobs import LEASE, job_fail

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
KEY = "d" * 32


def start_url(cast):
    return reverse("campaign_export_start", args=[cast.campaign.pk])


def job_url(cast, job):
    return reverse("campaign_export_job", args=[cast.campaign.pk, job.pk])


def file_url(cast, job):
    return reverse("campaign_download", args=[cast.campaign.pk, job.pk])


def body(response) -> bytes:
    """The download unpacked (it is served gzipped: docs/campaign-file.md, "Size")."""
    assert response["Content-Type"] == "application/gzip"
    return gzip.decompress(response.content)


def test_download_queues_an_export_and_answers_with_a_bar_that_polls_it(cast):
    gm = cast.client_for("gm")
    response = gm.post(start_url(cast), {"key": KEY}, **HTMX)
    assert response.status_code == 200
    job = Job.objects.get(kind=KIND)
    assert job.status == Job.Status.QUEUED and job.requested_by == cast.gm
    text = response.content.decode()
    assert "<progress" in text and "Waiting for the worker" in text and "<html" not in text
    assert f'hx-get="{job_url(cast, job)}"' in text and 'hx-trigger="every 1s"' in text
    # the same click again, and another tab's click, queue nothing more
    assert gm.post(start_url(cast), {"key": KEY}, **HTMX).status_code == 200
    assert gm.post(start_url(cast), {"key": "x" * 32}, **HTMX).status_code == 200
    assert Job.objects.filter(kind=KIND).count() == 1


def test_the_bar_shows_the_rows_written_then_the_link_to_the_file(cast, tmp_path):
    gm = cast.client_for("gm")
    gm.post(start_url(cast), {"key": KEY}, **HTMX)
    job = Job.objects.get(kind=KIND)
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING, total=40, done=10)
    running = gm.get(job_url(cast, job), **HTMX).content.decode()
    assert "10 of 40 rows" in running and 'value="10"' in running and "every 1s" in running

    Job.objects.filter(pk=job.pk).update(status=Job.Status.QUEUED, total=1, done=0)
    export_run(job.pk)  # the worker's part, in-process
    done = gm.get(job_url(cast, job), **HTMX).content.decode()
    assert "every 1s" not in done  # the poll stops
    assert f'href="{file_url(cast, job)}"' in done and "Download the file" in done

    response = gm.get(file_url(cast, job))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="rome-50-bc-day-3.json.gz"'
    out = tmp_path / "c.json"
    call_command("export_campaign", cast.campaign.pk, output=str(out), stdout=io.StringIO())
    served = body(response)
    assert served == out.read_bytes() and int(response["Content-Length"]) == len(response.content)
    assert json.loads(served)["campaign"]["name"] == "Rome, 50 BC"


def test_the_gm_comes_back_to_the_file_on_the_backup_page(cast):
    job = export_run(export_job_start(campaign=cast.campaign, task=campaign_export_job).pk)
    page = cast.client_for("gm").get(reverse("campaign_backup", args=[cast.campaign.pk]))
    text = page.content.decode()
    assert page.status_code == 200 and f'href="{file_url(cast, job)}"' in text
    assert "Export again (day 3)" in text


def test_without_htmx_download_goes_to_the_exports_page(cast):
    gm = cast.client_for("gm")
    response = gm.post(start_url(cast), {"key": KEY})
    job = Job.objects.get(kind=KIND)
    assert response.status_code == 302 and response["Location"] == job_url(cast, job)
    page = gm.get(job_url(cast, job)).content.decode()
    assert "<html" in page and "<progress" in page and "Back up and share" in page


def test_an_earlier_export_is_replaced_and_listed_with_its_day_and_time(cast):
    first = export_run(export_job_start(campaign=cast.campaign, task=campaign_export_job).pk)
    second = export_run(export_job_start(campaign=cast.campaign, task=campaign_export_job).pk)
    gm = cast.client_for("gm")
    page = gm.get(reverse("campaign_backup", args=[cast.campaign.pk])).content.decode()
    assert 'id="exports"' in page and "replaced" in page
    assert f'href="{file_url(cast, second)}"' in page and file_url(cast, first) not in page
    # the replaced file's link is a 404 with its export's page
    response = gm.get(file_url(cast, first))
    assert response.status_code == 404 and "replaced by a later one" in response.content.decode()
    assert "replaced by a later one" in gm.get(job_url(cast, first)).content.decode()
    assert JobFile.objects.count() == 1


def test_a_failed_export_is_told_not_a_500(cast):
    job = export_job_start(campaign=cast.campaign, task=campaign_export_job)
    job_fail(job.pk, FAILED)
    gm = cast.client_for("gm")
    for response in (gm.get(job_url(cast, job), **HTMX), gm.get(job_url(cast, job))):
        text = response.content.decode()
        assert response.status_code == 200 and "failed" in text and escape(FAILED) in text
        assert "every 1s" not in text and 'id="export-form"' in text  # the GM may try again
    assert gm.get(file_url(cast, job)).status_code == 404


def test_a_bad_key_is_named_and_queues_nothing(cast):
    response = cast.client_for("gm").post(start_url(cast), {"key": "short"}, **HTMX)
    assert response.status_code == 400 and "key" in response.content.decode()
    assert not Job.objects.filter(kind=KIND).exists()


def test_an_odds_run_is_not_an_export(cast):
    odds = Job.objects.create(campaign=cast.campaign, kind="bout_odds", title="run", total=5)
    gm = cast.client_for("gm")
    assert gm.get(job_url(cast, odds)).status_code == 404
    assert gm.get(file_url(cast, odds)).status_code == 404


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_no_one_else_exports_or_downloads(cast, who):
    job = export_run(export_job_start(campaign=cast.campaign, task=campaign_export_job).pk)
    client = cast.client_for(who)
    assert client.post(start_url(cast), {"key": KEY}, **HTMX).status_code == 404
    assert client.get(job_url(cast, job)).status_code == 404
    assert client.get(file_url(cast, job)).status_code == 404
    assert Job.objects.filter(kind=KIND).count() == 1


def test_the_download_of_an_unfinished_export_is_never_a_200(cast):
    """A scripted backup (curl -L) must not save the progress page as the campaign file."""
    gm = cast.client_for("gm")
    gm.post(start_url(cast), {"key": KEY}, **HTMX)
    job = Job.objects.get(kind=KIND)
    for status in (Job.Status.QUEUED, Job.Status.RUNNING):
        Job.objects.filter(pk=job.pk).update(status=status, heartbeat=timezone.now())
        response = gm.get(file_url(cast, job), follow=True)
        assert response.status_code == 409 and response.redirect_chain == []
        assert "<progress" in response.content.decode()  # a person sees the bar
    export_run(job.pk)
    assert gm.get(file_url(cast, job)).status_code == 200


def test_an_export_whose_worker_stopped_shows_failed_and_the_next_is_queued(cast):
    gm = cast.client_for("gm")
    gm.post(start_url(cast), {"key": KEY}, **HTMX)
    job = Job.objects.get(kind=KIND)
    gone = timezone.now() - LEASE - timedelta(seconds=1)
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING, done=0, heartbeat=gone)
    card = gm.get(job_url(cast, job), **HTMX).content.decode()
    assert "gave no sign of life" in card and "every 1s" not in card
    assert gm.get(file_url(cast, job)).status_code == 404
    gm.post(start_url(cast), {"key": "e" * 32}, **HTMX)
    assert Job.objects.filter(kind=KIND, status=Job.Status.QUEUED).count() == 1


def test_a_worker_back_after_its_lease_lapsed_keeps_no_file(cast, monkeypatch):
    first = export_run(export_job_start(campaign=cast.campaign, task=campaign_export_job).pk)
    late = export_job_start(campaign=cast.campaign, task=campaign_export_job)
    real_progress = exports.job_progress

    def lapsed_meanwhile(job_id, done):  # the reaper fails the job while its worker writes
        real_progress(job_id, done)
        Job.objects.filter(pk=job_id).update(status=Job.Status.FAILED, error="lapsed")

    monkeypatch.setattr(exports, "job_progress", lapsed_meanwhile)
    assert export_run(late.pk).status == Job.Status.FAILED
    assert list(JobFile.objects.values_list("job_id", flat=True)) == [first.pk]
