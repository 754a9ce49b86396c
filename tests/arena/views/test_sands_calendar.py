"""The Sands bout page says before the click that the calendar moves (its show on a later day,
or a missed one) in the Era page's words (arena/partials/day_note.html, "Advance to day N and
fight ..."), the GM's first turn moves it and says so, nobody else may, and under htmx a fight
that moved the calendar redraws the whole page (its head shows the day)."""

import pytest
from django.urls import reverse

from arena.models import Bout, Show
from arena.rulesets.sands import adapter
from ludus.models import Campaign, DayEnd
from rules.sands import bout as engine
from tests.cast import make_campaign

pytestmark = pytest.mark.django_db

NOT_GM = ["owner", "other", "outsider"]


@pytest.fixture
def sands(db):
    """The Sands cast (campaign on day 3) with its show moved to day 5, and a seed whose bout
    lasts three turns or more (so a second turn can be fought)."""
    cast = make_campaign(ruleset="sands")
    Show.objects.filter(pk=cast.show.pk).update(day=5)
    setup = adapter.setup_from_data(adapter.setup_data(cast.bout))
    seed = next(s for s in range(500) if engine.play(setup, s, record=False).turns >= 3)
    Bout.objects.filter(pk=cast.bout.pk).update(seed=seed)
    return cast


def _url(sands, name="arena:bout_detail"):
    return reverse(name, args=[sands.campaign.pk, sands.bout.pk])


def _day(sands) -> int:
    return Campaign.objects.get(pk=sands.campaign.pk).day


def test_the_page_says_the_calendar_moves_before_the_first_turn(sands):
    text = sands.client_for("gm").get(_url(sands)).content.decode()
    assert 'id="day-note"' in text
    assert "This show is on day 5; it is day 3." in text
    assert "Its first turn is fought on its day" in text
    assert "2 nights of rest" in text
    assert "Advance to day 5 and fight a turn" in text
    assert "Advance to day 5 and fight to the end" in text
    assert ">Fight a turn<" not in text


def test_on_its_own_day_the_page_says_nothing(sands):
    Show.objects.filter(pk=sands.show.pk).update(day=3)
    text = sands.client_for("gm").get(_url(sands)).content.decode()
    assert 'id="day-note"' not in text and "Advance to day" not in text
    assert ">Fight a turn<" in text and ">Fight to the end<" in text


@pytest.mark.parametrize("who", NOT_GM)
def test_nobody_but_the_gm_is_offered_or_may_move_the_calendar(sands, who):
    client = sands.client_for(who)
    text = client.get(_url(sands)).content.decode()
    assert "Advance to day 5" not in text and 'id="day-note"' not in text
    answer = client.post(_url(sands, "arena:bout_fight"), {"to": "round", "at_round": 0})
    assert answer.status_code == 404
    assert _day(sands) == 3 and not DayEnd.objects.exists()


def test_the_gm_fights_the_first_turn_on_the_shows_day_and_is_told(sands):
    client = sands.client_for("gm")
    answer = client.post(
        _url(sands, "arena:bout_fight"), {"to": "round", "at_round": 0}, follow=True
    )
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "Day 5 begins: 2 nights of rest" in text
    assert "Turn 1 fought." in text
    assert _day(sands) == 5 and DayEnd.objects.count() == 2
    bout = Bout.objects.get(pk=sands.bout.pk)
    assert bout.rounds == 1 and bout.status == Bout.Status.FIGHTING
    # Begun, the page no longer offers to move the calendar; a stale form moves nothing twice.
    text = client.get(_url(sands)).content.decode()
    assert "Advance to day" not in text and "This show is on day" not in text
    client.post(_url(sands, "arena:bout_fight"), {"to": "round", "at_round": 0})
    assert _day(sands) == 5 and DayEnd.objects.count() == 2


def test_under_htmx_a_fight_that_moved_the_calendar_redraws_the_whole_page(sands):
    client = sands.client_for("gm")
    url = _url(sands, "arena:bout_fight")
    answer = client.post(url, {"to": "round", "at_round": 0}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and answer.headers.get("HX-Refresh") == "true"
    page = client.get(_url(sands)).content.decode()
    assert "day 5," in page and "Day 5 begins: 2 nights of rest" in page
    # The next turn moves nothing: the panel alone, as before.
    answer = client.post(url, {"to": "round", "at_round": 1}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "HX-Refresh" not in answer.headers
    assert 'id="bout-panel"' in answer.content.decode() and "Turn 2 fought." in (
        answer.content.decode()
    )
    assert _day(sands) == 5


def test_a_missed_show_says_it_is_fought_today(sands):
    Campaign.objects.filter(pk=sands.campaign.pk).update(day=7)
    client = sands.client_for("gm")
    text = client.get(_url(sands)).content.decode()
    assert "This show was planned for day 5; it is day 7." in text
    assert "its day becomes day 7" in text
    assert "Advance to day" not in text and ">Fight a turn<" in text
    client.post(_url(sands, "arena:bout_fight"), {"to": "round", "at_round": 0})
    sands.show.refresh_from_db()
    assert sands.show.day == 7 and _day(sands) == 7
