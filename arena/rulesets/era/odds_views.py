"""The odds page: the engine's odds of two men, exact or by Monte Carlo, and the exact odds of
one pool.

The bout's odds are exact by default (the Markov chain, rules/era/exact.py, answered in the
request): the form's orders are presets, which decide every choice from the state, so the
chain always applies. The GM may ask for a Monte Carlo run instead ("Simulated").

Any member may ask (odds are public); the orders are chosen on the form from the presets, so no
man's private standing orders are read. The Monte Carlo is posted and its result fragment
swapped in by htmx while an indicator shows it is working; without htmx the whole page comes
back with the result. A run of more than BACKGROUND_ABOVE bouts (up to MAX_ODDS_BOUTS) is a
background job: the answer is a progress bar that polls the job's page until the result is in,
and the campaign's recent runs stay listed on the page to come back to.
"""

from __future__ import annotations

import secrets
from fractions import Fraction

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from arena.rulesets.era.adapter import Pool, distribution, exact_engine
from arena.rulesets.era.forms import MAX_ODDS_BOUTS, OddsForm, PoolForm
from arena.rulesets.era.odds import (
    BACKGROUND_ABOVE,
    KIND,
    OddsAsk,
    odds_in_chunks,
    result_data,
    result_from,
)
from arena.selectors.pages import campaign_fighters
from arena.services.odds_runs import odds_job_start, odds_jobs
from arena.tasks import odds_job as odds_task
from arena.views.mc_odds import MonteCarloOddsPage
from economy.odds_lines import OddsError, nearest_odds
from ludus.access import Access, campaign_view
from ludus.errors import Refusal
from ludus.models import Campaign, Gladiator, Job
from ludus.picker import pick_answer
from rules.core.errors import RulesError

RECENT_JOBS = 8
MAN_GONE = "The men of this run are no longer in the campaign."


def _context(access: Access, **extra) -> dict:
    context = {
        "max_bouts": MAX_ODDS_BOUTS,
        "form": OddsForm(campaign=access.campaign, fighters=campaign_fighters(access.campaign)),
        "pool_form": PoolForm(),
        "result": None,
        "pool_result": None,
        "jobs": odds_jobs(access.campaign, KIND)[:RECENT_JOBS],
        "background_above": BACKGROUND_ABOVE,
    }
    context.update(extra)
    return context


def _page(request: HttpRequest, access: Access, *, status: int = 200, **extra) -> HttpResponse:
    """The whole page; its selects of men search the odds page (ludus.picker)."""
    context = _context(access, **extra)
    page_url = reverse("arena:odds", args=[access.campaign.pk])
    if (answer := pick_answer(request, context["form"], url=page_url)) is not None:
        return answer
    return render(request, "arena/era/odds.html", context, status=status)


def odds(request: HttpRequest) -> HttpResponse:
    return _page(request, request.access)


def _fair_line(name: str, p: float) -> str | None:
    try:
        return f"{name} at {nearest_odds(Fraction(p).limit_denominator(100_000))}"
    except OddsError:
        return None


def _bars(a_name: str, b_name: str, result) -> tuple[list, list]:
    """The charts' rows: (label, share, note, tone). A sampled run's figures are counts of its
    bouts; the exact chain's are already probabilities."""
    n = result.bouts

    def share(count) -> float:
        return count if n is None else count / n

    def note(count) -> str:
        return "exact" if n is None else f"{count:,} of {n:,}"

    winners = [
        (f"{a_name} wins", share(result.a_wins), note(result.a_wins), "a"),
        (f"{b_name} wins", share(result.b_wins), note(result.b_wins), "b"),
    ]
    if result.draws:
        winners.append(("Draw (parted)", share(result.draws), note(result.draws), "neutral"))
    saved = result.sword_called - result.sword_given
    fates = [
        (
            "Crowd shouts for missio (5–6)",
            share(result.loser_missio),
            note(result.loser_missio),
            "good",
        ),
        (
            "Editor's choice (3–4)",
            share(result.loser_editor_choice),
            note(result.loser_editor_choice),
            "neutral",
        ),
        (
            "Crowd calls for the sword (0–2)",
            share(result.sword_called),
            note(result.sword_called),
            "a",
        ),
        ("… saved by the appeal", share(saved), note(saved), "good"),
        ("… given the sword", share(result.sword_given), note(result.sword_given), "a"),
        ("Killed on the sand", share(result.killed), note(result.killed), "a"),
    ]
    return winners, fates


def _result(a, b, setup, run) -> dict:
    """The result's figures, from a Monte Carlo run (OddsResult) or the exact chain (ExactOdds,
    whose `bouts` is None)."""
    winners, fates = _bars(a.name, b.name, run)
    exact = run.bouts is None
    p_a = run.a_wins if exact else run.a_wins / run.bouts
    return {
        "run": run,
        "exact": exact,
        "a": a,
        "b": b,
        "setup": setup,
        "winners": winners,
        "fates": fates,
        "p_a": p_a,
        "se_a": 0.0 if exact else run.standard_error(run.a_wins),
        "fair_line": _fair_line(a.name, p_a) if p_a >= 0.5 else _fair_line(b.name, 1 - p_a),
    }


