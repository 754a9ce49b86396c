"""The pages say before the click that the calendar moves (a show planned for a later day, a
missed one), the GM's click moves it and says so, nobody else may, and the dashboard's next show
moves on once a show is held by its last event."""

import pytest
from django.urls import reverse

from arena.models import Bout, Show
from arena.rulesets import plugin_for
from arena.services.bouts import bout_decide, bout_fight
from ludus.models import Campaign, DayEnd
from tests import factories
from tests.arena.circus.cast import make_race
from tests.cast import EVERYONE, build_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(db):
    """The shared cast (tests/cast.py): the Forum munus on day 5, the campaign on day 3."""
    return build_cast()


NOT_GM = [who for who in EVERYONE if who != "gm"]


def _bout(cast) -> Bout:
    """A pair on the Forum munus (day 5; the campaign is on day 3)."""
    return factories.BoutFactory(show=cast.show, fighter_a=cast.crixus, fighter_b=cast.free_agent)


def _day(cast) -> int:
    return Campaign.objects.get(pk=cast.campaign.pk).day


def _bout_url(cast, bout, name="arena:bout_detail"):
    return reverse(name, args=[cast.campaign.pk, bout.pk])


def test_the_bout_page_says_the_calendar_moves_before_the_first_round(cast):
    bout = _bout(cast)
    text = cast.client_for("gm").get(_bout_url(cast, bout)).content.decode()
    assert "This show is on day 5; it is day 3." in text
    assert "Advance to day 5 and fight a round" in text
    assert "Advance to day 5 and fight to the end" in text
    assert "2 nights of rest" in text


def test_the_gm_fights_a_later_show_on_its_day_and_is_told(cast):
    bout = _bout(cast)
    client = cast.client_for("gm")
    answer = client.post(
        _bout_url(cast, bout, "arena:bout_fight"), {"to": "round", "at_round": 0}, follow=True
    )
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "Day 5 begins: 2 nights of rest" in text
    assert _day(cast) == 5
    bout.refresh_from_db()
    assert bout.rounds == 1 and bout.status != Bout.Status.PLANNED
    # Once begun, the page no longer offers to move the calendar (whatever the dice did).
    text = client.get(_bout_url(cast, bout)).content.decode()
    assert "Advance to day" not in text and "This show is on day" not in text


@pytest.mark.parametrize("who", NOT_GM)
def test_nobody_but_the_gm_may_fight_and_move_the_calendar(cast, who):
    bout = _bout(cast)
    answer = cast.client_for(who).post(
        _bout_url(cast, bout, "arena:bout_fight"), {"to": "round", "at_round": 0}
    )
    assert answer.status_code == 404
    assert _day(cast) == 3 and not DayEnd.objects.exists()
    text = cast.client_for(who).get(_bout_url(cast, bout)).content
    assert b"Advance to day 5" not in text


def test_a_stale_fight_form_moves_nothing_twice(cast):
    bout = _bout(cast)
    client = cast.client_for("gm")
    url = _bout_url(cast, bout, "arena:bout_fight")
    client.post(url, {"to": "round", "at_round": 0})
    again = client.post(url, {"to": "round", "at_round": 0}, follow=True)
    assert "Already done" in again.content.decode()
    assert _day(cast) == 5 and DayEnd.objects.count() == 2


def test_a_missed_show_says_it_is_fought_today(cast):
    bout = _bout(cast)
    Campaign.objects.filter(pk=cast.campaign.pk).update(day=7)
    text = cast.client_for("gm").get(_bout_url(cast, bout)).content.decode()
    assert "This show was planned for day 5; it is day 7." in text
    assert "its day becomes day 7" in text
    assert "Advance to day" not in text
    cast.client_for("gm").post(_bout_url(cast, bout, "arena:bout_fight"), {"to": "round"})
    cast.show.refresh_from_db()
    assert cast.show.day == 7 and _day(cast) == 7


def test_the_show_page_holds_a_later_show_on_its_day(cast):
    _bout(cast)
    client = cast.client_for("gm")
    url = reverse("arena:show_detail", args=[cast.campaign.pk, cast.show.pk])
    text = client.get(url).content.decode()
    assert "Advance to day 5 and hold The Forum munus" in text
    answer = client.post(
        reverse("arena:show_hold", args=[cast.campaign.pk, cast.show.pk]), follow=True
    )
    assert "Day 5 begins: 2 nights of rest" in answer.content.decode()
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.HELD and _day(cast) == 5


