"""The bout page: fighting round by round, the choices, the editor's decision, the aftermath and
the replay. Each view is tried by the GM, the owning player, another player and an outsider."""

import re

import pytest
from django.urls import reverse

from arena.models import Bout, Verdict
from arena.rulesets.era.adapter import bout_replay
from arena.rulesets.era.selectors import bout_steps
from arena.services.bouts import CHOICE_DONE, bout_fight
from arena.views.answers import NO_CHOICE_PENDING
from economy.models import Account, Entry
from economy.selectors.visibility import party_balance
from ludus.models import Gladiator
from tests.arena.views.helpers import divided, seed_where, sword_called

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name, cast, *args):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, *args])


def bout_url(name, cast):
    return url(name, cast, cast.bout.pk)


def asking(cast, *kinds, side="a"):
    """Make the bout's side ask the table at these choices instead of following orders."""
    cast.bout.entries.filter(side=side).update(orders={"name": "cautious", "ask": list(kinds)})


# --- the page -----------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["gm", "owner", "editor_player", "other"])
def test_members_see_the_bout(cast, as_user, who):
    page = as_user(getattr(cast, who)).get(bout_url("bout_detail", cast))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="corner-a"' in text and 'id="corner-b"' in text
    assert ('id="fight-controls"' in text) == (who == "gm")


def test_outsider_and_another_campaigns_bout_are_404(cast, as_user):
    from tests import factories

    assert as_user(cast.outsider).get(bout_url("bout_detail", cast)).status_code == 404
    other_bout = factories.BoutFactory()
    assert as_user(cast.gm).get(url("bout_detail", cast, other_bout.pk)).status_code == 404


def test_htmx_panel_request_returns_the_panel_only(cast, as_user):
    response = as_user(cast.other).get(bout_url("bout_detail", cast) + "?part=panel", **HTMX)
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="bout-panel"') and "<html" not in text


def test_orders_are_shown_only_to_the_gm_and_the_owner(cast, as_user):
    bout_fight(bout=cast.bout, seed=3, rounds=1)
    for who, sees in (("gm", True), ("owner", True), ("other", False), ("editor_player", False)):
        text = as_user(getattr(cast, who)).get(bout_url("bout_detail", cast)).content.decode()
        assert ("Orders <span" in text) == sees, who


# --- fighting ------------------------------------------------------------------------------------


def test_gm_fights_one_round_with_htmx_and_gets_the_panel(cast, as_user):
    response = as_user(cast.gm).post(bout_url("bout_fight", cast), {"to": "round"}, **HTMX)
    cast.bout.refresh_from_db()
    assert response.status_code == 200
    text = response.content.decode()
    assert "<html" not in text and 'id="bout-panel"' in text
    assert cast.bout.rounds == 1
    # Every die the log rolled is drawn, coloured by its type.
    rolled = [d["die"].lower() for e in cast.bout.log if "roll" in e for d in e["roll"]["dice"]]
    log = text.split('class="dice-legend"')[0]  # the legend's sample dice come after
    drawn = re.findall(r'class="die die-(\w+)', log)
    assert drawn == rolled and rolled


def test_each_htmx_action_replaces_the_messages_before_it(cast, as_user):
    # Issue 27: "Day 3 begins…" and "Round 1 fought." stayed on the page after round 2. The
    # page's own messages (#page-messages, drawn with the last full page) are emptied out of
    # band, and the panel carries this action's alone.
    Bout.objects.filter(pk=cast.bout.pk).update(seed=3)  # two rounds, neither the last
    client = as_user(cast.gm)
    client.post(bout_url("bout_fight", cast), {"to": "round"})  # no htmx: its message waits
    page = client.get(bout_url("bout_detail", cast)).content.decode()
    assert "Round 1 fought." in page.split('id="page-messages"', 1)[1].split("</div>", 1)[0]
    text = client.post(bout_url("bout_fight", cast), {"to": "round"}, **HTMX).content.decode()
    assert re.search(r'<div id="page-messages"[^>]*hx-swap-oob="true"[^>]*></div>', text)
    assert "Round 2 fought." in text and "Round 1 fought." not in text


