"""load_demo --ruleset sands: the Sands demo campaign (fixtures/demo_sands.json), a Murmillo
and a Thraex of each of two schools, a show with two pairs and an engine book; then
play_show fights it by the men's orders, and the same seed fights it the same way."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from arena.models import Bout, BoutEntry, Show
from desk.demo import demo_name
from economy.models import Bet, Book, Transaction
from ludus.models import Campaign, Gladiator, Injury

NAME = "The Sands of Capua"


class Out:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def run(*args):
    out = Out()
    call_command(*args, stdout=out)
    return out.text


@pytest.fixture
def sands_demo(db):
    text = run("load_demo", "--ruleset", "sands")
    return text, Campaign.objects.get(name=NAME)


def test_load_demo_sands_writes_the_campaign(sands_demo):
    text, campaign = sands_demo
    assert demo_name("sands") == NAME and NAME in text
    assert campaign.ruleset == "sands"
    men = Gladiator.objects.filter(campaign=campaign)
    by_school = {}
    for man in men:
        by_school.setdefault(man.owner.school, set()).add(man.armatura)
    assert len(by_school) == 2
    assert all(kinds == {"murmillo", "thraex"} for kinds in by_school.values())
    assert all(man.sheet == {} for man in men)
    show = Show.objects.get(campaign=campaign)
    assert show.bouts.count() == 2
    books = Book.objects.filter(campaign=campaign)
    assert books.count() == 2 and all(b.source == Book.Source.ENGINE for b in books)
    assert all("simulated bouts" in b.basis for b in books)
    assert Bet.objects.filter(book__campaign=campaign).count() == 1


def test_load_demo_sands_twice_is_refused_and_era_is_still_the_default(sands_demo):
    with pytest.raises(CommandError, match="already loaded"):
        run("load_demo", "--ruleset", "sands")
    with pytest.raises(CommandError):
        run("load_demo", "--ruleset", "chess")


def test_play_show_fights_the_sands_demo(sands_demo):
    _, campaign = sands_demo
    show = Show.objects.get(campaign=campaign)
    text = run("play_show", "--show", str(show.pk), "--seed", "1")
    assert show.name in text and "Held: 2 bouts" in text
    show.refresh_from_db()
    assert show.status == Show.Status.HELD
    for bout in show.bouts.all():
        assert bout.status == Bout.Status.DONE and bout.engine_version == "sands/2"
        losing = bout.losing_entry
        if losing is not None:
            assert losing.fate in (BoutEntry.Fate.DEAD, BoutEntry.Fate.SPARED)
            dead = losing.gladiator.status == Gladiator.Status.DEAD
            assert dead == (losing.fate == BoutEntry.Fate.DEAD)
            assert "dies on the sand" in text or "is spared" in text
    winners = [b for b in show.bouts.all() if b.winner is not None]
    purses = Transaction.objects.filter(bout__show=show, cause=Transaction.Cause.PURSE)
    assert purses.count() == len(winners)
    assert all(not b.is_open for b in Book.objects.filter(campaign=campaign))
    injuries = Injury.objects.filter(gladiator__campaign=campaign)
    marks = sum(2 if i.name.startswith("Slow kill") else 1 for i in injuries)
    logged = sum(
        e["data"].get("marks", 0) for b in show.bouts.all() for e in b.log if e["kind"] == "wound"
    )
    assert marks == logged


def test_the_same_seed_plays_the_same_sands_show(db):
    logs = []
    for n in range(2):
        run("load_demo", "--ruleset", "sands")
        campaign = Campaign.objects.get(name=NAME)
        show = Show.objects.get(campaign=campaign)
        run("play_show", "--show", str(show.pk), "--seed", "1")
        logs.append([b.log for b in show.bouts.order_by("order")])
        Campaign.objects.filter(pk=campaign.pk).update(name=f"played {n}")  # load it again
    assert logs[0] == logs[1]


def test_play_show_says_turns_and_the_crowds_mood_for_sands(sands_demo):
    """A Sands show's lines in the Sands' words: turns, not rounds; the crowd's mood (its 0-6
    standing, 3 + Favour - Disfavour - Apathy), not the Era's Crowd Favor; the purse's memo too."""
    _, campaign = sands_demo
    show = Show.objects.get(campaign=campaign)
    text = run("play_show", "--show", str(show.pk), "--seed", "1")
    assert "round" not in text and "Crowd Favor" not in text
    for bout in show.bouts.order_by("order"):
        line = next(line for line in text.splitlines() if line.startswith(f"  {bout.order}. "))
        turns = f"{bout.rounds} turn" + ("" if bout.rounds == 1 else "s")
        assert turns in line, line
        if bout.winner is not None:
            mood = f"the crowd's mood {bout.entry_a.standing}-{bout.entry_b.standing}"
            assert mood in line, line
            winning = bout.entry("a") if bout.entry_a.gladiator == bout.winner else bout.entry_b
            memo = f"{bout.winner.name} wins at {show.name} (the crowd's mood {winning.standing})"
            assert f"Purse: {memo}" in text
    assert Transaction.objects.filter(memo__contains="the crowd's mood").count() == len(
        [b for b in show.bouts.all() if b.winner is not None]
    )
