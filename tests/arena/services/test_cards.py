"""Who is on which card (issue 10): a man is in one unfinished bout or race at a time, and a
man who dies, is freed or changes hands leaves every card and field he had not fought out."""

import pytest

from arena.book import services as book_services
from arena.errors import BoutError
from arena.models import Bout, Race
from arena.services import cards
from arena.services.bouts import bout_fight
from arena.services.cards import CardError
from arena.services.shows import ShowError, bout_add, bout_replace
from economy import accounts
from economy.ledger import account_balance
from economy.models import Book
from economy.services import betting
from economy.services.corrections import opening_balance
from economy.services.freedom import manumission
from economy.services.trade import gladiator_sell
from ludus.models import Gladiator
from ludus.services.recovery import campaign_advance_day
from tests import factories


def test_a_man_is_on_one_unfinished_card_at_a_time(cast):
    later = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, day=9)
    other = factories.GladiatorFactory(campaign=cast.campaign, armatura="murmillo")
    with pytest.raises(CardError, match="Bithys is already on the card of"):
        bout_add(show=later, fighter_a=cast.bithys, fighter_b=other)
    assert not later.bouts.exists()


def test_once_his_bout_is_done_he_may_go_on_another_card(cast, find_seed):
    bout_fight(bout=cast.bout, seed=find_seed(cast.bout, lambda s, r: str(r.winner) == "a"))
    Bout.objects.filter(pk=cast.bout.pk).update(status=Bout.Status.DONE)
    later = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, day=9)
    other = factories.GladiatorFactory(campaign=cast.campaign, armatura="murmillo")
    assert bout_add(show=later, fighter_a=cast.bithys, fighter_b=other).status == "planned"


def _book_with_a_bet(cast):
    book = book_services.book_open(bout=cast.bout, source=Book.Source.TABLE)
    bettor = factories.BettorFactory(campaign=cast.campaign)
    opening_balance(account=accounts.bettor_account(bettor), amount=1_000)
    side = betting.book_sides(book)[0].id
    book_services.bet_place(book=book, bettor=bettor, side=side, stake=300)
    return book, bettor


def test_a_man_sold_off_the_card_leaves_it_the_bout_void_and_the_stakes_returned(cast):
    book, bettor = _book_with_a_bet(cast)
    opening_balance(account=accounts.chest(cast.rival), amount=50_000)
    gladiator_sell(gladiator=cast.bithys, buyer=cast.rival)
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.VOID and "Bithys changed hands" in cast.bout.void_reason
    book.refresh_from_db()
    assert book.status == Book.Status.VOID
    assert account_balance(accounts.bettor_account(bettor)) == 1_000
    with pytest.raises(BoutError, match="cannot be fought again"):
        bout_fight(bout=cast.bout, seed=1)


def test_a_man_freed_off_the_card_leaves_it(cast):
    cast.bithys.legal_status = Gladiator.LegalStatus.SLAVE
    cast.bithys.save()
    opening_balance(account=accounts.peculium(cast.bithys), amount=100_000)
    manumission(gladiator=cast.bithys)
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.VOID and "Bithys was freed" in cast.bout.void_reason


def test_a_man_who_dies_of_his_wounds_overnight_leaves_the_card(cast):
    factories.InjuryFactory(gladiator=cast.rufus, name="Bleeding Out", day_taken=cast.campaign.day)
    report = campaign_advance_day(campaign=cast.campaign)
    assert "Rufus" in report.died
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.VOID and "Rufus died" in cast.bout.void_reason


def test_a_dead_man_fights_no_further_round(cast):
    """Status is checked at every round, not only the first."""
    bout = bout_fight(bout=cast.bout, seed=3, rounds=1, auto_decide=False)
    assert bout.status == Bout.Status.FIGHTING
    Gladiator.objects.filter(pk=cast.rufus.pk).update(status=Gladiator.Status.DEAD)
    with pytest.raises(BoutError, match="Rufus is dead and cannot fight"):
        bout_fight(bout=bout, rounds=1)
    bout.refresh_from_db()
    assert bout.rounds == 1


def test_a_bout_fought_out_is_not_made_void(cast):
    bout = bout_fight(bout=cast.bout, seed=3)
    with pytest.raises(CardError, match="not yet fought out"):
        cards.bout_void(bout=bout, reason="too late")


def test_the_gm_replaces_a_man_and_the_line_priced_on_him_is_voided(cast):
    book, bettor = _book_with_a_bet(cast)
    spare = factories.GladiatorFactory(campaign=cast.campaign, armatura="murmillo", name="Verus")
    bout_replace(bout=cast.bout, side="b", gladiator=spare)
    cast.bout.refresh_from_db()
    assert cast.bout.entry_b.gladiator == spare and cast.bout.status == Bout.Status.PLANNED
    book.refresh_from_db()
    assert book.status == Book.Status.VOID
    assert account_balance(accounts.bettor_account(bettor)) == 1_000


def test_a_rudiarius_goes_on_a_card_only_with_his_consent(cast):
    cast.rufus.status = Gladiator.Status.RUDIARIUS
    cast.rufus.save()
    later = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, day=9)
    other = factories.GladiatorFactory(campaign=cast.campaign)
    cast.bout.entries.filter(side="b").update(gladiator=other)  # free Rufus of the cast's card
    third = factories.GladiatorFactory(campaign=cast.campaign, armatura="murmillo")
    with pytest.raises(ShowError, match="Rufus holds the rudis and fights only by choice"):
        bout_add(show=later, fighter_a=third, fighter_b=cast.rufus)
    bout = bout_add(show=later, fighter_a=third, fighter_b=cast.rufus, consent_b=True)
    assert bout.entry_b.consented


def test_a_driver_in_a_planned_race_is_in_no_other(cast):
    ludi = factories.ShowFactory(
        campaign=cast.campaign, editor=cast.editor, venue="circus_maximus", kind="ludi"
    )
    from arena.rulesets.era.circus.services import race_entry_add, race_plan

    first = race_plan(show=ludi, name="First race")
    second = race_plan(show=ludi, name="Second race")
    driver = factories.GladiatorFactory(campaign=cast.campaign, is_charioteer=True)
    race_entry_add(race=first, gladiator=driver, faction="Reds")
    with pytest.raises(CardError, match="already in First race"):
        race_entry_add(race=second, gladiator=driver, faction="Reds")
    Gladiator.objects.filter(pk=driver.pk).update(status=Gladiator.Status.DEAD)
    from ludus.signals import DIED, gladiator_left

    gladiator_left.send(sender=Gladiator, gladiator=driver, reason=DIED)
    assert not first.entries.exists() and Race.objects.get(pk=first.pk).status == "planned"
