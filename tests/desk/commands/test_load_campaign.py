"""load_campaign: a copy of the demo file becomes a campaign of one's own; a bad file is one
line naming what is wrong, exit status 2, and nothing written."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from desk.campaign_file import MISSING, UNKNOWN
from desk.demo import DEMO_FILE
from economy.models import Entry, Transaction
from ludus.models import Campaign, Gladiator

pytestmark = pytest.mark.django_db


def _copy(tmp_path, change=None) -> str:
    data = json.loads(DEMO_FILE.read_text())
    data["campaign"]["name"] = "My own Capua"
    if change:
        change(data)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_a_copy_of_the_demo_is_a_campaign_of_ones_own(tmp_path):
    call_command("load_campaign", _copy(tmp_path), password="secret")
    campaign = Campaign.objects.get(name="My own Capua")
    bithys = Gladiator.objects.get(campaign=campaign, name="Bithys")
    assert (bithys.sheet["might"], bithys.sheet["melee"]) == (3, 3)
    for posted in Transaction.objects.filter(campaign=campaign):
        assert sum(e.amount for e in Entry.objects.filter(transaction=posted)) == 0


def _refused(path) -> str:
    with pytest.raises(CommandError) as refused:
        call_command("load_campaign", path, password="secret")
    assert refused.value.returncode == 2
    assert not Campaign.objects.filter(name="My own Capua").exists()  # nothing written
    message = str(refused.value)
    assert repr(str(path)) in message  # the file is named, whichever part refused
    return message.removeprefix(f"Cannot load the file {str(path)!r}: ")


def test_a_man_of_no_school_in_the_file_is_named(tmp_path):
    def lose_the_school(data):
        data["gladiators"][0]["school"] = "nobody"

    message = _refused(_copy(tmp_path, lose_the_school))
    assert message == UNKNOWN.format(section="gladiators", what="school", name="nobody")


def test_a_rating_out_of_range_names_the_man_and_the_rating(tmp_path):
    def strongest(data):
        data["gladiators"][0]["sheet"]["might"] = 9

    message = _refused(_copy(tmp_path, strongest))
    assert message.startswith("gladiators, Bithys:") and "might" in message


def test_a_missing_key_and_a_foreign_file_are_refused(tmp_path):
    def no_amount(data):
        del data["openings"][0]["amount"]

    assert _refused(_copy(tmp_path, no_amount)) == MISSING.format(key="amount")
    other = tmp_path / "other.json"
    other.write_text('{"format": "something else"}')
    assert "not a campaign file" in _refused(str(other))
    assert "Cannot read" in _refused(str(tmp_path / "absent.json"))