def test_without_htmx_fighting_redirects_back_to_the_bout(cast, as_user):
    response = as_user(cast.gm).post(bout_url("bout_fight", cast), {"to": "round"})
    assert response.status_code == 302 and response.url == bout_url("bout_detail", cast)


def test_the_page_shows_the_state_the_engine_reached(cast, as_user):
    client = as_user(cast.gm)
    client.post(bout_url("bout_fight", cast), {"to": "round"})
    client.post(bout_url("bout_fight", cast), {"to": "round"})
    cast.bout.refresh_from_db()
    engine_state = bout_replay(cast.bout)
    now = bout_steps(cast.bout)[-1]
    assert (now.a.wounds, now.b.wounds) == (engine_state.a.wounds, engine_state.b.wounds)
    assert (now.a.favor, now.b.favor) == (engine_state.a.favor, engine_state.b.favor)
    text = client.get(bout_url("bout_detail", cast)).content.decode()
    wp = 10 + cast.mine.sheet["might"]  # Wound Points = 10 + Might, for a man carrying no injury
    assert f"{engine_state.a.wounds} of {wp} Wound Points" in text


def test_fight_to_the_end_reaches_a_result(cast, as_user):
    as_user(cast.gm).post(bout_url("bout_fight", cast), {"to": "end"})
    cast.bout.refresh_from_db()
    assert cast.bout.status in (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE)
    assert cast.bout.winner is not None or cast.bout.end_reason == "draw"


@pytest.mark.parametrize("who", ["owner", "editor_player", "other", "outsider"])
def test_only_the_gm_fights(cast, as_user, who):
    response = as_user(getattr(cast, who)).post(bout_url("bout_fight", cast), {"to": "end"})
    assert response.status_code == 404
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.PLANNED


def test_fighting_a_finished_bout_shows_the_services_error(cast, as_user):
    bout_fight(bout=cast.bout, seed=1)
    response = as_user(cast.gm).post(bout_url("bout_fight", cast), {"to": "round"}, **HTMX)
    assert response.status_code == 400
    assert "cannot be fought again" in response.content.decode()


# --- choices --------------------------------------------------------------------------------------


def test_the_owner_sees_and_makes_his_mans_choice(cast, as_user):
    asking(cast, "yield")
    bout_fight(bout=cast.bout, seed=5, rounds=1)
    client = as_user(cast.owner)
    text = client.get(bout_url("bout_detail", cast)).content.decode()
    assert 'id="pending-choice"' in text and f"A choice for {cast.mine.name}" in text
    response = client.post(bout_url("bout_choose", cast), {"choice": "fight"}, **HTMX)
    assert response.status_code == 200
    cast.bout.refresh_from_db()
    assert cast.bout.decisions[0] == {"kind": "yield", "side": "a", "choice": "fight"}


def test_an_answer_from_a_page_drawn_at_other_answers_answers_nothing(cast, as_user):
    """The choice form carries the number of answers the bout held (issue 10): a stale tab or
    a repeated click is "already done" and stores no answer for a question nobody saw."""
    asking(cast, "yield")
    bout_fight(bout=cast.bout, seed=5, rounds=1)
    client = as_user(cast.gm)
    assert 'name="answers" value="0"' in client.get(bout_url("bout_detail", cast)).content.decode()
    response = client.post(bout_url("bout_choose", cast), {"choice": "fight", "answers": 1}, **HTMX)
    assert response.status_code == 200
    assert CHOICE_DONE.format(at=1, held=0) in response.content.decode()
    cast.bout.refresh_from_db()
    assert cast.bout.decisions == [] and cast.bout.status == Bout.Status.FIGHTING


def test_another_player_sees_no_choice_and_cannot_make_it(cast, as_user):
    asking(cast, "yield")
    bout_fight(bout=cast.bout, seed=5, rounds=1)
    client = as_user(cast.other)
    text = client.get(bout_url("bout_detail", cast)).content.decode()
    assert "The bout waits for a choice" in text
    assert 'name="choice"' not in text
    assert client.post(bout_url("bout_choose", cast), {"choice": "yield"}).status_code == 404
    cast.bout.refresh_from_db()
    assert cast.bout.decisions == []


