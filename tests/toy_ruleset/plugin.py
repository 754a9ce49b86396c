"""The coin-flip duel on the app side: a plug-in (arena.rulesets.base.RulesetPlugin) for a pair
of the campaign's men, its book's even line, and its odds page (MonteCarloOddsPage's shape)."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from django import forms

from arena.errors import BoutError
from arena.models import Bout
from arena.rulesets.base import EntrantEnd, Fought, RulesetPlugin, Stepped
from arena.services.odds_runs import odds_job_start, odds_jobs
from arena.views.mc_odds import MonteCarloOddsPage
from ludus.errors import Refusal
from ludus.models import Campaign, Gladiator, Job
from tests.toy_ruleset import engine, pages

NOT_A_PAIR = "A coin-flip duel is fought by a pair of the campaign's men, sides a and b."
NOTHING_TO_ASK = "A coin-flip duel asks nothing of the table."
MAN_GONE = "The men of this run are no longer in the campaign."
SAME_MAN = "A man cannot flip against himself."
ODDS_KIND = "coin_odds"


def _pair(bout: Bout) -> dict[str, Gladiator]:
    men = {entry.side: entry.gladiator for entry in bout.entrants}
    if sorted(men) != list(engine.SIDES) or None in men.values():
        raise BoutError(NOT_A_PAIR)
    return men


class CoinPlugin(RulesetPlugin):
    key: ClassVar[str] = engine.KEY
    engine_version: ClassVar[str] = engine.ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = (engine.ENGINE_VERSION,)
    presets: ClassVar[tuple[str, ...]] = ("steady",)

    def setup_data(self, bout: Bout) -> dict:
        men = _pair(bout)
        return {"engine_version": self.engine_version} | {
            side: {"gladiator": man.pk, "name": man.name, "wounds": man.wounds}
            for side, man in men.items()
        }

    def decision_data(self, decisions: Any) -> list[dict]:
        if decisions:
            raise BoutError(NOTHING_TO_ASK)
        return []

    def fight(self, bout: Bout, decisions: list[dict], rounds: int | None = None) -> Fought:
        whole = engine.flips(bout.seed)
        upto = len(whole) if rounds is None else min(len(whole), bout.rounds + rounds)
        events = whole[:upto]
        scores = engine.scores(events)
        finished = upto == len(whole)
        carried = {side: bout.setup[side]["wounds"] for side in engine.SIDES}
        return Fought(
            engine_version=self.engine_version,
            decisions=[],
            events=events,
            rounds=upto,
            finished=finished,
            entrants=tuple(
                EntrantEnd(side=side, standing=scores[side], wounds=carried[side])
                for side in engine.SIDES
            ),
            end_reason=Bout.EndReason.YIELD if finished else "",
            winner=engine.winner(events),
        )

    def bout_pending(self, bout: Bout) -> Any | None:
        return None

    def pending_default(self, bout: Bout) -> dict:
        raise BoutError(NOTHING_TO_ASK)

    def engine_chances(self, bout: Bout) -> tuple[float, float, str] | None:
        return 0.5, 0.5, "A fair coin"

    # One step back: the flips to a round (nothing is ever asked).
    def replay_to(self, bout: Bout, decisions: list[dict], steps: int) -> Any:
        return engine.flips(bout.seed)[:steps]

    def pending_step(self, replayed: Any) -> int | None:
        return None

    def decisions_used(self, replayed: Any, decisions: list[dict]) -> list[dict]:
        return []

    def stepped(self, bout: Bout, replayed: Any, decisions: list[dict]) -> Stepped:
        return Stepped(
            rounds=len(replayed), decisions=[], events=replayed, standings=engine.scores(replayed)
        )

    @property
    def pages(self) -> Any:
        return pages

    @property
    def odds_page(self) -> MonteCarloOddsPage:
        return PAGE


# --- the odds page -----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class CoinAsk:
    fighter_a: Gladiator
    fighter_b: Gladiator
    bouts: int
    seed: int

    def setup(self) -> tuple[str, str]:
        if self.fighter_a.pk == self.fighter_b.pk:
            raise Refusal(SAME_MAN)
        return self.fighter_a.name, self.fighter_b.name

    def params(self) -> dict:
        return {
            "a": self.fighter_a.pk,
            "b": self.fighter_b.pk,
            "bouts": self.bouts,
            "seed": self.seed,
        }

    @classmethod
    def from_params(cls, campaign: Campaign, params: dict) -> CoinAsk:
        men = Gladiator.objects.filter(campaign=campaign)
        a, b = men.get(pk=params["a"]), men.get(pk=params["b"])
        return cls(a, b, params["bouts"], params["seed"])

    @property
    def title(self) -> str:
        return f"{self.fighter_a.name} v {self.fighter_b.name} (coin): {self.bouts:,} bouts"


class CoinOddsForm(forms.Form):
    fighter_a = forms.ModelChoiceField(queryset=Gladiator.objects.none())
    fighter_b = forms.ModelChoiceField(queryset=Gladiator.objects.none())
    bouts = forms.IntegerField(min_value=1, max_value=10_000)
    seed = forms.IntegerField(min_value=0, required=False)

    def __init__(self, data=None, *, campaign: Campaign):
        super().__init__(data)
        for name in ("fighter_a", "fighter_b"):
            self.fields[name].queryset = Gladiator.objects.filter(campaign=campaign)

    def ask(self, seed: int) -> CoinAsk:
        data = self.cleaned_data
        chosen = seed if data["seed"] is None else data["seed"]
        return CoinAsk(data["fighter_a"], data["fighter_b"], data["bouts"], chosen)


def coin_odds(ask: CoinAsk, progress=None) -> dict:
    ask.setup()
    wins = engine.odds(ask.bouts, ask.seed)
    if progress is not None:
        progress(ask.bouts)
    return {"bouts": ask.bouts, "seed": ask.seed, "wins": wins}


class CoinOddsPage(MonteCarloOddsPage):
    kind = ODDS_KIND
    template = "toy/odds.html"
    part = "coin-odds-result"
    background_above = 1_000
    unreadable = (Gladiator.DoesNotExist, KeyError)
    unreadable_message = MAN_GONE

    def form(self, access, data=None) -> CoinOddsForm:
        return CoinOddsForm(data, campaign=access.campaign)

    def limits(self) -> dict:
        return {"max_bouts": 10_000}

    def jobs(self, campaign: Campaign):
        return odds_jobs(campaign, ODDS_KIND)

    def size(self, ask: CoinAsk) -> int:
        return ask.bouts

    def job_start(self, **kwargs) -> Job:
        return odds_job_start(kind=ODDS_KIND, **kwargs)

    def run(self, ask: CoinAsk) -> tuple[CoinAsk, dict]:
        return ask, coin_odds(ask)

    def result(self, ran: tuple[CoinAsk, dict]) -> dict:
        ask, run = ran
        names = {"a": ask.fighter_a.name, "b": ask.fighter_b.name}
        return {"rows": [(names[side], n) for side, n in run["wins"].items()], "run": run}

    def finished(self, access, job: Job) -> dict:
        ask = CoinAsk.from_params(access.campaign, job.params)
        return self.result((ask, job.result))

    def run_job(self, job: Job, progress) -> dict:
        try:
            ask = CoinAsk.from_params(job.campaign, job.params)
        except Gladiator.DoesNotExist as gone:
            raise Refusal(MAN_GONE) from gone
        return coin_odds(ask, progress)


PAGE = CoinOddsPage()
