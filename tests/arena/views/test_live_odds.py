"""A bout's live odds (issue 14): loaded after the bout page and the replay, the GM's alone
unless he shares them, and equal to the exact chain's from where the bout stood."""

import re

import pytest
from django.urls import reverse

from arena.models import Verdict
from arena.rulesets.era.adapter import bout_setup, exact_engine, replay
from arena.services.bouts import bout_decide, bout_fight
from ludus.models import Campaign
from tests.arena.views.helpers import divided, seed_where

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name, cast, *args):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, *args])


def odds_url(cast):
    return url("bout_live_odds", cast, cast.bout.pk)


def share(cast, as_user, shown: str):
    return as_user(cast.gm).post(
        url("live_odds_share", cast), {"shown": shown, "bout": cast.bout.pk}
    )


def test_before_the_fight_the_gm_sees_the_odds_under_the_mens_orders(cast, as_user):
    page = as_user(cast.gm).get(url("bout_detail", cast, cast.bout.pk)).content.decode()
    assert 'hx-get="' + odds_url(cast) + '"' in page and 'hx-trigger="load"' in page
    text = as_user(cast.gm).get(odds_url(cast), **HTMX).content.decode()
    start = exact_engine.exact_odds(bout_setup(bout=cast.bout))
    assert f"Bithys wins {round(100 * start.a_wins)} in 100" in text
    assert "before the first round" in text and "chart-evaluation" in text
    assert "Show them to the players" in text


def test_after_each_round_the_line_follows_the_chain_from_that_state(cast, as_user):
    bout_fight(bout=cast.bout, seed=5, rounds=2)
    cast.bout.refresh_from_db()
    text = as_user(cast.gm).get(odds_url(cast), **HTMX).content.decode()
    if cast.bout.status == cast.bout.Status.FIGHTING:
        state = exact_engine.BoutState.of(replay(cast.bout, max_rounds=2))
        now = exact_engine.exact_odds(bout_setup(bout=cast.bout), state=state)
        assert f"Bithys wins {round(100 * now.a_wins)} in 100" in text
        assert "after round 2" in text
    else:
        assert "settled on the sand" in text
    assert "chart-chance" in text and text.count("<polyline") == 4


def test_once_decided_the_panel_says_what_happened_not_odds(cast, as_user):
    # Issue 27: after the sword it still read "Felix wins 0 in 100, walks out 100 in 100".
    bout = bout_fight(bout=cast.bout, seed=seed_where(cast.bout, divided), auto_decide=False)
    waiting = as_user(cast.gm).get(odds_url(cast), **HTMX).content.decode()
    assert re.search(r"walks out \d+ in 100", waiting)  # awaiting the editor: odds still
    bout_decide(bout=bout, editor_choice=Verdict.Act.SWORD, user=cast.gm)
    text = as_user(cast.gm).get(odds_url(cast), **HTMX).content.decode()
    assert not re.search(r"walks out \d+ in 100", text) and "chart-evaluation" not in text
    assert f"{bout.winner.name} won after {bout.rounds} round" in text
    assert f"{bout.loser.name} was given the sword and died." in text
    # The replay's earlier rounds keep their odds.
    earlier = as_user(cast.gm).get(odds_url(cast) + "?round=0", **HTMX).content.decode()
    assert "before the first round" in earlier and re.search(r"walks out \d+ in 100", earlier)


def test_the_replay_shows_the_line_to_its_round(cast, as_user):
    bout_fight(bout=cast.bout, seed=5)
    replay_page = as_user(cast.gm).get(url("bout_replay", cast, cast.bout.pk) + "?round=1")
    assert odds_url(cast) + "?round=1" in replay_page.content.decode()
    text = as_user(cast.gm).get(odds_url(cast) + "?round=1", **HTMX).content.decode()
    assert "after round 1" in text or "settled on the sand after round 1" in text
    assert as_user(cast.gm).get(odds_url(cast) + "?round=zz").status_code == 200  # the last


@pytest.mark.parametrize("who", ["owner", "other", "editor_player"])
def test_players_see_nothing_until_the_gm_shares_them(cast, as_user, who):
    def player():  # the test client is one: log him in again after the GM's post
        return as_user(getattr(cast, who))

    page = url("bout_detail", cast, cast.bout.pk)
    assert odds_url(cast) not in player().get(page).content.decode()
    assert player().get(odds_url(cast)).status_code == 404
    assert share(cast, as_user, "yes").status_code == 302
    assert Campaign.objects.get(pk=cast.campaign.pk).live_odds_for_players
    assert odds_url(cast) in player().get(page).content.decode()
    text = player().get(odds_url(cast)).content.decode()
    assert "wins" in text and "Show them to the players" not in text  # not his to share
    share(cast, as_user, "no")
    assert player().get(odds_url(cast)).status_code == 404


def test_sharing_is_the_gms_alone_and_a_repeat_writes_once(cast, as_user):
    assert as_user(cast.owner).post(url("live_odds_share", cast), {"shown": "yes"}).status_code in (
        403,
        404,
    )
    assert not Campaign.objects.get(pk=cast.campaign.pk).live_odds_for_players
    share(cast, as_user, "yes")
    share(cast, as_user, "yes")  # a stale tab: nothing more is written
    assert Campaign.history.filter(id=cast.campaign.pk, live_odds_for_players=True).count() == 1
    assert as_user(cast.outsider).get(odds_url(cast)).status_code == 404
    assert as_user(cast.gm).get(url("live_odds_share", cast)).status_code == 405


def test_orders_that_ask_the_gm_say_why_there_is_no_line(cast, as_user):
    cast.bout.entries.filter(side="a").update(orders={"name": "cautious", "ask": ["yield"]})
    text = as_user(cast.gm).get(odds_url(cast), **HTMX).content.decode()
    assert "No live odds for this bout" in text and "ask the GM" in text
