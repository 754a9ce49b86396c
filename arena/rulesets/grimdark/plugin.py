"""Grimdark (seed 003) on the app side, as far as it goes: its odds from the command line
(`bout_odds --ruleset grimdark`, cli.py) and its bench. No campaign is played under it yet
(issue 28): `serves_campaigns` is False, so `arena.rulesets.is_served` is false, no new
campaign is offered it, and every bout hook refuses with a BoutError that says why."""

from __future__ import annotations

from typing import Any, ClassVar, NoReturn

from arena.errors import BoutError
from arena.rulesets.base import Data, Fought, RulesetPlugin, Ruling, Stepped
from arena.rulesets.grimdark import cli
from rules.grimdark.match import ENGINE_VERSION

NOT_FOUGHT = (
    "Grimdark matches are not fought in the campaign yet: their odds are the command line's "
    "(manage.py bout_odds --ruleset grimdark)."
)


def _not_fought() -> NoReturn:
    raise BoutError(NOT_FOUGHT)


class GrimdarkPlugin(RulesetPlugin):
    key: ClassVar[str] = "grimdark"
    engine_version: ClassVar[str] = ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = (ENGINE_VERSION,)
    serves_campaigns: ClassVar[bool] = False

    odds_cli: ClassVar[Any] = cli

    def setup_data(self, bout: Any) -> Data:
        _not_fought()

    def decision_data(self, decisions: Any) -> list[Data]:
        _not_fought()

    def fight(self, bout: Any, decisions: list[Data], rounds: int | None = None) -> Fought:
        _not_fought()

    def bout_pending(self, bout: Any) -> Any | None:
        _not_fought()

    def pending_default(self, bout: Any) -> Data:
        _not_fought()

    def decide(self, bout: Any, loser: Any, editor_choice: str | None) -> Ruling:
        _not_fought()

    def replay_to(self, bout: Any, decisions: list[Data], steps: int) -> Any:
        _not_fought()

    def step_back(self, bout: Any) -> Stepped:
        _not_fought()

    def book_sides(self, bout: Any, *, fights: int, seed: int) -> list[tuple[int, str, float]]:
        _not_fought()

    @property
    def odds_page(self) -> Any:
        _not_fought()
