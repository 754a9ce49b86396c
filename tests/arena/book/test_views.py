"""The betting pages for the GM, the bettor's player, another player and an outsider.

A player sees only his own bets; the GM sees every bet and keeps the books; an outsider gets
404 for everything (he cannot learn the campaign exists).
"""

import html
import re

import pytest
from django.urls import reverse

from arena.book import services as b
from arena.book.forms import LINE_BAD, PRICES_BAD
from arena.models import Bout
from economy import accounts
from economy.models import Bet, Book
from economy.services import betting
from tests.arena.book.cast import balance


@pytest.fixture
def book(bout, bithys, murmillo, eros, lucius):
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    b.bet_place(book=book, bettor=lucius, side=murmillo.pk, stake=250)
    return book


def _as(client, user):
    client.force_login(user)
    return client


def _detail(book):
    return reverse("bets:book_detail", args=[book.campaign_id, book.pk])


def _place(book):
    return reverse("bets:bet_place", args=[book.campaign_id, book.pk])


# --- reading ------------------------------------------------------------------------------


def test_the_gm_sees_every_bet_and_the_books_exposure(client, gm, book):
    page = _as(client, gm).get(_detail(book))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Eros" in html and "Lucius" in html
    assert "4 to 3 on" in html and "4 to 3 against" in html
    assert "Owed if he wins" in html
    assert "700 HS" in html  # owed on Bithys: Eros's 400 and 300


def test_the_bettors_player_sees_only_his_own_bets(client, eros_player, book):
    page = _as(client, eros_player).get(_detail(book))
    assert page.status_code == 200
    bets = list(page.context["bets"])
    assert [bet.bettor.name for bet in bets] == ["Eros"]
    html = page.content.decode()
    assert "Lucius" not in html
    assert "Owed if he wins" not in html
    assert "4 to 3 on" in html  # the line is public


def test_another_player_sees_his_own_bets_not_eros(client, other_player, book):
    page = _as(client, other_player).get(_detail(book))
    assert page.status_code == 200
    assert [bet.bettor.name for bet in page.context["bets"]] == ["Lucius"]
    assert "Eros" not in page.content.decode()


def test_a_player_without_a_bettor_sees_the_line_and_no_bets(client, campaign, book):
    from ludus.models import Membership
    from tests.factories import MembershipFactory, UserFactory

    user = UserFactory(username="spectator")
    MembershipFactory(campaign=campaign, user=user, role=Membership.Role.PLAYER)
    page = _as(client, user).get(_detail(book))
    assert page.status_code == 200
    assert list(page.context["bets"]) == []
    assert page.context["bet_form"] is None
    assert "4 to 3 on" in page.content.decode()


def test_the_book_list_shows_a_player_only_his_bets(client, eros_player, gm, book):
    url = reverse("bets:book_list", args=[book.campaign_id])
    page = _as(client, eros_player).get(url)
    assert page.status_code == 200
    assert [bet.bettor.name for bet in page.context["my_bets"]] == ["Eros"]
    assert page.context["open_form"] is None
    page = _as(client, gm).get(url)
    assert {bet.bettor.name for bet in page.context["my_bets"]} == {"Eros", "Lucius"}


@pytest.mark.parametrize("name", ["bets:book_list", "bets:book_detail"])
def test_an_outsider_gets_404(client, outsider, book, name):
    args = [book.campaign_id] if name == "bets:book_list" else [book.campaign_id, book.pk]
    assert _as(client, outsider).get(reverse(name, args=args)).status_code == 404


def test_anonymous_is_sent_to_log_in(client, book):
    page = client.get(_detail(book))
    assert page.status_code == 302 and "login" in page["Location"]


def test_a_book_of_another_campaign_is_404(client, gm, book):
    from tests.factories import MembershipFactory

    other = MembershipFactory(user=gm, role="gm").campaign
    url = reverse("bets:book_detail", args=[other.pk, book.pk])
    assert _as(client, gm).get(url).status_code == 404


# --- placing a bet ------------------------------------------------------------------------


def test_the_bettors_player_places_a_bet(client, eros_player, eros, book, bithys):
    data = {"bettor": eros.pk, "side": bithys.pk, "stake": 100, "key": "abc"}
    page = _as(client, eros_player).post(_place(book), data)
    assert page.status_code == 302
    assert balance(accounts.bettor_account(eros)) == 1_000 - 400 - 100
    # The same form sent twice (a double click) writes once.
    _as(client, eros_player).post(_place(book), data)
    assert Bet.objects.filter(bettor=eros).count() == 2
    assert balance(accounts.bettor_account(eros)) == 500


