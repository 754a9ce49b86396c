"""The rulesets on the app side: one package each, found by its campaign's key.

Like python-chess's `VARIANTS` and healthchecks' transports: each key names its plug-in class
(a subclass of `arena.rulesets.base.RulesetPlugin`, in its own package `arena/rulesets/<key>/`),
imported when first asked, one shared instance. Shared code asks `plugin_for(key)` and calls
the plug-in's hooks; it never compares a key. Adding a ruleset is its engine under `rules/`
(with its line in `rules.core.registry`), its package here and one line in `PLUGINS`.

This module imports nothing of Django: the settings read `ruleset_apps()`.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from arena.errors import BoutError
from rules.core.registry import is_playable

if TYPE_CHECKING:
    from arena.rulesets.base import RulesetPlugin

PLUGINS: dict[str, str] = {
    "era": "arena.rulesets.era.plugin.EraPlugin",
    "sands": "arena.rulesets.sands.plugin.SandsPlugin",
    "moritari": "arena.rulesets.moritari.plugin.MoritariPlugin",
    # Grimdark serves the command line only (bout_odds, check_sheet, bench): no campaign yet.
    "grimdark": "arena.rulesets.grimdark.plugin.GrimdarkPlugin",
}

NO_PLUGIN = "This campaign uses the {ruleset} rules; its bouts cannot be fought here yet."


def ruleset_apps() -> list[str]:
    """Each ruleset's package as a Django app (its management commands, its templates)."""
    return [path.rsplit(".", 2)[0] for path in PLUGINS.values()]


def plugin_keys() -> tuple[str, ...]:
    """The keys of every ruleset the app serves, in registration order."""
    return tuple(PLUGINS)


def has_plugin(key: object) -> bool:
    return isinstance(key, str) and key in PLUGINS


def is_served(key: object) -> bool:
    """A campaign can be played under `key` here: its engine is registered (rules.core.registry)
    and so is its plug-in, which serves campaigns (`serves_campaigns`: a package may serve only
    the command line so far); only those are offered for a new campaign."""
    return (
        isinstance(key, str)
        and is_playable(key)
        and has_plugin(key)
        and plugin_for(key).serves_campaigns
    )


def plugin_for(key: str) -> RulesetPlugin:
    """The plug-in of the ruleset registered under `key`; a BoutError names a missing one."""
    path = PLUGINS.get(key) if isinstance(key, str) else None
    if path is None:
        raise BoutError(NO_PLUGIN.format(ruleset=key))
    return _load(path)


def plugins() -> list[RulesetPlugin]:
    """Every registered plug-in, in registration order."""
    return [_load(path) for path in PLUGINS.values()]


def served_plugins() -> list[RulesetPlugin]:
    """The plug-ins a campaign may be played under (`is_served`), in registration order."""
    return [plugin for plugin in plugins() if is_served(plugin.key)]


@cache
def _load(path: str) -> RulesetPlugin:
    module_name, _, class_name = path.rpartition(".")
    plugin: RulesetPlugin = getattr(importlib.import_module(module_name), class_name)()
    return plugin
