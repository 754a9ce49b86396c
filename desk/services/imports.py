"""A campaign file uploaded in the browser, imported by a background job (issue 27).

A file of years is tens of megabytes and its import a minute or more, longer than a request
may take (a web server's timeout answers 500). So the import page only checks the file (its
size, its JSON and its version: a refusal names the field, nothing is written), keeps it
gzipped on a job of the uploader (`import_job_start`, once per form: `once_per_key`), and the
worker (desk.tasks.campaign_import_job) runs `import_run`:

- the import is the one transaction it always was (desk.campaign_archive): a file refused, or
  a worker stopped in the middle, leaves nothing written;
- the campaign is opened to its GM and the job finished inside that same transaction, so a
  campaign is never seen half-imported, and a job whose lease lapsed (ludus.services.jobs) is
  never one whose campaign exists;
- the sections imported are counted on the job by its heartbeat's thread (a write of the
  import's own connection would not be seen before its commit), which the page's bar polls.
  On SQLite the import holds the database's write lock, so the bar moves at its end only.

The uploaded file is dropped once the job is over (done, refused or lapsed).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import threading

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from desk.campaign_archive import campaign_file_import, imported_name
from desk.campaign_file import campaign_file_version
from ludus.errors import Refusal
from ludus.models import Job, JobFile
from ludus.services.jobs import job_fail, job_heartbeat, job_start, job_take, on_lapse
from ludus.services.once import once_per_key

KIND = "campaign_import"
FAILED = "The import failed on the server; the error is in the worker's log."
NO_USER = "The user who uploaded it is gone; nothing was imported."
TAKEN = "The import's worker stopped while it wrote; nothing was imported. Upload it again."


def import_jobs(user):
    """The user's imports, the latest first."""
    return Job.objects.filter(kind=KIND, requested_by=user).select_related("campaign")


def file_rows(data: dict) -> int:
    """The rows of a campaign file (the items of its top-level lists): the job's size."""
    return max(sum(len(value) for value in data.values() if isinstance(value, list)), 1)


@once_per_key("campaign_upload")
def import_job_start(*, data: dict, raw: bytes, file_name: str, user, task, name: str = "") -> Job:
    """Check the file's version, keep the file on a new job and queue its import; the new
    campaign is called `name`, or else the file's name marked imported with the day."""
    campaign_file_version(data)  # a file of no version this Ludus reads is refused now
    called = str(data.get("campaign", {}).get("name", "")) if isinstance(data, dict) else ""
    with transaction.atomic():
        job = job_start(
            campaign=None,
            kind=KIND,
            title=f"{name.strip() or called or 'A campaign'} (from {file_name})"[:200],
            params={"file": file_name[:200], "name": name.strip()},
            total=file_rows(data),
            task=task,
            user=user,
        )
        JobFile.objects.create(
            job=job,
            name=file_name[:200],
            content=gzip.compress(raw, compresslevel=1, mtime=0),
            size=len(raw),
            sha256=hashlib.sha256(raw).hexdigest(),
        )
    return job


class _Counter:
    """The rows imported, told by the import and read by the heartbeat's thread."""

    def __init__(self) -> None:
        self.rows, self.lock = 0, threading.Lock()

    def __call__(self, rows: int) -> None:
        with self.lock:
            self.rows = rows

    def read(self) -> int:
        with self.lock:
            return self.rows


def import_run(job_id: int) -> Job | None:
    """The worker's part: import the kept file as a new campaign of the uploader, open it to
    him and finish the job, in one transaction. A job not waiting is left alone."""
    if not job_take(job_id, KIND):
        return None
    job = Job.objects.select_related("requested_by", "file").get(pk=job_id)
    if job.requested_by is None:
        _over(job_id, NO_USER)
        return Job.objects.get(pk=job_id)
    data = json.loads(gzip.decompress(bytes(job.file.content)).decode("utf-8"))
    counted = _Counter()
    try:
        with job_heartbeat(job_id, done=counted.read), transaction.atomic():
            campaign = campaign_file_import(data, gm=job.requested_by, progress=counted)
            # The copy stands beside the original on the campaign lists: it must not read the
            # same (the name asked at upload, or the file's marked with the day).
            asked = str((job.params or {}).get("name", ""))
            campaign.name = asked or imported_name(campaign.name, timezone.localdate())
            campaign.save(update_fields=["name"])
            finished = Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(
                campaign=campaign,
                status=Job.Status.DONE,
                done=F("total"),
                result={"campaign": campaign.pk, "name": campaign.name},
                finished=timezone.now(),
            )
            if not finished:  # failed meanwhile (its lease lapsed): nothing is kept
                raise _Taken
            JobFile.objects.filter(job_id=job_id).delete()
    except _Taken:
        pass
    except Refusal as refused:  # the file's own fault, named
        _over(job_id, str(refused))
    return Job.objects.get(pk=job_id)


class _Taken(Exception):
    """The job was failed while its worker imported: the import is rolled back."""


def _over(job_id: int, error: str) -> None:
    with transaction.atomic():
        job_fail(job_id, error)
        JobFile.objects.filter(job_id=job_id).delete()


def import_fail(job_id: int) -> None:
    _over(job_id, FAILED)


@on_lapse(KIND)
def import_lapsed(job: Job) -> None:
    """An import whose worker stopped wrote nothing (its transaction died with it): only the
    uploaded file goes."""
    JobFile.objects.filter(job_id=job.pk).delete()
