"""The Moritari demo (issue 13): `load_demo --ruleset moritari` writes three players' men, two
beasts, a show with a three-man fight and a beast fight, each with a book; `play_show` plays
it; and the campaign played round-trips through export and import, beasts and all."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from arena.models import Bout, BoutEntry, Show
from arena.rulesets.moritari import adapter as moritari
from desk.campaign_archive import campaign_export, campaign_import
from desk.demo import demo_name
from economy.models import Book, Transaction
from economy.selectors.ledger import balances_by_party
from ludus.models import Campaign, Gladiator

pytestmark = pytest.mark.django_db


class _Out:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def run(*args) -> str:
    call_command(*args, stdout=(out := _Out()))
    return out.text


@pytest.fixture
def demo():
    run("load_demo", "--ruleset", "moritari")
    return Campaign.objects.get(name=demo_name("moritari"))


def test_the_demo_has_three_schools_two_beasts_a_three_man_and_a_beast_fight(demo):
    assert demo.ruleset == "moritari"
    owners = {m.owner.player.username for m in Gladiator.objects.filter(campaign=demo)}
    assert owners == {"nerva", "lentulus", "scaurus"}
    show = Show.objects.get(campaign=demo)
    three, beasts = show.bouts.order_by("order")
    assert len({e.side for e in three.entrants}) == 3 and all(e.gladiator for e in three.entrants)
    kinds = sorted(e.sheet["kind"] for e in beasts.entrants if e.gladiator is None)
    assert kinds == ["bear", "lion"]
    for bout in (three, beasts):
        assert bout.book is not None and bout.book.source == Book.Source.ENGINE
        assert bout.book.bets.count() == 1


def test_loading_it_twice_is_refused(demo):
    with pytest.raises(CommandError, match="already loaded"):
        run("load_demo", "--ruleset", "moritari")


def test_play_show_plays_both_fights_and_reports_them(demo):
    show = Show.objects.get(campaign=demo)
    text = run("play_show", "--show", str(show.pk), "--seed", "1")
    for bout in show.bouts.order_by("order"):
        assert bout.status == Bout.Status.DONE
        names = " v ".join(str(e) for e in moritari.fight_entries(bout))
        assert f"{bout.order}. {names}, after {bout.rounds} turn" in text
        assert bout.book.status in (Book.Status.SETTLED, Book.Status.VOID)
    purses = Transaction.objects.filter(campaign=demo, cause=Transaction.Cause.PURSE).count()
    assert text.count("  Purse: ") == purses


def test_the_same_seed_plays_the_same_show(demo):
    data = json.loads(json.dumps(campaign_export(demo)))
    data["campaign"]["name"] = "The copy"
    copy_ = campaign_import(data)  # the same card, not yet played
    texts = []
    for campaign in (demo, copy_):
        show = Show.objects.get(campaign=campaign)
        texts.append(run("play_show", "--show", str(show.pk), "--seed", "1"))
    assert texts[0] == texts[1] and "after" in texts[0]


def test_a_played_moritari_campaign_round_trips_through_export_and_import(demo):
    show = Show.objects.get(campaign=demo)
    run("play_show", "--show", str(show.pk), "--seed", "3")
    data = json.loads(json.dumps(campaign_export(demo)))
    data["campaign"]["name"] = "The copy"
    copy_ = campaign_import(data)

    def state(campaign):
        bouts = [
            (
                b.order,
                b.status,
                b.seed,
                b.setup,
                b.decisions,
                b.log,
                b.rounds,
                b.end_reason,
                [
                    (str(e), e.side, e.sheet, e.result, e.fate, e.standing)
                    for e in moritari.fight_entries(b)
                ],
                (b.book.line, b.book.status, b.book.winning_side is None),
            )
            for b in Bout.objects.filter(show__campaign=campaign).order_by("order")
        ]
        men = sorted(
            (m.name, m.status, m.wounds) for m in Gladiator.objects.filter(campaign=campaign)
        )
        money = sorted((a.kind, a.name, a.balance) for a in balances_by_party(campaign=campaign))
        return bouts, men, money

    assert state(copy_)[1:] == state(demo)[1:]
    for mine, theirs in zip(state(copy_)[0], state(demo)[0], strict=True):
        assert mine[:9] == theirs[:9]
        assert mine[9][1:] == theirs[9][1:]
    # Beasts come back as beasts: named entries with a kind and no man.
    beasts = BoutEntry.objects.filter(bout__show__campaign=copy_, gladiator=None)
    assert sorted(e.sheet["kind"] for e in beasts) == ["bear", "lion"]
    # Every fight replays from its stored seed and decisions to its stored log.
    for bout in Bout.objects.filter(show__campaign=copy_):
        assert [e.to_dict() for e in moritari.replay(bout).events] == bout.log
    # A book's sides are the copy's men (or the beasts' 0).
    for bout in Bout.objects.filter(show__campaign=copy_):
        ids = {row["side"] for row in bout.book.line}
        men = {e.gladiator_id for e in bout.entrants if e.gladiator_id}
        assert ids <= men | {moritari.BEAST_SIDE_ID}
