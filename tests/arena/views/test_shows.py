"""The show pages: the list, the planner, a show's card, adding pairs with their hires, holding it.

Each view is tried by the GM, the player who owns a fighter, another player and an outsider.
"""

import pytest
from django.urls import reverse

from arena.forms import SAME_FIGHTER
from arena.models import Bout, Show, Verdict
from arena.services.shows import show_verdict_due
from arena.views.shows import PAIR_ADDED, SHOW_HELD, SHOW_HELD_BY_RULES, SHOW_HELD_WAITING
from economy import accounts
from economy.models import Hire, Transaction
from economy.selectors.visibility import party_balance
from economy.services.prices import SINGLE_HIRE, TEAM_HIRE
from economy.services.refusals import LEX_TULLIA
from tests import factories

pytestmark = pytest.mark.django_db


def url(name, cast, *args):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, *args])


# --- the list ---------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["gm", "owner", "other"])
def test_members_see_the_show_list(cast, as_user, who):
    response = as_user(getattr(cast, who)).get(url("show_list", cast))
    assert response.status_code == 200
    assert cast.show.name in response.content.decode()


def test_only_the_gm_is_offered_the_planner(cast, as_user):
    plan = url("show_plan", cast)
    assert plan in as_user(cast.gm).get(url("show_list", cast)).content.decode()
    assert plan not in as_user(cast.other).get(url("show_list", cast)).content.decode()


def test_outsider_gets_404_and_anonymous_goes_to_login(cast, as_user, client):
    assert client.get(url("show_list", cast)).status_code == 302
    assert as_user(cast.outsider).get(url("show_list", cast)).status_code == 404


# --- planning ---------------------------------------------------------------------------------


def plan_data(cast, **extra):
    return {
        "name": "Ludi Romani",
        "kind": "ludi",
        "editor": cast.editor.pk,
        "venue": "capua",
        "year": -50,
        "day": cast.campaign.day + 3,
        "key": factories.form_key(),
    } | extra


def test_gm_plans_a_show(cast, as_user):
    response = as_user(cast.gm).post(url("show_plan", cast), plan_data(cast))
    show = Show.objects.get(name="Ludi Romani")
    assert response.status_code == 302
    assert response.url == url("show_detail", cast, show.pk)
    assert (show.editor, show.venue, show.day) == (cast.editor, "capua", cast.campaign.day + 3)


def test_planning_refuses_a_past_day_with_the_services_message(cast, as_user):
    cast.campaign.day = 10
    cast.campaign.save()
    response = as_user(cast.gm).post(url("show_plan", cast), plan_data(cast, day=4))
    assert response.status_code == 400
    assert "Day 4 is past" in response.content.decode()
    assert not Show.objects.filter(name="Ludi Romani").exists()


@pytest.mark.parametrize("who", ["owner", "editor_player", "other", "outsider"])
def test_nobody_but_the_gm_opens_or_posts_the_planner(cast, as_user, who):
    client = as_user(getattr(cast, who))
    assert client.get(url("show_plan", cast)).status_code == 404
    assert client.post(url("show_plan", cast), plan_data(cast)).status_code == 404
    assert not Show.objects.filter(name="Ludi Romani").exists()


def test_the_editor_list_offers_only_this_campaigns_editors(cast, as_user):
    stranger = factories.EditorFactory(name="Stranger Editor")
    page = as_user(cast.gm).get(url("show_plan", cast)).content.decode()
    assert cast.editor.name in page and stranger.name not in page


# --- the show page and its card ---------------------------------------------------------------


@pytest.mark.parametrize("who", ["gm", "owner", "editor_player", "other"])
def test_members_see_the_card(cast, as_user, who):
    page = as_user(getattr(cast, who)).get(url("show_detail", cast, cast.show.pk))
    assert page.status_code == 200
    text = page.content.decode()
    assert cast.mine.name in text and cast.theirs.name in text
    assert ('id="bout-add-form"' in text) == (who == "gm")
    assert ('id="show-cost"' in text) == (who in ("gm", "editor_player"))


def test_outsider_and_another_campaigns_show_are_404(cast, as_user):
    assert as_user(cast.outsider).get(url("show_detail", cast, cast.show.pk)).status_code == 404
    elsewhere = factories.ShowFactory()
    assert as_user(cast.gm).get(url("show_detail", cast, elsewhere.pk)).status_code == 404


def test_htmx_card_request_returns_the_partial_only(cast, as_user):
    response = as_user(cast.gm).get(
        url("show_detail", cast, cast.show.pk) + "?part=card", HTTP_HX_REQUEST="true"
    )
    text = response.content.decode()
    assert 'id="show-card"' in text and "<html" not in text


