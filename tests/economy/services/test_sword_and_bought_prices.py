"""The lanista's price owed for any man of a school given the sword, and the price a man bought at
the market carries afterwards (THE LUDUS III: "pay the same to buy him, kill him as editor or
free him")."""

import pytest

from economy import accounts
from economy.ledger import OVERDRAWN, LedgerError
from economy.models import Entry, Hire, Transaction
from economy.services import corrections, freedom, prices, refusals, trade
from economy.services import hire as hiring
from tests.economy.services.money import balance, fund
from tests.factories import (
    BoutFactory,
    EditorFactory,
    GladiatorFactory,
    LanistaFactory,
    ShowFactory,
)

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, int, int]:
    return Transaction.objects.count(), Entry.objects.count(), Hire.objects.count()


# --- the sword given, with or without a hire ----------------------------------------------------


def test_a_man_given_the_sword_with_no_hire_costs_the_lanistas_price(
    nerva, bithys, rich_senator, munus
):
    purse, chest = accounts.purse(rich_senator), accounts.chest(nerva)
    start = balance(purse)
    bout = BoutFactory(show=munus, fighter_a=bithys)

    charged = hiring.sword_given_charge(bout=bout, gladiator=bithys)

    assert start - balance(purse) == 8_000  # his price, 10 purses
    assert balance(chest) == 8_000
    assert charged.cause == Transaction.Cause.SWORD
    assert (charged.event, charged.event.show, charged.gladiator) == (bout, munus, bithys)
    assert charged.idempotency_key == f"sword:bout:{bout.pk}"
    # A retry charges nothing more.
    before = counts()
    assert hiring.sword_given_charge(bout=bout, gladiator=bithys) == charged
    assert counts() == before


def test_the_price_is_the_mans_own(campaign, nerva, rich_senator, munus):
    cheap = GladiatorFactory(campaign=campaign, owner=nerva, price_purses=3)
    bout = BoutFactory(show=munus, fighter_a=cheap)
    hiring.sword_given_charge(bout=bout, gladiator=cheap)
    assert balance(accounts.chest(nerva)) == 2_400


def test_named_by_bout_a_hired_man_has_his_hire_replaced_by_the_price(
    nerva, bithys, rich_senator, munus
):
    purse = accounts.purse(rich_senator)
    start = balance(purse)
    hire = hiring.hire_contract_create(show=munus, gladiator=bithys, kind="single")
    bout = BoutFactory(show=munus, fighter_a=bithys)

    charged = hiring.sword_given_charge(bout=bout, gladiator=bithys)

    assert start - balance(purse) == 8_000  # 10 purses in all, not 4 and not 14
    assert charged.idempotency_key == f"sword:{hire.pk}"
    assert Transaction.objects.filter(reverses=hire.transaction).count() == 1
    # A retry, by bout or by hire, charges nothing more (the hire now shows its reversal).
    before = counts()
    assert hiring.sword_given_charge(bout=bout, gladiator=bithys) == charged
    assert hiring.sword_given_charge(hire=hire, bout=bout) == charged
    assert counts() == before


def test_the_sword_never_costs_the_editor_less_than_missio(campaign, nerva, rich_senator, munus):
    # Issue 27: hired at 4 purses with a lanista's price of 3, the sword refunded the hire and
    # charged the price: the editor ended 800 HS richer than under missio.
    cheap = GladiatorFactory(campaign=campaign, owner=nerva, price_purses=3)
    purse, chest = accounts.purse(rich_senator), accounts.chest(nerva)
    start = balance(purse)
    hiring.hire_contract_create(show=munus, gladiator=cheap, kind="single")
    bout = BoutFactory(show=munus, fighter_a=cheap)
    missio_cost = start - balance(purse)  # what mercy leaves him paying: the hire
    assert hiring.verdict_costs(show=munus, gladiator=cheap) == hiring.VerdictCosts(
        hire=3_200, sword=3_200
    )

    charged = hiring.sword_given_charge(bout=bout, gladiator=cheap)

    assert start - balance(purse) == missio_cost == 3_200  # the greater: his hire
    assert balance(chest) == 3_200
    assert "his hire, 4 purses (3,200 sesterces), in place of the lanista's lower price" in (
        charged.memo
    )


def test_a_dearer_price_replaces_the_hire(campaign, nerva, rich_senator, munus):
    dear = GladiatorFactory(campaign=campaign, owner=nerva, price_purses=6)
    hiring.hire_contract_create(show=munus, gladiator=dear, kind="team")
    costs = hiring.verdict_costs(show=munus, gladiator=dear)
    assert (costs.hire, costs.sword, costs.sword_more) == (1_600, 4_800, 3_200)
    free = GladiatorFactory(campaign=campaign, owner=None)
    assert hiring.verdict_costs(show=munus, gladiator=free) == hiring.VerdictCosts(0, 0)


def test_a_hire_corrected_away_leaves_the_price_alone(nerva, bithys, rich_senator, munus):
    purse = accounts.purse(rich_senator)
    start = balance(purse)
    hire = hiring.hire_contract_create(show=munus, gladiator=bithys, kind="single")
    corrections.correction(original=hire.transaction, reason="hired by mistake")
    bout = BoutFactory(show=munus, fighter_a=bithys)

    charged = hiring.sword_given_charge(bout=bout, gladiator=bithys)

    assert start - balance(purse) == 8_000
    assert charged.idempotency_key == f"sword:bout:{bout.pk}"
    assert Transaction.objects.filter(reverses=hire.transaction).count() == 1


