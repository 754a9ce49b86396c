"""A show's day, venue and editor edited before it is held (GM), and the card's pairs changed,
each kept in the history shown on the show's page (issue 11)."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from arena.models import Show
from arena.services.bouts import bout_fight
from arena.services.shows import BEGUN, NOT_BEFORE_HELD, PAST_DAY
from ludus.history import mark
from tests import factories

pytestmark = pytest.mark.django_db


def edit_url(cast):
    return reverse("arena:show_edit", args=[cast.campaign.pk, cast.show.pk])


def show_url(cast):
    return reverse("arena:show_detail", args=[cast.campaign.pk, cast.show.pk])


def data(cast, **changes):
    show = Show.objects.get(pk=cast.show.pk)
    values = {
        "name": show.name,
        "day": show.day,
        "venue": show.venue,
        "editor": show.editor_id,
        "seen": mark(show),
    } | changes
    return {f"show-{key}": value for key, value in values.items()}


def test_the_gm_moves_the_show_and_the_history_says_so(cast, as_user):
    other_editor = factories.EditorFactory(campaign=cast.campaign, name="Cornelia")
    client = as_user(cast.gm)
    day = cast.campaign.day + 4
    response = client.post(
        edit_url(cast), data(cast, day=day, venue="pompeii", editor=other_editor.pk)
    )
    assert response.status_code == 302
    show = Show.objects.get(pk=cast.show.pk)
    assert (show.day, show.venue, show.editor) == (day, "pompeii", other_editor)
    page = client.get(show_url(cast)).content.decode()
    assert "Venue: Forum Romanum (timber stands) → Amphitheater of Pompeii" in page
    assert "Editor: Fabius → Cornelia" in page


def test_a_past_day_is_refused_by_name_and_nothing_written(cast, as_user):
    cast.campaign.day = 5
    cast.campaign.save()
    before = (Show.objects.get(pk=cast.show.pk).day, cast.show.history.count())
    response = as_user(cast.gm).post(edit_url(cast), data(cast, day=2))
    assert response.status_code == 400
    assert escape(PAST_DAY.format(day=2, today=5)) in response.content.decode()
    assert (Show.objects.get(pk=cast.show.pk).day, cast.show.history.count()) == before


def test_an_edit_sent_twice_writes_once(cast, as_user):
    client = as_user(cast.gm)
    sent = data(cast, venue="capua")
    assert client.post(edit_url(cast), sent).status_code == 302
    count = cast.show.history.count()
    again = client.post(edit_url(cast), sent, follow=True)
    assert "Already changed" in again.content.decode()
    assert cast.show.history.count() == count


def test_a_held_show_or_a_begun_bout_keeps_the_show_as_it_is(cast, as_user):
    client = as_user(cast.gm)
    bout_fight(bout=cast.bout, seed=1, rounds=1)
    response = client.post(edit_url(cast), data(cast, venue="capua"))
    assert response.status_code == 400
    assert escape(BEGUN.format(event=cast.bout, show=cast.show)) in response.content.decode()
    Show.objects.filter(pk=cast.show.pk).update(status=Show.Status.HELD)
    response = client.post(edit_url(cast), data(cast, venue="capua"))
    assert response.status_code == 400
    assert escape(NOT_BEFORE_HELD.format(show=cast.show)) in response.content.decode()
    assert Show.objects.get(pk=cast.show.pk).venue == "forum_romanum"


@pytest.mark.parametrize("who", ["owner", "editor_player", "other", "outsider"])
def test_only_the_gm_edits_a_show(cast, as_user, who):
    client = as_user(getattr(cast, who))
    assert client.post(edit_url(cast), data(cast, venue="capua")).status_code == 404
    if who != "outsider":
        page = client.get(show_url(cast)).content.decode()
        assert 'id="history"' not in page and 'action="' + edit_url(cast) not in page
    assert Show.objects.get(pk=cast.show.pk).venue == "forum_romanum"


def test_a_pair_replaced_and_taken_off_is_in_the_history(cast, as_user):
    client = as_user(cast.gm)
    replace = reverse("arena:bout_replace", args=[cast.campaign.pk, cast.show.pk, cast.bout.pk])
    client.post(replace, {"side": "b", "gladiator": cast.spare_b.pk})
    remove = reverse("arena:bout_remove", args=[cast.campaign.pk, cast.show.pk, cast.bout.pk])
    client.post(remove)
    page = client.get(show_url(cast)).content.decode()
    history = page.split('id="history"')[1]
    assert "Man: Crixus the murmillo → Verus the samnite" in history
    assert "Status: Planned → Void" in history
