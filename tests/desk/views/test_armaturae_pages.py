"""The armatura on the desk's forms (issue 13): the setup, edit and market forms of an Era
campaign offer the four classic armaturae and refuse a secutor, retiarius or hoplomachus naming
the field, writing nothing; a Moritari campaign's forms offer and take them."""

import pytest
from django.urls import reverse

from ludus.models import Gladiator
from tests.cast import make_campaign
from tests.desk.views.test_edits import man_data, man_url
from tests.desk.views.test_setup_pages import _gladiator_post

pytestmark = pytest.mark.django_db

KEY = "0123456789abcdef"


def setup_url(campaign, name="campaign_setup"):
    return reverse(name, args=[campaign.pk])


def test_the_era_setup_page_offers_no_new_armatura_and_refuses_one(cast):
    client = cast.client_for("gm")
    page = client.get(setup_url(cast.campaign)).content.decode()
    assert 'value="gaul"' in page and 'value="secutor"' not in page
    data = _gladiator_post(armatura="secutor")
    response = client.post(setup_url(cast.campaign, "setup_gladiator_add"), data)
    assert response.status_code == 400
    assert "Armatura: a man of this campaign is one of thraex, murmillo, gaul, samnite." in (
        response.content.decode()
    )
    assert not Gladiator.objects.filter(name="Oenomaus").exists()


def test_the_era_edit_form_refuses_a_retiarius_naming_the_kit(cast):
    client = cast.client_for("gm")
    response = client.post(man_url(cast, cast.bithys), man_data(cast.bithys, armatura="retiarius"))
    assert response.status_code == 400
    assert "Kit: a man of this campaign is one of" in response.content.decode()
    cast.bithys.refresh_from_db()
    assert cast.bithys.armatura != "retiarius"


def test_the_era_market_refuses_a_hoplomachus_volunteer(cast):
    data = {
        "key": KEY,
        "lanista": cast.school.pk,
        "name": "Priscus",
        "armatura": "hoplomachus",
        "bouts": 3,
    }
    url = reverse("economy:market_sign", args=[cast.campaign.pk])
    response = cast.client_for("nerva").post(url, data)
    assert response.status_code == 400
    assert "Type: a man of this campaign is one of" in response.content.decode()
    assert not Gladiator.objects.filter(name="Priscus").exists()


def test_a_moritari_campaign_offers_and_takes_the_new_armaturae():
    cast = make_campaign(ruleset="moritari")
    client = cast.client_for("gm")
    page = client.get(setup_url(cast.campaign)).content.decode()
    for armatura in ("secutor", "retiarius", "hoplomachus"):
        assert f'value="{armatura}"' in page
    data = _gladiator_post(armatura="retiarius")
    response = client.post(setup_url(cast.campaign, "setup_gladiator_add"), data)
    assert response.status_code == 302
    assert Gladiator.objects.get(name="Oenomaus").armatura == "retiarius"
    response = client.post(man_url(cast, cast.verus), man_data(cast.verus, armatura="secutor"))
    assert response.status_code == 302
    cast.verus.refresh_from_db()
    assert cast.verus.armatura == "secutor"
    odds = client.get(reverse("arena:odds", args=[cast.campaign.pk])).content.decode()
    assert "Verus, secutor (Scaurus)" in odds
