"""A book on a Moritari fight (issue 13): a line of every side (a school's men, the beasts)
from the engine's sampled win shares, settled on the side that won; the seed's table refused."""

import pytest

from arena.book.services import (
    SKIRMISH_FIGHTS,
    SKIRMISH_SEED,
    bet_place,
    book_open,
)
from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari.fights import Entrant, fight_add
from arena.services.bouts import bout_fight
from economy import accounts
from economy.models import Book
from economy.services.betting import BettingError
from economy.services.corrections import opening_balance
from tests import factories
from tests.cast import make_campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return make_campaign(ruleset="moritari")


def beasts_v_two(cast):
    return fight_add(
        show=cast.show,
        entrants=[
            Entrant(gladiator=cast.bithys),
            Entrant(gladiator=cast.spartacus),
            Entrant(beast="bull", name="Taurus"),
        ],
    )


def test_the_line_has_a_side_for_each_school_and_the_beasts_priced_by_the_engine(cast):
    bout = beasts_v_two(cast)
    book = book_open(bout=bout, source=Book.Source.ENGINE)
    line = {row["side"]: row for row in book.line}
    assert set(line) == {cast.bithys.pk, cast.spartacus.pk, moritari.BEAST_SIDE_ID}
    run = moritari.fight_odds(
        moritari.public_setup(bout), fights=SKIRMISH_FIGHTS, seed=SKIRMISH_SEED
    )
    assert line[cast.bithys.pk]["chance"] == run.wins.get("Nerva", 0) / run.fights
    assert line[moritari.BEAST_SIDE_ID]["chance"] == run.wins.get("beasts", 0) / run.fights
    assert line[moritari.BEAST_SIDE_ID]["name"].startswith("The beasts (Taurus)")


def test_the_table_line_is_refused_for_a_skirmish(cast):
    with pytest.raises(BettingError, match="engine's odds") as caught:
        book_open(bout=beasts_v_two(cast), source=Book.Source.TABLE)
    assert str(caught.value) == moritari.NO_TABLE


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_book_settles_on_the_side_that_won(cast, seed):
    bout = beasts_v_two(cast)
    book = book_open(bout=bout, source=Book.Source.ENGINE)
    bettor = factories.BettorFactory(campaign=cast.campaign, name="Eros")
    opening_balance(account=accounts.bettor_account(bettor), amount=1_000)
    bet_place(book=book, bettor=bettor, side=moritari.BEAST_SIDE_ID, stake=100)
    bout = bout_fight(bout=bout, seed=seed)
    book.refresh_from_db()
    result = moritari.replay(bout)
    if result.winner is None:
        assert book.status == Book.Status.VOID
    else:
        assert book.status == Book.Status.SETTLED
        want = {
            "Nerva": cast.bithys.pk,
            "Batiatus": cast.spartacus.pk,
            "beasts": moritari.BEAST_SIDE_ID,
        }[result.winner]
        assert book.winning_side == want