def test_the_gm_makes_any_choice_and_a_yield_ends_the_bout(cast, as_user):
    asking(cast, "yield")
    bout_fight(bout=cast.bout, seed=5, rounds=1)
    as_user(cast.gm).post(bout_url("bout_choose", cast), {"choice": "yield"})
    cast.bout.refresh_from_db()
    assert cast.bout.loser == cast.mine and cast.bout.end_reason == "yield"


def test_an_answer_outside_the_options_is_refused(cast, as_user):
    asking(cast, "yield")
    bout_fight(bout=cast.bout, seed=5, rounds=1)
    response = as_user(cast.gm).post(bout_url("bout_choose", cast), {"choice": "flourish"}, **HTMX)
    assert response.status_code == 400
    cast.bout.refresh_from_db()
    assert cast.bout.decisions == []


def test_choosing_when_nothing_is_pending(cast, as_user):
    response = as_user(cast.owner).post(bout_url("bout_choose", cast), {"choice": "fight"}, **HTMX)
    assert response.status_code == 400
    assert NO_CHOICE_PENDING in response.content.decode()
    assert (
        as_user(cast.other).post(bout_url("bout_choose", cast), {"choice": "x"}).status_code == 404
    )


def test_fight_buttons_wait_while_a_choice_is_pending(cast, as_user):
    asking(cast, "yield")
    bout_fight(bout=cast.bout, seed=5, rounds=1)
    text = as_user(cast.gm).get(bout_url("bout_detail", cast)).content.decode()
    assert 'id="pending-choice"' in text and 'id="fight-controls"' not in text


# --- the verdict -------------------------------------------------------------------------------


def fight_to_divided(cast):
    seed = seed_where(cast.bout, divided)
    return bout_fight(bout=cast.bout, seed=seed)


@pytest.mark.parametrize("who", ["gm", "editor_player"])
def test_the_editor_chooses_for_a_divided_crowd(cast, as_user, who):
    bout = fight_to_divided(cast)
    assert bout.status == Bout.Status.AWAITING_VERDICT
    client = as_user(getattr(cast, who))
    text = client.get(bout_url("bout_detail", cast)).content.decode()
    assert 'id="editor-choice"' in text and "divided" in text
    response = client.post(bout_url("bout_decide", cast), {"choice": "missio"}, **HTMX)
    assert response.status_code == 200
    verdict = Verdict.objects.get(bout=cast.bout)
    assert verdict.crowd_call == "divided" and verdict.editor_act == "missio"
    assert verdict.decided_by == getattr(cast, who)
    assert 'id="editor-act"' in response.content.decode()


@pytest.mark.parametrize("who", ["owner", "other", "outsider"])
def test_nobody_else_makes_the_editors_choice(cast, as_user, who):
    fight_to_divided(cast)
    client = as_user(getattr(cast, who))
    if who != "outsider":
        assert (
            'id="editor-choice"' not in client.get(bout_url("bout_detail", cast)).content.decode()
        )
    assert client.post(bout_url("bout_decide", cast), {"choice": "sword"}).status_code == 404
    assert not Verdict.objects.filter(bout=cast.bout).exists()


def test_the_sword_kills_the_loser_and_the_page_says_so(cast, as_user):
    fight_to_divided(cast)
    client = as_user(cast.gm)
    response = client.post(bout_url("bout_decide", cast), {"choice": "sword"}, follow=True)
    cast.bout.refresh_from_db()
    assert cast.bout.loser.status == Gladiator.Status.DEAD
    assert f"{cast.bout.loser.name} dies" in response.content.decode()


