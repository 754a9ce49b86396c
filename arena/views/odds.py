"""The odds page: the engine's Monte Carlo odds of two men, and the exact odds of one pool.

Any member may ask (odds are public); the orders are chosen on the form from the presets, so no
man's private standing orders are read. The Monte Carlo is posted and its result fragment
swapped in by htmx while an indicator shows it is working; without htmx the whole page comes
back with the result. A run is capped at MAX_ODDS_BOUTS bouts.
"""

from __future__ import annotations

import secrets
from fractions import Fraction

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from arena.adapters.era import Pool, bout_odds, distribution
from arena.forms import MAX_ODDS_BOUTS, OddsForm, PoolForm
from arena.selectors.pages import campaign_fighters, odds_setup
from economy.odds_lines import OddsError, nearest_odds
from ludus.access import Access, campaign_view
from rules.core.errors import RulesError


def _context(access: Access, **extra) -> dict:
    context = {
        "max_bouts": MAX_ODDS_BOUTS,
        "form": OddsForm(campaign=access.campaign, fighters=campaign_fighters(access.campaign)),
        "pool_form": PoolForm(),
        "result": None,
        "pool_result": None,
    }
    context.update(extra)
    return context


@campaign_view(nav="odds")
def odds(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    return render(request, "arena/odds.html", _context(access))


def _fair_line(name: str, p: float) -> str | None:
    try:
        return f"{name} at {nearest_odds(Fraction(p).limit_denominator(100_000))}"
    except OddsError:
        return None


def _bars(a_name: str, b_name: str, result) -> tuple[list, list]:
    n = result.bouts

    def share(count: int) -> float:
        return count / n

    def note(count: int) -> str:
        return f"{count:,} of {n:,}"

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


@campaign_view(nav="odds")
@require_POST
def odds_run(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Run the Monte Carlo for two men and answer with the result (a fragment under htmx)."""
    access = request.access
    form = OddsForm(
        request.POST, campaign=access.campaign, fighters=campaign_fighters(access.campaign)
    )
    result = error = None
    if form.is_valid():
        data = form.cleaned_data
        seed = data["seed"] if data["seed"] is not None else secrets.randbits(32)
        a, b = data["fighter_a"], data["fighter_b"]
        try:
            setup = odds_setup(
                fighter_a=a,
                fighter_b=b,
                orders_a=data["orders_a"],
                orders_b=data["orders_b"],
                venue=data["venue"],
                favor_a=data["favor_a"],
                favor_b=data["favor_b"],
            )
            run = bout_odds(setup, bouts=data["bouts"], seed=seed)
        except (RulesError, ValueError) as exc:
            error = str(exc)
        else:
            winners, fates = _bars(a.name, b.name, run)
            p_a = run.a_wins / run.bouts
            result = {
                "run": run,
                "a": a,
                "b": b,
                "setup": setup,
                "winners": winners,
                "fates": fates,
                "p_a": p_a,
                "se_a": run.standard_error(run.a_wins),
                "fair_line": _fair_line(a.name, p_a) if p_a >= 0.5 else _fair_line(b.name, 1 - p_a),
            }
    status = 200 if result else 400
    if request.htmx:
        context = {"form": form, "result": result, "error": error, "max_bouts": MAX_ODDS_BOUTS}
        return render(request, "arena/odds.html#odds-result", context, status=status)
    context = _context(access, form=form, result=result, error=error)
    return render(request, "arena/odds.html", context, status=status)


@campaign_view(nav="odds")
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
            "boons": dist.probability(lambda o: o.net_boons >= 2),
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
        return render(request, "arena/odds.html#pool-result", context, status=status)
    context = _context(access, pool_form=form, pool_result=pool_result)
    return render(request, "arena/odds.html", context, status=status)
