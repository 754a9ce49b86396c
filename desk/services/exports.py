"""The GM's Download of the campaign as a background job (issue 14).

On a campaign of years (200,000 ledger entries) the file takes many seconds to build, longer
than a page should wait. So the backup page's Download queues an export job
(`export_job_start`), one at a time per campaign (a repeated click, a second tab or a stale
one meet the job already queued or running), and the worker (desk.tasks.campaign_export_job)
runs `export_run`:

1. it reads every section but the ledger's rows (`export_snapshot`) in one transaction, so
   the file is one consistent state even while the GM goes on playing (a REPEATABLE READ
   snapshot on PostgreSQL; on SQLite the transaction holds the database's lock, so a posting
   made meanwhile waits the moment of the read, it does not fail), and where the ledger ends;
2. it reads the ledger up to that end, 5,000 transactions at a time (`export_ledger`): the
   ledger is append-only and its rows immutable, so this is the ledger of that moment, and
   each chunk is reported on the job;
3. it writes the text row by row (`campaign_text`: exactly the text `manage.py export_campaign`
   writes, byte for byte), reporting the rows written on the job, which the page's bar polls;
4. it keeps the file gzipped in the database (ludus.JobFile), which every web worker and every
   host reads, on SQLite and PostgreSQL alike, and drops the campaign's earlier export file:
   the latest replaces it (the earlier jobs stay listed, with their day and time).

The page serves the kept file (`file_chunks`, streamed: the whole file is never in memory).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import time
from collections.abc import Callable, Iterator
from datetime import timedelta

from django.db import connection, transaction
from django.utils import timezone
from django.utils.text import slugify

from desk.campaign_archive import ExportSnapshot, export_ledger, export_snapshot
from ludus.models import Campaign, Job, JobFile
from ludus.services.jobs import (
    job_begin,
    job_fail,
    job_finish,
    job_progress,
    job_resize,
    job_start,
    jobs_reap,
)
from ludus.services.once import once_per_key

KIND = "campaign_export"
REPORT_EVERY = 0.25  # seconds between two progress reports of the worker
WRITE_BLOCK = 256 * 1024  # characters gathered before they are gzipped
CHUNK = 64 * 1024  # bytes of a served file's piece
STALE_AFTER = timedelta(hours=1)  # a job still waiting then was lost (its worker stopped)
STALE = "The export never finished (the worker stopped?); it was given up."
FAILED = "The export failed on the server; the error is in the worker's log."
_ENCODER = json.JSONEncoder(
    indent=1, ensure_ascii=False
)  # json.dumps(indent=1, ensure_ascii=False)

Progress = Callable[[int], None]


def export_jobs(campaign: Campaign):
    """The campaign's exports, the latest first (a file is a row of its own: `kept_export`)."""
    return Job.objects.filter(campaign=campaign, kind=KIND)


def kept_export(campaign: Campaign) -> int | None:
    """The id of the export whose file is kept (the latest finished), if any."""
    return (
        JobFile.objects.filter(job__campaign=campaign, job__kind=KIND)
        .values_list("job_id", flat=True)
        .first()
    )


@once_per_key("campaign_export")
def export_job_start(*, campaign: Campaign, task, user=None) -> Job:
    """Queue an export of the campaign, or answer the one already queued or running."""
    with transaction.atomic():
        # The campaign's row is the lock: two clicks at once see each other's job.
        Campaign.objects.select_for_update().filter(pk=campaign.pk).first()
        jobs_reap(export_jobs(campaign))  # one whose worker stopped no longer holds the next
        waiting = export_jobs(campaign).filter(status__in=[Job.Status.QUEUED, Job.Status.RUNNING])
        for job in waiting:
            if job.created > timezone.now() - STALE_AFTER:
                return job
            job_fail(job.pk, STALE)
        return job_start(
            campaign=campaign,
            kind=KIND,
            title=f"The campaign on day {campaign.day}",
            params={"day": campaign.day},
            total=1,  # the rows are counted by the worker (job_resize)
            task=task,
            user=user,
        )


