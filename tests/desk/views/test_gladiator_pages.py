"""The roster, a gladiator's page and his standing orders: GM, owner, other player, outsider."""

import pytest
from django.test import Client
from django.urls import NoReverseMatch, reverse

from desk.views.gladiators import ORDERS_SAVED
from ludus.services.orders import UNKNOWN_ORDERS, OrdersError, gladiator_orders_set
from tests import factories
from tests.cast import BITHYS_PECULIUM, EVERYONE, MEMBERS


def _detail(cast, man=None):
    return reverse("gladiator_detail", args=[cast.campaign.pk, (man or cast.bithys).pk])


def _orders(cast, man=None):
    return reverse("gladiator_orders", args=[cast.campaign.pk, (man or cast.bithys).pk])


def _bout_url(cast) -> str:
    """Part B's bout page, or the plain path the page links to until it exists."""
    try:
        return reverse("arena:bout_detail", args=[cast.campaign.pk, cast.bout.pk])
    except NoReverseMatch:
        return f"/c/{cast.campaign.pk}/arena/bouts/{cast.bout.pk}/"


# --- the roster ---------------------------------------------------------------------------------


@pytest.mark.parametrize("who", MEMBERS)
def test_roster_shows_every_school_to_every_member(cast, who):
    page = cast.client_for(who).get(reverse("roster", args=[cast.campaign.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    for name in ("Nerva&#x27;s ludus", "The house of Batiatus", "Bithys", "Crixus", "Spartacus"):
        assert name in text
    assert "Men of no school" in text and "Verus" in text
    assert "10 purses" in text and "8,000 HS" in text  # his price


def test_roster_counts_a_win_from_a_bout(cast):
    text = cast.client_for("gm").get(reverse("roster", args=[cast.campaign.pk])).content.decode()
    assert "6-1-0" in text  # 5-1 in Rome before the campaign, a win at Capua in it
    assert "0-1-0" in text  # Spartacus lost that bout


def test_roster_marks_the_players_own_school(cast):
    url = reverse("roster", args=[cast.campaign.pk])
    nerva = cast.client_for("nerva").get(url).content.decode()
    section = nerva.split(f'id="school-{cast.school.pk}"')[1].split("</h2>")[0]
    assert "yours" in section
    other = cast.client_for("other").get(url).content.decode()
    section = other.split(f'id="school-{cast.school.pk}"')[1].split("</h2>")[0]
    assert "yours" not in section


def test_roster_is_404_to_an_outsider(cast):
    url = reverse("roster", args=[cast.campaign.pk])
    assert cast.client_for("outsider").get(url).status_code == 404


@pytest.mark.parametrize("who", EVERYONE)
def test_one_schools_roster(cast, who):
    url = reverse("school_roster", args=[cast.campaign.pk, cast.school.pk])
    page = cast.client_for(who).get(url)
    if who == "outsider":
        assert page.status_code == 404
        return
    text = page.content.decode()
    assert page.status_code == 200
    assert "Bithys" in text and "Spartacus" not in text


def test_another_campaigns_school_is_404(cast):
    stranger = factories.LanistaFactory(campaign=cast.other_campaign)
    url = reverse("school_roster", args=[cast.campaign.pk, stranger.pk])
    assert cast.client_for("gm").get(url).status_code == 404


# --- a gladiator's page -------------------------------------------------------------------------


@pytest.mark.parametrize("who", MEMBERS)
def test_gladiator_page_shows_the_public_record(cast, who):
    page = cast.client_for(who).get(_detail(cast))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Bithys" in text
    assert "Resistance</dt><dd>3</dd>" in text  # half Might 3 rounded up, +1 matched kit
    assert "13 Wound Points" in text
    assert "3 Mastery + 1 Boon" in text  # Might 3, Melee 3, the sica's Accurate 1
    assert "Sica, as the Shortsword" in text
    assert "Known" in text  # five wins in Rome
    assert "Cracked Rib" in text and "Average" in text
    assert "10 purses · 8,000 HS" in text
    assert _bout_url(cast) in text
    assert "Bithys v Spartacus" in text


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_owner_and_gm_see_the_orders_and_the_peculium(cast, who):
    text = cast.client_for(who).get(_detail(cast)).content.decode()
    assert "Standing orders" in text
    assert 'name="orders"' in text
    assert f"{BITHYS_PECULIUM:,} HS (4 purses)" in text


def test_another_player_sees_neither_orders_nor_peculium(cast):
    text = cast.client_for("other").get(_detail(cast)).content.decode()
    assert "Standing orders" not in text
    assert 'name="orders"' not in text
    assert "Peculium" not in text
    assert f"{BITHYS_PECULIUM:,}" not in text


def test_another_player_cannot_fetch_the_orders_fragment(cast):
    page = cast.client_for("other").get(_detail(cast) + "?part=orders", HTTP_HX_REQUEST="true")
    assert 'name="orders"' not in page.content.decode()


def test_gladiator_page_is_404_to_an_outsider(cast):
    assert cast.client_for("outsider").get(_detail(cast)).status_code == 404


def test_another_campaigns_gladiator_is_404(cast):
    stranger = factories.GladiatorFactory(campaign=cast.other_campaign)
    assert cast.client_for("gm").get(_detail(cast, stranger)).status_code == 404


def test_a_man_with_no_bouts_and_no_record(cast):
    text = cast.client_for("gm").get(_detail(cast, cast.free_agent)).content.decode()
    assert "He has never fought." in text
    assert "No bouts yet." in text
    assert "Of no school" in text


# --- standing orders ----------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_gm_and_owner_set_the_orders(cast, who):
    client = cast.client_for(who)
    response = client.post(_orders(cast), {"orders": "fight-on"})
    assert response.status_code == 302
    cast.bithys.refresh_from_db()
    assert cast.bithys.orders == "fight-on"
    page = client.get(response.url).content.decode()
    assert ORDERS_SAVED.format(name="Bithys", orders="fight-on").replace("'", "&#x27;") in page


@pytest.mark.parametrize("who", ["other", "outsider"])
def test_nobody_else_can_set_the_orders(cast, who):
    response = cast.client_for(who).post(_orders(cast), {"orders": "never-yield"})
    assert response.status_code == 404
    cast.bithys.refresh_from_db()
    assert cast.bithys.orders == "cautious"


def test_orders_refuse_a_get(cast):
    assert cast.client_for("gm").get(_orders(cast)).status_code == 405


def test_orders_need_the_csrf_token(cast):
    client = Client(enforce_csrf_checks=True)
    client.force_login(cast.nerva)
    assert client.post(_orders(cast), {"orders": "fight-on"}).status_code == 403
    cast.bithys.refresh_from_db()
    assert cast.bithys.orders == "cautious"


def test_unknown_orders_are_refused_and_nothing_changes(cast):
    response = cast.client_for("nerva").post(_orders(cast), {"orders": "run-away"})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    cast.bithys.refresh_from_db()
    assert cast.bithys.orders == "cautious"


def test_orders_of_a_dead_man_show_the_service_message(cast):
    cast.bithys.status = "dead"
    cast.bithys.save()
    response = cast.client_for("gm").post(_orders(cast), {"orders": "fight-on"})
    assert response.status_code == 400
    assert "Bithys is dead; he takes no more orders." in response.content.decode()
    cast.bithys.refresh_from_db()
    assert cast.bithys.orders == "cautious"


def test_orders_by_htmx_swap_only_the_orders_card(cast):
    response = cast.client_for("nerva").post(
        _orders(cast), {"orders": "never-yield"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    text = response.content.decode()
    assert text.lstrip().startswith('<section class="card" id="orders">')
    assert "<html" not in text
    assert "Saved: never-yield." in text
    cast.bithys.refresh_from_db()
    assert cast.bithys.orders == "never-yield"


def test_the_orders_service_refuses_unknown_orders_with_its_message(cast):
    with pytest.raises(OrdersError) as refused:
        gladiator_orders_set(gladiator=cast.bithys, orders="run-away")
    assert str(refused.value) == UNKNOWN_ORDERS.format(
        allowed="cautious, fight-on, never-yield", name="run-away"
    )


# --- only what the rules allow is offered -------------------------------------------------------


def _market_button(cast, man, who="gm") -> str | None:
    html = cast.client_for(who).get(_detail(cast, man)).content.decode()
    for label in ("Sell or free him", "Sell him"):
        if f">{label}</a>" in html:
            return label
    return None


def test_a_slave_of_a_school_may_be_sold_or_freed(cast):
    assert _market_button(cast, cast.bithys) == "Sell or free him"
    assert _market_button(cast, cast.bithys, who="nerva") == "Sell or free him"
    assert _market_button(cast, cast.bithys, who="other") is None  # not his man


@pytest.mark.parametrize(
    ("change", "offer"),
    [
        ({"legal_status": "freedman"}, None),
        ({"status": "freed"}, None),
        ({"status": "dead"}, None),
        ({"legal_status": "auctoratus", "contract_bouts_left": 2}, None),
        ({"legal_status": "condemned"}, "Sell him"),
    ],
)
def test_no_sale_or_freedom_is_offered_that_the_rules_refuse(cast, change, offer):
    man = cast.crixus
    for field, value in change.items():
        setattr(man, field, value)
    man.save()
    assert _market_button(cast, man) == offer


def test_a_charioteer_is_shown_as_a_driver_without_a_lanistas_price(cast):
    driver = factories.GladiatorFactory(
        campaign=cast.campaign,
        owner=cast.school,
        name="Scorpus",
        is_charioteer=True,
        faction="Whites",
    )
    html = cast.client_for("gm").get(_detail(cast, driver)).content.decode()
    assert "the driver of the Whites" in html
    assert "the thraex" not in html and 'id="kit"' not in html and 'id="driving"' in html
    assert "None: the seed prices gladiators by their ratings, not drivers" in html
    roster = cast.client_for("gm").get(reverse("roster", args=[cast.campaign.pk])).content
    row = roster.decode().split("Scorpus</a>", 1)[1].split("</tr>", 1)[0]
    assert "Driver" in row and "Thraex" not in row and "purse" not in row
