"""Planning a race and building its field (arena.rulesets.era.circus.services): race_plan,
race_entry_add, race_entry_remove. Each refusal is a RaceError with its module message, and
writes nothing."""

import pytest

from arena.book import services as book_services
from arena.models import Race, RaceEntry, Show
from arena.rulesets import plugins
from arena.rulesets.era.circus import services as r
from economy import accounts
from economy.models import Account, Book
from ludus.models import Gladiator
from tests.arena.circus.cast import fund, make_race
from tests.factories import CampaignFactory, GladiatorFactory, ShowFactory


@pytest.fixture
def show(campaign):
    return ShowFactory(campaign=campaign, name="Ludi Plebeii", kind="ludi", venue="circus_maximus")


def _man(campaign, name, **kw):
    return GladiatorFactory(
        campaign=campaign, name=name, is_charioteer=True, agility=3, operate=2, **kw
    )


@pytest.fixture
def planned(show):
    return r.race_plan(show=show, name="The bigae", chariot="biga", prize_purses=2)


def test_race_plan_makes_a_planned_race_with_no_field(show, planned):
    assert planned.show == show and planned.status == Race.Status.PLANNED
    assert planned.prize_purses == 2 and planned.legs_run == 0
    assert planned.entries.count() == 0
    assert r.race_chariot(planned) == "biga"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "  "}, r.NAME_EMPTY),
        ({"chariot": "trireme"}, r.BAD_CHARIOT.format(chariot="trireme")),
        ({"prize_purses": -1}, r.BAD_PRIZE.format(most=r.MOST_PRIZE_PURSES, prize=-1)),
    ],
)
def test_race_plan_refuses_bad_input(show, kwargs, message):
    with pytest.raises(r.RaceError) as refused:
        r.race_plan(show=show, **{"name": "A race", **kwargs})
    assert str(refused.value) == message
    assert not Race.objects.exists()


def test_race_plan_refuses_a_held_show(show):
    Show.objects.filter(pk=show.pk).update(status=Show.Status.HELD)
    with pytest.raises(r.RaceError, match="has been held"):
        r.race_plan(show=show, name="Late")
    assert not Race.objects.exists()


def test_race_plan_refuses_a_campaign_of_other_rules(db):
    other = CampaignFactory(ruleset=next(p.key for p in plugins() if not p.has_races))
    with pytest.raises(r.RaceError, match="only Era races"):
        r.race_plan(show=ShowFactory(campaign=other), name="Elsewhere")


def test_drivers_take_the_next_free_stall_and_a_freed_stall_is_reused(campaign, planned):
    men = [_man(campaign, name) for name in ("Scorpus", "Diocles", "Crescens")]
    entries = [r.race_entry_add(race=planned, gladiator=m, faction="Whites")[0] for m in men]
    assert [e.lane for e in entries] == [1, 2, 3]
    assert {e.chariot for e in entries} == {"biga"}  # the race's chariot
    assert r.race_entry_remove(race=planned, entry=entries[1]) == ""
    again, note = r.race_entry_add(race=planned, gladiator=men[1], faction=" Reds ")
    assert (again.lane, again.faction, note) == (2, "Reds", "")


def test_twelve_stalls(campaign, planned):
    for n in range(12):
        r.race_entry_add(race=planned, gladiator=_man(campaign, f"D{n}"), faction="Greens")
    with pytest.raises(r.RaceError) as refused:
        r.race_entry_add(race=planned, gladiator=_man(campaign, "Thirteenth"), faction="Blues")
    assert str(refused.value) == r.FIELD_FULL.format(most=12)
    assert planned.entries.count() == 12


@pytest.mark.parametrize("status", [Gladiator.Status.DEAD, Gladiator.Status.FREED])
def test_a_dead_or_freed_man_cannot_drive(campaign, planned, status):
    man = _man(campaign, "Gone", status=status)
    with pytest.raises(r.RaceError, match="cannot drive"):
        r.race_entry_add(race=planned, gladiator=man, faction="Reds")
    assert not planned.entries.exists()


