"""Sands (seed 000) on the app side: the hex-grid duel of a pair, its board and sheets, the
appeal to the crowd settled on the sand, and its Monte Carlo odds."""

from __future__ import annotations

from typing import Any, ClassVar

from arena.models import Bout
from arena.rulesets.base import Data, Fought, RulesetPlugin, Ruling, Stepped, Words
from arena.rulesets.sands import adapter, cli, pages, selectors
from arena.rulesets.sands.odds_views import PAGE
from arena.views.mc_odds import MonteCarloOddsPage
from ludus.models import Gladiator


class SandsPlugin(RulesetPlugin):
    key: ClassVar[str] = "sands"
    engine_version: ClassVar[str] = adapter.ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = tuple(adapter.ENGINE_VERSIONS)
    # A Sands bout is fought in turns, and a man's standing is the crowd's mood.
    words: ClassVar[Words] = adapter.WORDS
    incapacitated_message: ClassVar[str] = adapter.INCAPACITATED
    presets: ClassVar[tuple[str, ...]] = tuple(adapter.PRESETS)
    ask_choices: ClassVar[tuple[tuple[str, str], ...]] = tuple(adapter.ASK_CHOICES)
    no_table: ClassVar[str] = adapter.NO_TABLE
    demo_file: ClassVar[str] = "demo_sands.json"
    demo_name: ClassVar[str] = "The Sands of Capua"

    odds_cli: ClassVar[Any] = cli

    def incapacitated(self, wounds: int, wound_points: int) -> bool:
        return adapter.incapacitated(wounds, wound_points)

    def setup_data(self, bout: Bout) -> Data:
        return adapter.setup_data(bout)

    def decision_data(self, decisions: Any) -> list[Data]:
        return adapter.decision_data(decisions)

    def fight(self, bout: Bout, decisions: list[Data], rounds: int | None = None) -> Fought:
        return adapter.fight(bout, decisions, rounds)

    def end_words(self, bout: Bout) -> str:
        return selectors.end_line(bout)

    def bout_pending(self, bout: Bout) -> Any | None:
        return adapter.bout_pending(bout)

    def pending_default(self, bout: Bout) -> Data:
        return adapter.pending_default(bout)

    def live_odds(self, bout: Bout) -> Any:
        return adapter.live_odds(bout)

    def crowd_call(self, loser_favor: int) -> str:
        return adapter.crowd_call(loser_favor)

    def decide(self, bout: Bout, loser: Gladiator, editor_choice: str | None) -> Ruling:
        return adapter.decide(bout, loser, editor_choice)

    def engine_chances(self, bout: Bout) -> tuple[float, float, str] | None:
        return adapter.engine_chances(bout)

    # One step back: replayed to a turn; the answers used are the turns' orders in the log.
    def replay_to(self, bout: Bout, decisions: list[Data], steps: int) -> Any:
        return adapter.replay(bout, decisions, steps)

    def pending_step(self, replayed: Any) -> int | None:
        return None if replayed.pending is None else replayed.pending.round

    def decisions_used(self, replayed: Any, decisions: list[Data]) -> list[Data]:
        used = sum(1 for event in replayed.events if event["kind"] == "orders")
        return decisions[:used]

    def stepped(self, bout: Bout, replayed: Any, decisions: list[Data]) -> Stepped:
        return adapter.stepped(replayed, decisions)

    @property
    def pages(self) -> Any:
        return pages

    @property
    def odds_page(self) -> MonteCarloOddsPage:
        return PAGE