def test_a_player_cannot_bet_as_another_players_bettor(client, other_player, eros, book, bithys):
    data = {"bettor": eros.pk, "side": bithys.pk, "stake": 100, "key": "k"}
    page = _as(client, other_player).post(_place(book), data)
    assert page.status_code == 400
    assert balance(accounts.bettor_account(eros)) == 600


def test_a_stake_above_the_balance_shows_the_message_and_changes_nothing(
    client, eros_player, eros, book, bithys
):
    before = Bet.objects.count()
    data = {"bettor": eros.pk, "side": bithys.pk, "stake": 601, "key": "k2"}
    page = _as(client, eros_player).post(_place(book), data, HTTP_HX_REQUEST="true")
    assert page.status_code == 400
    message = betting.STAKE_ABOVE_BALANCE.format(bettor="Eros", balance=600, stake=601)
    assert message in page.content.decode()
    assert 'id="book-page"' in page.content.decode()
    assert "<html" not in page.content.decode()  # the htmx partial, not the page
    assert Bet.objects.count() == before
    assert balance(accounts.bettor_account(eros)) == 600


def test_the_gm_bets_for_any_bettor(client, gm, lucius, book, bithys):
    data = {"bettor": lucius.pk, "side": bithys.pk, "stake": 50, "key": "gm1"}
    assert _as(client, gm).post(_place(book), data).status_code == 302
    assert Bet.objects.filter(bettor=lucius, fighter=bithys, stake=50).exists()


def test_an_outsider_cannot_bet(client, outsider, eros, book, bithys):
    data = {"bettor": eros.pk, "side": bithys.pk, "stake": 10, "key": "o"}
    assert _as(client, outsider).post(_place(book), data).status_code == 404


def test_placing_a_bet_is_post_only(client, eros_player, book):
    assert _as(client, eros_player).get(_place(book)).status_code == 405


# --- the GM keeps the books ---------------------------------------------------------------


def test_only_the_gm_opens_a_book(client, gm, eros_player, campaign, forum_munus):
    from tests.factories import BoutFactory

    bout = BoutFactory(show=forum_munus)
    url = reverse("bets:book_open", args=[campaign.pk])
    data = {"event": f"bout:{bout.pk}", "source": "table"}
    assert _as(client, eros_player).post(url, data).status_code == 404
    assert not Book.objects.filter(bout=bout).exists()
    page = _as(client, gm).post(url, data)
    assert page.status_code == 302
    assert Book.objects.filter(bout=bout, source="table").exists()


def test_only_the_gm_shortens(client, gm, eros_player, book, bithys):
    url = reverse("bets:book_shorten", args=[book.campaign_id, book.pk])
    data = {"side": bithys.pk, "steps": 1}
    assert _as(client, eros_player).post(url, data).status_code == 404
    assert _as(client, gm).post(url, data).status_code == 302
    assert betting.book_side(Book.objects.get(pk=book.pk), bithys.pk).odds.label() == "3 to 2 on"


def test_a_shorten_sent_twice_from_one_page_shortens_once(client, gm, book, bithys):
    """The shorten form carries the line it was drawn for (issue 10): the second click of a
    double click meets a line that has moved, and is "already done"."""
    page = _as(client, gm).get(_detail(book)).content.decode()
    drawn = betting.line_mark(book)
    assert f'name="line" value="{drawn}"' in page
    url = reverse("bets:book_shorten", args=[book.campaign_id, book.pk])
    data = {"side": bithys.pk, "steps": 1, "line": drawn}
    assert client.post(url, data).status_code == 302
    again = client.post(url, data, follow=True)
    assert betting.LINE_DONE in again.content.decode()
    assert betting.book_side(Book.objects.get(pk=book.pk), bithys.pk).odds.label() == "3 to 2 on"
    damaged = client.post(url, data | {"line": "not-a-line"}, follow=True)
    assert LINE_BAD in damaged.content.decode()


def _form_prices(page: str) -> str:
    found = re.search(r'name="prices" value="([^"]*)"', page)
    assert found is not None, "the bet form carries the prices it shows"
    return html.unescape(found.group(1))


