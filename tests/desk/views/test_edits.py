"""The GM's edits of what he set up (issue 11): a man's sheet and the rest of him, a lanista, an
editor, a member's role, removing a member; each kept in the history and shown on the object's
page and in the change log. Players and outsiders get 404; a refused form names the field and
writes nothing; a form sent twice writes once."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from desk.services.edits import LAST_GM, NOTHING_CHANGED, RUNS_PEOPLE
from ludus.history import mark
from ludus.models import Gladiator, Membership

pytestmark = pytest.mark.django_db


def edit_data(form_prefix: str, instance, form_class, **changes):
    """The form as the page draws it, with `changes` typed over it."""
    form = form_class(instance=instance)
    data = {}
    for name in form.fields:
        value = form[name].value()
        data[f"{form_prefix}-{name}"] = "" if value is None else value
    for name, value in changes.items():
        data[f"{form_prefix}-{name}"] = value
    return data


def man_data(man, **changes):
    from desk.forms_edits import GladiatorEditForm

    return edit_data(f"edit{man.pk}", man, GladiatorEditForm, **changes)


def man_url(cast, man):
    return reverse("gladiator_edit", args=[cast.campaign.pk, man.pk])


# --- a man ----------------------------------------------------------------------------------------


def test_the_gm_raises_bithys_melee_and_the_history_shows_it(cast):
    client = cast.client_for("gm")
    before = cast.bithys.history.count()
    response = client.post(man_url(cast, cast.bithys), man_data(cast.bithys, melee=4))
    assert response.status_code == 302
    cast.bithys.refresh_from_db()
    assert cast.bithys.sheet["melee"] == 4
    assert cast.bithys.history.count() == before + 1
    latest = cast.bithys.history.first()
    assert latest.history_user == cast.gm
    page = client.get(reverse("gladiator_detail", args=[cast.campaign.pk, cast.bithys.pk]))
    text = page.content.decode()
    assert 'id="history"' in text and "Melee: 3 → 4" in text and "gm" in text
    log = client.get(reverse("change_log", args=[cast.campaign.pk])).content.decode()
    assert "Melee: 3 → 4" in log


def test_name_school_price_kit_and_orders_change_together(cast):
    client = cast.client_for("gm")
    data = man_data(
        cast.free_agent,
        name="Verus the Younger",
        owner=cast.rival.pk,
        price_purses=7,
        armatura="thraex",
        orders="never-yield",
    )
    assert client.post(man_url(cast, cast.free_agent), data).status_code == 302
    man = Gladiator.objects.get(pk=cast.free_agent.pk)
    assert (man.name, man.owner, man.price_purses, man.armatura, man.orders) == (
        "Verus the Younger",
        cast.rival,
        7,
        "thraex",
        "never-yield",
    )
    log = client.get(reverse("change_log", args=[cast.campaign.pk])).content.decode()
    assert "Price (purses): 5 → 7" in log and "School: – → Batiatus of Capua" in log


def test_a_rating_out_of_the_rulesets_range_is_named_and_nothing_is_written(cast):
    client = cast.client_for("gm")
    before = (cast.bithys.history.count(), dict(cast.bithys.sheet))
    response = client.post(man_url(cast, cast.bithys), man_data(cast.bithys, melee=9, name="X"))
    assert response.status_code == 400
    text = response.content.decode()
    assert "Melee" in text and "field--error" in text
    cast.bithys.refresh_from_db()
    assert (cast.bithys.history.count(), cast.bithys.sheet) == before
    assert cast.bithys.name == "Bithys"


def test_the_same_edit_sent_twice_writes_once(cast):
    client = cast.client_for("gm")
    data = man_data(cast.bithys, price_purses=12)
    assert client.post(man_url(cast, cast.bithys), data).status_code == 302
    count = cast.bithys.history.count()
    again = client.post(man_url(cast, cast.bithys), data, follow=True)
    assert again.status_code == 200
    assert "Already changed" in again.content.decode()
    assert cast.bithys.history.count() == count


def test_a_form_that_changes_nothing_says_so(cast):
    response = cast.client_for("gm").post(man_url(cast, cast.bithys), man_data(cast.bithys))
    assert response.status_code == 400 and escape(NOTHING_CHANGED) in response.content.decode()


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_only_the_gm_edits_a_man(cast, who):
    data = man_data(cast.bithys, melee=5)
    assert cast.client_for(who).post(man_url(cast, cast.bithys), data).status_code == 404
    page = cast.client_for(who).get(
        reverse("gladiator_detail", args=[cast.campaign.pk, cast.bithys.pk])
    )
    if who != "outsider":
        assert 'id="history"' not in page.content.decode()  # the history is the GM's
    cast.bithys.refresh_from_db()
    assert cast.bithys.sheet["melee"] == 3


def test_a_man_on_an_unfinished_card_keeps_his_school(cast):
    from tests import factories

    factories.BoutFactory(show=cast.show, fighter_a=cast.crixus, fighter_b=cast.spartacus)
    data = man_data(cast.crixus, owner=cast.rival.pk)
    response = cast.client_for("gm").post(man_url(cast, cast.crixus), data)
    assert response.status_code == 400
    assert "take him off it before he changes school" in response.content.decode()
    cast.crixus.refresh_from_db()
    assert cast.crixus.owner == cast.school


# --- a lanista and an editor ----------------------------------------------------------------------


def test_the_gm_edits_a_lanista_his_school_and_medicus(cast):
    from desk.forms_edits import LanistaEditForm

    client = cast.client_for("gm")
    url = reverse("lanista_edit", args=[cast.campaign.pk, cast.school.pk])
    data = edit_data(
        f"edit{cast.school.pk}",
        cast.school,
        LanistaEditForm,
        school="The Capuan ludus",
        medicus_medicine=4,
    )
    assert client.post(url, data).status_code == 302
    cast.school.refresh_from_db()
    assert (cast.school.school, cast.school.medicus_medicine) == ("The Capuan ludus", 4)
    page = client.get(reverse("school_roster", args=[cast.campaign.pk, cast.school.pk]))
    assert "Medicus Medicine: 2 → 4" in page.content.decode()
    bad = edit_data(f"edit{cast.school.pk}", cast.school, LanistaEditForm, medicus_medicine=9)
    bad[f"edit{cast.school.pk}-seen"] = mark(cast.school)
    refused = client.post(url, bad)
    assert refused.status_code == 400 and "field--error" in refused.content.decode()
    assert cast.client_for("nerva").post(url, data).status_code == 404


def test_the_gm_edits_an_editor(cast):
    from desk.forms_edits import EditorEditForm

    client = cast.client_for("gm")
    url = reverse("editor_edit", args=[cast.campaign.pk, cast.editor.pk])
    data = edit_data(f"edit{cast.editor.pk}", cast.editor, EditorEditForm, office="Praetor")
    assert client.post(url, data).status_code == 302
    cast.editor.refresh_from_db()
    assert cast.editor.office == "Praetor"
    assert cast.editor.history.first().history_user == cast.gm
    setup = client.get(reverse("campaign_setup", args=[cast.campaign.pk])).content.decode()
    assert "Office: – → Praetor" in setup or "Praetor" in setup.split('id="editors-history"')[1]
    bad = edit_data(f"edit{cast.editor.pk}", cast.editor, EditorEditForm, base_dignitas=5000)
    refused = client.post(url, bad)
    assert refused.status_code == 400 and "Dignitas" in refused.content.decode()
    assert cast.client_for("other").post(url, data).status_code == 404


# --- members ------------------------------------------------------------------------------------


def test_the_gm_makes_a_player_gm_and_back(cast):
    client = cast.client_for("gm")
    membership = Membership.objects.get(campaign=cast.campaign, user=cast.nerva)
    url = reverse("member_role", args=[cast.campaign.pk, membership.pk])
    prefix = f"edit{membership.pk}"
    data = {f"{prefix}-role": "gm", f"{prefix}-seen": mark(membership)}
    assert client.post(url, data).status_code == 302
    membership.refresh_from_db()
    assert membership.is_gm
    assert membership.history.first().history_user == cast.gm
    assert client.post(url, data).status_code == 302  # sent again: already changed
    assert membership.history.count() == 2


def test_the_last_gm_keeps_his_role(cast):
    client = cast.client_for("gm")
    membership = Membership.objects.get(campaign=cast.campaign, user=cast.gm)
    url = reverse("member_role", args=[cast.campaign.pk, membership.pk])
    prefix = f"edit{membership.pk}"
    response = client.post(url, {f"{prefix}-role": "player", f"{prefix}-seen": mark(membership)})
    assert response.status_code == 400
    assert escape(LAST_GM.format(username="gm")) in response.content.decode()
    membership.refresh_from_db()
    assert membership.is_gm


def test_removing_a_member_who_plays_nobody(cast):
    from tests import factories

    client = cast.client_for("gm")
    user = factories.UserFactory(username="sextus")
    membership = factories.MembershipFactory(campaign=cast.campaign, user=user)
    url = reverse("member_remove", args=[cast.campaign.pk, membership.pk])
    prefix = f"remove{membership.pk}"
    assert cast.client_for("nerva").post(url, {f"{prefix}-seen": 0}).status_code == 404
    assert client.post(url, {f"{prefix}-seen": mark(membership)}).status_code == 302
    assert not Membership.objects.filter(pk=membership.pk).exists()
    assert Membership.history.filter(id=membership.pk, history_type="-").count() == 1
    setup = client.get(reverse("campaign_setup", args=[cast.campaign.pk])).content.decode()
    assert "removed" in setup.split('id="members-history"')[1]


def test_a_member_who_plays_a_lanista_is_not_removed(cast):
    client = cast.client_for("gm")
    membership = Membership.objects.get(campaign=cast.campaign, user=cast.nerva)
    url = reverse("member_remove", args=[cast.campaign.pk, membership.pk])
    response = client.post(url, {f"remove{membership.pk}-seen": mark(membership)})
    assert response.status_code == 400
    assert escape(RUNS_PEOPLE.format(username="owner", names="Nerva")) in response.content.decode()
    assert Membership.objects.filter(pk=membership.pk).exists()


def test_a_damaged_history_mark_is_named(cast):
    membership = Membership.objects.get(campaign=cast.campaign, user=cast.nerva)
    url = reverse("member_role", args=[cast.campaign.pk, membership.pk])
    response = cast.client_for("gm").post(
        url, {f"edit{membership.pk}-role": "gm", f"edit{membership.pk}-seen": "x"}
    )
    assert response.status_code == 400 and "field seen" in response.content.decode()


# --- the change log -----------------------------------------------------------------------------


def test_the_change_log_is_the_gms_and_paginated(cast):
    from desk.views.edits import PER_PAGE

    client = cast.client_for("gm")
    for price in range(1, PER_PAGE + 2):
        man = Gladiator.objects.get(pk=cast.crixus.pk)
        man.price_purses = price % 15 + 1
        man.save()
    url = reverse("change_log", args=[cast.campaign.pk])
    first = client.get(url).content.decode()
    assert "Page 1 of" in first and 'rel="next"' in first
    second = client.get(url + "?page=2")
    assert second.status_code == 200 and 'rel="prev"' in second.content.decode()
    for who in ("nerva", "other", "outsider"):
        assert cast.client_for(who).get(url).status_code == 404
