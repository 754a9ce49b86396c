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
# Melee 4)" for "Even"); the two exports were compared and differ in those lines alone.
RECORDED = {
    "sqlite": {
        (24, 4, 12, 3): "3ffc17e03d3c0c87c62cf1c1e799a35c1a819b4f1be8a1de2f53472bab06e6bb",
        (30, 6, 12, 7): "e4d69b18a1e5fe7b056cff40ef8bb5ba65026376abd9c0681ed0efa0cabb5c19",
    },
    "postgresql": {
        (24, 4, 12, 3): "003d0a183e3d253b67d89c15da3c31a0d1775b568b8bce779b4f582953fc253e",
        (30, 6, 12, 7): "aa4a03740aefaa4fa49ee55753f16d67f539d40937270fb309db192c943574df",
    },
}
SIZES = sorted(RECORDED["sqlite"])


def blanked(text: str) -> str:
    text = re.sub(r'"created": "[^"]*"', '"created": ""', text)
    return re.sub(r"\b(bet|purchase:new|signing:new):[0-9a-f]{32}\b", r"\1:UUID", text)


def export_digest(gladiators: int, shows: int, bouts: int, seed: int) -> str:
    made = generate_campaign(gladiators=gladiators, shows=shows, bouts=bouts, seed=seed)
    text = json.dumps(campaign_export(made.campaign), indent=1, ensure_ascii=False)
    return hashlib.sha256(blanked(text).encode()).hexdigest()


def test_the_blanking_leaves_everything_else():
    line = '"created": "2026-12-05T12:06:51.455178+00:00", "key": "bet:' + "ab" * 16 + '"'
    assert blanked(line) == '"created": "", "key": "bet:UUID"'
    assert blanked('"key": "purse:bout:12"') == '"key": "purse:bout:12"'


@pytest.mark.django_db(transaction=True, reset_sequences=True)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: "-".join(map(str, size)))
def test_a_generated_campaign_exports_as_it_did_before_the_services_were_made_cheaper(size):
    assert export_digest(*size) == RECORDED[connection.vendor][size]
