"""The shape every ruleset's odds page shares (each plug-in's `odds_page`): the form, a short
run answered in the request, a long one queued as a background job whose progress bar polls the
job's page, and the campaign's recent runs listed under "Long runs". Each page is a subclass
that says what differs: its template and result block, its form, its jobs, run and job start,
and the figures it shows.

arena/views/odds.py hands a campaign's requests to its ruleset's page (the same addresses for
every ruleset); the one background task (arena.tasks.odds_job) hands a job to the page whose
`kind` it is (`run_job`). Under htmx a request is answered with the result block only; without
it, with the whole page around it (a long run without htmx is redirected to its job's page).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, ClassVar

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from arena.tasks import odds_job as odds_task
from ludus.access import Access
from ludus.errors import Refusal
from ludus.models import Campaign, Job
from ludus.picker import pick_answer
from rules.core.errors import RulesError

RECENT_JOBS = 8


class MonteCarloOddsPage:
    kind: ClassVar[str]  # the kind of its background jobs (Job.kind)
    # What a background run refuses with: the job fails with its message (not a crash).
    job_refusals: ClassVar[tuple[type[Exception], ...]] = (Refusal, RulesError, ValueError)
    template: ClassVar[str]  # the page
    part: ClassVar[str]  # its result block (the fragment answered under htmx)
    background_above: ClassVar[int]  # a run of more bouts or fights goes on in the background
    unreadable: ClassVar[tuple[type[Exception], ...]]  # a finished job's result cannot be shown
    unreadable_message: ClassVar[str]

    def run_job(self, job: Job, progress: Callable[[int], None]) -> dict:
        """Run a background job's odds (its params), reporting `progress(done)`; the result as
        the job keeps it (JSON)."""
        raise NotImplementedError

    def form(self, access: Access, data=None) -> forms.Form:
        raise NotImplementedError

    def limits(self) -> dict:
        """The page's figures the template names (the form's bounds)."""
        raise NotImplementedError

    def jobs(self, campaign: Campaign):
        raise NotImplementedError

    def size(self, ask) -> int:
        """How many bouts or fights the ask is for."""
        raise NotImplementedError

    def job_start(self, *, campaign: Campaign, ask, task, user) -> Job:
        raise NotImplementedError

    def run(self, ask) -> Any:
        """Run the odds in the request; a refusal raised here is the page's 400."""
        raise NotImplementedError

    def result(self, ran: Any) -> dict:
        """The figures the page shows of what `run` returned."""
        raise NotImplementedError

    def finished(self, access: Access, job: Job) -> dict:
        """The figures the page shows of a finished job's result."""
        raise NotImplementedError

    def context(self, access: Access, **extra) -> dict:
        context = {
            "form": self.form(access),
            "result": None,
            "jobs": self.jobs(access.campaign)[:RECENT_JOBS],
            "background_above": self.background_above,
            **self.limits(),
        }
        context.update(extra)
        return context

    def answer(self, request, access: Access, *, status: int = 200, **context) -> HttpResponse:
        """The result fragment under htmx, else the whole page around it."""
        if request.htmx:
            return render(request, f"{self.template}#{self.part}", context, status=status)
        return self.page(request, access, status=status, **context)

    def odds_page(self, request: HttpRequest) -> HttpResponse:
        return self.page(request, request.access)

    def page(self, request, access: Access, *, status: int = 200, **extra) -> HttpResponse:
        """The whole page; its selects of men search the odds page (ludus.picker)."""
        context = self.context(access, **extra)
        page_url = reverse("arena:odds", args=[access.campaign.pk])
        if (answer := pick_answer(request, context["form"], url=page_url)) is not None:
            return answer
        return render(request, self.template, context, status=status)

    def odds_run(self, request: HttpRequest) -> HttpResponse:
        """Run the odds asked and answer with the result (a fragment under htmx), or queue a
        long run and answer with its progress bar."""
        access = request.access
        form = self.form(access, request.POST)
        if not form.is_valid():
            return self.answer(request, access, form=form, status=400)
        ask = form.ask(secrets.randbits(32))
        background = self.size(ask) > self.background_above
        try:
            if background:
                job = self.job_start(
                    campaign=access.campaign, ask=ask, task=odds_task, user=request.user
                )
            else:
                ran = self.run(ask)
        except (Refusal, RulesError, ValueError) as exc:
            return self.answer(request, access, form=form, error=str(exc), status=400)
        if background:
            if not request.htmx:
                return redirect("arena:odds_job", campaign_id=access.campaign.pk, job_id=job.pk)
            return self.answer(request, access, form=form, job=job)
        return self.answer(request, access, form=form, result=self.result(ran))

    def odds_job(self, request: HttpRequest, job: Job) -> HttpResponse:
        """A background run: its progress while it goes on, then its result."""
        access = request.access
        context: dict = {"job": job}
        if job.status == job.Status.DONE:
            try:
                context["result"] = self.finished(access, job)
            except self.unreadable:
                context["error"] = self.unreadable_message
        return self.answer(request, access, **context)
