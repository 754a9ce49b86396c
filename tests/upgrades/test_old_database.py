"""A db.sqlite3 made before the re-layering migrates with every sheet, bout, verdict, injury,
reference and balance intact (tests/upgrades/README.md says how the dump was made)."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]

# Run in a fresh interpreter against the migrated file: today's models read it back.
READ_BACK = """
import json
from django.db.models import Sum
from arena.models import Bout, BoutEntry, Race, Show
from economy.models import Account, Bet, Book, Hire, Transaction
from ludus.models import DignitasChange, Gladiator, Injury

RATINGS = ("might", "agility", "intellect", "cunning", "willpower", "charisma", "melee", "charm",
           "medicine", "operate", "resilience", "vigilance", "athletics")

def ref(row):
    event = row.event
    return None if event is None else [type(event).__name__.lower(), event.pk]

out = {
    "gladiators": {
        g.name: {"sheet": g.sheet, "wounds": g.wounds,
                 "status": g.status, "legal_status": g.legal_status,
                 "price_purses": g.price_purses, "orders": g.orders}
        for g in Gladiator.objects.all()
    },
    "bouts": [
        {"pk": b.pk, "show": b.show.name, "order": b.order, "a": b.entry_a.gladiator.name,
         "b": b.entry_b.gladiator.name, "winner": b.winner.name if b.winner else None,
         "loser": b.loser.name if b.loser else None, "status": b.status, "seed": b.seed,
         "engine_version": b.engine_version, "rounds": b.rounds, "end_reason": b.end_reason,
         "favors": [b.entry_a.standing, b.entry_b.standing], "log_length": len(b.log),
         "verdict": ({"loser_favor": b.verdict.loser_favor, "crowd_call": b.verdict.crowd_call,
                      "editor_act": b.verdict.editor_act, "loser_died": b.verdict.loser_died,
                      "dignitas_change": b.verdict.dignitas_change}
                     if hasattr(b, "verdict") else None)}
        for b in Bout.objects.order_by("pk")
    ],
    "injuries": [
        {"gladiator": i.gladiator.name, "name": i.name, "severity": i.severity,
         "table_roll": i.table_roll, "event": ref(i)}
        for i in Injury.objects.order_by("pk")
    ],
    "dignitas_changes": [
        {"editor": c.editor.name, "change": c.change, "reason": c.reason, "event": ref(c)}
        for c in DignitasChange.objects.order_by("pk")
    ],
    "balances": {a.name: a.entries.aggregate(t=Sum("amount"))["t"] or 0
                 for a in Account.objects.order_by("pk")},
    "transactions": [{"pk": t.pk, "cause": t.cause, "memo": t.memo, "event": ref(t)}
                     for t in Transaction.objects.order_by("pk")],
    "hires": [{"gladiator": h.gladiator.name, "event": ref(h), "price": h.price}
              for h in Hire.objects.order_by("pk")],
    "books": [{"pk": k.pk, "event": ref(k), "status": k.status, "winner": k.winning_side}
              for k in Book.objects.order_by("pk")],
    "bets": [{"pk": b.pk, "side": b.side, "side_name": b.side_name, "stake": b.stake,
              "outcome": b.outcome} for b in Bet.objects.order_by("pk")],
    "bout_books": [b.pk for b in Bout.objects.filter(books__isnull=False)],
    "race_books": [r.pk for r in Race.objects.filter(books__isnull=False)],
    "show_hires": {s.name: s.hires.count() for s in Show.objects.order_by("pk")},
    "entries": [
        {"bout": e.bout_id, "side": e.side, "man": e.gladiator.name, "result": e.result,
         "fate": e.fate, "dead": e.gladiator.status == "dead"}
        for e in BoutEntry.objects.order_by("bout_id", "side")
    ],
}
print(json.dumps(out))
"""


def _manage(database: Path, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def migrated(tmp_path_factory) -> dict:
    database = tmp_path_factory.mktemp("old") / "db.sqlite3"
    with sqlite3.connect(database) as con:
        con.executescript((DATA / "pre_house_demo.sql").read_text())
    _manage(database, "migrate", "--noinput", "-v", "0")
    return json.loads(_manage(database, "shell", "-v", "0", "-c", READ_BACK))


@pytest.fixture(scope="module")
def before() -> dict:
    return json.loads((DATA / "pre_house_demo_expected.json").read_text())


def _ref(show=None, bout=None, race=None):
    """The old foreign keys as the one reference that replaces them: the most specific."""
    for kind, pk in (("bout", bout), ("race", race), ("show", show)):
        if pk is not None:
            return [kind, pk]
    return None


def test_every_sheet_and_standing_survives(migrated, before):
    assert migrated["gladiators"] == before["gladiators"]


def test_every_bout_and_verdict_survives(migrated, before):
    assert migrated["bouts"] == before["bouts"]
    assert any(b["verdict"] for b in migrated["bouts"])  # the dump holds a decided bout


def test_every_pair_becomes_two_entries_with_result_and_fate(migrated, before):
    """Sides a and b, the old winner and loser as won and lost, and each man's fate: the loser
    given the sword is dead, one granted missio spared, the winner walked out."""
    entries = {(e["bout"], e["side"]): e for e in migrated["entries"]}
    assert len(entries) == 2 * len(before["bouts"])
    for bout in before["bouts"]:
        a, b = entries[(bout["pk"], "a")], entries[(bout["pk"], "b")]
        assert (a["man"], b["man"]) == (bout["a"], bout["b"])
        for entry in (a, b):
            if bout["winner"] is None:
                assert entry["result"] in ("", "drew")
            elif entry["man"] == bout["winner"]:
                assert (entry["result"], entry["fate"]) == ("won", "walked_out")
            else:
                assert entry["result"] == "lost"
                verdict = bout["verdict"]
                if verdict is not None:
                    assert entry["fate"] == ("dead" if verdict["loser_died"] else "spared")
                    assert entry["dead"] == verdict["loser_died"]
    assert any(e["fate"] == "spared" or e["fate"] == "dead" for e in entries.values())


def test_every_injury_keeps_its_bout(migrated, before):
    expected = [
        {**{k: v for k, v in i.items() if k != "bout"}, "event": _ref(bout=i["bout"])}
        for i in before["injuries"]
    ]
    assert migrated["injuries"] == expected
    assert len(expected) == 2 and all(i["event"] for i in expected)


def test_every_dignitas_change_keeps_its_bout_or_show(migrated, before):
    expected = [
        {
            **{k: v for k, v in c.items() if k not in ("show", "bout")},
            "event": _ref(c["show"], c["bout"]),
        }
        for c in before["dignitas_changes"]
    ]
    assert migrated["dignitas_changes"] == expected
    assert expected


def test_every_balance_and_transaction_survives(migrated, before):
    assert migrated["balances"] == before["balances"]
    expected = [
        {
            "pk": t["pk"],
            "cause": t["cause"],
            "memo": t["memo"],
            "event": _ref(t["show"], t["bout"], t["race"]),
        }
        for t in before["transactions"]
    ]
    assert migrated["transactions"] == expected


def test_hires_books_and_bets_keep_their_events_and_sides(migrated, before):
    assert migrated["hires"] == [
        {"gladiator": h["gladiator"], "event": _ref(show=h["show"]), "price": h["price"]}
        for h in before["hires"]
    ]
    assert migrated["books"] == [
        {
            "pk": k["pk"],
            "event": _ref(bout=k["bout"], race=k["race"]),
            "status": k["status"],
            "winner": k["winner"],
        }
        for k in before["books"]
    ]
    assert migrated["bets"] == before["bets"]
    # arena's reverse relations find them again.
    assert sorted(migrated["bout_books"]) == sorted(k["bout"] for k in before["books"] if k["bout"])
    assert migrated["race_books"] == [k["race"] for k in before["books"] if k["race"]]
    assert sum(migrated["show_hires"].values()) == len(before["hires"])
