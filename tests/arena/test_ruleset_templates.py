"""Every template a served ruleset names for what it shows exists (a ruleset no campaign is
played under yet, Grimdark, draws no page: its templates come with its campaign side)."""

import pytest
from django.template.loader import get_template

from arena.rulesets import is_served
from rules.core.registry import get_ruleset, ruleset_keys


@pytest.mark.parametrize("key", [key for key in ruleset_keys() if is_served(key)])
def test_each_template_a_ruleset_names_exists(key):
    templates = get_ruleset(key).templates
    assert templates
    for name in templates.values():
        assert get_template(name)
