"""The editor's decision from the bout page (THE EDITOR'S DECISION III). Fighting from the page
leaves every bout with a living loser waiting for the editor, so the GM or the editor's player
can follow the crowd or defy it (1 Dignitas); in the sword band the loser's appeal is rolled
first by the decision service and shown with its dice. Tried by the GM, the editor's player,
the owner's player, another player and an outsider."""

import re

import pytest
from django.db import transaction
from django.urls import reverse

from arena.models import Bout, Verdict
from arena.rulesets.era.adapter import bout_setup, crowd_call
from arena.services.bouts import (
    DEFIED_RELEASE,
    DEFIED_SWORD,
    appeal_appellant,
    bout_decide,
    bout_fight,
)
from arena.views.answers import AWAITING_EDITOR
from arena.views.bouts import APPEAL_WON, DEFIED
from ludus.models import DignitasChange, Gladiator
from ludus.selectors.people import editor_dignitas
from rules.era import bout as engine

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def bout_url(name, cast):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, cast.bout.pk])


class _Undo(Exception):
    """Raised to roll back a trial decision."""


def seed_for(cast, call: str, appeal: bool | None = None, tries: int = 3000) -> int:
    """The first seed whose bout ends with a living loser at this crowd's call, read from the
    engine; in the sword band, one whose appeal succeeds or fails as asked, found by letting
    the services fight and decide it and rolling that back (whoever makes the appeal)."""
    setup = bout_setup(bout=cast.bout)
    for seed in range(tries):
        result = engine.fight_bout(setup, seed=seed, record=False)
        if not result.finished or result.loser is None:
            continue
        if result.end_reason is engine.EndReason.KILLED:
            continue
        if crowd_call(result.loser_favor) != call:
            continue
        if appeal is None:
            return seed
        try:
            with transaction.atomic():
                fought = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
                succeeded = bout_decide(bout=fought, editor_choice="sword").appeal_success
                raise _Undo
        except _Undo:
            pass
        if succeeded == appeal:
            return seed
    raise AssertionError("no seed gives that outcome")


def fight_from_page(cast, seed: int, **extra):
    """The GM fights the bout to the end from the page, with its seed fixed beforehand."""
    cast.bout.seed = seed
    cast.bout.save(update_fields=["seed"])
    from django.test import Client

    client = Client()
    client.force_login(cast.gm)
    response = client.post(bout_url("bout_fight", cast), {"to": "end"}, **extra)
    cast.bout.refresh_from_db()
    return response


def panel(text: str) -> str:
    return text.split('id="verdict"')[1].split("</section>")[0]


# --- fighting leaves the decision to the editor -------------------------------------------------


@pytest.mark.parametrize("call", ["release", "divided", "sword"])
def test_fighting_from_the_page_waits_for_the_editor_in_every_band(cast, call):
    response = fight_from_page(cast, seed_for(cast, call), **HTMX)
    assert response.status_code == 200
    assert cast.bout.status == Bout.Status.AWAITING_VERDICT
    assert not Verdict.objects.filter(bout=cast.bout).exists()
    assert cast.bout.loser.status == Gladiator.Status.ACTIVE
    text = response.content.decode()
    assert AWAITING_EDITOR.replace("'", "&#x27;") in text
    assert 'id="editor-choice"' in text  # the GM is shown the panel at once


def test_answering_a_choice_that_ends_the_bout_also_waits_for_the_editor(cast, as_user):
    cast.bout.entries.filter(side="a").update(orders={"name": "cautious", "ask": ["yield"]})
    cast.bout.save()
    bout_fight(bout=cast.bout, seed=5, rounds=1)
    as_user(cast.gm).post(bout_url("bout_choose", cast), {"choice": "yield"})
    cast.bout.refresh_from_db()
    assert cast.bout.end_reason == "yield"
    assert cast.bout.status == Bout.Status.AWAITING_VERDICT
    assert not Verdict.objects.filter(bout=cast.bout).exists()


# --- who sees the panel and who may decide ----------------------------------------------------


@pytest.mark.parametrize(
    "who, decides", [("gm", True), ("editor_player", True), ("owner", False), ("other", False)]
)
def test_only_the_gm_and_the_editors_player_get_the_panel(cast, as_user, who, decides):
    fight_from_page(cast, seed_for(cast, "release"))
    text = as_user(getattr(cast, who)).get(bout_url("bout_detail", cast)).content.decode()
    verdict = panel(text)
    assert ('id="editor-choice"' in verdict) == decides
    assert ('id="awaiting-editor"' in verdict) != decides
    assert "shouts for his release" in verdict


def test_the_outsider_cannot_see_the_bout(cast, as_user):
    fight_from_page(cast, seed_for(cast, "release"))
    assert as_user(cast.outsider).get(bout_url("bout_detail", cast)).status_code == 404