def test_a_man_of_another_campaign_the_same_man_twice_and_no_faction(campaign, planned):
    stranger = _man(CampaignFactory(), "Stranger")
    with pytest.raises(r.RaceError) as refused:
        r.race_entry_add(race=planned, gladiator=stranger, faction="Reds")
    assert str(refused.value) == r.DRIVER_OTHER_CAMPAIGN.format(name="Stranger")
    man = _man(campaign, "Scorpus")
    with pytest.raises(r.RaceError) as refused:
        r.race_entry_add(race=planned, gladiator=man, faction="   ")
    assert str(refused.value) == r.FACTION_EMPTY
    r.race_entry_add(race=planned, gladiator=man, faction="Whites")
    with pytest.raises(r.RaceError) as refused:
        r.race_entry_add(race=planned, gladiator=man, faction="Reds")
    assert str(refused.value) == r.DRIVER_ALREADY_ENTERED.format(name="Scorpus")
    assert planned.entries.count() == 1


def test_the_field_is_closed_once_a_leg_is_run(campaign, race):
    r.race_run(race=race, seed=1, legs=1)
    with pytest.raises(r.RaceError) as refused:
        r.race_entry_add(race=race, gladiator=_man(campaign, "Late"), faction="Reds")
    assert str(refused.value) == r.FIELD_CLOSED.format(legs=1)
    with pytest.raises(r.RaceError):
        r.race_entry_remove(race=race, entry=race.entries.first())
    assert race.entries.count() == 4


def test_remove_refuses_an_entry_of_another_race(campaign, race):
    other = make_race(campaign, name="Ludi Megalenses")
    with pytest.raises(r.RaceError) as refused:
        r.race_entry_remove(race=race, entry=other.entries.first())
    assert str(refused.value) == r.ENTRY_NOT_IN_RACE
    assert other.entries.count() == 4


def test_a_book_with_bets_closes_the_field(campaign, race, eros):
    book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    first = race.entries.first()
    book_services.bet_place(book=book, bettor=eros, side=first.pk, stake=100)
    with pytest.raises(r.RaceError) as refused:
        r.race_entry_add(race=race, gladiator=_man(campaign, "Late"), faction="Reds")
    assert str(refused.value) == r.BOOK_HAS_BETS.format(count=1, plural="")
    with pytest.raises(r.RaceError, match="taken 1 bet"):
        r.race_entry_remove(race=race, entry=first)
    assert race.entries.count() == 4 and Book.objects.filter(pk=book.pk).exists()


def test_a_book_without_bets_is_withdrawn_and_can_be_opened_again(campaign, race):
    book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    account = book.account_id
    entry, note = r.race_entry_add(race=race, gladiator=_man(campaign, "Late"), faction="Reds")
    assert note == r.BOOK_WITHDRAWN and entry.lane == 5
    assert not Book.objects.filter(race=race).exists()
    assert not Account.objects.filter(pk=account).exists()
    again = book_services.book_open(race=race, source=Book.Source.ENGINE)
    assert {side["side"] for side in again.line} >= {entry.pk}


def test_a_refused_add_writes_nothing_even_after_the_book_step(campaign, race, monkeypatch):
    """Atomic: a failure after the book is withdrawn rolls the withdrawal back too."""
    book_services.book_open(race=race, source=Book.Source.ENGINE)

    def boom(self, *args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(RaceEntry, "save", boom)
    with pytest.raises(RuntimeError):
        r.race_entry_add(race=race, gladiator=_man(campaign, "Late"), faction="Reds")
    assert Book.objects.filter(race=race).exists()
    assert race.entries.count() == 4


def test_the_planned_field_runs(campaign, planned, show):
    fund(accounts.purse(show.editor), 10_000)
    for name in ("Scorpus", "Diocles"):
        r.race_entry_add(race=planned, gladiator=_man(campaign, name), faction="Whites")
    race = r.race_run(race=planned, seed=7)
    assert race.status == Race.Status.DONE and race.legs_run == 3


def test_choices_and_factions(campaign, race):
    dead = _man(campaign, "Dead", status=Gladiator.Status.DEAD)
    fresh = _man(campaign, "Fresh")
    fighter = GladiatorFactory(campaign=campaign, name="Bithys")
    choices = list(r.race_driver_choices(race))
    assert fresh in choices and fighter in choices and dead not in choices
    assert not set(choices) & {e.driver for e in race.entries.all()}
    assert choices.index(fresh) < choices.index(fighter)  # drivers first
    assert r.campaign_factions(campaign) == ["Whites", "Reds", "Blues", "Greens"]
