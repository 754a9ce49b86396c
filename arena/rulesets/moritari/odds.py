"""Moritari odds over many fights, from the odds page of a Moritari campaign (issue 13).

A run is `fight_odds` of the skirmish (rules/moritari/odds.py) with the run's own seed, so it
gives the figures of `manage.py bout_odds --ruleset moritari` for the same fighters and seed.
The fighters are the campaign's men (each fights as his armatura, for his school, with the
Wounds he carries now) and beasts of the skirmish's kinds (for the beasts); every Caesar follows
the crowd, as the book's public line is priced (no man's own orders are read, so any member may
ask). A run of up to BACKGROUND_ABOVE fights is answered in the request; a longer one (up to
MAX_FIGHTS) is a background job (`moritari_odds_job_start`), whose task
(arena.tasks.odds_job) runs it here and reports its progress every few hundred fights.
The jobs are the Era odds' jobs (ludus.Job), told apart by their kind (KIND).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from arena.errors import BoutError
from arena.rulesets.moritari import adapter as moritari
from arena.services.odds_runs import odds_job_start, odds_jobs
from ludus.models import Campaign, Gladiator, Job

KIND = "moritari_odds"
BACKGROUND_ABOVE = 2_000  # fights: a second or two of the engine; more run in the background
MAX_FIGHTS = 100_000
MAN_GONE = "The men of this run are no longer in the campaign."
NO_HIT_POINTS = (
    "{name} carries {wounds} Wounds: he has no hit point left to fight with (he must heal first)."
)
CROWD = {"thumb": "crowd", "caesar": "auto"}  # every Caesar follows the crowd, nobody asks

Progress = Callable[[int], None]


@dataclasses.dataclass(frozen=True)
class Pick:
    """One fighter asked for: a man of the campaign, or (without one) a beast of `beast` kind."""

    man: Gladiator | None = None
    beast: str = ""

    def data(self) -> dict:
        return {"man": self.man.pk} if self.man is not None else {"beast": self.beast}


@dataclasses.dataclass(frozen=True)
class MoritariOddsAsk:
    """What a member asked the odds of: the fighters (in order), the fights and the seed."""

    picks: tuple[Pick, ...]
    fights: int
    seed: int

    def rows(self) -> list[dict]:
        """The fighters as the adapter's stored setup keeps them (names told apart)."""
        rows = []
        seen: dict[str, int] = {}
        for pick in self.picks:
            if pick.man is not None:
                man = pick.man
                if man.wounds >= moritari.HIT_POINTS:
                    raise BoutError(NO_HIT_POINTS.format(name=man.name, wounds=man.wounds))
                row = {
                    "name": man.name,
                    "kind": moritari.man_kind(man),
                    "side": moritari.side_of(man),
                    "wounds": man.wounds,
                }
            else:
                if pick.beast not in moritari.BEAST_KINDS:
                    raise BoutError(
                        f"{pick.beast!r} is not a beast of the skirmish; the beasts are "
                        f"{', '.join(moritari.BEAST_KINDS)}."
                    )
                row = {
                    "name": moritari.KINDS[pick.beast].name,
                    "kind": pick.beast,
                    "side": moritari.BEASTS,
                    "wounds": 0,
                }
            seen[row["name"]] = seen.get(row["name"], 0) + 1
            if seen[row["name"]] > 1:
                row["name"] = f"{row['name']} {seen[row['name']]}"
            rows.append(row | {"orders": dict(CROWD)})
        return rows

    def setup(self) -> moritari.Setup:
        """The engine's setup; a BoutError names a man who cannot fight, a RulesError what
        the skirmish refuses (one side only, beasts alone)."""
        return moritari.setup_from_data({"fighters": self.rows()})

    def params(self) -> dict:
        return {
            "fighters": [pick.data() for pick in self.picks],
            "fights": self.fights,
            "seed": self.seed,
        }

    @classmethod
    def from_params(cls, campaign: Campaign, params: dict) -> MoritariOddsAsk:
        men = Gladiator.objects.filter(campaign=campaign).select_related("owner")
        picks = tuple(
            Pick(man=men.get(pk=row["man"])) if "man" in row else Pick(beast=str(row["beast"]))
            for row in params["fighters"]
        )
        return cls(picks=picks, fights=int(params["fights"]), seed=int(params["seed"]))

    @property
    def bouts(self) -> int:
        """The fights, by the name the Era's and Sands' asks give them (a job's total)."""
        return self.fights

    @property
    def title(self) -> str:
        names = [row["name"] for row in self._names()]
        return f"{' v '.join(names)} (Moritari): {self.fights:,} fights, seed {self.seed}"

    def _names(self) -> list[dict]:
        try:
            return self.rows()
        except BoutError:
            return [{"name": p.man.name if p.man else p.beast} for p in self.picks]


def moritari_odds_run(ask: MoritariOddsAsk, *, progress: Progress | None = None):
    """The run's figures (a MoritariOdds); `progress(done)` every few hundred fights."""
    report = None if progress is None else (lambda done, total: progress(done))
    return moritari.fight_odds(ask.setup(), fights=ask.fights, seed=ask.seed, progress=report)


def result_data(result: moritari.MoritariOdds) -> dict:
    """A result as the job keeps it (JSON), and back (`result_from`). It keeps the fighters as
    they were run (a man's Wounds then), so a finished run reads the same whatever happens to
    the men since."""
    return {
        "fighters": [
            {
                "name": spec.name,
                "kind": spec.kind,
                "side": spec.side,
                "orders": dict(spec.orders),
                "hit_points": spec.hit_points,
            }
            for spec in result.setup.fighters
        ],
        "fights": result.fights,
        "seed": result.seed,
        "wins": dict(result.wins),
        "draws": result.draws,
        "fates": {str(index): dict(counts) for index, counts in result.fates.items()},
        "total_turns": result.total_turns,
        "overruled": result.overruled,
        "engine_version": result.engine_version,
    }


def result_from(data: dict) -> moritari.MoritariOdds:
    """The run back from its JSON; a RulesError, KeyError or ValueError if it is not one."""
    setup = moritari.Setup(tuple(moritari.FighterSpec(**row) for row in data["fighters"]))
    fates = {int(index): dict(counts) for index, counts in data["fates"].items()}
    if set(fates) != set(range(len(setup.fighters))):
        raise ValueError("the run's fates are not its fighters'")
    return moritari.MoritariOdds(
        setup=setup,
        fights=int(data["fights"]),
        seed=int(data["seed"]),
        wins=dict(data["wins"]),
        draws=int(data["draws"]),
        fates=fates,
        total_turns=int(data["total_turns"]),
        overruled=int(data.get("overruled", 0)),
        engine_version=str(data.get("engine_version", moritari.ENGINE_VERSION)),
    )


def moritari_odds_job_start(*, campaign: Campaign, ask: MoritariOddsAsk, task, user=None) -> Job:
    """Queue a Moritari run in the background: the Era runs' queue (odds_runs.odds_job_start:
    refused at once if the engine refuses, a repeated click queues once), of its own kind."""
    return odds_job_start(campaign=campaign, ask=ask, task=task, user=user, kind=KIND)


def moritari_odds_jobs(campaign: Campaign):
    """The campaign's Moritari odds runs in the background, the latest first."""
    return odds_jobs(campaign, KIND)
