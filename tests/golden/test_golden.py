"""The Era engines and the campaign give exactly what they gave before the house was re-laid:
the JSON of `bout_odds`, `race_odds` and `dice`, and a whole demo held show by show (its
play_show reports, ledger, injuries, bouts with their logs, verdicts and Dignitas).

The files in data/ were recorded by record.py from commit 043e66b. The only normalisation is
`_same_engine`: an engine version label may be renamed (never its results).
"""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.golden import cases, dump

DATA = Path(__file__).parent / "data"

# Engine labels that name the same engine (a rename is not a change of rules).
ENGINE_LABELS: dict[str, str] = {}


def _same_engine(value):
    """The recorded value with renamed engine labels mapped to today's names; nothing else."""
    if isinstance(value, dict):
        return {key: _same_engine(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_same_engine(item) for item in value]
    if isinstance(value, str):
        return ENGINE_LABELS.get(value, value)
    return value


def _recorded(name: str) -> dict:
    return _same_engine(json.loads((DATA / f"{name}.json").read_text()))


def test_the_normalisation_maps_only_engine_labels():
    ENGINE_LABELS["old-label"] = "new-label"
    try:
        assert _same_engine({"v": ["old-label", "other", 3]}) == {"v": ["new-label", "other", 3]}
    finally:
        del ENGINE_LABELS["old-label"]


@pytest.mark.parametrize(
    ("name", "command", "argv"), list(cases.command_cases()), ids=lambda v: str(v)[:40]
)
def test_a_command_gives_what_it_gave(name, command, argv):
    out = io.StringIO()
    call_command(command, *argv, stdout=out)
    recorded = _recorded(name)
    assert recorded["argv"] == argv
    assert json.loads(out.getvalue()) == recorded["output"]


# A fresh database with ids from 1, as record.py records each held demo in a new file.
@pytest.mark.django_db(transaction=True, reset_sequences=True)
@pytest.mark.parametrize("name", sorted(cases.PLAY_SHOW_SEEDS))
def test_a_held_demo_gives_what_it_gave(name):
    recorded = _recorded(name)
    held = json.loads(json.dumps(dump.play_demo(recorded["seed"], io.StringIO())))
    for part in recorded["campaign"]:
        assert held[part] == recorded["campaign"][part], part
