"""The Moritari skirmish (rules/moritari) for the rest of the app: the engine's names the
command line and, later, the services use, so nothing else imports rules.moritari.

Not yet in `arena.adapters.ADAPTERS`: the skirmish's N-entrant fight is not fought from the
bout pages yet (README, feature table), so a campaign cannot choose it. What is here serves
`manage.py bout_odds --ruleset moritari`.
"""

from __future__ import annotations

from rules.core.seeds import seed_sequence
from rules.moritari import fight as engine
from rules.moritari import odds as odds_engine
from rules.moritari.kinds import BEAST_KINDS, GLADIATOR_KINDS, KINDS, kind_of

BEASTS = engine.BEASTS
THUMB_ORDERS = engine.THUMB_ORDERS
ENGINE_VERSION = engine.ENGINE_VERSION
MAX_FIGHTS = odds_engine.MAX_FIGHTS
FATES = odds_engine.FATES
FighterSpec, Setup, Result = engine.FighterSpec, engine.Setup, engine.Result
MoritariOdds, fight_odds = odds_engine.MoritariOdds, odds_engine.fight_odds

__all__ = [
    "BEASTS",
    "BEAST_KINDS",
    "ENGINE_VERSION",
    "FATES",
    "GLADIATOR_KINDS",
    "KINDS",
    "MAX_FIGHTS",
    "THUMB_ORDERS",
    "FighterSpec",
    "MoritariOdds",
    "Result",
    "Setup",
    "fight_odds",
    "kind_of",
    "one_fight",
]


def one_fight(setup: Setup, *, seed: int) -> Result:
    """The first trial of a run of odds from `seed`, with its log (what `--log` prints)."""
    from_run = seed_sequence(seed, 1)[0]
    return engine.play(setup, from_run, record=True)
