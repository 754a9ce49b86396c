"""The odds page of a Sands campaign (issues 12 and 14): the duel's win, draw and fate shares
by Monte Carlo (the hex duel has no small exact chain).

arena/views/odds.py hands a Sands campaign's requests here (the same addresses as the Era's
page). A run of up to BACKGROUND_ABOVE bouts is answered in the request; a longer one is a
background job whose progress bar polls the job's page, and the campaign's runs stay listed
under "Long runs" (the shape arena/views/mc_odds.py shares with the Moritari's page). Any member
may ask: the orders are the form's, no man's own.
"""

from __future__ import annotations

from fractions import Fraction

from arena.rulesets.sands import odds_adapter as sands
from arena.rulesets.sands.adapter import WOUND_BOXES
from arena.rulesets.sands.odds import (
    BACKGROUND_ABOVE,
    KIND,
    MAN_GONE,
    MAX_BOUTS,
    SandsOddsAsk,
    result_data,
    result_from,
    sands_odds_job_start,
    sands_odds_jobs,
    sands_odds_run,
)
from arena.rulesets.sands.odds_forms import SandsOddsForm
from arena.rulesets.sands.words import orders_words
from arena.selectors.pages import campaign_fighters
from arena.views.mc_odds import MonteCarloOddsPage
from economy.odds_lines import OddsError, nearest_odds
from ludus.access import Access
from ludus.errors import Refusal
from ludus.models import Gladiator, Job
from rules.core.errors import RulesError

FATE_LABELS = {
    "killed": ("Killed on the sand", "a"),
    "iugula": ("Given the sword (Iugula)", "a"),
    "mitte": ("Spared by the crowd (Mitte)", "good"),
}
END_LABELS = {
    "killed": "Killed",
    "disabled": "Disabled (a location's boxes full)",
    "tripped": "Tripped",
    "exhausted": "Exhausted",
    "no_dice": "No dice left",
    "apathy": "Two Apathy Tokens",
    "finger": "Raised the finger",
    "stans_missus": "Stans missus (both exhausted)",
    "turn_limit": "The turn limit",
}


def _fair_line(name: str, p: float) -> str | None:
    try:
        return f"{name} at {nearest_odds(Fraction(p).limit_denominator(100_000))}"
    except OddsError:
        return None


def carried_rows(setup: sands.Setup) -> list[tuple[str, list[tuple[str, int, int]]]]:
    """What each side carries into the priced bouts: (name, [(location, marks, boxes)]), his
    unhealed wounds' marks by location against the location's boxes (none: he comes fresh)."""
    rows = []
    for spec in (setup.a, setup.b):
        marks = [
            (str(where), spec.carried[str(where)], boxes)
            for where, boxes in WOUND_BOXES.items()
            if spec.carried.get(str(where), 0)
        ]
        rows.append((spec.name, marks))
    return rows


def result_context(setup: sands.Setup, run: sands.SandsOdds) -> dict:
    """The figures the page shows of a run: who wins, the loser's fate (all and by side), how
    the bouts ended, as the charts' rows (label, share, note, tone)."""
    n = run.bouts
    a, b = setup.a.name, setup.b.name

    def bar(label: str, count: int, tone: str) -> tuple[str, float, str, str]:
        return (label, count / n, f"{count:,} of {n:,}", tone)

    winners = [bar(f"{a} wins", run.a_wins, "a"), bar(f"{b} wins", run.b_wins, "b")]
    if run.draws:
        winners.append(bar("Draw (stans missus or the turn limit)", run.draws, "neutral"))
    fates = [bar(label, run.fate(key), tone) for key, (label, tone) in FATE_LABELS.items()]
    by_side = []
    for side, name in (("a", a), ("b", b)):
        by_side += [
            bar(f"{name} {label[0].lower()}{label[1:]}", run.fate(key, side), tone)
            for key, (label, tone) in FATE_LABELS.items()
            if key != "mitte"
        ]
    ends = [
        bar(END_LABELS[key], run.ends.get(key, 0), "neutral")
        for key in sands.ENDS.values()
        if run.ends.get(key, 0)
    ]
    p_a = run.a_wins / n
    return {
        "run": run,
        "setup": setup,
        "a": setup.a,
        "b": setup.b,
        "orders_a": orders_words(sands.orders_filled(setup.a.orders)),
        "orders_b": orders_words(sands.orders_filled(setup.b.orders)),
        "carried": carried_rows(setup),
        "winners": winners,
        "fates": fates,
        "by_side": by_side,
        "ends": ends,
        "p_a": p_a,
        "se_a": run.standard_error(run.a_wins),
        "fair_line": _fair_line(a, p_a) if p_a >= 0.5 else _fair_line(b, 1 - p_a),
    }


class SandsOddsPage(MonteCarloOddsPage):
    template = "arena/sands/odds.html"
    part = "sands-odds-result"
    background_above = BACKGROUND_ABOVE
    kind = KIND
    job_refusals = (Refusal, RulesError, ValueError, TypeError)
    unreadable = (Gladiator.DoesNotExist, Refusal, RulesError, ValueError, TypeError, KeyError)
    unreadable_message = MAN_GONE

    def form(self, access: Access, data=None) -> SandsOddsForm:
        return SandsOddsForm(
            data, campaign=access.campaign, fighters=campaign_fighters(access.campaign)
        )

    def limits(self) -> dict:
        return {"max_bouts": MAX_BOUTS}

    def jobs(self, campaign):
        return sands_odds_jobs(campaign)

    def size(self, ask: SandsOddsAsk) -> int:
        return ask.bouts

    def job_start(self, **kwargs) -> Job:
        return sands_odds_job_start(**kwargs)

    def run(self, ask: SandsOddsAsk) -> tuple[sands.Setup, sands.SandsOdds]:
        return ask.setup(), sands_odds_run(ask)

    def result(self, ran: tuple[sands.Setup, sands.SandsOdds]) -> dict:
        return result_context(*ran)

    def finished(self, access: Access, job: Job) -> dict:
        ask = SandsOddsAsk.from_params(access.campaign, job.params)
        return result_context(ask.setup(), result_from(job.result))

    def run_job(self, job: Job, progress) -> dict:
        try:
            ask = SandsOddsAsk.from_params(job.campaign, job.params)
        except Gladiator.DoesNotExist as gone:
            raise Refusal(MAN_GONE) from gone
        return result_data(sands_odds_run(ask, progress=progress))


PAGE = SandsOddsPage()
