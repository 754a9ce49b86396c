"""The GM's Download of the campaign, a background job (desk/services/exports.py).

Pressing Download posts here (`export_start`): the export is queued and the page's download
card becomes a progress bar that polls the job (`export_job`) until the file is written; then
it links to the file (`campaign_download`), which the GM can come back to later from the backup
page. An export whose worker stopped shows as failed (its lease lapsed: ludus.services.jobs).
The file's link answers 409 until the file exists. All of it is the GM's alone (players 404).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from desk.forms_archive import ExportForm
from desk.services.exports import KIND, export_job_start, export_jobs
from desk.tasks import campaign_export_job
from desk.views.archive import backup_context, export_context
from ludus.access import campaign_view
from ludus.errors import AlreadyDone, Refusal
from ludus.models import JobFile
from ludus.services.jobs import job_fresh


def _card(request: HttpRequest, job, *, error: str = "", status: int = 200) -> HttpResponse:
    context = export_context(request.access.campaign, job) | {"export_error": error}
    return render(request, "desk/partials/export_job.html", context, status=status)


@campaign_view(gm_only=True, nav="backup")
@require_POST
def export_start(request: HttpRequest, campaign_id: int) -> HttpResponse:
    campaign = request.access.campaign
    form = ExportForm(request.POST)
    job = None
    if not form.is_valid():
        error = "; ".join(e for errors in form.errors.values() for e in errors)
        return _card(request, None, error=error, status=400)
    try:
        job = export_job_start(
            campaign=campaign,
            task=campaign_export_job,
            user=request.user,
            once_key=form.cleaned_data["key"],
        )
    except AlreadyDone as done:  # the same click again: its job
        job = export_jobs(campaign).filter(pk=done.result_id).first()
    except Refusal as error:
        return _card(request, None, error=str(error), status=400)
    if job is None:
        return redirect("campaign_backup", campaign_id)
    if not request.htmx:
        return redirect("campaign_export_job", campaign_id=campaign_id, export_id=job.pk)
    return _card(request, job)


@campaign_view(gm_only=True, nav="backup")
def export_job(request: HttpRequest, campaign_id: int, export_id: int) -> HttpResponse:
    """An export's progress (the bar polls it), then the link to its file. Without htmx, the
    backup page with this export in its download card."""
    job = job_fresh(get_object_or_404(export_jobs(request.access.campaign), pk=export_id))
    if request.htmx:
        return _card(request, job)
    return render(request, "desk/backup.html", backup_context(request.access, export=job))


@campaign_view(gm_only=True, nav="backup")
def campaign_download(request: HttpRequest, campaign_id: int, export_id: int) -> HttpResponse:
    """The kept file of an export. Until there is one, never a 200 (a scripted backup would
    save the page as the campaign file): 409 while the export is queued or running, 404 for one
    that failed or whose file a later one replaced; either with the export's page, which says
    so."""
    file = (
        JobFile.objects.filter(job__campaign=request.access.campaign, job_id=export_id)
        .filter(job__kind=KIND)
        .first()
    )
    if file is None:
        job = job_fresh(get_object_or_404(export_jobs(request.access.campaign), pk=export_id))
        status = 404 if job.is_over else 409
        context = backup_context(request.access, export=job)
        return render(request, "desk/backup.html", context, status=status)
    # The file as it is kept, gzipped: a tenth of its JSON, which the import page takes as it
    # is (its cap is on the bytes sent: docs/campaign-file.md, "Size").
    packed = bytes(file.content)
    response = HttpResponse(packed, content_type="application/gzip")
    response["Content-Disposition"] = f'attachment; filename="{file.name}.gz"'
    response["Content-Length"] = str(len(packed))
    return response
