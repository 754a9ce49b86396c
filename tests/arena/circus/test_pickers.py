"""The race page's driver select is searchable (ludus.picker): a search offers the men the
field may take (not a man already in it), and a man found by a search joins the field."""

import re

import pytest
from django.urls import reverse

from ludus import picker
from tests.factories import GladiatorFactory
from tests.picks import HX


@pytest.fixture(autouse=True)
def long(monkeypatch):
    monkeypatch.setattr(picker, "PICK_ABOVE", 0)
    monkeypatch.setattr(picker, "PICK_SHOWN", 2)


def test_the_driver_search_offers_the_men_not_in_the_field(client, gm, race):
    url = reverse("circus:race_detail", args=[race.show.campaign_id, race.pk])
    client.force_login(gm)
    new = GladiatorFactory(campaign=race.show.campaign, name="Scorpus Novus")
    driving = race.entries.first().driver
    assert 'type="search"' in client.get(url).content.decode()
    response = client.get(url, {"pick": "gladiator", "q": "scorpus"}, headers=HX)
    assert response.status_code == 200
    assert re.findall(r'<option value="(\d+)"', response.content.decode()) == [str(new.pk)]
    response = client.get(url, {"pick": "gladiator", "q": driving.name}, headers=HX)
    assert str(driving.pk) not in re.findall(r'<option value="(\d+)"', response.content.decode())
    added = client.post(
        reverse("circus:race_entry_add", args=[race.show.campaign_id, race.pk]),
        {"gladiator": new.pk, "new_faction": "Greens"},
        headers=HX,
    )
    assert added.status_code == 200
    assert race.entries.filter(driver=new).exists()
