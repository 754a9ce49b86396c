"""The Sands bout page and its replay, for the cast: the GM fights it a turn at a time and to
the end, answers a turn's choice; the owner sees his own man's orders and not the other's;
another player sees none; an outsider gets 404. The board is drawn as SVG with both men, the
sheets with their dice, fatigue track, wound boxes and tokens; the replay steps move by move."""

import re

import pytest
from django.urls import reverse

from arena.models import Bout, BoutEntry
from arena.rulesets.sands import adapter
from arena.rulesets.sands.selectors import _pixel
from rules.sands import bout as engine
from tests.cast import make_campaign


def long_seed(bout, turns=4) -> int:
    """The first seed whose bout (each man on his own orders) lasts `turns` turns or more: the
    page's fights are fought from it, never from a fresh random seed."""
    setup = adapter.setup_from_data(adapter.setup_data(bout))
    return next(s for s in range(500) if engine.play(setup, s, record=False).turns >= turns)


@pytest.fixture
def sands(db):
    cast = make_campaign(ruleset="sands", orders_a={"name": "aggressive"})
    Bout.objects.filter(pk=cast.bout.pk).update(seed=long_seed(cast.bout))
    return cast


def url(sands, name="arena:bout_detail"):
    return reverse(name, args=[sands.campaign.pk, sands.bout.pk])


def fight(sands, to="round"):
    bout = Bout.objects.get(pk=sands.bout.pk)
    return sands.client_for("gm").post(
        reverse("arena:bout_fight", args=[sands.campaign.pk, bout.pk]),
        {"to": to, "at_round": bout.rounds},
    )


def test_the_planned_bout_shows_the_board_and_the_gms_buttons(sands):
    page = sands.client_for("gm").get(url(sands))
    assert page.status_code == 200
    html = page.content.decode()
    assert "<svg" in html and html.count("data-hex=") == 61
    assert html.count('class="sands-man ') == 2
    assert "Fight a turn" in html and "Fight to the end" in html
    assert 'id="sheet-a"' in html and 'id="sheet-b"' in html
    assert html.count("sands-wounds") == 2  # each man's wound boxes


def test_the_gm_fights_a_turn_then_to_the_end(sands):
    response = fight(sands)
    assert response.status_code == 302
    bout = Bout.objects.get(pk=sands.bout.pk)
    assert bout.rounds == 1 and bout.status in (Bout.Status.FIGHTING, Bout.Status.DONE)
    html = sands.client_for("gm").get(url(sands)).content.decode()
    assert "Turn 1" in html and "sands-die" in html
    fight(sands, "end")
    bout.refresh_from_db()
    assert bout.status == Bout.Status.DONE
    html = sands.client_for("gm").get(url(sands)).content.decode()
    assert 'id="verdict"' in html and 'id="aftermath"' in html
    assert "Fight a turn" not in html
    loser = bout.losing_entry
    if loser is not None:
        assert 'id="loser-fate"' in html
        assert ("dies on the sand" in html) == (loser.fate == BoutEntry.Fate.DEAD)


