"""The odds page of a Moritari campaign (issue 13): the skirmish's side, draw and fate shares
by Monte Carlo (the board is its state: no small exact chain).

arena/views/odds.py hands a Moritari campaign's requests here (the same addresses as the Era's
page). A member picks two or more fighters (the campaign's men, with the Wounds they carry, and
beasts) and a number of fights. A run of up to BACKGROUND_ABOVE fights is answered in the
request; a longer one is a background job whose progress bar polls the job's page, and the
campaign's runs stay listed under "Long runs". Any member may ask: no man's own orders are read.
"""

from __future__ import annotations

import secrets

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from arena.adapters import moritari
from arena.moritari_odds_forms import MIN_FIGHTS, SLOTS, MoritariOddsForm
from arena.services.moritari_odds import (
    BACKGROUND_ABOVE,
    MAX_FIGHTS,
    MoritariOddsAsk,
    moritari_odds_job_start,
    moritari_odds_jobs,
    moritari_odds_run,
    result_from,
)
from arena.tasks import moritari_odds_job
from ludus.access import Access
from ludus.errors import Refusal
from ludus.models import Job
from rules.core.errors import RulesError

TEMPLATE = "arena/moritari/odds.html"
RECENT_JOBS = 8
FATE_LABELS = {
    "dead": ("dead", "a"),
    "spared": ("spared by Caesar's thumb", "good"),
    "walked_out": ("walked out on his feet", "neutral"),
}
SIDE_TONES = ("a", "b")
UNREADABLE = "This run's result cannot be read (it was kept by another version of the page)."


def _form(access: Access, data=None) -> MoritariOddsForm:
    return MoritariOddsForm(data, campaign=access.campaign)


def _context(access: Access, **extra) -> dict:
    context = {
        "form": _form(access),
        "result": None,
        "jobs": moritari_odds_jobs(access.campaign)[:RECENT_JOBS],
        "background_above": BACKGROUND_ABOVE,
        "max_fights": MAX_FIGHTS,
        "min_fights": MIN_FIGHTS,
        "slots": SLOTS,
    }
    context.update(extra)
    return context


def _answer(request, access: Access, *, status: int = 200, **context) -> HttpResponse:
    """The result fragment under htmx, else the whole page around it."""
    if request.htmx:
        return render(request, f"{TEMPLATE}#moritari-odds-result", context, status=status)
    return render(request, TEMPLATE, _context(access, **context), status=status)


def side_name(side: str) -> str:
    return "The beasts" if side == moritari.BEASTS else side


def result_context(run: moritari.MoritariOdds) -> dict:
    """The figures the page shows of a run: each side's wins and the draws, then each fighter's
    fates, as the charts' rows (label, share, note, tone)."""
    n = run.fights
    setup = run.setup

    def bar(label: str, count: int, tone: str) -> tuple[str, float, str, str]:
        return (label, count / n, f"{count:,} of {n:,}", tone)

    winners = [
        bar(f"{side_name(side)} win", run.wins.get(side, 0), SIDE_TONES[i % 2])
        for i, side in enumerate(setup.sides)
    ]
    winners.append(bar("Draw (none left, or the turn limit)", run.draws, "neutral"))
    fighters = []
    for index, spec in enumerate(setup.fighters):
        kind = moritari.KINDS[spec.kind]
        fates = [
            bar(f"{spec.name} {label}", run.fates[index].get(key, 0), tone)
            for key, (label, tone) in FATE_LABELS.items()
            if not (kind.beast and key == "spared")  # beasts never appeal
        ]
        fighters.append(
            {
                "spec": spec,
                "kind": kind,
                "side": side_name(spec.side),
                "wounds": moritari.HIT_POINTS - spec.hit_points,
                "fates": fates,
            }
        )
    return {
        "run": run,
        "setup": setup,
        "winners": winners,
        "fighters": fighters,
        "mean_turns": run.total_turns / n,
        "overruled": bar("A Caesar overruled the crowd", run.overruled, "neutral"),
    }


def odds_page(request: HttpRequest) -> HttpResponse:
    return render(request, TEMPLATE, _context(request.access))


def odds_run(request: HttpRequest) -> HttpResponse:
    """Run the odds of the fighters chosen and answer with the result (a fragment under htmx),
    or queue a long run and answer with its progress bar."""
    access = request.access
    form = _form(access, request.POST)
    if not form.is_valid():
        return _answer(request, access, form=form, status=400)
    ask: MoritariOddsAsk = form.ask(secrets.randbits(32))
    try:
        if ask.fights > BACKGROUND_ABOVE:
            job = moritari_odds_job_start(
                campaign=access.campaign, ask=ask, task=moritari_odds_job, user=request.user
            )
        else:
            run = moritari_odds_run(ask)
    except (Refusal, RulesError, ValueError) as exc:
        return _answer(request, access, form=form, error=str(exc), status=400)
    if ask.fights > BACKGROUND_ABOVE:
        if not request.htmx:
            return redirect("arena:odds_job", campaign_id=access.campaign.pk, job_id=job.pk)
        return _answer(request, access, form=form, job=job)
    return _answer(request, access, form=form, result=result_context(run))


def odds_job(request: HttpRequest, job: Job) -> HttpResponse:
    """A background run: its progress while it goes on, then its result."""
    access = request.access
    context: dict = {"job": job}
    if job.status == job.Status.DONE:
        try:
            context["result"] = result_context(result_from(job.result))
        except (RulesError, ValueError, TypeError, KeyError, AttributeError):
            context["error"] = UNREADABLE
    return _answer(request, access, **context)