def test_lex_tullia_warning_when_an_election_is_within_two_years(cast, as_user):
    factories.ElectionFactory(editor=cast.editor, office="praetor", year=cast.show.year + 2)
    page = as_user(cast.gm).get(url("show_detail", cast, cast.show.pk)).content.decode()
    assert 'id="lex-tullia"' in page
    assert LEX_TULLIA.split("{")[0] in page


def test_no_lex_tullia_warning_for_an_election_three_years_off(cast, as_user):
    factories.ElectionFactory(editor=cast.editor, office="praetor", year=cast.show.year + 3)
    page = as_user(cast.gm).get(url("show_detail", cast, cast.show.pk)).content.decode()
    assert 'id="lex-tullia"' not in page


# --- adding a pair ------------------------------------------------------------------------------


def pair(cast, **extra):
    return {
        "fighter_a": cast.spare_a.pk,
        "fighter_b": cast.spare_b.pk,
        "orders_a": "",
        "orders_b": "fight-on",
        "kind": "team",
        "first": "random",
        "hire": "on",
    } | extra


def test_gm_adds_a_pair_and_hires_both_men_from_the_ledger(cast, as_user):
    purse_before = party_balance(cast.editor)
    response = as_user(cast.gm).post(url("bout_add", cast, cast.show.pk), pair(cast), follow=True)
    bout = Bout.objects.get(entries__gladiator=cast.spare_a, entries__side="a")
    assert bout.entry_b.gladiator == cast.spare_b and bout.kind == "team"
    assert bout.entry_a.orders == {} and bout.entry_b.orders == {"name": "fight-on"}
    hires = Hire.objects.filter(show=cast.show)
    assert {h.gladiator for h in hires} == {cast.spare_a, cast.spare_b}
    assert all(h.price == TEAM_HIRE.usual for h in hires)
    assert party_balance(cast.editor) == purse_before - 2 * TEAM_HIRE.usual
    page = response.content.decode()
    assert PAIR_ADDED.format(a=cast.spare_a.name, b=cast.spare_b.name) in page
    # The cost so far is read from the ledger.
    cost = sum(h.price for h in hires)
    assert f"{cost:,} HS" in page


def test_a_single_combat_pair_is_hired_at_the_single_rate_and_asks_are_kept(cast, as_user):
    data = pair(cast, kind="single", ask_a=["fight_on", "yield"])
    as_user(cast.gm).post(url("bout_add", cast, cast.show.pk), data)
    bout = Bout.objects.get(entries__gladiator=cast.spare_a, entries__side="a")
    assert bout.entry_a.orders == {"ask": ["fight_on", "yield"]}
    assert {h.price for h in Hire.objects.filter(show=cast.show)} == {SINGLE_HIRE.usual}


def test_without_hire_no_money_moves(cast, as_user):
    data = pair(cast)
    del data["hire"]
    as_user(cast.gm).post(url("bout_add", cast, cast.show.pk), data)
    assert Bout.objects.filter(entries__gladiator=cast.spare_a, entries__side="a").exists()
    assert not Transaction.objects.filter(cause=Transaction.Cause.HIRE).exists()


def test_a_hire_the_purse_cannot_pay_leaves_no_pair_on_the_card(cast, as_user):
    poor = factories.EditorFactory(campaign=cast.campaign, name="Poor heir")
    show = factories.ShowFactory(campaign=cast.campaign, editor=poor)
    response = as_user(cast.gm).post(url("bout_add", cast, show.pk), pair(cast))
    assert response.status_code == 400
    assert not show.bouts.exists()
    assert not Hire.objects.filter(show=show).exists()
    assert party_balance(poor) == 0


def test_a_man_cannot_fight_himself(cast, as_user):
    data = pair(cast, fighter_b=cast.spare_a.pk)
    response = as_user(cast.gm).post(url("bout_add", cast, cast.show.pk), data)
    assert response.status_code == 400
    assert SAME_FIGHTER in response.content.decode()


def test_men_already_on_the_card_are_not_offered(cast, as_user):
    data = pair(cast, fighter_a=cast.mine.pk)
    response = as_user(cast.gm).post(url("bout_add", cast, cast.show.pk), data)
    assert response.status_code == 400
    assert cast.show.bouts.count() == 1
    # The form does not offer him, so it refuses him before the service would.
    form = response.context["bout_form"]
    assert cast.mine not in form.fields["fighter_a"].queryset


@pytest.mark.parametrize("who", ["owner", "editor_player", "other", "outsider"])
def test_only_the_gm_adds_pairs(cast, as_user, who):
    response = as_user(getattr(cast, who)).post(url("bout_add", cast, cast.show.pk), pair(cast))
    assert response.status_code == 404
    assert not Bout.objects.filter(entries__gladiator=cast.spare_a, entries__side="a").exists()


