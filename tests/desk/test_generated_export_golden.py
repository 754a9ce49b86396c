"""The write services were made cheaper (issue 14, docs/performance.md "A large campaign")
without changing what they write: a small campaign generated through them exports to the very
file it exported to before, byte for byte once the wall-clock is blanked.

The digests below were recorded from commit a594d85, before the services were touched, by this
very test. Blanked, because they differ between two runs of the same code: each transaction's
`created` time and the random part of a bet's default key (`bet:<uuid4 hex>`). Ids are the
database's, so the database starts with its sequences reset (as tests/golden does).
"""

import hashlib
import json
import re

import pytest
from django.db import connection

from desk.campaign_archive import campaign_export
from desk.generate import generate_campaign

# (gladiators, shows, bouts, seed) -> sha256 of the blanked export, recorded from a594d85, by
# database: the two export the same campaign a little differently (the same on each before and
# after the work; the reason was not looked into). Re-recorded once, on purpose, for issue 27:
# a table book's `basis` names its pair ("Even: Celion (Thraex, Melee 4) and Celius (Gaul,
# Melee 4)" for "Even") and a bout's entry keeps the school its man fought for ("school"); the
# two exports were compared and differ in those lines alone.
RECORDED = {
    "sqlite": {
        (24, 4, 12, 3): "cb2782e4fe963279ad8b62d13da19103b8b4717da44cf9880f534f53a78a73fc",
        (30, 6, 12, 7): "0f34dc7fb4eb3a25c3fc53a48156327dea819f713e16002add0c1dc260317b5b",
    },
    "postgresql": {
        (24, 4, 12, 3): "38c4d9cefb6becd05d331bbe9603202b5c7c2793e70afed5bcde6249b30ee28c",
        (30, 6, 12, 7): "3c44c095827883021fa8bef6911d37072699143038fb90f7835025d5c5b97d89",
    },
}
SIZES = sorted(RECORDED["sqlite"])


def blanked(text: str) -> str:
    text = re.sub(r'"created": "[^"]*"', '"created": ""', text)
    return re.sub(r"\b(bet|purchase:new|signing:new):[0-9a-f]{32}\b", r"\1:UUID", text)


def as_version_2(data: dict) -> dict:
    """The export without what version 3 added (the ends of day, the change history and the ids
    and dates that link them): the digests were recorded from version 2 files, and what the
    services write is compared on that part."""
    data = {k: v for k, v in data.items() if k not in ("day_ends", "history")}
    data["version"] = 2
    data["campaign"] = {k: v for k, v in data["campaign"].items() if k != "id"}
    data["users"] = [{k: v for k, v in u.items() if k != "membership"} for u in data["users"]]
    for show in data["shows"]:
        for bout in show["bouts"]:
            bout["entries"] = [{k: v for k, v in e.items() if k != "id"} for e in bout["entries"]]
    added = ("id", "created", "undone_at", "undone_by")
    for injury in data["injuries"]:
        injury["treatments"] = [
            {k: v for k, v in t.items() if k not in added} for t in injury["treatments"]
        ]
    return data


def export_digest(gladiators: int, shows: int, bouts: int, seed: int) -> str:
    made = generate_campaign(gladiators=gladiators, shows=shows, bouts=bouts, seed=seed)
    data = as_version_2(campaign_export(made.campaign))
    text = json.dumps(data, indent=1, ensure_ascii=False)
    return hashlib.sha256(blanked(text).encode()).hexdigest()


def test_the_blanking_leaves_everything_else():
    line = '"created": "2026-12-05T12:06:51.455178+00:00", "key": "bet:' + "ab" * 16 + '"'
    assert blanked(line) == '"created": "", "key": "bet:UUID"'
    assert blanked('"key": "purse:bout:12"') == '"key": "purse:bout:12"'


@pytest.mark.django_db(transaction=True, reset_sequences=True)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: "-".join(map(str, size)))
def test_a_generated_campaign_exports_as_it_did_before_the_services_were_made_cheaper(size):
    assert export_digest(*size) == RECORDED[connection.vendor][size]