def test_a_bet_from_a_stale_tab_is_refused_with_the_new_price(
    client, gm, eros_player, eros, book, bithys
):
    """Issue 27: a line shortened while a bettor's tab was open; his bet is not taken at the
    new price he never saw. The refusal names the new price, and the form drawn again carries
    it, so a second click bets at the price now shown."""
    tab = _as(client, eros_player).get(_detail(book)).content.decode()
    seen = _form_prices(tab)
    old_price = betting.book_side(book, bithys.pk).odds.label()
    betting.book_shorten(book=book, side=bithys.pk, steps=1)
    new_price = betting.book_side(Book.objects.get(pk=book.pk), bithys.pk).odds.label()
    assert new_price != old_price
    data = {"bettor": eros.pk, "side": bithys.pk, "stake": 100, "key": "stale", "prices": seen}
    refused = _as(client, eros_player).post(_place(book), data)
    assert refused.status_code == 409
    page = html.unescape(refused.content.decode())
    assert betting.PRICE_MOVED.format(side="Bithys", now=new_price, seen=old_price) in page
    assert Bet.objects.filter(bettor=eros).count() == 1  # only the fixture's
    assert balance(accounts.bettor_account(eros)) == 600
    # The form drawn again shows and carries the line as it is: sent again, it is taken.
    again = data | {"key": "fresh", "prices": _form_prices(refused.content.decode())}
    assert client.post(_place(book), again).status_code == 302
    bet = Bet.objects.filter(bettor=eros).latest("pk")
    assert bet.odds_label == new_price


def test_a_bet_at_the_price_shown_on_another_side_is_taken(
    client, eros_player, eros, book, bithys, murmillo
):
    tab = _as(client, eros_player).get(_detail(book)).content.decode()
    seen = _form_prices(tab)
    betting.book_shorten(book=book, side=bithys.pk, steps=1)  # the other side moved
    data = {"bettor": eros.pk, "side": murmillo.pk, "stake": 50, "key": "k2", "prices": seen}
    assert client.post(_place(book), data).status_code == 302


def test_damaged_prices_are_refused_naming_the_field(client, eros_player, eros, book, bithys):
    data = {"bettor": eros.pk, "side": bithys.pk, "stake": 50, "key": "k3", "prices": "1:²:1:0"}
    page = _as(client, eros_player).post(_place(book), data)
    assert page.status_code == 400
    assert PRICES_BAD in html.unescape(page.content.decode())


def test_no_bet_form_on_a_book_whose_bout_has_begun(client, eros_player, book, bout):
    assert 'id="bet-form"' in _as(client, eros_player).get(_detail(book)).content.decode()
    Bout.objects.filter(pk=bout.pk).update(status=Bout.Status.FIGHTING)
    page = client.get(_detail(book)).content.decode()
    assert 'id="bet-form"' not in page
    assert "The bout has begun: the book takes no more bets." in page


def test_only_the_gm_closes_a_book(client, gm, eros_player, other_player, book, bout, bithys):
    url = reverse("bets:book_close", args=[book.campaign_id, book.pk])
    Bout.objects.filter(pk=bout.pk).update(status=Bout.Status.DONE)
    bout.entries.filter(gladiator=bithys).update(result="won")
    for player in (eros_player, other_player):
        assert _as(client, player).post(url, {"action": "settle"}).status_code == 404
    assert Book.objects.get(pk=book.pk).status == Book.Status.OPEN
    assert _as(client, gm).post(url, {"action": "settle"}).status_code == 302
    assert Book.objects.get(pk=book.pk).status == Book.Status.SETTLED
    page = _as(client, eros_player).get(_detail(book))
    assert "collected 700 HS" in page.content.decode()


def test_the_gm_voids_a_book(client, gm, book, eros, lucius):
    url = reverse("bets:book_close", args=[book.campaign_id, book.pk])
    assert _as(client, gm).post(url, {"action": "void", "reason": "rain"}).status_code == 302
    assert Book.objects.get(pk=book.pk).status == Book.Status.VOID
    assert balance(accounts.bettor_account(eros)) == 1_000
    assert balance(accounts.bettor_account(lucius)) == 1_000
    # Nothing is owed on a void book: its page offers no owed nor bookmaker's columns.
    html = client.get(_detail(book)).content.decode()
    assert "Owed if he wins" not in html and "Bookmaker" not in html
    assert 'id="book-void"' in html and "every stake was returned" in html
