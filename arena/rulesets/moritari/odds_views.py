"""The odds page of a Moritari campaign (issue 13): the skirmish's side, draw and fate shares
by Monte Carlo (the board is its state: no small exact chain).

arena/views/odds.py hands a Moritari campaign's requests here (the same addresses as the Era's
page). A member picks two or more fighters (the campaign's men, with the Wounds they carry, and
beasts) and a number of fights. A run of up to BACKGROUND_ABOVE fights is answered in the
request; a longer one is a background job whose progress bar polls the job's page, and the
campaign's runs stay listed under "Long runs" (the shape arena/views/mc_odds.py shares with the
Sands's page). Any member may ask: no man's own orders are read.
"""

from __future__ import annotations

from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari.odds import (
    BACKGROUND_ABOVE,
    KIND,
    MAN_GONE,
    MAX_FIGHTS,
    MoritariOddsAsk,
    moritari_odds_job_start,
    moritari_odds_jobs,
    moritari_odds_run,
    result_data,
    result_from,
)
from arena.rulesets.moritari.odds_forms import MIN_FIGHTS, SLOTS, MoritariOddsForm
from arena.views.mc_odds import MonteCarloOddsPage
from ludus.access import Access
from ludus.errors import Refusal
from ludus.models import Gladiator, Job
from rules.core.errors import RulesError

FATE_LABELS = {
    "dead": ("dead", "a"),
    "spared": ("spared by Caesar's thumb", "good"),
    "walked_out": ("walked out on his feet", "neutral"),
}
SIDE_TONES = ("a", "b")
UNREADABLE = "This run's result cannot be read (it was kept by another version of the page)."


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


class MoritariOddsPage(MonteCarloOddsPage):
    template = "arena/moritari/odds.html"
    part = "moritari-odds-result"
    background_above = BACKGROUND_ABOVE
    kind = KIND
    job_refusals = (Refusal, RulesError, ValueError, TypeError, KeyError)
    unreadable = (RulesError, ValueError, TypeError, KeyError, AttributeError)
    unreadable_message = UNREADABLE

    def form(self, access: Access, data=None) -> MoritariOddsForm:
        return MoritariOddsForm(data, campaign=access.campaign)

    def limits(self) -> dict:
        return {"max_fights": MAX_FIGHTS, "min_fights": MIN_FIGHTS, "slots": SLOTS}

    def jobs(self, campaign):
        return moritari_odds_jobs(campaign)

    def size(self, ask: MoritariOddsAsk) -> int:
        return ask.fights

    def job_start(self, **kwargs) -> Job:
        return moritari_odds_job_start(**kwargs)

    def run(self, ask: MoritariOddsAsk) -> moritari.MoritariOdds:
        return moritari_odds_run(ask)

    def result(self, ran: moritari.MoritariOdds) -> dict:
        return result_context(ran)

    def finished(self, access: Access, job: Job) -> dict:
        return result_context(result_from(job.result))

    def run_job(self, job: Job, progress) -> dict:
        try:
            ask = MoritariOddsAsk.from_params(job.campaign, job.params)
        except Gladiator.DoesNotExist as gone:
            raise Refusal(MAN_GONE) from gone
        return result_data(moritari_odds_run(ask, progress=progress))


PAGE = MoritariOddsPage()