def test_adding_is_post_only(cast, as_user):
    assert as_user(cast.gm).get(url("bout_add", cast, cast.show.pk)).status_code == 405


# --- holding the show ---------------------------------------------------------------------------


def test_gm_holds_the_show_every_bout_is_fought_and_decided(cast, as_user):
    cast.editor.player = None  # the GM plays the editor: he is asked each verdict
    cast.editor.save()
    as_user(cast.gm).post(url("bout_add", cast, cast.show.pk), pair(cast))
    response = as_user(cast.gm).post(url("show_hold", cast, cast.show.pk), follow=True)
    asked = 0
    while (due := show_verdict_due(cast.show)) is not None:
        # Holding stopped at a verdict: the show page asks it, each button with its cost.
        text = response.content.decode()
        assert 'id="verdict-due"' in text and "missio (costs" in text
        assert url("show_decide", cast, cast.show.pk, due.pk) in text
        response = as_user(cast.gm).post(
            url("show_decide", cast, cast.show.pk, due.pk), {"choice": "missio"}, follow=True
        )
        due.refresh_from_db()
        assert due.verdict.decided_by == cast.gm  # he chose, and the verdict names him
        asked += 1
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.HELD
    assert set(cast.show.bouts.values_list("status", flat=True)) == {Bout.Status.DONE}
    assert asked == Verdict.objects.filter(bout__show=cast.show).count()
    assert SHOW_HELD.format(show=cast.show.name) in response.content.decode()
    # Each winner's purse was paid into his peculium.
    for bout in cast.show.bouts.filter(entries__result="won"):
        assert party_balance(bout.winner) > 0
        assert accounts.peculium(bout.winner).entries.filter(transaction__bout=bout).exists()


def test_the_gm_may_let_the_crowd_decide_and_the_verdicts_say_the_rules_took_them(cast, as_user):
    # Issue 27: the bout page said "The editor … gives the sword (decided by gm)" of a verdict
    # the hold took by itself.
    cast.editor.player = None
    cast.editor.save()
    as_user(cast.gm).post(url("bout_add", cast, cast.show.pk), pair(cast))
    page = as_user(cast.gm).get(url("show_detail", cast, cast.show.pk)).content.decode()
    assert 'name="crowd_decides"' in page
    response = as_user(cast.gm).post(
        url("show_hold", cast, cast.show.pk), {"crowd_decides": "on"}, follow=True
    )
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.HELD
    assert SHOW_HELD_BY_RULES.format(show=cast.show.name) in response.content.decode().replace(
        "&#x27;", "'"
    )
    verdicts = Verdict.objects.filter(bout__show=cast.show)
    assert verdicts.exists() and not verdicts.exclude(decided_by=None).exists()
    bout_page = as_user(cast.gm).get(url("bout_detail", cast, verdicts[0].bout_id))
    text = bout_page.content.decode().replace("&#x27;", "'")
    assert "taken by the rules" in text and "decided by gm" not in text


def test_a_divided_crowd_waits_for_a_players_editor_after_the_show_is_held(cast, as_user):
    from arena.services.bouts import bout_fight
    from tests.arena.views.helpers import divided, seed_where

    bout_fight(bout=cast.bout, seed=seed_where(cast.bout, divided), auto_decide=False)
    response = as_user(cast.gm).post(url("show_hold", cast, cast.show.pk), follow=True)
    cast.show.refresh_from_db()
    cast.bout.refresh_from_db()
    assert cast.show.status == Show.Status.HELD
    assert cast.bout.status == Bout.Status.AWAITING_VERDICT  # Fabius is a player's editor
    text = response.content.decode().replace("&#x27;", "'")
    pairs = f"{cast.mine.name} v {cast.theirs.name}"
    assert SHOW_HELD_WAITING.format(show=cast.show.name, pairs=pairs) in text
    detail = as_user(cast.editor_player).get(
        reverse("arena:bout_detail", args=[cast.campaign.pk, cast.bout.pk])
    )
    assert 'id="editor-choice"' in detail.content.decode()


def test_holding_twice_shows_the_services_error(cast, as_user):
    client = as_user(cast.gm)
    client.post(url("show_hold", cast, cast.show.pk))
    response = client.post(url("show_hold", cast, cast.show.pk), follow=True)
    assert "has already been held" in response.content.decode()


@pytest.mark.parametrize("who", ["owner", "editor_player", "other", "outsider"])
def test_only_the_gm_holds_the_show(cast, as_user, who):
    assert as_user(getattr(cast, who)).post(url("show_hold", cast, cast.show.pk)).status_code == 404
    cast.show.refresh_from_db()
    assert cast.show.status == Show.Status.PLANNED
