"""The Favors page: the GM sees, records and calls every Favor; a player sees the Favors owed
to his lanista or by his men and calls those owed to his lanista; outsiders get 404."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from ludus.models import Favor, Patron
from ludus.services import ludus
from ludus.services.ludus import favor_call
from tests.factories import form_key


@pytest.fixture
def favors(cast):
    """Bithys owes Nerva (nerva's lanista); Nerva owes Fabius's house (a patron of no school);
    Spartacus owes Batiatus (other's lanista)."""
    nerva = Patron.objects.create(campaign=cast.campaign, name="Nerva", lanista=cast.school)
    fabius = Patron.objects.create(campaign=cast.campaign, name="Marcus Fabius")
    batiatus = Patron.objects.create(campaign=cast.campaign, name="Batiatus", lanista=cast.rival)
    return {
        "bithys": Favor.objects.create(
            patron=nerva, owed_by="Bithys", gladiator=cast.bithys, reason="His keep"
        ),
        "nerva": Favor.objects.create(patron=fabius, owed_by="Nerva", reason="Sold him Bithys"),
        "spartacus": Favor.objects.create(
            patron=batiatus, owed_by="Spartacus", gladiator=cast.spartacus, reason="Training"
        ),
    }


def _page(cast):
    return reverse("favors", args=[cast.campaign.pk])


def _call(cast, favor):
    return reverse("favor_call", args=[cast.campaign.pk, favor.pk])


def _record(cast):
    return reverse("favor_record", args=[cast.campaign.pk])


def _post_call(client, cast, favor, purpose):
    return client.post(_call(cast, favor), {f"call-{favor.pk}-called_for": purpose})


@pytest.mark.parametrize(
    "who, seen, callable_",
    [
        ("gm", {"bithys", "nerva", "spartacus"}, {"bithys", "nerva", "spartacus"}),
        ("nerva", {"bithys"}, {"bithys"}),
        ("other", {"spartacus"}, {"spartacus"}),
    ],
)
def test_each_member_sees_only_his_parties_favors(cast, favors, who, seen, callable_):
    response = cast.client_for(who).get(_page(cast))
    assert response.status_code == 200
    text = response.content.decode()
    for name, favor in favors.items():
        assert (f'id="favor-{favor.pk}"' in text) is (name in seen), name
        assert (_call(cast, favor) in text) is (name in callable_), name
    assert (_record(cast) in text) is (who == "gm")


def test_a_player_sees_a_favor_his_man_owes_but_cannot_call_it(cast, favors):
    owed_by_his_man = Favor.objects.create(
        patron=Patron.objects.get(name="Marcus Fabius"), owed_by="Crixus", gladiator=cast.crixus
    )
    client = cast.client_for("nerva")
    text = client.get(_page(cast)).content.decode()
    assert f'id="favor-{owed_by_his_man.pk}"' in text
    assert _call(cast, owed_by_his_man) not in text
    assert _post_call(client, cast, owed_by_his_man, "a bout").status_code == 404
    owed_by_his_man.refresh_from_db()
    assert not owed_by_his_man.is_called


def test_the_roster_links_to_the_favors_page(cast):
    assert (
        _page(cast)
        in cast.client_for("nerva").get(reverse("roster", args=[cast.campaign.pk])).content.decode()
    )


def test_outsiders_get_404(cast, favors):
    client = cast.client_for("outsider")
    assert client.get(_page(cast)).status_code == 404
    assert (
        client.post(_record(cast), {"record-new_patron": "X", "record-owed_by": "Y"}).status_code
        == 404
    )
    assert _post_call(client, cast, favors["bithys"], "a bout").status_code == 404
    assert Favor.objects.count() == 3
    assert not Favor.objects.filter(called_on__isnull=False).exists()


def test_the_owning_player_calls_his_favor_once(cast, favors):
    client = cast.client_for("nerva")
    response = _post_call(client, cast, favors["bithys"], "Bithys to fight at Pompeii")
    assert response.status_code == 302
    favor = Favor.objects.get(pk=favors["bithys"].pk)
    assert favor.called_on == cast.campaign.day and favor.called_for == "Bithys to fight at Pompeii"
    text = client.get(response.url).content.decode()
    assert "called on day 3" in text and "Bithys to fight at Pompeii" in text

    again = _post_call(client, cast, favor, "a day's training")
    assert again.status_code == 400
    message = ludus.FAVOR_ALREADY_CALLED.format(day=3, called_for="Bithys to fight at Pompeii")
    assert escape(message) in again.content.decode()
    favor.refresh_from_db()
    assert favor.called_for == "Bithys to fight at Pompeii"


def test_a_favor_without_a_purpose_is_refused(cast, favors):
    response = _post_call(cast.client_for("nerva"), cast, favors["bithys"], "   ")
    assert response.status_code == 400
    assert "This field is required" in response.content.decode()
    assert not Favor.objects.get(pk=favors["bithys"].pk).is_called


@pytest.mark.parametrize(
    "who, favor", [("nerva", "spartacus"), ("nerva", "nerva"), ("other", "bithys")]
)
def test_players_cannot_call_anothers_favor(cast, favors, who, favor):
    response = _post_call(cast.client_for(who), cast, favors[favor], "a bout")
    assert response.status_code == 404
    assert not Favor.objects.filter(called_on__isnull=False).exists()


def test_a_favor_of_another_campaign_is_404(cast, favors):
    foreign = Favor.objects.create(
        patron=Patron.objects.create(campaign=cast.other_campaign, name="X"), owed_by="Y"
    )
    assert _post_call(cast.client_for("gm"), cast, foreign, "a bout").status_code == 404


def test_the_gm_calls_any_favor(cast, favors):
    response = _post_call(cast.client_for("gm"), cast, favors["nerva"], "a hire at Pompeii")
    assert response.status_code == 302
    assert Favor.objects.get(pk=favors["nerva"].pk).called_for == "a hire at Pompeii"


def test_the_gm_records_a_favor_owed_to_a_lanista(cast):
    client = cast.client_for("gm")
    page = client.get(_page(cast)).content.decode()
    assert f'value="l{cast.school.pk}"' in page
    response = client.post(
        _record(cast),
        {
            "record-to": f"l{cast.school.pk}",
            "record-gladiator": cast.crixus.pk,
            "record-reason": "His keep",
            "record-key": form_key(),
        },
    )
    assert response.status_code == 302
    favor = Favor.objects.get()
    assert favor.patron.lanista == cast.school and favor.owed_by == "Crixus"
    # Now Nerva's player sees it and may call it.
    text = cast.client_for("nerva").get(_page(cast)).content.decode()
    assert _call(cast, favor) in text


def test_the_gm_records_a_favor_to_a_new_patron(cast):
    response = cast.client_for("gm").post(
        _record(cast),
        {"record-new_patron": "Marcus Fabius", "record-owed_by": "Nerva", "record-key": form_key()},
    )
    assert response.status_code == 302
    assert Favor.objects.get().patron.name == "Marcus Fabius"


@pytest.mark.parametrize(
    "data, message",
    [
        ({"record-owed_by": "Nerva"}, ludus.FAVOR_NO_PATRON),
        ({"record-new_patron": "Fabius"}, ludus.FAVOR_NO_DEBTOR),
        ({"record-to": "l999999", "record-owed_by": "Nerva"}, "Select a valid choice"),
    ],
)
def test_refused_records_answer_400_and_write_nothing(cast, data, message):
    response = cast.client_for("gm").post(_record(cast), data | {"record-key": form_key()})
    assert response.status_code == 400
    assert escape(message) in response.content.decode()
    assert not Favor.objects.exists() and not Patron.objects.exists()


@pytest.mark.parametrize("who", ["nerva", "other"])
def test_players_cannot_record_a_favor(cast, who):
    response = cast.client_for(who).post(
        _record(cast), {"record-new_patron": "Fabius", "record-owed_by": "Nerva"}
    )
    assert response.status_code == 404
    assert not Favor.objects.exists() and not Patron.objects.exists()


def test_called_favors_list_day_and_purpose(cast, favors):
    favor_call(favor=favors["spartacus"], called_for="a day training recruits")
    text = cast.client_for("other").get(_page(cast)).content.decode()
    assert "called on day 3" in text and "a day training recruits" in text
