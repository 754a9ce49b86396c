"""The Moritari fight page and the calendar (issue 13 with "The calendar follows play"): before
the first turn of a show planned for a later day the page says the calendar moves, on its
buttons too; the GM's first turn moves it and says so; under htmx the whole page is drawn again
(its head shows the new day); nobody else may."""

import pytest

from arena.models import Bout, Show
from arena.rulesets.moritari.fights import Entrant, fight_add
from ludus.models import Campaign, DayEnd
from tests.cast import make_campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    """The Moritari cast (campaign on day 2) with its show moved to day 5."""
    cast = make_campaign(ruleset="moritari")
    Show.objects.filter(pk=cast.show.pk).update(day=5)
    return cast


def three(cast) -> Bout:
    return fight_add(
        show=cast.show,
        entrants=[
            Entrant(gladiator=cast.bithys),
            Entrant(gladiator=cast.spartacus),
            Entrant(gladiator=cast.verus),
        ],
    )


def url(cast, bout, part="") -> str:
    return f"/c/{cast.campaign.pk}/arena/bouts/{bout.pk}/{part}"


def day(cast) -> int:
    return Campaign.objects.get(pk=cast.campaign.pk).day


def test_the_fight_page_says_the_calendar_moves_before_the_first_turn(cast):
    bout = three(cast)
    text = cast.client_for("gm").get(url(cast, bout)).content.decode()
    assert "This show is on day 5; it is day 2." in text
    assert "Its first turn is fought on its day" in text and "3 nights of rest" in text
    assert "Advance to day 5 and fight a turn" in text
    assert "Advance to day 5 and fight to the end" in text
    for who in ("nerva", "other"):
        text = cast.client_for(who).get(url(cast, bout)).content.decode()
        assert "Advance to day 5" not in text and "This show is on day" not in text


def test_a_show_of_today_says_nothing_of_the_calendar(cast):
    Show.objects.filter(pk=cast.show.pk).update(day=2)
    bout = three(cast)
    text = cast.client_for("gm").get(url(cast, bout)).content.decode()
    assert "This show is on day" not in text and "Advance to day" not in text
    assert ">Fight a turn</button>" in text


def test_the_gm_fights_the_first_turn_on_the_shows_day_and_is_told(cast):
    bout = three(cast)
    client = cast.client_for("gm")
    answer = client.post(url(cast, bout, "fight/"), {"to": "round", "at_round": 0}, follow=True)
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "Day 5 begins: 3 nights of rest" in text
    assert day(cast) == 5 and DayEnd.objects.count() == 3
    bout.refresh_from_db()
    assert bout.rounds == 1
    text = client.get(url(cast, bout)).content.decode()
    assert "Advance to day" not in text and "This show is on day" not in text


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_nobody_but_the_gm_fights_and_moves_the_calendar(cast, who):
    bout = three(cast)
    answer = cast.client_for(who).post(url(cast, bout, "fight/"), {"to": "round", "at_round": 0})
    assert answer.status_code == 404
    assert day(cast) == 2 and not DayEnd.objects.exists()


def test_under_htmx_a_first_turn_that_moved_the_calendar_redraws_the_whole_page(cast):
    bout = three(cast)
    client = cast.client_for("gm")
    answer = client.post(
        url(cast, bout, "fight/"), {"to": "round", "at_round": 0}, HTTP_HX_REQUEST="true"
    )
    assert answer.status_code == 200 and answer.headers.get("HX-Refresh") == "true"
    assert day(cast) == 5
    page = client.get(url(cast, bout)).content.decode()
    assert "Day 5 begins: 3 nights of rest" in page
    bout.refresh_from_db()
    if bout.status != Bout.Status.FIGHTING:
        return
    # The next turn moves nothing: the panel alone, as before.
    answer = client.post(
        url(cast, bout, "fight/"), {"to": "round", "at_round": 1}, HTTP_HX_REQUEST="true"
    )
    assert "HX-Refresh" not in answer.headers
    assert 'id="bout-panel"' in answer.content.decode()
    assert day(cast) == 5


def test_a_repeated_click_moves_the_calendar_once(cast):
    bout = three(cast)
    client = cast.client_for("gm")
    client.post(url(cast, bout, "fight/"), {"to": "round", "at_round": 0})
    again = client.post(url(cast, bout, "fight/"), {"to": "round", "at_round": 0}, follow=True)
    assert "Already done" in again.content.decode()
    assert day(cast) == 5 and DayEnd.objects.count() == 3
