"""Replays of a click on the setup pages (issue 10): a campaign, a lanista with his opening
chest, a man, an editor with his purse, sent twice with the same form, are written once; the
repeat answers "already done" and goes where the first went."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from economy.models import Transaction
from ludus.forms import BAD_KEY
from ludus.models import Campaign, Editor, Gladiator, Lanista, OnceKey
from ludus.services.once import ALREADY_DONE
from tests.desk.views.test_setup_pages import POSTS, _gladiator_post, _url
from tests.factories import form_key


def _news(client, response) -> str:
    return client.get(response.url).content.decode().replace("&#x27;", "'")


def test_a_campaign_created_twice_is_one_campaign(cast):
    client = cast.client_for("outsider")
    data = {"name": "Pompeii games", "year": -60, "city": "Pompeii", "ruleset": "era"}
    data["key"] = form_key()
    first = client.post(reverse("campaign_new"), data)
    again = client.post(reverse("campaign_new"), data)
    campaign = Campaign.objects.get(name="Pompeii games")  # one, or this raises
    assert first.url == again.url == reverse("campaign_setup", args=[campaign.pk])
    assert ALREADY_DONE in _news(client, again)


@pytest.mark.parametrize(
    "name, data, model, field",
    [
        ("setup_lanista_add", POSTS["setup_lanista_add"], Lanista, "lanista-key"),
        ("setup_editor_add", POSTS["setup_editor_add"], Editor, "editor-key"),
        ("setup_gladiator_add", _gladiator_post(), Gladiator, "gladiator-key"),
    ],
)
def test_a_party_added_twice_is_written_once_with_its_money_once(cast, name, data, model, field):
    client = cast.client_for("gm")
    data = data | {field: form_key()}
    parties, money = model.objects.count(), Transaction.objects.count()
    first = client.post(_url(cast, name), data)
    again = client.post(_url(cast, name), data)
    assert first.status_code == again.status_code == 302
    assert first.url == again.url
    assert model.objects.count() == parties + 1
    opened = 0 if model is Gladiator else 1  # a lanista's chest, an editor's purse
    assert Transaction.objects.count() == money + opened
    assert ALREADY_DONE in _news(client, again)


def test_a_refused_form_keeps_its_key_free_for_the_corrected_post(cast):
    client = cast.client_for("gm")
    data = POSTS["setup_lanista_add"] | {"lanista-key": form_key(), "lanista-medicus_medicine": 9}
    assert client.post(_url(cast, "setup_lanista_add"), data).status_code == 400
    assert not OnceKey.objects.exists()
    data["lanista-medicus_medicine"] = 2
    assert client.post(_url(cast, "setup_lanista_add"), data).status_code == 302
    assert Lanista.objects.filter(name="Lentulus").count() == 1


@pytest.mark.parametrize("key", [None, "", "short", "x" * 65, "not a key at all, spaces!"])
def test_a_missing_or_bad_key_is_refused_naming_the_field(cast, key):
    data = dict(POSTS["setup_lanista_add"])
    data.pop("lanista-key")
    if key is not None:
        data["lanista-key"] = key
    response = cast.client_for("gm").post(_url(cast, "setup_lanista_add"), data)
    assert response.status_code == 400
    assert escape(BAD_KEY) in response.content.decode()
    assert not Lanista.objects.filter(name="Lentulus").exists()