def test_the_appeal_roll_is_shown_with_its_dice(cast, as_user):
    seed = seed_where(cast.bout, sword_called)
    bout_fight(bout=cast.bout, seed=seed)  # no choice: decided at once, the appeal rolled
    verdict = Verdict.objects.get(bout=cast.bout)
    assert verdict.appeal is not None
    text = as_user(cast.other).get(bout_url("bout_detail", cast)).content.decode()
    assert 'id="appeal"' in text
    drawn = re.findall(r'class="die die-(\w+)', text.split('id="appeal"')[1].split("</div>")[0])
    assert drawn == [d["die"].lower() for d in verdict.appeal["dice"]]


def test_the_aftermath_shows_the_purse_paid_into_the_peculium(cast, as_user):
    fight_to_divided(cast)
    as_user(cast.gm).post(bout_url("bout_decide", cast), {"choice": "missio"})
    cast.bout.refresh_from_db()
    winner = cast.bout.winner
    paid = Entry.objects.get(
        transaction__bout=cast.bout, account__kind=Account.Kind.PECULIUM, account__gladiator=winner
    ).amount
    assert paid > 0 and party_balance(winner) == paid
    text = as_user(cast.other).get(bout_url("bout_detail", cast)).content.decode()
    aftermath = text.split('id="aftermath"')[1]
    assert f"{paid:,} HS" in aftermath
    assert "into his peculium" in aftermath


# --- the replay ---------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["gm", "owner", "other"])
def test_members_replay_a_bout_round_by_round(cast, as_user, who):
    bout = bout_fight(bout=cast.bout, seed=11)
    steps = bout_steps(bout)
    client = as_user(getattr(cast, who))
    for step in steps:
        text = client.get(bout_url("bout_replay", cast) + f"?round={step.round}").content.decode()
        assert f"{step.a.wounds} of {10 + cast.mine.sheet['might']} Wound Points" in text
        for event in step.events:
            assert event["text"].replace("'", "&#x27;") in text


def test_the_replay_step_is_a_partial_under_htmx(cast, as_user):
    bout_fight(bout=cast.bout, seed=11)
    response = as_user(cast.gm).get(bout_url("bout_replay", cast) + "?round=1", **HTMX)
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="replay-step"') and "<html" not in text
    assert "After round 1" in text


def test_replay_round_out_of_range_shows_the_nearest(cast, as_user):
    bout = bout_fight(bout=cast.bout, seed=11)
    text = as_user(cast.gm).get(bout_url("bout_replay", cast) + "?round=999").content.decode()
    assert f"After round {bout.rounds} of {bout.rounds}" in text
    text = as_user(cast.gm).get(bout_url("bout_replay", cast) + "?round=x").content.decode()
    assert f"After round {bout.rounds}" in text


def test_replay_of_an_unfought_bout_redirects(cast, as_user):
    response = as_user(cast.gm).get(bout_url("bout_replay", cast))
    assert response.status_code == 302


def test_outsider_cannot_replay(cast, as_user):
    bout_fight(bout=cast.bout, seed=11)
    assert as_user(cast.outsider).get(bout_url("bout_replay", cast)).status_code == 404


def test_before_the_first_round_a_known_man_starts_at_crowd_favor_3(cast, as_user):
    from tests import factories

    factories.PriorRecordFactory(gladiator=cast.mine, city=cast.show.city, wins=5)
    text = as_user(cast.other).get(bout_url("bout_detail", cast)).content.decode()
    corner_a = text.split('id="corner-a"')[1].split("</section>")[0]
    corner_b = text.split('id="corner-b"')[1].split("</section>")[0]
    assert 'aria-label="Crowd Favor 3 of 6"' in corner_a
    assert 'aria-label="Crowd Favor 2 of 6"' in corner_b


def test_the_owner_sees_his_mans_orders_before_the_fight(cast, as_user):
    cast.mine.orders = "fight-on"
    cast.mine.save()
    text = as_user(cast.owner).get(bout_url("bout_detail", cast)).content.decode()
    corner_a = text.split('id="corner-a"')[1].split("</section>")[0]
    assert "fight-on" in corner_a
    assert "Orders <span" not in text.split('id="corner-b"')[1].split("</section>")[0]
