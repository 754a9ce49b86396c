"""The calendar follows play (arena.services.calendar): a show planned for a later day is
fought on its day (the calendar advances, night by night), a missed one today; the ledger, the
injuries and the bout list then tell the same day; a show is held when its last bout or race is
done, and the dashboard's next show moves on."""

import pytest

from arena.errors import BoutError
from arena.models import Bout, Race, Show
from arena.rulesets.era.circus.services import FIELD_MOVED_IN_ADVANCE, RaceError, race_run
from arena.services.bouts import VOID_IN_ADVANCE, bout_decide, bout_fight
from arena.services.calendar import show_follow
from arena.services.shows import bout_add, bout_remove, show_hold
from desk.selectors import next_show, upcoming_shows
from economy.models import Transaction
from ludus.models import Campaign, DayEnd, Gladiator, Injury
from ludus.services.calendar import CalendarError
from tests import factories
from tests.arena.circus.cast import FIELD, make_race

pytestmark = pytest.mark.django_db


def _day(cast) -> int:
    return Campaign.objects.get(pk=cast.campaign.pk).day


def _later(cast, day: int, name="The later games") -> Show:
    return factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, name=name, day=day)


def _pair(cast, wounds: int = 0):
    """Two men not on any card (the fixture's pair is on its show's card)."""
    a = factories.GladiatorFactory(
        campaign=cast.campaign, owner=cast.nerva, name="Ajax", might=3, wounds=wounds
    )
    b = factories.GladiatorFactory(
        campaign=cast.campaign, owner=cast.rival, name="Brutus", armatura="murmillo", might=3
    )
    return a, b


def _fight_to_the_end(bout: Bout) -> Bout:
    """From the bout page: to the end, the editor deciding by hand whatever the crowd calls."""
    bout = bout_fight(bout=bout, seed=7, auto_decide=False)
    while bout.status == Bout.Status.FIGHTING:
        bout = bout_fight(bout=bout, decisions=["fight_on"], auto_decide=False)
    if bout.status == Bout.Status.AWAITING_VERDICT:
        bout_decide(bout=bout, editor_choice="missio")
    return Bout.objects.get(pk=bout.pk)


def test_a_bout_of_a_later_show_is_fought_on_its_day_after_the_nights_rest(cast):
    ajax, brutus = _pair(cast, wounds=8)  # Might 3: 8 -> 5 -> 2 -> 0
    show = _later(cast, day=6)
    bout = bout_add(show=show, fighter_a=ajax, fighter_b=brutus)
    bout = _fight_to_the_end(bout)
    assert _day(cast) == 6
    nights = DayEnd.objects.filter(campaign=cast.campaign).order_by("day")
    assert [n.day for n in nights] == [3, 4, 5]
    assert [n.rested[str(ajax.pk)] for n in nights] == [[3, 5], [3, 2], [2, 0]]
    # He went in rested: the Wounds frozen in the bout's setup are the night's.
    assert bout.setup["a"].get("wounds", 0) == 0
    # Everything the bout wrote tells the show's day.
    assert {t.day for t in Transaction.objects.filter(campaign=cast.campaign, bout=bout)} == {6}
    assert {i.day_taken for i in Injury.objects.filter(bout=bout)} <= {6}
    show.refresh_from_db()
    assert show.day == 6


def test_a_missed_show_is_fought_today_and_its_day_becomes_today(cast):
    ajax, brutus = _pair(cast)
    show = _later(cast, day=4, name="Missed games")
    Campaign.objects.filter(pk=cast.campaign.pk).update(day=9)
    bout = bout_add(show=show, fighter_a=ajax, fighter_b=brutus)
    bout = bout_fight(bout=bout, seed=7, rounds=1)
    show.refresh_from_db()
    assert show.day == 9 and _day(cast) == 9
    assert not DayEnd.objects.filter(campaign=cast.campaign).exists()


def test_a_missed_show_already_begun_keeps_its_day(cast):
    bout = bout_fight(bout=cast.bout, seed=7, rounds=1)  # the fixture's show, today (day 3)
    second = bout_add(
        show=cast.show,
        fighter_a=factories.GladiatorFactory(campaign=cast.campaign, name="A"),
        fighter_b=factories.GladiatorFactory(campaign=cast.campaign, name="B"),
    )
    Campaign.objects.filter(pk=cast.campaign.pk).update(day=4)  # the GM ended the day
    bout_fight(bout=second, seed=3, rounds=1)
    cast.show.refresh_from_db()
    assert cast.show.day == 3 and bout.status != Bout.Status.PLANNED


def test_a_show_is_held_when_its_last_bout_is_decided_from_the_bout_page(cast):
    assert cast.show.status == Show.Status.PLANNED
    assert next_show(cast.campaign) == cast.show
    _fight_to_the_end(cast.bout)
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.HELD
    assert next_show(cast.campaign) is None


def test_the_dashboard_next_show_moves_on(cast):
    later = _later(cast, day=8)
    assert list(upcoming_shows(cast.campaign)) == [cast.show, later]
    _fight_to_the_end(cast.bout)
    assert next_show(Campaign.objects.get(pk=cast.campaign.pk)) == later


