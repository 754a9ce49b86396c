"""The Era engines and the campaign give exactly what they gave before the house was re-laid:
the JSON of `bout_odds`, `race_odds` and `dice`, and a whole demo held show by show (its
play_show reports, ledger, injuries, bouts with their logs, verdicts and Dignitas).

The files in data/ were recorded by record.py from commit 043e66b, under the Era bout engine
era-bout/1: each case runs under it (`cases.RECORDED_ENGINE`), as a stored bout replays under
the version it was fought with. The only normalisations are `_same_engine` (an engine version
label may be renamed, never its results), `_named_engine` (the odds' JSON now names the
engine it ran; a recording made before it did was the recorded engine's) and `_today_wording`
(issue 11: a log line says "2 net Banes" and "1 net Failure" where it said "-2 net Boons" and
"-1 net Successes"; the same numbers, in the seed's words) and `_rules_wording` (issue 27:
play_show's verdict lines say that the rules took the verdict, "the editor grants missio (the
rules decided)"; the same verdicts).

The two held demos were re-recorded once, on purpose, when the calendar began to follow play
(issue 11, docs/rules.md "The calendar follows play"): each show is now held on its day, so
play_show first says how the calendar advanced (1 -> 3 -> 10 -> 20 -> 30), the ledger's
transactions and the injuries carry the show's day instead of day 1, and the men end rested
(the nights between the shows heal their Wounds). Every bout's seed, rounds, winner, Crowd
Favor, decisions, log (in today's words), every verdict and every Dignitas change are as
recorded from 043e66b: each man fights once in the demo, so the rests change no bout.
"""

import io
import json
import re
from pathlib import Path
from unittest import mock

import pytest
from django.core.management import call_command

from rules.era import bout as era_bout
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


NEGATIVE_NET = re.compile(r"-(\d+) net (Boon|Success)(?:es|s)?\b")
OPPOSITE = {"Boon": "Bane", "Success": "Failure"}


def _today_wording(value):
    """The recorded log lines with a negative net count in today's words; nothing else."""
    if isinstance(value, dict):
        return {key: _today_wording(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_today_wording(item) for item in value]
    if isinstance(value, str):
        return NEGATIVE_NET.sub(
            lambda m: f"{m[1]} net {OPPOSITE[m[2]]}{'' if m[1] == '1' else 's'}", value
        )
    return value


RULES_VERDICT = re.compile(r"; the editor (grants missio|gives the sword): ")


def _rules_wording(reports: list[str]) -> list[str]:
    """The recorded play_show reports with each verdict said to be the rules'; nothing else."""
    return [RULES_VERDICT.sub(r"; the editor \1 (the rules decided): ", text) for text in reports]


def _recorded(name: str) -> dict:
    return _today_wording(_same_engine(json.loads((DATA / f"{name}.json").read_text())))


def _named_engine(record: dict) -> dict:
    """A bout_odds recording from before the odds named their engine, naming it: the output
    must still say it ran under the recorded engine."""
    output = record["output"]
    if record["command"] == "bout_odds" and "counts" in output:
        output = {"engine_version": cases.RECORDED_ENGINE} | output
    return record | {"output": output}


def test_the_wording_normalisation_rewords_only_negative_net_counts():
    line = "Bithys attacks (3 dice): -1 net Successes, -2 net Boons: a miss. 2 net Boons"
    assert _today_wording([line]) == [
        "Bithys attacks (3 dice): 1 net Failure, 2 net Banes: a miss. 2 net Boons"
    ]
    assert _today_wording("0 net Successes, 1 net Boon") == "0 net Successes, 1 net Boon"


def test_the_rules_wording_marks_only_verdicts():
    line = "  4. Felix v Marcus: ...; the crowd: calls for the sword; the editor gives the sword: F"
    assert _rules_wording([line, "Held: 1 bout"]) == [
        line.replace("the sword: F", "the sword (the rules decided): F"),
        "Held: 1 bout",
    ]


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
    call_command(command, *cases.under_recorded_engine(command, argv), stdout=out)
    recorded = _named_engine(_recorded(name))
    assert recorded["argv"] == argv
    assert json.loads(out.getvalue()) == recorded["output"]


# A fresh database with ids from 1, as record.py records each held demo in a new file.
@pytest.mark.django_db(transaction=True, reset_sequences=True)
@pytest.mark.parametrize("name", sorted(cases.PLAY_SHOW_SEEDS))
def test_a_held_demo_gives_what_it_gave(name):
    recorded = _recorded(name)
    # New bouts fought under the recorded engine, as on the server that made the recording.
    with mock.patch.object(era_bout, "ENGINE_VERSION", cases.RECORDED_ENGINE):
        held = json.loads(json.dumps(dump.play_demo(recorded["seed"], io.StringIO())))
    campaign = recorded["campaign"]
    campaign["play_show"] = _rules_wording(campaign["play_show"])
    for part in campaign:
        assert held[part] == campaign[part], part
