"""The bout page's "Take back" (GM) and the cost of a choice said before the click (issue 11)."""

import pytest
from django.urls import reverse

from arena.models import Bout
from arena.rulesets.era.adapter import crowd_call
from arena.services.bouts import bout_fight
from arena.services.undo import ROUND_TAKEN_BACK
from tests.arena.views.helpers import seed_where

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def bout_url(name, cast):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, cast.bout.pk])


def asking(cast, *kinds, side="a"):
    cast.bout.entries.filter(side=side).update(orders={"name": "cautious", "ask": list(kinds)})


def long_bout(cast):
    return seed_where(cast.bout, lambda result: result.rounds > 3)


def test_the_gm_takes_back_the_last_round_from_the_page(cast, as_user):
    bout_fight(bout=cast.bout, seed=long_bout(cast), rounds=1)
    bout_fight(bout=cast.bout, rounds=1)
    client = as_user(cast.gm)
    page = client.get(bout_url("bout_detail", cast)).content.decode()
    assert 'id="undo-controls"' in page and 'name="at_round" value="2"' in page
    response = client.post(bout_url("bout_undo", cast), {"at_round": 2, "answers": 0}, **HTMX)
    assert response.status_code == 200
    assert ROUND_TAKEN_BACK.format(round=2, before=1) in response.content.decode()
    cast.bout.refresh_from_db()
    assert cast.bout.rounds == 1
    # The same click again (a stale panel): already done, nothing more taken back.
    again = client.post(bout_url("bout_undo", cast), {"at_round": 2, "answers": 0}, **HTMX)
    assert again.status_code == 200 and "Already done" in again.content.decode()
    cast.bout.refresh_from_db()
    assert cast.bout.rounds == 1
    history = client.get(bout_url("bout_detail", cast)).content.decode()
    assert "Rounds: 2 → 1" in history


@pytest.mark.parametrize("who", ["owner", "editor_player", "other", "outsider"])
def test_only_the_gm_takes_back(cast, as_user, who):
    bout_fight(bout=cast.bout, seed=long_bout(cast), rounds=1)
    client = as_user(getattr(cast, who))
    assert (
        client.post(bout_url("bout_undo", cast), {"at_round": 1, "answers": 0}).status_code == 404
    )
    if who != "outsider":
        assert (
            'id="undo-controls"' not in client.get(bout_url("bout_detail", cast)).content.decode()
        )
    cast.bout.refresh_from_db()
    assert cast.bout.rounds == 1


def test_a_missing_round_field_is_named(cast, as_user):
    bout_fight(bout=cast.bout, seed=long_bout(cast), rounds=1)
    response = as_user(cast.gm).post(bout_url("bout_undo", cast), {"answers": 0}, **HTMX)
    assert response.status_code == 400 and "field at_round" in response.content.decode()


def test_a_finished_bout_is_not_taken_back(cast, as_user):
    bout_fight(bout=cast.bout, seed=3, auto_decide=False)
    cast.bout.refresh_from_db()
    response = as_user(cast.gm).post(
        bout_url("bout_undo", cast),
        {"at_round": cast.bout.rounds, "answers": len(cast.bout.decisions)},
        **HTMX,
    )
    assert response.status_code == 400
    assert "ledger page, by a reversing transaction" in response.content.decode()


def test_the_yield_button_says_what_it_costs_and_the_engine_agrees(cast, as_user):
    """Bithys, unhurt at Crowd Favor 2 in round 1, asked whether to yield: the button says the
    unhurt yield's price and the crowd's call on it, and pressing it does exactly that."""
    asking(cast, "yield")
    seed = seed_where(
        cast.bout,
        lambda result: (
            result.pending is not None and str(result.pending.side) == "a" and result.a.wounds == 0
        ),
    )
    bout_fight(bout=cast.bout, seed=seed, rounds=1)
    client = as_user(cast.owner)
    page = client.get(bout_url("bout_detail", cast)).content.decode()
    cast.bout.refresh_from_db()
    favor = cast.bout.entry_a.standing
    assert favor == 2
    label = "Yield now: unhurt, he loses 1 Crowd Favor and the crowd will call for the sword"
    assert label in page
    client.post(bout_url("bout_choose", cast), {"choice": "yield", "answers": 0})
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.AWAITING_VERDICT
    assert cast.bout.entry_a.standing == favor - 1
    assert crowd_call(cast.bout.entry_a.standing) == "sword"


def test_the_fight_on_button_says_what_it_gains(cast, as_user):
    asking(cast, "fight_on")
    seed = seed_where(cast.bout, lambda result: result.a.injuries and result.rounds > 1, tries=400)
    bout_fight(bout=cast.bout, seed=seed)
    cast.bout.refresh_from_db()
    if cast.bout.status != Bout.Status.FIGHTING:
        pytest.skip("no first-injury choice for side a with this seed")
    page = as_user(cast.gm).get(bout_url("bout_detail", cast)).content.decode()
    assert "Fight on: he gains 1 Crowd Favor" in page or "Fight on: his Crowd Favor stays" in page
    assert "Yield now: honorably" in page
