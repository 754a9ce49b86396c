"""A generated practice campaign, asked for in the browser and built by a background job
(desk/services/generation.py).

`campaigns/generate/` (any signed-in user): the form; a valid post queues the job and leads to
the job's page, a refused one is the form again with the error under its field (400), nothing
written. `campaigns/generate/<id>/`: the job's page, whose card polls itself with htmx every
second while the worker builds, then links to the campaign (the requester's alone: anyone
else gets 404). The campaign list shows the user's generations still running, or failed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from desk.forms_generation import GenerateForm
from desk.generate import GenerateError
from desk.services.generation import (
    DEFAULTS,
    WEB_BOUNDS,
    generation_jobs,
    generation_start,
    generations_recent,
)
from desk.tasks import campaign_generate_job
from ludus.errors import AlreadyDone, Refusal
from ludus.limits import MAX_ID
from ludus.services.jobs import job_fresh

RECENT = 5  # the user's latest generations listed under the form


def _form_page(request: HttpRequest, form: GenerateForm, status: int = 200) -> HttpResponse:
    context = {
        "form": form,
        "bounds": WEB_BOUNDS,
        "defaults": DEFAULTS,
        "recent": generations_recent(request.user, RECENT),
    }
    return render(request, "desk/campaign_generate.html", context, status=status)


@login_required
def campaign_generate(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _form_page(request, GenerateForm())
    form = GenerateForm(request.POST)
    if not form.is_valid():
        return _form_page(request, form, status=400)
    data = dict(form.cleaned_data)
    try:
        job = generation_start(
            user=request.user, once_key=data.pop("key"), task=campaign_generate_job, **data
        )
    except AlreadyDone as done:  # the same form sent again: its first job
        messages.info(request, str(done))
        if done.result_id is None:
            return redirect("campaign_list")
        return redirect("campaign_generate_job", generation_id=done.result_id)
    except GenerateError as error:
        form.add_error(None if error.field == "__all__" else error.field, str(error))
        return _form_page(request, form, status=400)
    except Refusal as error:
        form.add_error(None, str(error))
        return _form_page(request, form, status=400)
    return redirect("campaign_generate_job", generation_id=job.pk)


@login_required
def generation_job(request: HttpRequest, generation_id: int) -> HttpResponse:
    """The job's progress (the card polls it), then the link to the campaign."""
    if not 0 <= generation_id <= MAX_ID:
        raise Http404("No such generation")
    job = generation_jobs(request.user).filter(pk=generation_id).first()
    if job is None:
        raise Http404("No such generation")
    job = job_fresh(job)  # failed if its worker stopped
    if request.htmx:
        return render(request, "desk/partials/generation_job.html", {"job": job})
    return render(request, "desk/generation_job.html", {"job": job})