@pytest.mark.parametrize("who", ["owner", "other", "outsider"])
def test_nobody_else_may_defy_the_crowd(cast, as_user, who):
    fight_from_page(cast, seed_for(cast, "release"))
    response = as_user(getattr(cast, who)).post(bout_url("bout_decide", cast), {"choice": "sword"})
    assert response.status_code == 404
    assert not Verdict.objects.filter(bout=cast.bout).exists()
    assert not DignitasChange.objects.filter(bout=cast.bout).exists()


# --- the panel in each band ----------------------------------------------------------------------


def test_release_panel_follows_first_and_says_what_defiance_costs(cast, as_user):
    fight_from_page(cast, seed_for(cast, "release"))
    text = panel(as_user(cast.editor_player).get(bout_url("bout_detail", cast)).content.decode())
    buttons = re.findall(r'<button type="submit" name="choice" value="(\w+)" class="([^"]+)"', text)
    assert buttons == [("missio", "btn btn-primary"), ("sword", "btn btn-danger")]
    assert "Follow the crowd: grant missio" in text
    assert "Defy the crowd: give the sword" in text
    assert "Defying the crowd costs the editor 1 Dignitas" in text
    assert f"stands at {editor_dignitas(cast.editor)}" in text


def test_sword_panel_says_the_loser_appeals_first_and_shows_no_dice_yet(cast, as_user):
    fight_from_page(cast, seed_for(cast, "sword"))
    text = panel(as_user(cast.gm).get(bout_url("bout_detail", cast)).content.decode())
    buttons = re.findall(r'<button type="submit" name="choice" value="(\w+)" class="([^"]+)"', text)
    assert buttons == [("sword", "btn btn-primary"), ("missio", "btn btn-danger")]
    assert "The loser appeals first" in text and "Hard Charm" in text
    cast.bout.refresh_from_db()
    who = appeal_appellant(cast.bout)
    speaker = f"his lanista, {who.name}" if who.role == "lanista" else f"{who.name} speaks"
    assert speaker in text
    assert f"{who.pool.describe()}: {who.as_dict()['in_100']} in 100" in text
    assert "Defying the crowd costs the editor 1 Dignitas" in text
    assert 'id="appeal"' not in text and "die die-" not in text


def test_the_divided_panel_is_the_editors_own_choice(cast, as_user):
    fight_from_page(cast, seed_for(cast, "divided"))
    text = panel(as_user(cast.gm).get(bout_url("bout_detail", cast)).content.decode())
    assert "The crowd is divided; missio is the default" in text
    assert "Defy" not in text


