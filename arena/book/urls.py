"""The betting pages of a campaign, under c/<campaign_id>/bets/ (namespace "bets")."""

from django.urls import path

from arena.book import views as bets

app_name = "bets"

urlpatterns = [
    path("", bets.book_list, name="book_list"),
    path("open/", bets.book_open_view, name="book_open"),
    path("with-bouts/", bets.books_with_bouts_view, name="books_with_bouts"),
    path("<int:book_id>/", bets.book_detail, name="book_detail"),
    path("<int:book_id>/bet/", bets.bet_place_view, name="bet_place"),
    path("<int:book_id>/shorten/", bets.book_shorten_view, name="book_shorten"),
    path("<int:book_id>/close/", bets.book_close_view, name="book_close"),
]
