"""One dispatch for the rulesets' bout pages: arena.views.bouts asks the campaign's plug-in for
its `pages` and names no ruleset; every pages module answers the same five calls."""

import inspect
import re

import pytest

from arena.rulesets import plugin_keys, served_plugins
from arena.rulesets.moritari import pages as moritari
from arena.views import bouts

INTERFACE = ("bout_detail", "respond", "report", "bout_choose", "bout_replay")


@pytest.mark.parametrize("plugin", served_plugins(), ids=lambda plugin: plugin.key)
def test_every_pages_module_answers_the_same_calls(plugin):
    pages = plugin.pages
    for name in INTERFACE:
        assert callable(getattr(pages, name)), f"{pages.__name__} lacks {name}"
    reference = inspect.signature(moritari.respond).parameters
    assert list(inspect.signature(pages.respond).parameters) == list(reference)


def test_the_bout_pages_name_no_ruleset():
    source = inspect.getsource(bouts)
    for key in plugin_keys():
        named = re.findall(rf"[\"']{key}[\"']", source)
        assert not named, f"{key!r} is named {len(named)} times in arena/views/bouts.py"
    assert "RULESET_PAGES" not in source and "BOUT_TEMPLATES" not in source
