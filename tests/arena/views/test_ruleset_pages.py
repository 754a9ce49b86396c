"""One dispatch for the rulesets' bout pages: arena.views.bouts names a ruleset only in its
`RULESET_PAGES` table, and every module there answers the same five calls."""

import inspect
import re

import pytest

from arena.rulesets import ADAPTERS
from arena.rulesets.moritari import pages as moritari
from arena.rulesets.sands import pages as sands
from arena.views import bouts

INTERFACE = ("bout_detail", "respond", "report", "bout_choose", "bout_replay")


def test_the_table_names_the_sands_and_moritari_pages():
    assert {"moritari": moritari, "sands": sands} == bouts.RULESET_PAGES
    assert "era" not in bouts.RULESET_PAGES  # the Era's pages are arena.views.bouts's own


@pytest.mark.parametrize("key", sorted(bouts.RULESET_PAGES))
def test_every_pages_module_answers_the_same_calls(key):
    pages = bouts.RULESET_PAGES[key]
    assert key in ADAPTERS
    for name in INTERFACE:
        assert callable(getattr(pages, name)), f"{pages.__name__} lacks {name}"
    reference = inspect.signature(moritari.respond).parameters
    assert list(inspect.signature(pages.respond).parameters) == list(reference)


def test_the_era_pages_name_no_ruleset_but_in_the_table():
    source = inspect.getsource(bouts)
    for key in ADAPTERS:
        if key == "era":
            continue
        named = re.findall(rf"[\"']{key}[\"']", source)
        assert len(named) == 1, f"{key!r} is named {len(named)} times in arena/views/bouts.py"
    assert "_is_sands" not in source and "BOUT_TEMPLATES" not in source
