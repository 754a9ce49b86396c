"""The book: opening a line, taking stakes, settling in one transaction, voiding (BETS)."""

import pytest
from django.db.models import Sum

from arena.book import services as b
from arena.models import Bout
from arena.rulesets.era.adapter import exact_engine, public_setup
from economy import accounts
from economy.models import Account, Bet, Book, Entry, Transaction
from economy.services import betting
from tests.arena.book.cast import balance, fund
from tests.factories import BettorFactory, BoutFactory, GladiatorFactory


def _over(bout, winner=None):
    """The bout service's part, done by hand: the bout is over with this winner (or none)."""
    bout.status = Bout.Status.DONE
    bout.end_reason = Bout.EndReason.SECOND_INJURY if winner else Bout.EndReason.DRAW
    bout.save()
    for entry in bout.entries.all():
        if winner is None:
            entry.result = "drew"
        else:
            entry.result = "won" if entry.gladiator == winner else "lost"
        entry.save()


# --- opening ------------------------------------------------------------------------------


def test_the_table_line_puts_bithys_at_4_to_3_on(bout, bithys, murmillo):
    book = b.book_open(bout=bout, source=Book.Source.TABLE)
    sides = {side.id: side for side in betting.book_sides(book)}
    assert sides[bithys.pk].odds.label() == "4 to 3 on"
    assert sides[murmillo.pk].odds.label() == "4 to 3 against"
    assert sides[bithys.pk].chance == pytest.approx(0.57)
    assert book.account.kind == Account.Kind.BOOK
    assert book.status == Book.Status.OPEN
    assert "One Melee rank better" in book.basis
    assert balance(book.account) == 0


def test_a_second_book_on_the_same_bout_is_refused(bout):
    b.book_open(bout=bout)
    with pytest.raises(betting.BettingError) as raised:
        b.book_open(bout=bout)
    assert str(raised.value) == betting.BOOK_EXISTS.format(event=f"The bout {bout}")


def test_a_book_needs_exactly_one_event(bout):
    with pytest.raises(betting.BettingError, match="one bout or one race"):
        b.book_open()


def test_no_book_opens_on_a_bout_already_fought(bout):
    bout.status = Bout.Status.FIGHTING
    bout.save()
    with pytest.raises(betting.BettingError) as raised:
        b.book_open(bout=bout)
    assert str(raised.value) == b.EVENT_BEGUN.format(event=f"The bout {bout}")


def test_a_match_outside_the_table_is_refused_from_the_table(forum_munus, campaign):
    strong = GladiatorFactory(campaign=campaign, melee=5)
    weak = GladiatorFactory(campaign=campaign, melee=1)
    bout = BoutFactory(show=forum_munus, fighter_a=strong, fighter_b=weak)
    with pytest.raises(betting.BettingError, match="no row for"):
        b.book_open(bout=bout, source=Book.Source.TABLE)
    assert not Book.objects.exists()
    assert not Account.objects.filter(kind=Account.Kind.BOOK).exists()


def test_the_book_explains_the_pairing_it_prices(forum_munus, campaign):
    # Issue 27: a Samnite v a Gaul was explained as "a Samnite against a thraex".
    tetraites = GladiatorFactory(campaign=campaign, name="Tetraites", armatura="samnite")
    dumnorix = GladiatorFactory(campaign=campaign, name="Dumnorix", armatura="gaul")
    bout = BoutFactory(show=forum_munus, fighter_a=dumnorix, fighter_b=tetraites)
    book = b.book_open(bout=bout, source=Book.Source.TABLE)
    assert book.basis == (
        "The seed's table: Heavier armor, equal skill: Tetraites (Samnite, Melee 2) against "
        "Dumnorix (Gaul, Melee 2) (60 in 100)"
    )


def test_the_gm_shortens_a_popular_fighter(bout, bithys, murmillo):
    book = b.book_open(bout=bout, shorten_steps={bithys.pk: 1})
    assert betting.book_side(book, bithys.pk).odds.label() == "3 to 2 on"
    assert betting.book_side(book, murmillo.pk).odds.label() == "4 to 3 against"
    book = betting.book_shorten(book=book, side=murmillo.pk, steps=1)
    assert betting.book_side(book, murmillo.pk).odds.label() == "6 to 5 against"


