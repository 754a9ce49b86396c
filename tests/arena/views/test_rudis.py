"""The rudis from the bout page (`bout_rudis`): the GM or the editor's player gives it when the
service allows (a winner at Crowd Favor 6 with five wins, after the decision); everyone else
gets 404; a refusal shows the service's message with status 400."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from arena.models import Bout
from arena.services import rudis as rudis_services
from arena.services.bouts import bout_decide, bout_fight
from arena.views.bouts import RUDIS_GIVEN
from ludus.models import Gladiator
from rules.era import bout as engine
from tests import factories
from tests.arena.views.helpers import seed_where

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def bout_url(name, cast):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, cast.bout.pk])


def wins_at_six(result) -> bool:
    return (
        result.finished
        and result.winner is not None
        and result.end_reason is not engine.EndReason.KILLED
        and result.winner_favor == 6
    )


def fight_to_six(cast, *, wins_before: int = 4, decide: bool = True) -> Gladiator:
    """Fight the bout to a winner at Crowd Favor 6 who has `wins_before` wins from before the
    campaign (at Capua, so he is not Known at the show's Rome), and let the crowd's call stand."""
    seed = seed_where(cast.bout, wins_at_six)
    bout = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    winner = bout.winner
    if wins_before:
        factories.PriorRecordFactory(gladiator=winner, city="Capua", wins=wins_before)
    if decide:
        bout_decide(bout=bout)
    cast.bout.refresh_from_db()
    return winner


def rudis_form_shown(client, cast) -> bool:
    text = client.get(bout_url("bout_detail", cast)).content.decode()
    return f'action="{bout_url("bout_rudis", cast)}"' in text


@pytest.mark.parametrize("who", ["gm", "editor_player"])
def test_the_gm_or_the_editors_player_gives_the_rudis(cast, as_user, who):
    winner = fight_to_six(cast)
    client = as_user(getattr(cast, who))
    assert rudis_form_shown(client, cast)
    response = client.post(bout_url("bout_rudis", cast), **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="bout-panel"') and "<html" not in text
    assert escape(RUDIS_GIVEN.format(name=winner.name)) in text
    winner.refresh_from_db()
    assert winner.status == Gladiator.Status.RUDIARIUS
    assert Bout.objects.get(pk=cast.bout.pk).rudis_given
    assert f"{winner.name} is given the rudis." in text  # the aftermath says so
    assert not rudis_form_shown(client, cast)  # once only


def test_without_htmx_the_rudis_redirects_back_to_the_bout(cast, as_user):
    fight_to_six(cast)
    response = as_user(cast.editor_player).post(bout_url("bout_rudis", cast))
    assert response.status_code == 302 and response.url == bout_url("bout_detail", cast)
    assert Bout.objects.get(pk=cast.bout.pk).rudis_given


@pytest.mark.parametrize("who", ["owner", "other", "outsider"])
def test_nobody_else_gives_the_rudis(cast, as_user, who):
    winner = fight_to_six(cast)
    client = as_user(getattr(cast, who))
    if who != "outsider":
        assert not rudis_form_shown(client, cast)
    assert client.post(bout_url("bout_rudis", cast), **HTMX).status_code == 404
    assert client.post(bout_url("bout_rudis", cast)).status_code == 404
    winner.refresh_from_db()
    assert winner.status == Gladiator.Status.ACTIVE
    assert not Bout.objects.get(pk=cast.bout.pk).rudis_given


def test_a_winner_short_of_five_wins_is_refused_with_the_services_message(cast, as_user):
    winner = fight_to_six(cast, wins_before=3)  # 3 + this bout = 4
    client = as_user(cast.gm)
    assert not rudis_form_shown(client, cast)  # not offered; a hand-made POST is refused
    message = rudis_services.RUDIS_WINS_SHORT.format(name=winner.name, wins=4, needed=5)
    response = client.post(bout_url("bout_rudis", cast), **HTMX)
    assert response.status_code == 400
    assert escape(message) in response.content.decode()
    # Without JavaScript: the page itself, with the refusal and the same status.
    response = client.post(bout_url("bout_rudis", cast))
    assert response.status_code == 400
    text = response.content.decode()
    assert escape(message) in text and "<html" in text
    winner.refresh_from_db()
    assert winner.status == Gladiator.Status.ACTIVE


def test_the_rudis_waits_for_the_editors_decision(cast, as_user):
    fight_to_six(cast, decide=False)
    assert cast.bout.status == Bout.Status.AWAITING_VERDICT
    response = as_user(cast.editor_player).post(bout_url("bout_rudis", cast), **HTMX)
    assert response.status_code == 400
    assert escape(rudis_services.RUDIS_NOT_DECIDED) in response.content.decode()


def test_a_second_rudis_is_refused(cast, as_user):
    fight_to_six(cast)
    client = as_user(cast.gm)
    client.post(bout_url("bout_rudis", cast))
    response = client.post(bout_url("bout_rudis", cast), **HTMX)
    assert response.status_code == 400
    assert escape(rudis_services.RUDIS_ALREADY) in response.content.decode()
