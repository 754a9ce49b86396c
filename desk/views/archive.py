"""Back up and share: the GM's page to download the campaign as a file and to give out share
links; the upload of a campaign file into a new campaign; the charts.

The download and the share links are the GM's (players get 404). Anyone logged in may import
a file: the new campaign is his, as a campaign he creates (desk/views/setup.py); the import
runs in the background (desk/services/imports.py), its page a bar polling the job.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from arena.models import ShareLink
from arena.selectors.public import leaders
from arena.services.sharing import ShareError, share_link_create, share_link_revoke
from desk.forms_archive import ExportForm, ImportForm, ShareLinkForm
from desk.services.exports import export_jobs, kept_export
from desk.services.imports import import_job_start, import_jobs
from desk.tasks import campaign_import_job
from economy.selectors.history import money_charts
from ludus.access import campaign_view
from ludus.errors import AlreadyDone, Refusal
from ludus.limits import MAX_ID
from ludus.models import Job
from ludus.picker import pick_answer
from ludus.services.jobs import job_fresh

IMPORTED = "{name} is imported as a new campaign. You are its game master."
LINK_MADE = "A share link to {target} is made: give it to the spectators."
RECENT_EXPORTS = 5  # exports listed on the page, the latest first
LINK_REVOKED = "The link to {target} is revoked: it no longer opens."


def export_context(campaign, job=None) -> dict:
    """The download card (desk/views/exports.py): the export asked last (or `job`), the
    recent ones with their day and time, which one's file is kept, and the Download form."""
    recent = list(export_jobs(campaign)[:RECENT_EXPORTS])
    return {
        "export": job if job is not None else (recent[0] if recent else None),
        "exports": recent,
        "kept": kept_export(campaign),
        "export_form": ExportForm(),
    }


def backup_context(access, form=None, export=None) -> dict:
    campaign = access.campaign
    return {
        "share_form": form or ShareLinkForm(campaign=campaign),
        "links": ShareLink.objects.filter(campaign=campaign).select_related("show"),
        "import_form": ImportForm(),
        **export_context(campaign, export),
    }


@campaign_view(gm_only=True, nav="backup")
def campaign_backup(request: HttpRequest, campaign_id: int) -> HttpResponse:
    context = backup_context(request.access)
    if (answer := pick_answer(request, context["share_form"])) is not None:  # a show search
        return answer
    return render(request, "desk/backup.html", context)


@campaign_view(gm_only=True, nav="backup")
@require_POST
def share_link_add(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    form = ShareLinkForm(request.POST, campaign=access.campaign)
    if form.is_valid():
        try:
            link = share_link_create(
                campaign=access.campaign,
                show=form.cleaned_data["show"],
                user=request.user,
                once_key=form.cleaned_data["key"],
            )
        except AlreadyDone as done:
            messages.info(request, str(done))
            return redirect("campaign_backup", campaign_id)
        except ShareError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, LINK_MADE.format(target=link.target))
            return redirect("campaign_backup", campaign_id)
    pick_answer(request, form, url=reverse("campaign_backup", args=[campaign_id]))
    return render(request, "desk/backup.html", backup_context(access, form), status=400)


@campaign_view(gm_only=True, nav="backup")
@require_POST
def share_link_revoke_view(request: HttpRequest, campaign_id: int, link_id: int) -> HttpResponse:
    link = ShareLink.objects.filter(campaign=request.access.campaign, pk=link_id).first()
    if link is None:
        raise Http404("No such link")
    try:
        share_link_revoke(link=link)
    except AlreadyDone as done:
        messages.info(request, str(done))
    else:
        messages.success(request, LINK_REVOKED.format(target=link.target))
    return redirect("campaign_backup", campaign_id)


@login_required
def campaign_import_view(request: HttpRequest) -> HttpResponse:
    """The upload: the file checked here, imported by a background job (its page's bar)."""
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                job = import_job_start(
                    data=form.cleaned_data["file"],
                    raw=form.raw,
                    file_name=form.file_name,
                    user=request.user,
                    task=campaign_import_job,
                    name=form.cleaned_data["name"],
                    once_key=form.cleaned_data["key"],
                )
            except AlreadyDone as done:  # the same form sent again: its first job
                messages.info(request, str(done))
                if done.result_id is None:
                    return redirect("campaign_list")
                return redirect("campaign_import_job", import_id=done.result_id)
            except Refusal as error:
                form.add_error("file", str(error))
            else:
                return redirect("campaign_import_job", import_id=job.pk)
        return render(request, "desk/campaign_import.html", {"form": form}, status=400)
    return render(request, "desk/campaign_import.html", {"form": form})


@login_required
def import_job(request: HttpRequest, import_id: int) -> HttpResponse:
    """An import's progress (the card polls it), then the link to the campaign; the
    uploader's alone (anyone else gets 404)."""
    if not 0 <= import_id <= MAX_ID:
        raise Http404("No such import")
    job = import_jobs(request.user).filter(pk=import_id).first()
    if job is None:
        raise Http404("No such import")
    job = job_fresh(job)  # failed if its worker stopped
    if job.status == Job.Status.DONE and not request.htmx:
        messages.success(request, IMPORTED.format(name=job.campaign.name))
        return redirect("campaign_dashboard", job.campaign_id)
    template = "desk/partials/import_job.html" if request.htmx else "desk/import_job.html"
    return render(request, template, {"job": job})


@campaign_view(nav="charts")
def campaign_charts(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    context = {"money": money_charts(access), "leaders": leaders(access.campaign)}
    return render(request, "desk/charts.html", context)