def test_a_missed_show_not_yet_held_is_still_the_next_show(cast):
    Campaign.objects.filter(pk=cast.campaign.pk).update(day=5)
    assert next_show(Campaign.objects.get(pk=cast.campaign.pk)) == cast.show


def test_a_show_with_a_bout_left_is_not_held_and_taking_it_off_holds_it(cast):
    other = bout_add(
        show=cast.show,
        fighter_a=factories.GladiatorFactory(campaign=cast.campaign, name="A"),
        fighter_b=factories.GladiatorFactory(campaign=cast.campaign, name="B"),
    )
    _fight_to_the_end(cast.bout)
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.PLANNED
    bout_remove(bout=other)
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.HELD


def test_a_card_whose_every_bout_is_void_stays_planned(cast):
    bout_remove(bout=cast.bout)
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.PLANNED
    assert not show_follow(cast.show)
    # The card can still be filled and fought.
    bout_add(show=cast.show, fighter_a=cast.bithys, fighter_b=cast.rufus)


def test_a_bout_awaiting_the_editor_keeps_the_show_planned(cast):
    bout = bout_fight(bout=cast.bout, seed=7, auto_decide=False)
    while bout.status == Bout.Status.FIGHTING:
        bout = bout_fight(bout=bout, decisions=["fight_on"], auto_decide=False)
    assert bout.status == Bout.Status.AWAITING_VERDICT
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.PLANNED
    bout_decide(bout=bout, editor_choice="missio")
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.HELD


def test_holding_a_later_show_advances_the_calendar_first(cast):
    ajax, brutus = _pair(cast)
    show = _later(cast, day=5)
    bout_add(show=show, fighter_a=ajax, fighter_b=brutus)
    show = show_hold(show=show, seed=1, crowd_decides=True)
    assert show.status == Show.Status.HELD and _day(cast) == 5
    assert {t.day for t in Transaction.objects.filter(campaign=cast.campaign, show=show)} <= {5}
    bout = show.bouts.get()
    assert {t.day for t in Transaction.objects.filter(campaign=cast.campaign, bout=bout)} == {5}


def test_a_show_beyond_one_advance_is_refused_and_nothing_is_written(cast):
    ajax, brutus = _pair(cast)
    show = _later(cast, day=3 + 366)
    bout = bout_add(show=show, fighter_a=ajax, fighter_b=brutus)
    with pytest.raises(CalendarError, match="at most 365 days"):
        bout_fight(bout=bout, seed=1, rounds=1)
    with pytest.raises(CalendarError, match="at most 365 days"):
        show_hold(show=show, seed=1)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.PLANNED and bout.seed is None
    assert _day(cast) == 3 and not DayEnd.objects.exists()


def test_a_man_dead_in_the_nights_between_refuses_the_fight_and_nothing_is_written(cast):
    ajax, brutus = _pair(cast)
    factories.InjuryFactory(gladiator=brutus, name="Bleeding Out", day_taken=3)
    show = _later(cast, day=5)
    bout = bout_add(show=show, fighter_a=ajax, fighter_b=brutus)
    with pytest.raises(BoutError) as refused:
        bout_fight(bout=bout, seed=1, rounds=1)
    assert str(refused.value) == VOID_IN_ADVANCE.format(day=5, show=show, reason="Brutus died")
    bout.refresh_from_db()
    assert bout.status == Bout.Status.PLANNED and _day(cast) == 3
    assert Gladiator.objects.get(pk=brutus.pk).status == Gladiator.Status.ACTIVE


def test_a_race_on_a_later_day_is_run_on_it_and_holds_its_show(cast):
    race = make_race(cast.campaign)
    Show.objects.filter(pk=race.show_id).update(day=7)
    race = race_run(race=race, seed=5, legs=1)
    assert _day(cast) == 7
    race.show.refresh_from_db()
    assert race.show.status == Show.Status.PLANNED  # two legs still to run
    race = race_run(race=race)
    assert race.status == Race.Status.DONE
    race.show.refresh_from_db()
    assert race.show.status == Show.Status.HELD
    prize = Transaction.objects.get(campaign=cast.campaign, cause=Transaction.Cause.PRIZE)
    assert prize.day == 7
    assert len(FIELD) == race.entries.count()


def test_a_driver_dead_in_the_nights_between_refuses_the_run_and_nothing_is_written(cast):
    race = make_race(cast.campaign)
    Show.objects.filter(pk=race.show_id).update(day=6)
    driver = race.entries.order_by("lane").first().driver
    factories.InjuryFactory(gladiator=driver, name="Bleeding Out", day_taken=3)
    with pytest.raises(RaceError) as refused:
        race_run(race=race, seed=5)
    assert str(refused.value) == FIELD_MOVED_IN_ADVANCE.format(
        day=6, show=race.show.name, names=driver.name
    )
    race.refresh_from_db()
    assert race.legs_run == 0 and race.entries.count() == len(FIELD) and _day(cast) == 3
    assert Gladiator.objects.get(pk=driver.pk).status == Gladiator.Status.ACTIVE
