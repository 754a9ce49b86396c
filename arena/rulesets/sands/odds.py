"""Sands odds over many bouts, from the odds page (issues 12 and 14).

A run is `bout_odds` of the duel (rules/sands/odds.py) with the run's own seed, so it gives the
figures of `manage.py bout_odds --ruleset sands` for the same men, orders and seed. A run of up
to BACKGROUND_ABOVE bouts is answered in the request; a longer one (up to MAX_BOUTS) is a
background job (`sands_odds_job_start`), whose task (arena.tasks.odds_job) runs it here
and reports its progress every few hundred bouts. The jobs are the Era odds' jobs (ludus.Job),
told apart by their kind (KIND), so the page lists them under "Long runs" the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from arena.errors import BoutError
from arena.rulesets.sands import odds_adapter as sands
from arena.rulesets.sands.adapter import man_spec
from arena.services.odds_runs import odds_job_start, odds_jobs
from ludus.models import Campaign, Gladiator, Job

KIND = "sands_odds"
BACKGROUND_ABOVE = 2_000  # bouts: about a second of the engine; more runs in the background
MAX_BOUTS = 100_000
MAN_GONE = "The men of this run are no longer in the campaign."
NOT_SANDS = "{name} is a {armatura}: the Sands duel has a murmillo or a thraex"

Progress = Callable[[int], None]


@dataclasses.dataclass(frozen=True)
class SandsOddsAsk:
    """What a member asked the odds of: each side a man of the campaign (his kind is his
    armatura) or, without one, a kind; each side's orders (the form's, never a man's own);
    the bouts and the seed.

    A man fights the priced bouts as his bout's setup would take him (the Sands adapter's
    `man_spec`): with the wound marks of the injuries he carries, unhealed. `carried_a` and
    `carried_b` keep those marks by location once the ask is fixed (`carrying`, when a
    background run is queued), so the run and its result read what he carried when it was
    asked, whatever the medicus did since; None reads them from the man now.
    """

    kind_a: str
    kind_b: str
    orders_a: dict[str, str]
    orders_b: dict[str, str]
    bouts: int
    seed: int
    fighter_a: Gladiator | None = None
    fighter_b: Gladiator | None = None
    turn_limit: int | None = None
    carried_a: dict[str, int] | None = None
    carried_b: dict[str, int] | None = None

    def spec(self, side: str) -> sands.FighterSpec:
        man: Gladiator | None = getattr(self, f"fighter_{side}")
        kind = getattr(self, f"kind_{side}")
        orders = getattr(self, f"orders_{side}")
        if man is None:
            return sands.FighterSpec(name=sands.kind_of(kind).name, kind=kind, orders=orders)
        if man.armatura not in sands.KINDS:
            raise BoutError(
                NOT_SANDS.format(name=man.name, armatura=man.get_armatura_display().lower())
            )
        spec = man_spec(man, orders)  # his class and the wounds he carries, as a bout takes him
        carried = getattr(self, f"carried_{side}")
        if carried is not None:  # the marks he carried when the run was asked
            spec = sands.FighterSpec(spec.name, spec.kind, spec.orders, dict(carried))
        return spec

    def carrying(self) -> SandsOddsAsk:
        """The ask with each man's carried wound marks fixed as they are now."""
        fixed = {}
        for side in "ab":
            if getattr(self, f"fighter_{side}") is not None:
                fixed[f"carried_{side}"] = dict(self.spec(side).carried)
        return dataclasses.replace(self, **fixed)

    def setup(self) -> sands.Setup:
        """The engine's setup; a BoutError names a man who cannot fight the duel, a RulesError
        an order the engine refuses."""
        a, b = self.spec("a"), self.spec("b")
        if a.name == b.name:
            b = dataclasses.replace(b, name=f"{b.name} 2")
        return sands.Setup(a, b, self.turn_limit)

    def params(self) -> dict:
        data = dataclasses.asdict(self)
        for side in "ab":
            man = getattr(self, f"fighter_{side}")
            data[f"fighter_{side}"] = None if man is None else man.pk
        return data

    @classmethod
    def from_params(cls, campaign: Campaign, params: dict) -> SandsOddsAsk:
        men = Gladiator.objects.filter(campaign=campaign)
        data = dict(params)
        for side in "ab":  # a run queued before the wounds were kept was run fresh
            if params.get(f"fighter_{side}") is not None:
                data.setdefault(f"carried_{side}", {})
        for side in "ab":
            pk = params.get(f"fighter_{side}")
            data[f"fighter_{side}"] = None if pk is None else men.get(pk=pk)
        return cls(**data)

    def side_name(self, side: str) -> str:
        man = getattr(self, f"fighter_{side}")
        return man.name if man is not None else sands.kind_of(getattr(self, f"kind_{side}")).name

    @property
    def title(self) -> str:
        return (
            f"{self.side_name('a')} v {self.side_name('b')} (Sands): {self.bouts:,} bouts, "
            f"seed {self.seed}"
        )


def sands_odds_run(ask: SandsOddsAsk, *, progress: Progress | None = None) -> sands.SandsOdds:
    """The run's figures; `progress(done)` every few hundred bouts."""
    report = None if progress is None else (lambda done, total: progress(done))
    return sands.bout_odds(ask.setup(), bouts=ask.bouts, seed=ask.seed, progress=report)


def result_data(result: sands.SandsOdds) -> dict:
    """A result as the job keeps it (JSON), and back (`result_from`)."""
    return dataclasses.asdict(result)


def result_from(data: dict) -> sands.SandsOdds:
    return sands.SandsOdds(**(data | {"names": tuple(data.get("names", ("a", "b")))}))


def sands_odds_job_start(*, campaign: Campaign, ask: SandsOddsAsk, task, user=None) -> Job:
    """Queue a Sands run in the background: the Era runs' queue (odds_runs.odds_job_start:
    refused at once if the engine refuses, a repeated click queues once), of its own kind. The
    ask keeps the marks its men carry now, so healing them while it waits changes nothing."""
    return odds_job_start(campaign=campaign, ask=ask.carrying(), task=task, user=user, kind=KIND)


def sands_odds_jobs(campaign: Campaign):
    """The campaign's Sands odds runs in the background, the latest first."""
    return odds_jobs(campaign, KIND)
