"""Every template a registered ruleset names for what it shows exists."""

import pytest
from django.template.loader import get_template

from rules.core.registry import get_ruleset, ruleset_keys


@pytest.mark.parametrize("key", ruleset_keys())
def test_each_template_a_ruleset_names_exists(key):
    templates = get_ruleset(key).templates
    assert templates
    for name in templates.values():
        assert get_template(name)