def test_a_bet_keeps_the_price_it_was_taken_at(bout, bithys, eros):
    book = b.book_open(bout=bout)
    bet = b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    betting.book_shorten(book=book, side=bithys.pk, steps=2)
    bet.refresh_from_db()
    assert bet.odds_label == "4 to 3 on"


# --- the seed's example: Eros backs the Thracian ------------------------------------------


def test_eros_stakes_400_at_4_to_3_on_and_collects_700(bout, bithys, eros):
    book = b.book_open(bout=bout, source=Book.Source.TABLE)
    purse = accounts.bettor_account(eros)
    bet = b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    assert (bet.odds_numerator, bet.odds_denominator, bet.odds_on) == (4, 3, True)
    assert bet.winnings == 300
    assert bet.day == 10
    assert balance(purse) == 600
    assert balance(book.account) == 400
    assert list(bet.transaction.entries.values_list("account_id", "amount")) == [
        (purse.pk, -400),
        (book.account.pk, 400),
    ]
    _over(bout, winner=bithys)
    book = b.book_settle(book=book)
    collected = Entry.objects.get(transaction=book.settlement, account=purse).amount
    assert collected == 700
    assert balance(purse) == 1_300
    assert balance(book.account) == 0
    # The bookmaker pays the 300 won beyond the stakes.
    assert balance(accounts.bookmaker(book.campaign)) == -300
    bet.refresh_from_db()
    assert bet.outcome == "won" and bet.returned == 700
    assert bet.settlement == book.settlement


def test_if_the_murmillo_had_won_the_bookmaker_keeps_the_400(bout, bithys, murmillo, eros):
    book = b.book_open(bout=bout)
    bet = b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    _over(bout, winner=murmillo)
    book = b.book_settle(book=book)
    assert balance(accounts.bettor_account(eros)) == 600
    assert balance(accounts.bookmaker(book.campaign)) == 400
    bet.refresh_from_db()
    assert bet.outcome == "lost" and bet.returned == 0


# --- settlement --------------------------------------------------------------------------


def test_settlement_is_one_balanced_transaction(bout, bithys, murmillo, eros, lucius, campaign):
    third = BettorFactory(campaign=campaign, name="Third")
    fund(accounts.bettor_account(third), 500)
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)  # wins 300
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=100)  # wins 75
    b.bet_place(book=book, bettor=lucius, side=murmillo.pk, stake=300)  # loses
    b.bet_place(book=book, bettor=third, side=murmillo.pk, stake=500)  # loses
    before = Transaction.objects.count()
    _over(bout, winner=bithys)
    book = b.book_settle(book=book)
    assert Transaction.objects.count() == before + 1
    settlement = book.settlement
    assert settlement.cause == Transaction.Cause.SETTLEMENT
    assert settlement.event == bout
    assert settlement.entries.aggregate(total=Sum("amount"))["total"] == 0
    amounts = dict(
        settlement.entries.values("account")
        .annotate(total=Sum("amount"))
        .values_list("account", "total")
    )
    assert amounts[book.account.pk] == -1_300
    assert amounts[accounts.bettor_account(eros).pk] == 700 + 175
    assert amounts[accounts.bookmaker(campaign).pk] == 1_300 - 875
    assert accounts.bettor_account(lucius).pk not in amounts
    assert set(Bet.objects.values_list("settlement", flat=True)) == {settlement.pk}
    assert book.status == Book.Status.SETTLED and book.closed_day == 10


def test_a_book_with_no_bets_settles_without_money(bout, bithys):
    book = b.book_open(bout=bout)
    _over(bout, winner=bithys)
    before = Transaction.objects.count()
    book = b.book_settle(book=book)
    assert book.status == Book.Status.SETTLED and book.settlement is None
    assert Transaction.objects.count() == before


def test_a_book_settles_once(bout, bithys, eros):
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    _over(bout, winner=bithys)
    b.book_settle(book=book)
    with pytest.raises(betting.BettingError) as raised:
        b.book_settle(book=book)
    assert str(raised.value) == betting.BOOK_NOT_OPEN.format(status="settled")
    assert balance(accounts.bettor_account(eros)) == 1_300
    # The close hook is idempotent: it returns the settled book and moves nothing.
    assert b.bout_book_close(bout=bout).status == Book.Status.SETTLED
    assert balance(accounts.bettor_account(eros)) == 1_300


