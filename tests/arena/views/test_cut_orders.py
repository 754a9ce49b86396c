"""Declaring a cut: the planner's "cuts (against mail)" box per side is stored as "cut": true in
that side's bout orders, shown with the (private) orders on the bout page, and the bout is
fought with the Mail Shirt's Deflecting Bane die on that side's attacks (read from the log)."""

import re

import pytest
from django.urls import reverse

from arena.models import Bout
from rules.era.kits import KITS

pytestmark = pytest.mark.django_db

CUT_LABEL = "cuts (against mail)"


def url(name, cast, *args):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, *args])


def add_pair(client, cast, **extra):
    data = {
        "fighter_a": cast.spare_a.pk,  # Spiculus the thraex
        "fighter_b": cast.spare_b.pk,  # Verus the samnite, in mail
        "orders_a": "",
        "orders_b": "",
        "kind": Bout.Kind.SINGLE,
        "first": "random",
        **extra,
    }
    return client.post(url("bout_add", cast, cast.show.pk), data)


def banes(pool: str) -> int:
    found = re.search(r"(\d+) Bane", pool)
    return int(found.group(1)) if found else 0


def attack_pools(bout: Bout, side: str) -> list[str]:
    return [
        e["roll"]["pool"]
        for e in bout.log
        if e.get("kind") == "attack" and e.get("actor") == side and "roll" in e
    ]


def test_the_planner_offers_a_cut_box_for_each_side(cast, as_user):
    text = as_user(cast.gm).get(url("show_detail", cast, cast.show.pk)).content.decode()
    form = text.split('id="bout-add-form"')[1].split("</form>")[0]
    assert 'name="cut_a"' in form and 'name="cut_b"' in form
    assert "Cuts (against mail)" in form


def test_a_cut_is_stored_in_that_sides_orders_only(cast, as_user):
    response = add_pair(as_user(cast.gm), cast, cut_a="on", orders_b="fight-on")
    assert response.status_code == 302
    bout = Bout.objects.get(show=cast.show, entries__gladiator=cast.spare_a, entries__side="a")
    assert bout.entry_a.orders == {"cut": True}  # his standing orders, cutting
    assert bout.entry_b.orders == {"name": "fight-on"}


def test_a_cut_with_a_preset_and_asks_keeps_them_all(cast, as_user):
    add_pair(as_user(cast.gm), cast, orders_a="cautious", ask_a=["yield"], cut_a="on")
    bout = Bout.objects.get(show=cast.show, entries__gladiator=cast.spare_a, entries__side="a")
    assert bout.entry_a.orders == {"name": "cautious", "ask": ["yield"], "cut": True}


def test_a_player_cannot_set_a_cut(cast, as_user):
    assert add_pair(as_user(cast.owner), cast, cut_a="on").status_code == 404
    assert not Bout.objects.filter(
        show=cast.show, entries__gladiator=cast.spare_a, entries__side="a"
    ).exists()


def test_the_cut_is_fought_with_the_mails_deflecting_bane_die(cast, as_user):
    client = as_user(cast.gm)
    add_pair(client, cast, cut_a="on")
    bout = Bout.objects.get(show=cast.show, entries__gladiator=cast.spare_a, entries__side="a")
    bout.seed = 7
    bout.save(update_fields=["seed"])
    client.post(url("bout_fight", cast, bout.pk), {"to": "end"})
    bout.refresh_from_db()
    assert bout.setup["a"]["orders"]["cut"] is True and bout.setup["b"]["orders"]["cut"] is False
    mail, buckler = KITS["samnite"], KITS["thraex"]
    assert mail.deflecting_cut == 1 and buckler.deflecting_cut == 0
    cutting, thrusting = attack_pools(bout, "a"), attack_pools(bout, "b")
    assert cutting and thrusting
    # His cuts meet the shield's Defensive Bane dice and the mail's Deflecting one.
    assert {banes(p) for p in cutting} == {mail.defensive + mail.deflecting_cut}
    # The Samnite does not cut, and the thraex wears no mail: the buckler's Banes alone.
    assert {banes(p) for p in thrusting} == {buckler.defensive}


def test_without_the_box_the_same_pair_thrusts_past_the_mail(cast, as_user):
    client = as_user(cast.gm)
    add_pair(client, cast)
    bout = Bout.objects.get(show=cast.show, entries__gladiator=cast.spare_a, entries__side="a")
    bout.seed = 7
    bout.save(update_fields=["seed"])
    client.post(url("bout_fight", cast, bout.pk), {"to": "end"})
    bout.refresh_from_db()
    assert {banes(p) for p in attack_pools(bout, "a")} == {KITS["samnite"].defensive}


@pytest.mark.parametrize("who, sees", [("gm", True), ("owner", True), ("other", False)])
def test_the_cut_is_shown_with_the_private_orders(cast, as_user, who, sees):
    add_pair(as_user(cast.gm), cast, cut_a="on")
    bout = Bout.objects.get(show=cast.show, entries__gladiator=cast.spare_a, entries__side="a")
    text = as_user(getattr(cast, who)).get(url("bout_detail", cast, bout.pk)).content.decode()
    corner_a = text.split('id="corner-a"')[1].split("</section>")[0]
    assert (CUT_LABEL in corner_a) == sees
    corner_b = text.split('id="corner-b"')[1].split("</section>")[0]
    assert CUT_LABEL not in corner_b