def _ask(form: OddsForm) -> OddsAsk:
    data = form.cleaned_data
    return OddsAsk(
        fighter_a=data["fighter_a"],
        fighter_b=data["fighter_b"],
        orders_a=data["orders_a"],
        orders_b=data["orders_b"],
        venue=data["venue"],
        favor_a=data["favor_a"],
        favor_b=data["favor_b"],
        bouts=data["bouts"],
        seed=data["seed"] if data["seed"] is not None else secrets.randbits(32),
    )


def _answer(request, access: Access, *, status: int = 200, **context) -> HttpResponse:
    """The result fragment under htmx, else the whole page around it."""
    if request.htmx:
        context.setdefault("max_bouts", MAX_ODDS_BOUTS)
        return render(request, "arena/era/odds.html#odds-result", context, status=status)
    return _page(request, access, status=status, **context)


def _exact_result(ask: OddsAsk, exact) -> dict:
    return _result(ask.fighter_a, ask.fighter_b, ask.setup(), exact)


def odds_run(request: HttpRequest) -> HttpResponse:
    """Run the Monte Carlo for two men and answer with the result (a fragment under htmx), or
    queue a long run and answer with its progress bar."""
    access = request.access
    form = OddsForm(
        request.POST, campaign=access.campaign, fighters=campaign_fighters(access.campaign)
    )
    if not form.is_valid():
        return _answer(request, access, form=form, status=400)
    ask = _ask(form)
    try:
        if form.cleaned_data["method"] != "monte-carlo":
            exact = exact_engine.exact_odds(ask.setup())
            return _answer(request, access, form=form, result=_exact_result(ask, exact))
        if ask.bouts > BACKGROUND_ABOVE:
            job = odds_job_start(
                campaign=access.campaign, ask=ask, task=odds_task, user=request.user, kind=KIND
            )
        else:
            setup = ask.setup()
            run = odds_in_chunks(setup, bouts=ask.bouts, seed=ask.seed)
    except (Refusal, RulesError, ValueError) as exc:
        return _answer(request, access, form=form, error=str(exc), status=400)
    if ask.bouts > BACKGROUND_ABOVE:
        if not request.htmx:
            return redirect("arena:odds_job", campaign_id=access.campaign.pk, job_id=job.pk)
        return _answer(request, access, form=form, job=job)
    return _answer(
        request, access, form=form, result=_result(ask.fighter_a, ask.fighter_b, setup, run)
    )


def odds_job(request: HttpRequest, job: Job) -> HttpResponse:
    """A background run: its progress while it goes on (the bar polls this page), then its
    result, which any member can come back to."""
    access = request.access
    context: dict = {"job": job}
    if job.status == job.Status.DONE:
        try:
            ask = OddsAsk.from_params(access.campaign, job.params)
            context["result"] = _result(
                ask.fighter_a, ask.fighter_b, ask.setup(), result_from(job.result)
            )
        except (Gladiator.DoesNotExist, Refusal, RulesError, ValueError, TypeError):
            context["error"] = "The men of this run are no longer in the campaign."
    return _answer(request, access, **context)


@campaign_view(nav="odds", ruleset="era")  # the Era dice: 404 in another ruleset
def pool_odds(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Exact odds of one check pool, by convolution (the Era dice)."""
    access = request.access
    form = PoolForm(request.GET or None)
    pool_result = None
    if form.is_bound and form.is_valid():
        pool = Pool(**form.cleaned_data)
        dist = distribution(pool)
        marginal = dist.net_successes()
        pool_result = {
            "pool": pool,
            "describe": pool.describe(),
            "success": dist.p_success,
            "breakthrough": dist.p_breakthrough,
            "calamity": dist.p_calamity,
            "boons": dist.p_net_boons_at_least(2),
            "expected_successes": float(dist.expected_net_successes),
            "expected_boons": float(dist.expected_net_boons),
            "bars": [
                (f"{k:+d} net Successes", float(p), "", "good" if k >= 1 else "neutral")
                for k, p in marginal.items()
            ],
            "total": dist.total,
        }
    status = 400 if form.is_bound and not form.is_valid() else 200
    if request.htmx:
        context = {"pool_form": form, "pool_result": pool_result}
        return render(request, "arena/era/odds.html#pool-result", context, status=status)
    return _page(request, access, status=status, pool_form=form, pool_result=pool_result)


class EraOddsPage(MonteCarloOddsPage):
    """The Era's odds page: a pair exact (the Markov chain) or by Monte Carlo, and one pool's
    exact odds. It answers the three addresses itself (the exact run has no Monte Carlo
    shape); its background runs are the shared job's (`run_job`)."""

    kind = KIND
    job_refusals = (Refusal, RulesError, ValueError)

    def jobs(self, campaign: Campaign):
        return odds_jobs(campaign, KIND)

    def odds_page(self, request: HttpRequest) -> HttpResponse:
        return odds(request)

    def odds_run(self, request: HttpRequest) -> HttpResponse:
        return odds_run(request)

    def odds_job(self, request: HttpRequest, job: Job) -> HttpResponse:
        return odds_job(request, job)

    def run_job(self, job: Job, progress) -> dict:
        try:
            ask = OddsAsk.from_params(job.campaign, job.params)
        except Gladiator.DoesNotExist as gone:
            raise Refusal(MAN_GONE) from gone
        run = odds_in_chunks(ask.setup(), bouts=ask.bouts, seed=ask.seed, progress=progress)
        return result_data(run)


PAGE = EraOddsPage()