# --- deciding -----------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["gm", "editor_player"])
def test_defying_a_crowd_that_shouts_for_release_costs_1_dignitas(cast, as_user, who):
    fight_from_page(cast, seed_for(cast, "release"))
    before = editor_dignitas(cast.editor)
    client = as_user(getattr(cast, who))
    response = client.post(bout_url("bout_decide", cast), {"choice": "sword"}, **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="bout-panel"') and "<html" not in text
    verdict = Verdict.objects.get(bout=cast.bout)
    assert verdict.crowd_call == "release" and verdict.editor_act == "sword"
    assert verdict.loser_died and verdict.decided_by == getattr(cast, who)
    change = DignitasChange.objects.get(bout=cast.bout, change=-1)
    assert change.reason == DEFIED_RELEASE
    assert editor_dignitas(cast.editor) == before + verdict.dignitas_change  # +1 at Favor 6
    assert DEFIED.format(act="gives the sword") in text
    assert 'id="defied"' in text and "Dignitas -1" in text
    assert 'id="editor-choice"' not in text


def test_following_a_crowd_that_shouts_for_release_costs_nothing(cast, as_user):
    fight_from_page(cast, seed_for(cast, "release"))
    response = as_user(cast.editor_player).post(bout_url("bout_decide", cast), {"choice": "missio"})
    assert response.status_code == 302 and response.url == bout_url("bout_detail", cast)
    verdict = Verdict.objects.get(bout=cast.bout)
    assert verdict.editor_act == "missio" and not verdict.loser_died
    assert not DignitasChange.objects.filter(bout=cast.bout, change__lt=0).exists()
    text = as_user(cast.other).get(bout_url("bout_detail", cast)).content.decode()
    assert 'id="defied"' not in text and "walks out alive" in text


def test_defying_the_sword_after_a_failed_appeal_costs_1_dignitas(cast, as_user):
    fight_from_page(cast, seed_for(cast, "sword", appeal=False))
    client = as_user(cast.gm)
    response = client.post(bout_url("bout_decide", cast), {"choice": "missio"}, follow=True)
    verdict = Verdict.objects.get(bout=cast.bout)
    assert verdict.crowd_call == "sword" and verdict.editor_act == "missio"
    assert verdict.appeal is not None and verdict.appeal_success is False
    assert DignitasChange.objects.get(bout=cast.bout, change=-1).reason == DEFIED_SWORD
    text = response.content.decode()
    appeal = text.split('id="appeal"')[1].split("</div>")[0]
    drawn = re.findall(r'class="die die-(\w+)', appeal)
    assert drawn == [d["die"].lower() for d in verdict.appeal["dice"]]
    assert "it fails" in appeal
    speaker = verdict.appeal.get("appellant", {}).get("name", cast.bout.loser.name)
    assert speaker in appeal  # the loser, or his lanista when his pool was the better
    assert 'id="defied"' in text


def test_following_the_sword_after_a_failed_appeal_kills_him_at_no_cost(cast, as_user):
    fight_from_page(cast, seed_for(cast, "sword", appeal=False))
    as_user(cast.gm).post(bout_url("bout_decide", cast), {"choice": "sword"})
    verdict = Verdict.objects.get(bout=cast.bout)
    assert verdict.editor_act == "sword" and verdict.loser_died
    assert not DignitasChange.objects.filter(bout=cast.bout, change__lt=0).exists()
    cast.bout.loser.refresh_from_db()
    assert cast.bout.loser.status == Gladiator.Status.DEAD


@pytest.mark.parametrize("choice", ["sword", "missio"])
def test_a_successful_appeal_is_missio_at_no_cost_whatever_he_chose(cast, as_user, choice):
    fight_from_page(cast, seed_for(cast, "sword", appeal=True))
    response = as_user(cast.editor_player).post(
        bout_url("bout_decide", cast), {"choice": choice}, **HTMX
    )
    verdict = Verdict.objects.get(bout=cast.bout)
    assert verdict.appeal_success is True and verdict.editor_act == "missio"
    assert not verdict.loser_died
    assert not DignitasChange.objects.filter(bout=cast.bout, change__lt=0).exists()
    text = response.content.decode()
    assert APPEAL_WON in text and "it succeeds" in text
    assert 'id="defied"' not in text


def test_a_second_decision_is_refused(cast, as_user):
    fight_from_page(cast, seed_for(cast, "release"))
    client = as_user(cast.gm)
    client.post(bout_url("bout_decide", cast), {"choice": "missio"})
    response = client.post(bout_url("bout_decide", cast), {"choice": "sword"}, **HTMX)
    assert response.status_code == 400
    assert Verdict.objects.get(bout=cast.bout).editor_act == "missio"


def test_a_choice_outside_missio_and_sword_is_refused(cast, as_user):
    fight_from_page(cast, seed_for(cast, "release"))
    response = as_user(cast.gm).post(bout_url("bout_decide", cast), {"choice": "pardon"}, **HTMX)
    assert response.status_code == 400
    assert not Verdict.objects.filter(bout=cast.bout).exists()


# --- the rest of the site while the bout waits ---------------------------------------------------


def test_the_aftermath_says_the_purse_waits_for_the_decision(cast, as_user):
    fight_from_page(cast, seed_for(cast, "release"))
    text = as_user(cast.other).get(bout_url("bout_detail", cast)).content.decode()
    aftermath = text.split('id="aftermath"')[1]
    assert "paid after the editor's decision" in aftermath
    assert "wait for his decision" in aftermath
    assert "walks out alive" not in text and "dies" not in panel(text)


def test_the_dashboard_lists_the_verdict_only_once_given(cast, as_user):
    fight_from_page(cast, seed_for(cast, "release"))
    dashboard = reverse("campaign_dashboard", args=[cast.campaign.pk])
    client = as_user(cast.other)
    verdicts = client.get(dashboard).content.decode().split('id="verdicts"')[1]
    verdicts = verdicts.split("</section>")[0]
    assert bout_url("bout_detail", cast) not in verdicts
    as_user(cast.gm).post(bout_url("bout_decide", cast), {"choice": "sword"})
    verdicts = client.get(dashboard).content.decode().split('id="verdicts"')[1]
    verdicts = verdicts.split("</section>")[0]
    assert bout_url("bout_detail", cast) in verdicts
    assert "the editor gives the sword" in verdicts and "died" in verdicts


def test_the_replay_of_a_waiting_bout_says_the_editor_has_not_decided(cast, as_user):
    fight_from_page(cast, seed_for(cast, "sword"))
    text = as_user(cast.owner).get(bout_url("bout_replay", cast)).content.decode()
    assert 'id="replay-awaiting"' in text and "waits for the editor" in text
    assert "The editor grants" not in text and "The editor gives" not in text


def test_a_more_persuasive_lanista_is_named_as_the_one_who_appeals(cast, as_user):
    fight_from_page(cast, seed_for(cast, "sword"))
    cast.bout.refresh_from_db()
    lanista = cast.bout.loser.owner
    lanista.charisma, lanista.charm = 5, 4
    lanista.save()
    text = panel(as_user(cast.gm).get(bout_url("bout_detail", cast)).content.decode())
    assert f"his lanista, {cast.bout.loser.owner.name}, whose Hard Charm pool is the better" in text
    assert appeal_appellant(cast.bout).role == "lanista"