def test_no_settlement_before_there_is_a_winner(bout, bithys, eros):
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    with pytest.raises(betting.BettingError) as raised:
        b.book_settle(book=book)
    assert str(raised.value) == b.NO_WINNER.format(event=f"The bout {bout}")
    assert balance(accounts.bettor_account(eros)) == 600


# --- void --------------------------------------------------------------------------------


def test_a_void_book_returns_every_stake(bout, bithys, murmillo, eros, lucius):
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    b.bet_place(book=book, bettor=eros, side=murmillo.pk, stake=150)
    b.bet_place(book=book, bettor=lucius, side=murmillo.pk, stake=1_000)
    _over(bout, winner=None)  # they stood apart: no winner
    book = b.bout_book_close(bout=bout)
    assert book.status == Book.Status.VOID
    assert balance(accounts.bettor_account(eros)) == 1_000
    assert balance(accounts.bettor_account(lucius)) == 1_000
    assert balance(book.account) == 0
    assert balance(accounts.bookmaker(book.campaign)) == 0
    assert book.settlement.entries.aggregate(total=Sum("amount"))["total"] == 0
    assert {bet.outcome for bet in book.bets.all()} == {"void"}
    assert [bet.returned for bet in book.bets.order_by("pk")] == [400, 150, 1_000]


def test_bets_are_refused_once_the_book_is_closed(bout, bithys, eros):
    book = b.book_open(bout=bout)
    betting.book_void(book=book, reason="cancelled")
    with pytest.raises(betting.BettingError) as raised:
        b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=100)
    assert str(raised.value) == betting.BOOK_NOT_OPEN.format(status="void (every stake returned)")


# --- refusals ----------------------------------------------------------------------------


def test_a_stake_above_the_balance_is_refused_and_nothing_changes(bout, bithys, eros):
    book = b.book_open(bout=bout)
    purse = accounts.bettor_account(eros)
    before = (Transaction.objects.count(), Entry.objects.count(), Bet.objects.count())
    with pytest.raises(betting.BettingError) as raised:
        b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=1_001)
    assert str(raised.value) == betting.STAKE_ABOVE_BALANCE.format(
        bettor="Eros", balance=1_000, stake=1_001
    )
    assert str(raised.value) == "Eros has 1,000 sesterces and cannot stake 1,001."
    assert (Transaction.objects.count(), Entry.objects.count(), Bet.objects.count()) == before
    assert balance(purse) == 1_000
    assert balance(book.account) == 0


def test_the_whole_balance_can_be_staked(bout, bithys, eros):
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=1_000)
    assert balance(accounts.bettor_account(eros)) == 0


@pytest.mark.parametrize("stake", [0, -100, 2.5])
def test_a_stake_must_be_whole_and_positive(bout, bithys, eros, stake):
    book = b.book_open(bout=bout)
    with pytest.raises(betting.BettingError, match="whole number of sesterces"):
        b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=stake)


def test_a_side_not_in_the_book_is_refused(bout, eros, campaign):
    book = b.book_open(bout=bout)
    stranger = GladiatorFactory(campaign=campaign)
    with pytest.raises(betting.BettingError) as raised:
        b.bet_place(book=book, bettor=eros, side=stranger.pk, stake=100)
    assert str(raised.value) == betting.UNKNOWN_SIDE.format(side=stranger.pk)


def test_no_bets_once_the_bout_has_begun(bout, bithys, eros):
    book = b.book_open(bout=bout)
    bout.status = Bout.Status.FIGHTING
    bout.save()
    with pytest.raises(betting.BettingError) as raised:
        b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=100)
    assert str(raised.value) == b.EVENT_BEGUN.format(event=f"The bout {bout}")


def test_a_bettor_of_another_campaign_is_refused(bout, bithys):
    stranger = BettorFactory()
    fund(accounts.bettor_account(stranger), 500)
    book = b.book_open(bout=bout)
    with pytest.raises(betting.BettingError, match="another campaign"):
        b.bet_place(book=book, bettor=stranger, side=bithys.pk, stake=100)


def test_the_same_key_places_one_bet(bout, bithys, eros):
    book = b.book_open(bout=bout)
    first = b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=300, idempotency_key="k1")
    again = b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=300, idempotency_key="k1")
    assert first.pk == again.pk
    assert Bet.objects.count() == 1
    assert balance(accounts.bettor_account(eros)) == 700