def test_htmx_fight_answers_the_panel(sands):
    bout = Bout.objects.get(pk=sands.bout.pk)
    response = sands.client_for("gm").post(
        reverse("arena:bout_fight", args=[sands.campaign.pk, bout.pk]),
        {"to": "round", "at_round": 0},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="bout-panel"') and "<svg" in html


def test_a_repeated_click_fights_once(sands):
    fight(sands)
    again = sands.client_for("gm").post(
        reverse("arena:bout_fight", args=[sands.campaign.pk, sands.bout.pk]),
        {"to": "round", "at_round": 0},
    )
    assert again.status_code == 302
    assert Bout.objects.get(pk=sands.bout.pk).rounds == 1


@pytest.mark.parametrize(
    "who, sees_a, sees_b",
    [("gm", True, True), ("owner", True, False), ("other", False, True)],
)
def test_orders_are_shown_only_to_those_who_own_the_man(sands, who, sees_a, sees_b):
    html = sands.client_for(who).get(url(sands)).content.decode()
    assert ('id="orders-a"' in html) == sees_a
    assert ('id="orders-b"' in html) == sees_b
    if sees_a:
        # the aggressive preset, in words
        assert "presses with 2 extra Attack dice" in html and "never plays to the crowd" in html
        assert "keep_defence" not in html and "press 2" not in html


def test_a_player_may_not_fight_and_an_outsider_gets_404(sands):
    assert (
        sands.client_for("owner")
        .post(
            reverse("arena:bout_fight", args=[sands.campaign.pk, sands.bout.pk]),
            {"to": "round", "at_round": 0},
        )
        .status_code
        == 404
    )
    assert sands.client_for("outsider").get(url(sands)).status_code == 404
    assert sands.client_for("outsider").get(url(sands, "arena:bout_replay")).status_code == 404


def test_a_turn_choice_is_shown_to_the_gm_and_the_owner_and_answered(sands):
    BoutEntry.objects.filter(bout=sands.bout, side="a").update(orders={"ask": ["turn"]})
    fight(sands)
    html = sands.client_for("owner").get(url(sands)).content.decode()
    assert 'id="pending-choice"' in html and "Aggressive this turn" in html
    other = sands.client_for("other").get(url(sands)).content.decode()
    assert "Aggressive this turn" not in other and "waits for a choice" in other
    refused = sands.client_for("other").post(
        url(sands, "arena:bout_choose"), {"choice": "orders", "answers": 0}
    )
    assert refused.status_code == 404
    answered = sands.client_for("owner").post(
        url(sands, "arena:bout_choose"), {"choice": "showman", "answers": 0}
    )
    assert answered.status_code == 302
    bout = Bout.objects.get(pk=sands.bout.pk)
    assert bout.decisions == [{"kind": "turn", "side": "a", "choice": "showman"}]
    bad = sands.client_for("gm").post(
        url(sands, "arena:bout_choose"), {"choice": "dance", "answers": 1}
    )
    assert bad.status_code in (400, 302)
    assert len(Bout.objects.get(pk=sands.bout.pk).decisions) == 1


def test_the_gm_takes_back_a_turn(sands):
    fight(sands)
    fight(sands)
    bout = Bout.objects.get(pk=sands.bout.pk)
    assert bout.status == Bout.Status.FIGHTING and bout.rounds == 2
    response = sands.client_for("gm").post(
        url(sands, "arena:bout_undo"), {"at_round": bout.rounds, "answers": 0}
    )
    assert response.status_code == 302
    assert Bout.objects.get(pk=sands.bout.pk).rounds == 1


def test_the_replay_steps_move_by_move_with_real_links(sands):
    fight(sands, "end")
    bout = Bout.objects.get(pk=sands.bout.pk)
    client = sands.client_for("other")
    first = client.get(url(sands, "arena:bout_replay") + "?step=0").content.decode()
    assert "Before the first roll" in first and 'id="step-next"' in first
    assert 'href="' + url(sands, "arena:bout_replay") + '?step=1"' in first
    # every moment of the log draws; each move is where the log says it went
    moves = [i for i, e in enumerate(bout.log, start=1) if e["kind"] == "move"]
    assert moves
    page = client.get(url(sands, "arena:bout_replay") + f"?step={moves[0]}").content.decode()
    assert 'class="sands-move"' in page
    assert re.search(r"Move \d+ of \d+", page)
    partial = client.get(
        url(sands, "arena:bout_replay") + "?step=2", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert partial.lstrip().startswith('<div id="replay-step"')
    for junk in ("-5", "abc", "99999"):
        assert client.get(url(sands, "arena:bout_replay") + f"?step={junk}").status_code == 200


def test_the_board_draws_the_engines_positions(sands):
    fight(sands, "end")
    bout = Bout.objects.get(pk=sands.bout.pk)
    last = bout.log[-1]["data"]["state"]["hexes"]
    html = sands.client_for("gm").get(url(sands)).content.decode()
    # the two men's circles stand on the hexes the log ends with
    for q, r in last:
        x, y = _pixel(q, r)
        assert f'<circle cx="{x}" cy="{y}" r="15"' in html
    assert bout.engine_version == engine.ENGINE_VERSION


def test_a_pair_goes_on_the_card_with_sands_orders_and_the_turn_asked(sands):
    page = sands.client_for("gm").get(
        reverse("arena:show_detail", args=[sands.campaign.pk, sands.show.pk])
    )
    html = page.content.decode()
    assert 'value="showman"' in html and 'value="turn"' in html
    assert "Mail Shirt" not in html  # cuts are the Era's
    response = sands.client_for("gm").post(
        reverse("arena:bout_add", args=[sands.campaign.pk, sands.show.pk]),
        {
            "fighter_a": sands.bithys.pk,
            "fighter_b": sands.oenomaus.pk,
            "orders_a": "showman",
            "ask_b": ["turn"],
            "kind": "single",
            "first": "random",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    bout = Bout.objects.get(show=sands.show, entries__gladiator=sands.bithys)
    assert bout.entry_a.orders == {"name": "showman"}
    assert bout.entry_b.orders == {"ask": ["turn"]}


def test_a_sands_mans_page_shows_his_sheet_and_his_standing_orders(sands):
    url = reverse("gladiator_detail", args=[sands.campaign.pk, sands.crixus.pk])
    html = sands.client_for("owner").get(url).content.decode()
    assert 'id="wound-boxes"' in html and "Parry +3" in html
    assert 'value="aggressive"' in html  # the Sands presets in his orders form
    assert "Characteristics" not in html
    saved = sands.client_for("owner").post(
        reverse("gladiator_orders", args=[sands.campaign.pk, sands.crixus.pk]),
        {"orders": "showman"},
    )
    assert saved.status_code == 302
    sands.crixus.refresh_from_db()
    assert sands.crixus.orders == "showman"
    # another player sees his sheet, not his orders
    other = sands.client_for("other").get(url).content.decode()
    assert 'id="wound-boxes"' in other and 'value="aggressive"' not in other


def test_the_owner_sets_his_mans_orders_for_a_planned_bout(sands):
    orders_url = url(sands, "arena:bout_orders")
    page = sands.client_for("owner").get(url(sands)).content.decode()
    assert 'id="bout-orders-a"' in page and 'id="bout-orders-b"' not in page
    saved = sands.client_for("owner").post(
        orders_url, {"side": "a", "preset": "showman", "ask_turn": "on"}
    )
    assert saved.status_code == 302
    assert Bout.objects.get(pk=sands.bout.pk).entry_a.orders == {
        "name": "showman",
        "ask": ["turn"],
    }
    # another's man: 404, nothing written; a bad preset: 400
    assert sands.client_for("owner").post(orders_url, {"side": "b"}).status_code == 404
    assert sands.client_for("other").post(orders_url, {"side": "a"}).status_code == 404
    bad = sands.client_for("gm").post(orders_url, {"side": "b", "preset": "berserk"})
    assert bad.status_code == 400
    assert Bout.objects.get(pk=sands.bout.pk).entry_b.orders == {}
    # the GM sets the other man's; once fought, the orders are fixed
    assert (
        sands.client_for("gm").post(orders_url, {"side": "b", "preset": "cautious"}).status_code
        == 302
    )
    fight(sands)
    late = sands.client_for("owner").post(orders_url, {"side": "a", "preset": "steady"})
    assert late.status_code == 400
    bout = Bout.objects.get(pk=sands.bout.pk)
    assert bout.entry_a.orders["name"] == "showman"
    assert bout.setup["b"]["orders"]["press"] == "0"  # cautious, as fought


def test_the_log_and_the_replay_are_in_words_with_the_mens_names(sands):
    """No engine names nor hexes by coordinates: each event as arena.rulesets.sands.words
    says it (issue 26)."""
    fight(sands, "end")
    bout = Bout.objects.get(pk=sands.bout.pk)
    html = sands.client_for("other").get(url(sands)).content.decode()
    for junk in ("->", "elusive_strike", "shield_lunge", "keep_defence", "rolls manoeuvre"):
        assert junk not in html
    assert re.search(
        r"(Crixus|Spartacus) rolls \d (Manoeuvre|Attack|Defence|Special|Respite|Laurel)", html
    )
    assert "End of turn 1." in html
    moves = [i for i, e in enumerate(bout.log, start=1) if e["kind"] == "move"]
    step = sands.client_for("other").get(url(sands, "arena:bout_replay") + f"?step={moves[0]}")
    said = re.search(r'id="step-event">.*?</span> (.*?)</p>', step.content.decode()).group(1)
    assert said.startswith(("Crixus ", "Spartacus ")) and "(" not in said.split(" a hex")[0]
