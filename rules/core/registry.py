"""The ruleset registry: a campaign's ruleset key to its `Ruleset`, imported when first asked.

Like Django's backends, each key names a dotted path ("rules.era.ruleset.EraRuleset"); the
module is imported only when that key is asked for, so a campaign of one ruleset never loads
another's engine. Adding a ruleset is one line here and a package under rules/.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import cast

from rules.core.errors import UnknownRulesetError
from rules.core.ruleset import Ruleset

RULESETS: dict[str, str] = {
    "era": "rules.era.ruleset.EraRuleset",
    "sands": "rules.sands.ruleset.SandsRuleset",
    "moritari": "rules.moritari.ruleset.MoritariRuleset",
    "grimdark": "rules.grimdark.ruleset.GrimdarkRuleset",
}


def ruleset_keys() -> tuple[str, ...]:
    """The keys of every registered ruleset, in registration order."""
    return tuple(RULESETS)


def is_playable(key: str) -> bool:
    """Whether a campaign can be played under `key`: its engine is built and registered here.

    A ruleset named elsewhere (a campaign's list of choices) but not registered refuses every
    bout, so it is not offered when a campaign is created."""
    return isinstance(key, str) and key in RULESETS


def get_ruleset(key: str) -> Ruleset:
    """The ruleset registered under `key` (one shared instance); UnknownRulesetError if none."""
    path = RULESETS.get(key) if isinstance(key, str) else None
    if path is None:
        known = ", ".join(RULESETS)
        raise UnknownRulesetError(
            f"ruleset must be one of {known}; no ruleset is registered for {key!r} yet",
            key=str(key),
        )
    return _load(path)


@cache
def _load(path: str) -> Ruleset:
    module_name, _, class_name = path.rpartition(".")
    ruleset_class = getattr(importlib.import_module(module_name), class_name)
    # The registry's entries are Ruleset classes; import_module gives only an untyped module.
    return cast(Ruleset, ruleset_class())
