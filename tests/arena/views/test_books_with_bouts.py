"""Issue 27: a bout put on a card had no book, so the players had nothing to bet on until the
GM opened one. Its book now opens with it (arena.book.services.book_open_with), as the
campaign's setting says (`Campaign.books_open_with_bouts`, on by default; the GM turns it
off and on from the bets page)."""

import pytest

from economy.models import Book
from ludus.models import Campaign
from tests.cast import build_cast, make_campaign

pytestmark = pytest.mark.django_db


def _add_pair(cast, a, b):
    return cast.client_for("gm").post(
        f"/c/{cast.campaign.pk}/arena/shows/{cast.show.pk}/bouts/",
        {"fighter_a": a.pk, "fighter_b": b.pk, "kind": "single", "first": "random"},
        follow=True,
    )


def _set(cast, who: str, opened: bool):
    return cast.client_for(who).post(
        f"/c/{cast.campaign.pk}/bets/with-bouts/", {"opened": "yes" if opened else "no"}
    )


def test_a_new_campaign_opens_books_with_bouts():
    assert Campaign().books_open_with_bouts is True


@pytest.mark.parametrize(
    ("a", "b", "source"),
    [
        ("bithys", "crixus", Book.Source.TABLE),  # the seed's table prices them
        ("bithys", "spartacus", Book.Source.ENGINE),  # outside the table: the engine's line
    ],
)
def test_a_pair_added_to_the_card_comes_with_its_book(a, b, source):
    cast = build_cast()
    page = _add_pair(cast, getattr(cast, a), getattr(cast, b))
    bout = cast.show.bouts.get()
    book = bout.books.get()
    assert (book.status, book.source) == (Book.Status.OPEN, source)
    assert f"Its book is open: {book}." in page.content.decode()
    # The players see it on the bets page.
    bets = cast.client_for("nerva").get(f"/c/{cast.campaign.pk}/bets/").content.decode()
    assert f"/bets/{book.pk}/" in bets


def test_with_the_setting_off_the_gm_opens_books_by_hand():
    cast = build_cast()
    assert _set(cast, "nerva", False).status_code == 404  # the GM's setting
    assert _set(cast, "gm", False).status_code == 302
    assert Campaign.objects.get(pk=cast.campaign.pk).books_open_with_bouts is False
    _add_pair(cast, cast.bithys, cast.spartacus)
    assert not cast.show.bouts.get().books.exists()
    _set(cast, "gm", True)
    _add_pair(cast, cast.crixus, cast.free_agent)  # refused: Verus is for sale
    assert cast.show.bouts.count() == 1


def test_a_moritari_fight_added_comes_with_its_book_on_the_engines_line():
    cast = make_campaign(ruleset="moritari")
    cast.client_for("gm").post(
        f"/c/{cast.campaign.pk}/arena/shows/{cast.show.pk}/fights/",
        {"man_1": cast.bithys.pk, "man_2": cast.spartacus.pk, "hire": ""},
    )
    book = cast.show.bouts.get().books.get()
    assert book.source == Book.Source.ENGINE
