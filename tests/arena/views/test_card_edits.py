"""The GM takes a pair off a card or replaces a man (issue 10, "dead ends"), and a repeated
"fight a round" fights once."""

import pytest
from django.urls import reverse

from arena.models import Bout, Show
from arena.services.bouts import bout_fight
from tests import factories


def _url(name, cast, **extra):
    return reverse(f"arena:{name}", args=[cast.campaign.pk, cast.show.pk, cast.bout.pk, *extra])


def test_the_gm_takes_a_pair_off_the_card(cast, as_user):
    response = as_user(cast.gm).post(_url("bout_remove", cast))
    assert response.status_code == 302
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.VOID
    page = as_user(cast.gm).get(reverse("arena:show_detail", args=[cast.campaign.pk, cast.show.pk]))
    assert "taken off the card by the GM" in page.content.decode()


def test_the_gm_replaces_a_man(cast, as_user):
    data = {"side": "b", "gladiator": cast.spare_b.pk}
    assert as_user(cast.gm).post(_url("bout_replace", cast), data).status_code == 302
    cast.bout.refresh_from_db()
    assert cast.bout.entry_b.gladiator == cast.spare_b


def test_a_replacement_must_be_fit_and_named(cast, as_user):
    response = as_user(cast.gm).post(_url("bout_replace", cast), {"side": "b", "gladiator": ""})
    assert response.status_code == 302
    cast.bout.refresh_from_db()
    assert cast.bout.entry_b.gladiator == cast.theirs


@pytest.mark.parametrize("who", ["owner", "other", "outsider"])
def test_only_the_gm_edits_a_card(cast, as_user, who):
    assert as_user(getattr(cast, who)).post(_url("bout_remove", cast)).status_code == 404
    data = {"side": "b", "gladiator": cast.spare_b.pk}
    assert as_user(getattr(cast, who)).post(_url("bout_replace", cast), data).status_code == 404
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.PLANNED and cast.bout.entry_b.gladiator == cast.theirs


def test_a_bout_being_fought_stays_on_the_card(cast, as_user):
    bout_fight(bout=cast.bout, seed=3, rounds=1, auto_decide=False)
    response = as_user(cast.gm).post(_url("bout_remove", cast), follow=True)
    assert "Only a bout not yet begun" in response.content.decode()
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.FIGHTING


def test_fight_a_round_clicked_twice_fights_one_round(cast, as_user):
    Bout.objects.filter(pk=cast.bout.pk).update(seed=3)
    url = reverse("arena:bout_fight", args=[cast.campaign.pk, cast.bout.pk])
    client = as_user(cast.gm)
    for _ in range(2):  # the same page, posted twice
        client.post(url, {"to": "round", "at_round": 0})
    cast.bout.refresh_from_db()
    assert cast.bout.rounds == 1
    fought = len(cast.bout.log)
    client.post(url, {"to": "round", "at_round": 1})  # the page drawn after round 1: fights on
    cast.bout.refresh_from_db()
    assert len(cast.bout.log) > fought


def test_the_bout_page_says_what_the_editors_purse_is_missing(cast, as_user):
    from economy import accounts
    from economy.ledger import account_balance

    url = reverse("arena:bout_detail", args=[cast.campaign.pk, cast.bout.pk])
    assert 'id="purse-short"' not in as_user(cast.gm).get(url).content.decode()  # 100,000 HS
    poor = factories.EditorFactory(campaign=cast.campaign, name="A poor aedile")
    Show.objects.filter(pk=cast.show.pk).update(editor=poor)
    assert account_balance(accounts.purse(poor)) == 0
    text = as_user(cast.gm).get(url).content.decode()
    assert 'id="purse-short"' in text and "A poor aedile" in text and "is missing" in text
    assert 'id="purse-short"' not in as_user(cast.owner).get(url).content.decode()
