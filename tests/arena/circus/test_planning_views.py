"""Planning a race and its field in the browser's pages, for the GM, the drivers' player,
another player and an outsider: only the GM sees the forms; anyone else's POST is 404."""

import pytest
from django.urls import reverse

from arena.book import services as book_services
from arena.models import Race, RaceEntry
from economy.models import Book
from ludus.models import Gladiator
from tests.factories import GladiatorFactory, ShowFactory, form_key


@pytest.fixture
def newcomer(campaign, race):
    return GladiatorFactory(
        campaign=campaign,
        owner=race.entries.first().driver.owner,
        name="Thallus",
        is_charioteer=True,
        agility=4,
        operate=3,
    )


def _url(name, race, *args):
    return reverse(f"circus:{name}", args=[race.show.campaign_id, race.pk, *args])


def _list(campaign):
    return reverse("circus:race_list", args=[campaign.pk])


def _plan(campaign):
    return reverse("circus:race_plan", args=[campaign.pk])


def test_the_gm_sees_the_plan_form_and_plans_a_race(client, gm, campaign, race):
    client.force_login(gm)
    page = client.get(_list(campaign)).content.decode()
    assert "Plan a race" in page and 'id="race-plan-form"' in page
    answer = client.post(
        _plan(campaign),
        {
            "show": race.show.pk,
            "name": "The bigae",
            "chariot": "biga",
            "prize_purses": 2,
            "key": form_key(),
        },
    )
    made = Race.objects.get(name="The bigae")
    assert answer.status_code == 302 and answer.url == _url("race_detail", made)
    assert made.prize_purses == 2 and made.show == race.show


def test_a_refused_plan_shows_the_form_again_with_400(client, gm, campaign, race):
    client.force_login(gm)
    held = ShowFactory(campaign=campaign, status="held")
    answer = client.post(
        _plan(campaign), {"show": held.pk, "name": "X", "chariot": "biga", "prize_purses": 1}
    )
    assert answer.status_code == 400 and not Race.objects.filter(name="X").exists()


def test_players_see_no_forms_and_their_posts_are_404(
    client, owner, other_player, campaign, race, newcomer
):
    for user in (owner, other_player):
        client.force_login(user)
        listing = client.get(_list(campaign)).content.decode()
        assert "Plan a race" not in listing
        detail = client.get(_url("race_detail", race)).content.decode()
        assert "Add a driver" not in detail and ">Remove<" not in detail
        post = {"show": race.show.pk, "name": "Mine", "chariot": "biga", "prize_purses": 1}
        assert client.post(_plan(campaign), post).status_code == 404
        add = {"gladiator": newcomer.pk, "faction": "Reds"}
        assert client.post(_url("race_entry_add", race), add).status_code == 404
        entry = race.entries.first()
        assert client.post(_url("race_entry_remove", race, entry.pk)).status_code == 404
    assert race.entries.count() == 4 and not Race.objects.filter(name="Mine").exists()


def test_an_outsider_gets_404_everywhere(client, outsider, campaign, race, newcomer):
    client.force_login(outsider)
    assert client.get(_list(campaign)).status_code == 404
    assert client.post(_plan(campaign), {}).status_code == 404
    add = {"gladiator": newcomer.pk, "faction": "Reds"}
    assert client.post(_url("race_entry_add", race), add).status_code == 404
    assert client.post(_url("race_entry_remove", race, race.entries.first().pk)).status_code == 404


def test_the_add_form_lists_living_men_with_their_ratings_and_factions(
    client, gm, campaign, race, newcomer
):
    GladiatorFactory(campaign=campaign, name="Dead man", status=Gladiator.Status.DEAD)
    client.force_login(gm)
    page = client.get(_url("race_detail", race)).content.decode()
    form = page.split('id="race-entry-form"')[1].split("</form>")[0]
    assert "Thallus (driver): Agility 4, Operate 3" in form
    assert "Dead man" not in form and "Scorpus" not in form  # dead, or already in the field
    for faction in ("Whites", "Reds", "Greens", "Blues"):
        assert f'value="{faction}"' in form


def test_the_gm_adds_a_driver_with_htmx_and_gets_the_field_card(client, gm, race, newcomer):
    client.force_login(gm)
    answer = client.post(
        _url("race_entry_add", race),
        {"gladiator": newcomer.pk, "faction": "Reds", "new_faction": "Purples"},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    body = answer.content.decode()
    assert "<html" not in body
    assert 'id="field-card"' in body and "drives from stall 5" in body
    assert 'id="chart-card" hx-swap-oob="true"' in body
    entry = race.entries.get(driver=newcomer)
    assert (entry.lane, entry.faction) == (5, "Purples")


def test_without_htmx_the_gm_is_redirected(client, gm, race, newcomer):
    client.force_login(gm)
    answer = client.post(
        _url("race_entry_add", race), {"gladiator": newcomer.pk, "faction": "Reds"}
    )
    assert answer.status_code == 302 and answer.url == _url("race_detail", race)
    entry = race.entries.get(driver=newcomer)
    answer = client.post(_url("race_entry_remove", race, entry.pk))
    assert answer.status_code == 302 and not RaceEntry.objects.filter(pk=entry.pk).exists()


def test_a_refusal_is_swapped_in_with_400(client, gm, race, eros):
    book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    book_services.bet_place(book=book, bettor=eros, side=race.entries.first().pk, stake=50)
    client.force_login(gm)
    entry = race.entries.last()
    answer = client.post(_url("race_entry_remove", race, entry.pk), HTTP_HX_REQUEST="true")
    assert answer.status_code == 400
    assert "has taken 1 bet" in answer.content.decode()
    assert RaceEntry.objects.filter(pk=entry.pk).exists()


def test_no_forms_once_a_leg_is_run(client, gm, race):
    from arena.rulesets.era.circus import services as r

    r.race_run(race=race, seed=3, legs=1)
    client.force_login(gm)
    page = client.get(_url("race_detail", race)).content.decode()
    assert "Add a driver" not in page and ">Remove<" not in page


def test_a_field_held_by_bets_offers_no_remove_nor_add_and_says_why(client, gm, race, eros):
    book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    client.force_login(gm)
    page = client.get(_url("race_detail", race)).content.decode()
    # A book without bets is withdrawn by a change, so the field is still offered.
    assert 'id="race-entry-form"' in page and ">Remove<" in page
    assert 'id="field-held"' not in page
    book_services.bet_place(book=book, bettor=eros, side=race.entries.first().pk, stake=50)
    page = client.get(_url("race_detail", race)).content.decode()
    assert 'id="race-entry-form"' not in page and ">Remove<" not in page
    assert 'id="field-held"' in page and "Void the book" in page