class _Counted(list):
    """A top-level list of the file that reports each item as the encoder takes the next."""

    def __init__(self, items: list, progress: Progress):
        super().__init__(items)
        self.progress = progress

    def __iter__(self):
        for item in super().__iter__():
            yield item
            self.progress(1)


def campaign_text(data: dict, progress: Progress | None = None) -> Iterator[str]:
    """`json.dumps(data, indent=1, ensure_ascii=False) + "\n"` (the text of `manage.py
    export_campaign`), piece by piece, by the same encoder (with an indent json's encoder is
    the pure-Python one, whose pieces these are); `progress(1)` is called as each item of a
    top-level list is written."""
    if progress is not None:
        data = {
            key: _Counted(value, progress) if isinstance(value, list) else value
            for key, value in data.items()
        }
    yield from _ENCODER.iterencode(data)
    yield "\n"


def file_name(campaign: Campaign) -> str:
    return f"{slugify(campaign.name) or 'campaign'}-day-{campaign.day}.json"


class _Reporter:
    """Counts the rows written and puts them on the job every REPORT_EVERY seconds."""

    def __init__(self, job_id: int):
        self.job_id, self.done, self.last = job_id, 0, time.monotonic()

    def __call__(self, rows: int) -> None:
        self.done += rows
        if time.monotonic() - self.last >= REPORT_EVERY:
            job_progress(self.job_id, self.done)
            self.last = time.monotonic()


def _snapshot(campaign_id: int) -> ExportSnapshot:
    """Every section but the ledger's rows, and where the ledger ends, as one state."""
    # (Inside a caller's transaction, a test's say, the snapshot is that transaction's.)
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        return export_snapshot(Campaign.objects.get(pk=campaign_id))


def export_run(job_id: int) -> Job:
    """The worker's part: read, write with progress, keep the file, finish the job."""
    job = job_begin(job_id)
    snapshot = _snapshot(job.campaign_id)
    campaign, sections = snapshot.campaign, snapshot.sections
    # The rows: the ledger's transactions read, then every item of the file written (the
    # file's users are counted once the ledger, which names some of them, is read).
    written = sum(len(value) for value in sections.values() if isinstance(value, list))
    job_resize(job_id, max(2 * snapshot.ledger_size + written, 1))
    report = _Reporter(job_id)
    data = export_ledger(snapshot, report)
    rows = sum(len(value) for value in data.values() if isinstance(value, list))
    job_resize(job_id, max(snapshot.ledger_size + rows, 1))
    packed, digest, size = io.BytesIO(), hashlib.sha256(), 0
    with gzip.GzipFile(fileobj=packed, mode="wb", compresslevel=1, mtime=0) as out:
        block: list[str] = []
        gathered = 0
        for piece in campaign_text(data, report):
            block.append(piece)
            gathered += len(piece)
            if gathered >= WRITE_BLOCK:
                size += _write(out, digest, block)
                block, gathered = [], 0
        size += _write(out, digest, block)
    job_progress(job_id, report.done)
    name = file_name(campaign)
    with transaction.atomic():
        # Taken from this worker (its lease lapsed) while it wrote: the file is not kept.
        if not Job.objects.select_for_update().filter(pk=job_id, status=Job.Status.RUNNING):
            return Job.objects.get(pk=job_id)
        # The latest export replaces the campaign's earlier file.
        JobFile.objects.filter(job__campaign=campaign, job__kind=KIND).delete()
        JobFile.objects.create(
            job_id=job_id,
            name=name,
            content=packed.getvalue(),
            size=size,
            sha256=digest.hexdigest(),
        )
        job_finish(job_id, {"name": name, "bytes": size, "day": campaign.day, "rows": rows})
    return Job.objects.get(pk=job_id)


def _write(out, digest, block: list[str]) -> int:
    data = "".join(block).encode("utf-8")
    out.write(data)
    digest.update(data)
    return len(data)


def export_fail(job_id: int) -> None:
    job_fail(job_id, FAILED)


def file_chunks(file: JobFile) -> Iterator[bytes]:
    """The kept file's bytes, ungzipped piece by piece."""
    with gzip.GzipFile(fileobj=io.BytesIO(bytes(file.content)), mode="rb") as packed:
        while piece := packed.read(CHUNK):
            yield piece
