"""The ruleset registry: known keys, the error for an unknown one, the lazy import."""

import subprocess
import sys

import pytest

from rules.core.errors import RulesError, UnknownRulesetError
from rules.core.registry import get_ruleset, is_playable, ruleset_keys


def test_era_is_registered_and_found_by_key():
    ruleset = get_ruleset("era")
    assert ruleset.key == "era" and "era" in ruleset_keys()
    assert get_ruleset("era") is ruleset  # one shared instance
    assert ruleset.engine_version in ruleset.engine_versions


def test_moritari_is_registered_and_found_by_key():
    ruleset = get_ruleset("moritari")
    assert ruleset.key == "moritari" and is_playable("moritari")
    assert ruleset.engine_version in ruleset.engine_versions


@pytest.mark.parametrize("key", ["chess", "ERA", "", None])
def test_an_unknown_key_is_a_rules_error_that_names_it(key):
    with pytest.raises(UnknownRulesetError, match="no ruleset is registered") as caught:
        get_ruleset(key)
    assert isinstance(caught.value, RulesError) and caught.value.key == str(key)
    assert "era" in str(caught.value)


@pytest.mark.parametrize("key", ["chess", "ERA", "", None, 3])
def test_only_a_registered_ruleset_is_playable(key):
    assert is_playable("era")
    assert not is_playable(key)
    assert all(is_playable(registered) for registered in ruleset_keys())


def test_the_registry_imports_a_ruleset_only_when_asked():
    code = (
        "import sys, rules.core.registry as r\n"
        "assert 'rules.era.ruleset' not in sys.modules\n"
        "assert 'rules.era.bout' not in sys.modules\n"
        "r.get_ruleset('era')\n"
        "assert 'rules.era.ruleset' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_sands_is_registered_and_playable():
    ruleset = get_ruleset("sands")
    assert ruleset.key == "sands" and is_playable("sands")
    assert ruleset.engine_version == "sands/2" and "sands/1" in ruleset.engine_versions


def test_grimdark_is_registered_and_playable_with_its_title():
    ruleset = get_ruleset("grimdark")
    assert ruleset.key == "grimdark" and is_playable("grimdark")
    assert ruleset.title == "Grimdark Gladiators"
    assert ruleset.engine_version == "grimdark/1" in ruleset.engine_versions
