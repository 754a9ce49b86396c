"""Books and bets in the admin: visible, never writable there (money moves by the service)."""

from django.contrib import admin
from django.urls import reverse

from arena.book import services as b
from economy.models import Bet, Book


def test_books_and_bets_are_registered_read_only(rf, admin_user):
    request = rf.get("/")
    request.user = admin_user
    for model in (Book, Bet):
        model_admin = admin.site._registry[model]
        assert not model_admin.has_add_permission(request)
        assert not model_admin.has_change_permission(request)
        assert not model_admin.has_delete_permission(request)


def test_the_admin_pages_show_a_book_and_its_bets(admin_client, bout, bithys, eros):
    book = b.book_open(bout=bout)
    bet = b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    page = admin_client.get(reverse("admin:economy_book_changelist"))
    assert page.status_code == 200
    assert "Book on Bithys v The murmillo" in page.content.decode()
    for url in (
        reverse("admin:economy_book_change", args=[book.pk]),
        reverse("admin:economy_bet_changelist"),
        reverse("admin:economy_bet_change", args=[bet.pk]),
    ):
        page = admin_client.get(url)
        assert page.status_code == 200, url
        assert "4 to 3 on" in page.content.decode(), url
