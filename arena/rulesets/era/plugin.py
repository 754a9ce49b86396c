"""The Era (seed 001) on the app side: a pair's bout by the core rules, the editor's verdict,
the table's line, the exact odds, and the chariot races of the Circus."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from django.urls import URLPattern, path

from arena.models import Bout
from arena.rulesets.base import Data, Fought, RulesetPlugin, Ruling, Stepped
from arena.rulesets.era import adapter, cli, odds_views, pages
from arena.views.mc_odds import MonteCarloOddsPage
from ludus.models import Gladiator
from rules.era.orders import DECISION_LABELS


class EraPlugin(RulesetPlugin):
    key: ClassVar[str] = "era"
    engine_version: ClassVar[str] = adapter.ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = tuple(adapter.ENGINE_VERSIONS)
    presets: ClassVar[tuple[str, ...]] = tuple(adapter.PRESETS)
    ask_choices: ClassVar[tuple[tuple[str, str], ...]] = (
        ("yield", "Yield at the start of his turn"),
        ("fight_on", "Fight on after a first Critical Injury"),
        ("boons", "How to spend Boons on a hit"),
    )
    ask_words: ClassVar[dict[str, str]] = {str(k): v for k, v in DECISION_LABELS.items()}
    declares_cuts: ClassVar[bool] = True
    table_line: ClassVar[bool] = True
    has_live_odds: ClassVar[bool] = True
    has_races: ClassVar[bool] = True
    campaign_sections: ClassVar[tuple[tuple[str, str], ...]] = (
        ("circus", "arena.rulesets.era.circus.urls"),
    )
    demo_file: ClassVar[str] = "demo.json"
    demo_name: ClassVar[str] = "Capua and Rome, 50 BC"

    odds_cli: ClassVar[Any] = cli

    def incapacitated(self, wounds: int, wound_points: int) -> bool:
        return adapter.incapacitated(wounds, wound_points)

    def setup_data(self, bout: Bout) -> Data:
        return adapter.setup_data(bout)

    def decision_data(self, decisions: Any) -> list[Data]:
        return adapter.decision_data(decisions)

    def fight(self, bout: Bout, decisions: list[Data], rounds: int | None = None) -> Fought:
        return adapter.fight(bout, decisions, rounds)

    def bout_pending(self, bout: Bout) -> Any | None:
        return adapter.bout_pending(bout)

    def pending_default(self, bout: Bout) -> Data:
        return adapter.pending_default(bout)

    def choice_costs(self, bout: Bout) -> dict[str, str]:
        return adapter.choice_costs(bout)

    def live_odds(self, bout: Bout) -> Any:
        return adapter.live_odds(bout)

    def crowd_call(self, loser_favor: int) -> str:
        return adapter.crowd_call(loser_favor)

    def appeal_appellant(self, bout: Bout) -> Any | None:
        return adapter.appeal_appellant(bout)

    def decide(self, bout: Bout, loser: Gladiator, editor_choice: str | None) -> Ruling:
        return adapter.decide(bout, loser, editor_choice)

    def urls(self) -> list[URLPattern]:
        return [path("odds/pool/", odds_views.pool_odds, name="pool_odds")]

    @property
    def odds_page(self) -> MonteCarloOddsPage:
        return odds_views.PAGE

    @property
    def pages(self) -> Any:
        return pages

    def pair_sheet(self, man: Gladiator) -> Any | None:
        return adapter.arena_sheet(man)

    def table_rank(self, man: Gladiator) -> int:
        return adapter.era_sheet(man).melee

    def race_win_chances(self, entries: Sequence[Any]) -> list[float]:
        drivers = adapter.race_drivers(entries, with_orders=False)
        return [row.win for row in adapter.exact_race_odds(drivers).drivers]

    def engine_chances(self, bout: Bout) -> tuple[float, float, str] | None:
        return adapter.engine_chances(bout)

    # One step back: replayed to a round; the answers the engine used are counted by it.
    def replay_to(self, bout: Bout, decisions: list[Data], steps: int) -> Any:
        return adapter.replay(bout, decisions=decisions, max_rounds=steps)

    def pending_step(self, replayed: Any) -> int | None:
        return None if replayed.pending is None else replayed.pending.round

    def decisions_used(self, replayed: Any, decisions: list[Data]) -> list[Data]:
        return decisions[: replayed.decisions_used]

    def stepped(self, bout: Bout, replayed: Any, decisions: list[Data]) -> Stepped:
        return adapter.stepped(replayed, decisions)
