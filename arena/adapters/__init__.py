"""One arena adapter per ruleset: campaign rows into that ruleset's engine and back.

`adapter_for(key)` gives the adapter module of a campaign's ruleset, imported when first asked
(as rules.core.registry loads the rulesets). An adapter module is the only code outside rules/
that imports its ruleset's engine; it answers the services in the terms of
arena.adapters.base. A new ruleset registers its module here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from arena.adapters.base import ERA_WORDS, Words
from arena.errors import BoutError

ADAPTERS: dict[str, str] = {
    "era": "arena.adapters.era",
    "sands": "arena.adapters.sands",
    "moritari": "arena.adapters.moritari",
}

NO_ADAPTER = "This campaign uses the {ruleset} rules; its bouts cannot be fought here yet."


def adapter_for(key: str) -> ModuleType:
    """The adapter of the ruleset registered under `key`; a BoutError names a missing one."""
    path = ADAPTERS.get(key)
    if path is None:
        raise BoutError(NO_ADAPTER.format(ruleset=key))
    return importlib.import_module(path)


def words_for(key: str) -> Words:
    """The words the reports name a bout's steps and standing with under ruleset `key` (the
    adapter's `WORDS`; the Era's when it declares none, or for a ruleset with no adapter)."""
    try:
        return getattr(adapter_for(key), "WORDS", ERA_WORDS)
    except BoutError:
        return ERA_WORDS