def test_money_tampered_into_the_book_stops_settlement(bout, bithys, eros):
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=100)
    fund(book.account, 50)
    _over(bout, winner=bithys)
    with pytest.raises(betting.BettingError) as raised:
        b.book_settle(book=book)
    assert str(raised.value) == betting.BOOK_TAMPERED.format(held=150, staked=100)


# --- the engine's line for a bout ----------------------------------------------------------


def test_the_engines_line_for_bithys_and_the_murmillo(bout, bithys, murmillo):
    # Neither is Known in Rome, so both start at Crowd Favor 2 under cautious orders: the
    # seed's 57 in 100 for the better man (BETS), which the book cries as 4 to 3 on. The
    # chance is the exact chain's, the same as `bout_odds --method exact` gives.
    book = b.book_open(bout=bout, source=Book.Source.ENGINE)
    side = betting.book_side(book, bithys.pk)
    exact = exact_engine.exact_odds(public_setup(bout))
    assert side.chance == pytest.approx(exact.a_wins, abs=1e-12)
    assert side.chance == pytest.approx(0.57, abs=0.01)
    assert side.odds.label() == "4 to 3 on"
    assert betting.book_side(book, murmillo.pk).odds.label() == "4 to 3 against"
    assert book.basis == "The engine: exact odds, both men cautious"
    # The same matchup prices the same line.
    again = BoutFactory(show=bout.show, fighter_a=bithys, fighter_b=murmillo)
    other = b.book_open(bout=again, source=Book.Source.ENGINE)
    assert other.line == book.line


def test_the_public_line_never_moves_with_the_mens_private_orders(bout):
    """Fighting on wins Bithys more bouts than caution (the engine says so), but his orders
    are his owner's secret: the line the stands see is the same whatever they are."""
    from arena.rulesets.era.adapter import bout_odds, bout_setup

    public = b.bout_engine_chances(bout)
    bout.entries.filter(side="a").update(orders={"name": "fight-on"})
    bout.entries.filter(side="b").update(orders={"name": "never-yield"})
    private = bout_odds(bout_setup(bout=bout), bouts=400, seed=3)
    assert (private.a_wins / private.bouts, private.b_wins / private.bouts) != public[:2]
    assert b.bout_engine_chances(bout) == public
    bout.entries.filter(side="a").update(orders={"name": "cautious", "ask": ["fight_on"]})
    book = b.book_open(bout=bout, source=Book.Source.ENGINE)
    assert "both men cautious" in book.basis  # orders that ask the GM cannot stop it either


# --- with the bout service ------------------------------------------------------------------


def test_the_close_hook_settles_a_bout_fought_by_the_bout_service(bout, bithys, murmillo, eros):
    from arena.services.bouts import bout_fight

    fund(accounts.purse(bout.show.editor), 20_000)  # the winner's purse, if it is paid
    book = b.book_open(bout=bout)
    b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=400)
    bout = bout_fight(bout=bout, seed=8, auto_decide=False)
    assert bout.status in (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE)
    book = b.bout_book_close(bout=bout)
    purse = accounts.bettor_account(eros)
    if bout.winner == bithys:
        assert book.status == Book.Status.SETTLED and balance(purse) == 1_300
    elif bout.winner == murmillo:
        assert book.status == Book.Status.SETTLED and balance(purse) == 600
    else:
        assert book.status == Book.Status.VOID and balance(purse) == 1_000


def test_a_bet_is_taken_only_at_the_price_its_bettor_saw(bout, bithys, eros):
    """Issue 27: the line shortened from 4 to 3 on to 3 to 2 on; a bet sent for the old price
    is refused naming the new one, and nothing moves; sent for the new price, it is taken."""
    book = b.book_open(bout=bout)
    saw = betting.book_side(book, bithys.pk).odds
    betting.book_shorten(book=book, side=bithys.pk, steps=1)
    now = betting.book_side(Book.objects.get(pk=book.pk), bithys.pk).odds
    before = balance(accounts.bettor_account(eros))
    with pytest.raises(betting.PriceMoved) as refused:
        b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=100, seen=saw)
    assert str(refused.value) == betting.PRICE_MOVED.format(side="Bithys", now=now, seen=saw)
    assert not Bet.objects.filter(book=book).exists()
    assert balance(accounts.bettor_account(eros)) == before
    bet = b.bet_place(book=book, bettor=eros, side=bithys.pk, stake=100, seen=now)
    assert (bet.odds_numerator, bet.odds_denominator, bet.odds_on) == (
        now.numerator,
        now.denominator,
        now.on,
    )