@pytest.mark.parametrize("who", NOT_GM)
def test_nobody_but_the_gm_may_hold_a_later_show(cast, who):
    _bout(cast)
    answer = cast.client_for(who).post(
        reverse("arena:show_hold", args=[cast.campaign.pk, cast.show.pk])
    )
    assert answer.status_code == 404
    assert _day(cast) == 3


def test_the_race_page_runs_a_later_race_on_its_day(cast):
    race = make_race(cast.campaign)
    Show.objects.filter(pk=race.show_id).update(day=6)
    client = cast.client_for("gm")
    text = client.get(reverse("circus:race_detail", args=[cast.campaign.pk, race.pk])).content
    assert b"Advance to day 6 and run leg 1" in text
    assert b"This show is on day 6; it is day 3." in text
    for who in NOT_GM:
        refused = cast.client_for(who).post(
            reverse("circus:race_run", args=[cast.campaign.pk, race.pk]), {"to": "end", "leg": 1}
        )
        assert refused.status_code == 404
    assert _day(cast) == 3
    answer = client.post(
        reverse("circus:race_run", args=[cast.campaign.pk, race.pk]),
        {"to": "end", "leg": 1},
        follow=True,
    )
    assert b"Day 6 begins: 3 nights of rest" in answer.content
    race.refresh_from_db()
    race.show.refresh_from_db()
    assert race.status == "done" and race.show.status == Show.Status.HELD and _day(cast) == 6


def _next_show_card(client, cast) -> str:
    text = client.get(reverse("campaign_dashboard", args=[cast.campaign.pk])).content.decode()
    return text.split("The next show", 1)[1].split("</section>", 1)[0]


def test_the_dashboard_next_show_moves_on_when_a_show_is_held_by_its_last_bout(cast):
    bout = _bout(cast)
    later = factories.ShowFactory(
        campaign=cast.campaign, editor=cast.editor, name="The games of day 9", day=9
    )
    client = cast.client_for("gm")
    card = _next_show_card(client, cast)
    assert card.index("The Forum munus") < card.index(later.name)  # later: "Then: ..."
    bout = bout_fight(bout=bout, seed=7)
    while bout.status == Bout.Status.FIGHTING:
        answer = plugin_for(cast.campaign.ruleset).pending_default(bout)
        bout = bout_fight(bout=bout, decisions=[answer])
    if bout.status == Bout.Status.AWAITING_VERDICT:
        bout_decide(bout=bout, editor_choice="missio")
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.HELD
    card = _next_show_card(client, cast)
    assert later.name in card and "(in 4 days)" in card
    assert "The Forum munus" not in card


def test_under_htmx_a_fight_that_moved_the_calendar_redraws_the_whole_page(cast):
    """The page's head shows the day: a panel swapped alone would keep the old one."""
    bout = _bout(cast)
    client = cast.client_for("gm")
    url = _bout_url(cast, bout, "arena:bout_fight")
    answer = client.post(url, {"to": "round", "at_round": 0}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and answer.headers.get("HX-Refresh") == "true"
    page = client.get(_bout_url(cast, bout)).content.decode()
    assert "day 5," in page and "Day 5 begins: 2 nights of rest" in page
    # The next round moves nothing: the panel alone, as before.
    answer = client.post(url, {"to": "round", "at_round": 1}, HTTP_HX_REQUEST="true")
    assert "HX-Refresh" not in answer.headers


def test_under_htmx_a_race_that_moved_the_calendar_redraws_the_whole_page(cast):
    race = make_race(cast.campaign)
    Show.objects.filter(pk=race.show_id).update(day=4)
    url = reverse("circus:race_run", args=[cast.campaign.pk, race.pk])
    client = cast.client_for("gm")
    answer = client.post(url, {"to": "next", "leg": 1}, HTTP_HX_REQUEST="true")
    assert answer.headers.get("HX-Refresh") == "true" and _day(cast) == 4
    page = client.get(reverse("circus:race_detail", args=[cast.campaign.pk, race.pk]))
    assert b"Day 4 begins: 1 night of rest" in page.content
    assert b"Leg run: 1 of 3 legs." in page.content