def test_a_man_of_no_school_costs_nothing(campaign, rich_senator, munus):
    stray = GladiatorFactory(campaign=campaign, owner=None)
    bout = BoutFactory(show=munus, fighter_a=stray)
    before = counts()
    assert hiring.sword_given_charge(bout=bout, gladiator=stray) is None
    assert counts() == before


def test_an_editor_who_cannot_pay_is_refused_and_nothing_is_written(campaign, nerva, bithys):
    poor = EditorFactory(campaign=campaign, name="A poor aedile")
    fund(accounts.purse(poor), 7_999)
    show = ShowFactory(campaign=campaign, editor=poor)
    bout = BoutFactory(show=show, fighter_a=bithys)
    before = counts()
    with pytest.raises(LedgerError) as refused:
        hiring.sword_given_charge(bout=bout, gladiator=bithys)
    purse = accounts.purse(poor)
    assert str(refused.value) == OVERDRAWN.format(account=purse, balance=7_999, amount=8_000)
    assert counts() == before


def test_the_sword_by_bout_refuses_a_man_not_in_it_or_a_missing_bout(bithys, rich_senator, munus):
    without_him = BoutFactory(show=munus)
    before = counts()
    with pytest.raises(refusals.ContractError) as refused:
        hiring.sword_given_charge(bout=without_him, gladiator=bithys)
    assert str(refused.value) == refusals.NOT_IN_BOUT.format(gladiator="Bithys", bout=without_him)
    with pytest.raises(refusals.ContractError) as refused:
        hiring.sword_given_charge(gladiator=bithys)
    assert str(refused.value) == refusals.SWORD_NEEDS_BOUT
    assert counts() == before


# --- the price a bought man carries -------------------------------------------------------------


@pytest.mark.parametrize(
    "price, purses",
    [(1, 1), (500, 1), (799, 1), (800, 1), (801, 2), (1_600, 2), (2_400, 3), (2_500, 4)],
)
def test_a_price_in_purses_is_rounded_up_and_at_least_one(price, purses):
    assert prices.price_in_purses(price) == purses


def test_a_recruit_bought_for_1600_is_priced_2_purses_and_frees_himself_for_1680(nerva):
    fund(accounts.chest(nerva), 10_000)
    recruit = trade.gladiator_purchase(buyer=nerva, kind="recruit", recruit={"name": "Tiro"})
    assert recruit.price_purses == 2
    assert prices.lanista_price(recruit) == 1_600
    assert prices.manumission_cost(recruit) == (1_600, 80)
    fund(accounts.peculium(recruit), 1_680)
    freedom.manumission(gladiator=recruit)
    assert balance(accounts.peculium(recruit)) == 0
    assert balance(accounts.chest(nerva)) == 10_000 - 1_600 + 1_600


@pytest.mark.parametrize(
    "kind, price, purses",
    [("recruit", 800, 1), ("recruit", 2_500, 4), ("condemned", 500, 1), ("condemned", 799, 1)],
)
def test_a_new_man_carries_the_price_paid_for_him(nerva, kind, price, purses):
    fund(accounts.chest(nerva), 10_000)
    man = trade.gladiator_purchase(buyer=nerva, kind=kind, recruit={"name": "Novus"}, price=price)
    man.refresh_from_db()
    assert man.price_purses == purses


def test_a_condemned_man_at_the_usual_500_is_priced_one_purse(nerva):
    fund(accounts.chest(nerva), 10_000)
    man = trade.gladiator_purchase(buyer=nerva, kind="condemned", recruit={"name": "Latro"})
    assert man.price_purses == 1


def test_a_seasoned_man_bought_at_a_price_carries_it(campaign, nerva):
    fund(accounts.chest(nerva), 20_000)
    fabia = LanistaFactory(campaign=campaign, name="Fabia's house")
    dear = GladiatorFactory(campaign=campaign, owner=fabia, price_purses=10)
    trade.gladiator_purchase(buyer=nerva, kind="seasoned", gladiator=dear, price=4_000)
    dear.refresh_from_db()
    assert dear.price_purses == 5
    # At his lanista's price the figure does not change.
    other = GladiatorFactory(campaign=campaign, owner=fabia, price_purses=12)
    trade.gladiator_purchase(buyer=nerva, kind="seasoned", gladiator=other)
    other.refresh_from_db()
    assert other.price_purses == 12


def test_an_existing_man_bought_at_the_gms_price_carries_the_price(campaign, nerva):
    fund(accounts.chest(nerva), 10_000)
    stray = GladiatorFactory(campaign=campaign, owner=None, price_purses=10)
    trade.gladiator_purchase(buyer=nerva, kind="seasoned", gladiator=stray, price=1_200)
    stray.refresh_from_db()
    assert stray.price_purses == 2


def test_a_recruits_price_is_set_by_the_contract_not_his_description(nerva):
    fund(accounts.chest(nerva), 10_000)
    before = counts()
    with pytest.raises(refusals.ContractError) as refused:
        trade.gladiator_purchase(
            buyer=nerva, kind="recruit", recruit={"name": "Dear", "price_purses": 12}
        )
    assert str(refused.value) == refusals.SPEC_FIELD_SET_BY_SERVICE.format(field="price_purses")
    assert counts() == before


def test_a_recruit_given_the_sword_costs_what_he_was_bought_for(
    campaign, nerva, rich_senator, munus
):
    fund(accounts.chest(nerva), 10_000)
    recruit = trade.gladiator_purchase(buyer=nerva, kind="recruit", recruit={"name": "Tiro"})
    bout = BoutFactory(show=munus, fighter_a=recruit)
    purse = accounts.purse(rich_senator)
    start = balance(purse)
    hiring.sword_given_charge(bout=bout, gladiator=recruit)
    assert start - balance(purse) == 1_600
