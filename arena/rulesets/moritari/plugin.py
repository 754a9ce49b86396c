"""Moritari (seed 002) on the app side: a skirmish of several men and beasts on a square board,
Caesar's order and thumb, purses paid on the sand, and its Monte Carlo odds."""

from __future__ import annotations

from typing import Any, ClassVar

from django.urls import URLPattern, path

from arena.models import Bout
from arena.rulesets.base import Data, Fought, RulesetPlugin, Ruling, Stepped
from arena.rulesets.moritari import adapter, cli, fight_views, forms, pages
from arena.rulesets.moritari.fights import Entrant, fight_add
from arena.rulesets.moritari.odds_views import PAGE
from arena.views.mc_odds import MonteCarloOddsPage
from ludus.models import Gladiator


class MoritariPlugin(RulesetPlugin):
    key: ClassVar[str] = "moritari"
    engine_version: ClassVar[str] = adapter.ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = tuple(adapter.ENGINE_VERSIONS)
    no_table: ClassVar[str] = adapter.NO_TABLE
    many_sides: ClassVar[bool] = True
    demo_file: ClassVar[str] = "demo_moritari.json"
    demo_name: ClassVar[str] = "Moritari te salutamus at Capua"

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

    def live_odds(self, bout: Bout) -> Any:
        return adapter.live_odds(bout)

    def crowd_call(self, loser_favor: int) -> str:
        return adapter.crowd_call(loser_favor)

    def decide(self, bout: Bout, loser: Gladiator, editor_choice: str | None) -> Ruling:
        return adapter.decide(bout, loser, editor_choice)

    def most_cost(self, bout: Bout) -> int | None:
        return adapter.most_cost(bout)

    def book_sides(self, bout: Bout, *, fights: int, seed: int) -> list[tuple[int, str, float]]:
        return adapter.book_sides(bout, fights=fights, seed=seed)

    # One step back: replayed to a turn; the engine keeps the answers it used.
    def replay_to(self, bout: Bout, decisions: list[Data], steps: int) -> Any:
        return adapter.replay(bout, decisions=decisions, turns=steps)

    def pending_step(self, replayed: Any) -> int | None:
        return None if replayed.pending is None else replayed.pending.round

    def decisions_used(self, replayed: Any, decisions: list[Data]) -> list[Data]:
        return decisions

    def stepped(self, bout: Bout, replayed: Any, decisions: list[Data]) -> Stepped:
        return adapter.stepped(bout, replayed)

    card_row_template: ClassVar[str] = "arena/moritari/partials/card_row.html"
    card_add_template: ClassVar[str] = "arena/moritari/partials/fight_add.html"

    def card_add_form(self, show: Any, fighters: Any, data: Any = None) -> Any | None:
        return forms.fight_form_for(show, fighters, data)

    no_man_side: ClassVar[str] = adapter.BEASTS

    def fight_from_file(self, show: Any, spec: Data, *, man: Any) -> Bout:
        entrants = [
            Entrant(gladiator=man(row["man"]))
            if "man" in row
            else Entrant(beast=row["beast"], name=row["name"])
            for row in spec["fight"]
        ]
        bout: Bout = fight_add(
            show=show, entrants=entrants, caesar_asks=bool(spec.get("caesar_asks"))
        )
        return bout

    def urls(self) -> list[URLPattern]:
        return [path("shows/<int:show_id>/fights/", fight_views.fight_add_view, name="fight_add")]

    @property
    def pages(self) -> Any:
        return pages

    @property
    def odds_page(self) -> MonteCarloOddsPage:
        return PAGE
