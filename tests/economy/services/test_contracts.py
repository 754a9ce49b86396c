"""The contract services: hire, the sword, purchase, sale, signing, recall, freedom, purses."""

import pytest

from economy import accounts
from economy.ledger import OVERDRAWN, LedgerError, account_balance
from economy.models import Entry, Hire, Transaction
from economy.selectors.ledger import show_hire_bill
from economy.services import corrections, freedom, prices, purses, refusals, trade
from economy.services import hire as hiring
from ludus.models import Gladiator
from tests.economy.services.money import balance, fund
from tests.factories import (
    BoutFactory,
    CampaignFactory,
    EditorFactory,
    GladiatorFactory,
    LanistaFactory,
    ShowFactory,
)

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, int, int]:
    return Transaction.objects.count(), Entry.objects.count(), Hire.objects.count()


def assert_refused(call, message: str, **kwargs) -> None:
    """The service raises exactly this message and writes nothing."""
    before = counts()
    with pytest.raises(LedgerError) as refused:
        call(**kwargs)
    assert str(refused.value) == message
    assert counts() == before


# --- Hire ---------------------------------------------------------------------------------------


def test_fabias_hire_of_ten_men_costs_24_purses(campaign, nerva, rich_senator, munus):
    team = [GladiatorFactory(campaign=campaign, owner=nerva) for _ in range(8)]
    single = [GladiatorFactory(campaign=campaign, owner=nerva) for _ in range(2)]
    purse, chest = accounts.purse(rich_senator), accounts.chest(nerva)
    purse_before, chest_before = balance(purse), balance(chest)

    for man in team:
        hiring.hire_contract_create(show=munus, gladiator=man, kind="team")
    for man in single:
        hiring.hire_contract_create(show=munus, gladiator=man, kind="single")

    assert purse_before - balance(purse) == 19_200
    assert balance(chest) - chest_before == 19_200
    bill = show_hire_bill(show=munus)
    assert len(bill.hires) == 10
    assert bill.total == 19_200
    assert bill.total_label == "24 purses (19,200 sesterces)"
    assert sorted(h.price for h in bill.hires) == [1_600] * 8 + [3_200] * 2


def test_hire_records_the_contract_and_its_transaction(nerva, bithys, rich_senator, munus):
    hire = hiring.hire_contract_create(
        show=munus, gladiator=bithys, kind="single", price_purses=5, favor_called=True
    )
    assert (hire.lanista, hire.kind, hire.price, hire.favor_called) == (
        nerva,
        "single",
        4_000,
        True,
    )
    posted = hire.transaction
    assert posted.cause == Transaction.Cause.HIRE
    assert (posted.event, posted.gladiator) == (munus, bithys)
    assert "5 purses (4,000 sesterces)" in posted.memo
    assert sorted(posted.entries.values_list("amount", flat=True)) == [-4_000, 4_000]


def test_hire_refusals_write_nothing(campaign, nerva, bithys, rich_senator, munus):
    dead = GladiatorFactory(campaign=campaign, owner=nerva, status=Gladiator.Status.DEAD)
    freed = GladiatorFactory(
        campaign=campaign,
        owner=None,
        status=Gladiator.Status.FREED,
        legal_status=Gladiator.LegalStatus.FREEDMAN,
    )
    stranger = GladiatorFactory()  # another campaign
    masterless = GladiatorFactory(campaign=campaign, owner=None)
    hire = hiring.hire_contract_create
    assert_refused(hire, refusals.DEAD_MAN.format(gladiator=dead.name), show=munus, gladiator=dead)
    assert_refused(
        hire, refusals.FREED_MAN.format(gladiator=freed.name), show=munus, gladiator=freed
    )
    assert_refused(
        hire,
        refusals.FOREIGN_GLADIATOR.format(gladiator=stranger.name),
        show=munus,
        gladiator=stranger,
    )
    assert_refused(
        hire,
        refusals.NO_LANISTA.format(gladiator=masterless.name),
        show=munus,
        gladiator=masterless,
    )
    assert_refused(
        hire,
        refusals.HIRE_OUT_OF_RANGE.format(line=prices.SINGLE_HIRE.label, low=3, high=15, price=16),
        show=munus,
        gladiator=bithys,
        kind="single",
        price_purses=16,
    )
    hiring.hire_contract_create(show=munus, gladiator=bithys)
    assert_refused(
        hire,
        refusals.ALREADY_HIRED.format(gladiator="Bithys", show=munus.name),
        show=munus,
        gladiator=bithys,
    )


def test_hire_refused_when_the_editor_cannot_pay(campaign, nerva, bithys, senator, munus):
    purse = accounts.purse(senator)
    fund(purse, 3_000)
    assert_refused(
        hiring.hire_contract_create,
        OVERDRAWN.format(account=purse, balance=3_000, amount=3_200),
        show=munus,
        gladiator=bithys,
        kind="single",
    )
    assert balance(purse) == 3_000
    assert balance(accounts.chest(nerva)) == 0


# --- The sword given ----------------------------------------------------------------------------


def test_single_fighter_given_the_sword_costs_10_purses_not_4(nerva, bithys, rich_senator, munus):
    purse, chest = accounts.purse(rich_senator), accounts.chest(nerva)
    start = balance(purse)
    hire = hiring.hire_contract_create(show=munus, gladiator=bithys, kind="single")
    assert start - balance(purse) == 3_200  # 4 purses

    bout = BoutFactory(show=munus, fighter_a=bithys)
    charged = hiring.sword_given_charge(hire=hire, bout=bout)

    assert start - balance(purse) == 8_000  # 10 purses in all, not 4 and not 14
    assert balance(chest) == 8_000
    assert charged.cause == Transaction.Cause.SWORD
    assert charged.event == bout
    # The hire was reversed, not edited: the original still says 3,200.
    reversal = Transaction.objects.get(reverses=hire.transaction)
    assert sorted(reversal.entries.values_list("amount", flat=True)) == [-3_200, 3_200]
    assert sorted(hire.transaction.entries.values_list("amount", flat=True)) == [-3_200, 3_200]
    # A retry charges nothing more.
    before = counts()
    assert hiring.sword_given_charge(hire=hire, bout=bout) == charged
    assert counts() == before
    assert start - balance(purse) == 8_000


def test_sword_given_when_the_lanista_spent_the_hire(campaign, nerva, bithys, rich_senator, munus):
    """The hire money is gone from the chest: the price is charged first, the net is the same."""
    purse, chest = accounts.purse(rich_senator), accounts.chest(nerva)
    start = balance(purse)
    hire = hiring.hire_contract_create(show=munus, gladiator=bithys, kind="single")
    trade.gladiator_purchase(buyer=nerva, kind="recruit", recruit={"name": "Spent"}, price=2_500)
    assert balance(chest) == 700  # 3,200 less the recruit's 2,500
    hiring.sword_given_charge(hire=hire)
    assert start - balance(purse) == 8_000
    assert balance(chest) == 700 - 3_200 + 8_000


def test_sword_refusals(campaign, nerva, bithys, rich_senator, munus):
    hire = hiring.hire_contract_create(show=munus, gladiator=bithys, kind="single")
    other_show = ShowFactory(campaign=campaign, editor=rich_senator)
    elsewhere = BoutFactory(show=other_show, fighter_a=bithys)
    assert_refused(
        hiring.sword_given_charge,
        refusals.BOUT_OTHER_SHOW.format(bout_show=other_show.name, show=munus.name),
        hire=hire,
        bout=elsewhere,
    )
    without_him = BoutFactory(show=munus)
    assert_refused(
        hiring.sword_given_charge,
        refusals.NOT_IN_BOUT.format(gladiator="Bithys", bout=without_him),
        hire=hire,
        bout=without_him,
    )
    corrections.correction(original=hire.transaction, reason="hired by mistake")
    assert_refused(
        hiring.sword_given_charge,
        refusals.HIRE_REVERSED.format(gladiator="Bithys", show=munus.name),
        hire=hire,
    )


# --- Purchase and sale --------------------------------------------------------------------------


def test_seasoned_purchase_from_another_school(campaign, nerva, bithys):
    fabia_school = LanistaFactory(campaign=campaign, name="Fabia's house")
    bought = GladiatorFactory(campaign=campaign, owner=fabia_school, price_purses=12)
    fund(accounts.chest(nerva), 10_000)

    man = trade.gladiator_purchase(buyer=nerva, kind="seasoned", gladiator=bought)

    assert man.owner == nerva
    bought.refresh_from_db()
    assert bought.owner == nerva  # the caller's instance is brought up to date too
    assert balance(accounts.chest(nerva)) == 400
    assert balance(accounts.chest(fabia_school)) == 9_600
    posted = Transaction.objects.get(cause=Transaction.Cause.PURCHASE)
    assert posted.gladiator == bought


def test_a_man_who_exists_is_sold_on_at_most_15_purses(campaign, nerva):
    other = LanistaFactory(campaign=campaign)
    man = GladiatorFactory(campaign=campaign, owner=other)
    fund(accounts.chest(nerva), 20_000)
    assert_refused(
        trade.gladiator_purchase,
        refusals.PRICE_OUT_OF_RANGE.format(
            line=prices.RESALE.label, low=1, high=12_000, price=12_800
        ),
        buyer=nerva,
        gladiator=man,
        price=12_800,
    )
    assert man.owner == other


def test_recruit_and_condemned_from_the_market(campaign, nerva):
    fund(accounts.chest(nerva), 5_000)
    market_before = balance(accounts.market(campaign))
    recruit = trade.gladiator_purchase(
        buyer=nerva, kind="recruit", recruit={"name": "Crixus", "armatura": "gaul", "might": 4}
    )
    condemned = trade.gladiator_purchase(buyer=nerva, kind="condemned", recruit={"name": "Latro"})
    assert (recruit.owner, recruit.legal_status, recruit.sheet["might"]) == (nerva, "slave", 4)
    assert (condemned.owner, condemned.legal_status) == (nerva, "condemned")
    assert balance(accounts.chest(nerva)) == 5_000 - 1_600 - 500
    assert balance(accounts.market(campaign)) - market_before == 2_100


def test_recruit_refusals(campaign, nerva):
    fund(accounts.chest(nerva), 5_000)
    line = prices.RAW_RECRUIT
    assert_refused(
        trade.gladiator_purchase,
        refusals.PRICE_OUT_OF_RANGE.format(line=line.label, low=800, high=2_500, price=2_600),
        buyer=nerva,
        kind="recruit",
        recruit={"name": "Dear"},
        price=2_600,
    )
    assert_refused(
        trade.gladiator_purchase,
        refusals.PRICE_OUT_OF_RANGE.format(
            line=prices.CONDEMNED_MAN.label, low=1, high=799, price=800
        ),
        buyer=nerva,
        kind="condemned",
        recruit={"name": "Latro"},
        price=800,
    )
    assert_refused(
        trade.gladiator_purchase,
        refusals.SPEC_FIELD_SET_BY_SERVICE.format(field="owner"),
        buyer=nerva,
        kind="recruit",
        recruit={"name": "X", "owner": None},
    )
    assert_refused(
        trade.gladiator_purchase,
        refusals.GLADIATOR_OR_SPEC,
        buyer=nerva,
        kind="recruit",
    )
    assert_refused(
        trade.gladiator_purchase,
        refusals.UNKNOWN_PURCHASE_KIND.format(kind="elephant"),
        buyer=nerva,
        kind="elephant",
        recruit={"name": "X"},
    )
    assert not Gladiator.objects.filter(name__in=["Dear", "Latro", "X"]).exists()
    with pytest.raises(refusals.ContractError) as bad:
        trade.gladiator_purchase(buyer=nerva, kind="recruit", recruit={"name": "Big", "might": 9})
    assert "might" in str(bad.value)
    assert not Gladiator.objects.filter(name="Big").exists()


def test_a_recruit_bought_twice_under_one_key_is_bought_once(campaign, nerva):
    fund(accounts.chest(nerva), 5_000)
    first = trade.gladiator_purchase(
        buyer=nerva, kind="recruit", recruit={"name": "Crixus"}, idempotency_key="form-17"
    )
    before = counts()
    again = trade.gladiator_purchase(
        buyer=nerva, kind="recruit", recruit={"name": "Crixus"}, idempotency_key="form-17"
    )
    assert again == first
    assert counts() == before
    assert Gladiator.objects.filter(name="Crixus").count() == 1
    assert balance(accounts.chest(nerva)) == 3_400


def test_purchase_refusals(campaign, nerva, bithys):
    fund(accounts.chest(nerva), 20_000)
    freedman = GladiatorFactory(
        campaign=campaign, owner=None, legal_status=Gladiator.LegalStatus.FREEDMAN
    )
    assert_refused(
        trade.gladiator_purchase,
        refusals.ALREADY_OWNS.format(gladiator="Bithys", lanista="Nerva"),
        buyer=nerva,
        gladiator=bithys,
    )
    assert_refused(
        trade.gladiator_purchase,
        refusals.NOT_FOR_SALE_FREE.format(gladiator=freedman.name, status="Freedman"),
        buyer=nerva,
        gladiator=freedman,
    )
    assert_refused(
        trade.gladiator_purchase, refusals.SEASONED_NEEDS_MAN, buyer=nerva, recruit={"name": "Y"}
    )


def test_purchase_refused_when_the_chest_is_short(campaign, nerva):
    other = LanistaFactory(campaign=campaign)
    man = GladiatorFactory(campaign=campaign, owner=other, price_purses=10)
    chest = accounts.chest(nerva)
    fund(chest, 7_999)
    assert_refused(
        trade.gladiator_purchase,
        OVERDRAWN.format(account=chest, balance=7_999, amount=8_000),
        buyer=nerva,
        gladiator=man,
    )
    man.refresh_from_db()
    assert man.owner == other


def test_sell_to_another_school_and_to_the_market(campaign, nerva, bithys):
    rival = LanistaFactory(campaign=campaign, name="Rival")
    fund(accounts.chest(rival), 9_000)
    trade.gladiator_sell(gladiator=bithys, buyer=rival, price=8_800)
    assert bithys.owner == rival
    assert balance(accounts.chest(rival)) == 200
    assert balance(accounts.chest(nerva)) == 8_800

    trade.gladiator_sell(gladiator=bithys)  # to the market, at his price
    assert bithys.owner is None
    assert balance(accounts.chest(rival)) == 200 + 8_000
    causes = list(
        Transaction.objects.filter(gladiator=bithys).values_list("cause", "idempotency_key")
    )
    assert causes == [("sale", f"sale:{bithys.pk}:1"), ("sale", f"sale:{bithys.pk}:2")]
    assert_refused(
        trade.gladiator_sell, refusals.NO_OWNER_TO_SELL.format(gladiator="Bithys"), gladiator=bithys
    )


def test_sold_back_and_forth_each_sale_is_paid(campaign, nerva, bithys):
    """A man sold A->B->A->B: the third sale is not mistaken for a retry of the first."""
    rival = LanistaFactory(campaign=campaign, name="Rival")
    fund(accounts.chest(rival), 30_000)
    trade.gladiator_sell(gladiator=bithys, buyer=rival)
    trade.gladiator_sell(gladiator=bithys, buyer=nerva)
    trade.gladiator_sell(gladiator=bithys, buyer=rival)
    assert Transaction.objects.filter(gladiator=bithys, cause="sale").count() == 3
    assert balance(accounts.chest(rival)) == 30_000 - 8_000
    assert balance(accounts.chest(nerva)) == 8_000


# --- Signing and recall -------------------------------------------------------------------------


def test_a_free_volunteer_signs_on(campaign, nerva):
    fund(accounts.chest(nerva), 2_000)
    man = trade.volunteer_sign(lanista=nerva, bouts=3, volunteer={"name": "Gaius", "might": 4})
    assert (man.owner, man.legal_status, man.contract_bouts_left) == (nerva, "auctoratus", 3)
    assert balance(accounts.peculium(man)) == 1_600
    assert balance(accounts.chest(nerva)) == 400


def test_a_freedman_signs_again_but_a_slave_cannot(campaign, nerva, bithys):
    fund(accounts.chest(nerva), 5_000)
    veteran = GladiatorFactory(
        campaign=campaign,
        owner=None,
        legal_status=Gladiator.LegalStatus.FREEDMAN,
        status=Gladiator.Status.FREED,
    )
    trade.volunteer_sign(lanista=nerva, gladiator=veteran, bouts=2)
    assert (veteran.owner, veteran.legal_status, veteran.status) == (nerva, "auctoratus", "active")
    assert veteran.contract_bouts_left == 2
    assert_refused(
        trade.volunteer_sign,
        refusals.STILL_UNDER_CONTRACT.format(gladiator=veteran.name, bouts=2, lanista="Nerva"),
        lanista=nerva,
        gladiator=veteran,
        bouts=1,
    )
    assert_refused(
        trade.volunteer_sign,
        refusals.NOT_FREE_TO_SIGN.format(gladiator="Bithys", status="slave"),
        lanista=nerva,
        gladiator=bithys,
        bouts=1,
    )
    assert_refused(
        trade.volunteer_sign,
        refusals.BOUTS_NOT_POSITIVE.format(bouts=0),
        lanista=nerva,
        volunteer={"name": "Z"},
        bouts=0,
    )


def test_a_famous_veteran_recalled_for_100000(campaign, rich_senator, munus):
    rudiarius = GladiatorFactory(campaign=campaign, status=Gladiator.Status.RUDIARIUS)
    start = balance(accounts.purse(rich_senator))
    posted = trade.veteran_recall(editor=rich_senator, gladiator=rudiarius, show=munus)
    assert start - balance(accounts.purse(rich_senator)) == 100_000
    assert balance(accounts.peculium(rudiarius)) == 100_000
    before = counts()
    assert trade.veteran_recall(editor=rich_senator, gladiator=rudiarius, show=munus) == posted
    assert counts() == before


def test_recall_refusals(campaign, bithys, rich_senator, munus):
    assert_refused(
        trade.veteran_recall,
        refusals.NOT_A_VETERAN.format(gladiator="Bithys"),
        editor=rich_senator,
        gladiator=bithys,
        show=munus,
    )
    someone = EditorFactory(campaign=campaign, name="Someone")
    assert_refused(
        trade.veteran_recall,
        refusals.NOT_HIS_SHOW.format(show=munus.name, giver=rich_senator.name, editor="Someone"),
        editor=someone,
        gladiator=bithys,
        show=munus,
    )


# --- Manumission --------------------------------------------------------------------------------


def test_bithys_buys_his_freedom_for_8400(campaign, nerva, bithys):
    own = accounts.peculium(bithys)
    fund(own, 8_400)
    posted = freedom.manumission(gladiator=bithys)
    assert balance(own) == 0
    assert balance(accounts.chest(nerva)) == 8_000
    assert balance(accounts.state(campaign)) == 400
    assert posted.cause == Transaction.Cause.MANUMISSION
    assert posted.entries.count() == 3
    assert (bithys.legal_status, bithys.status, bithys.owner) == ("freedman", "freed", None)
    before = counts()
    assert freedom.manumission(gladiator=bithys) == posted  # a retry writes nothing
    assert counts() == before


def test_manumission_refused_when_the_peculium_is_short(campaign, nerva, bithys):
    own = accounts.peculium(bithys)
    fund(own, 8_399)
    assert_refused(
        freedom.manumission,
        refusals.PECULIUM_SHORT.format(
            gladiator="Bithys", balance=8_399, total=8_400, price=8_000, vicesima=400
        ),
        gladiator=bithys,
    )
    bithys.refresh_from_db()
    assert (bithys.legal_status, bithys.status, bithys.owner) == ("slave", "active", nerva)
    assert balance(own) == 8_399


def test_manumission_refusals(campaign, nerva):
    condemned = GladiatorFactory(
        campaign=campaign, owner=nerva, legal_status=Gladiator.LegalStatus.CONDEMNED
    )
    volunteer = GladiatorFactory(
        campaign=campaign, owner=nerva, legal_status=Gladiator.LegalStatus.AUCTORATUS
    )
    assert_refused(
        freedom.manumission,
        refusals.CONDEMNED_NOT_MANUMITTED.format(gladiator=condemned.name),
        gladiator=condemned,
    )
    assert_refused(
        freedom.manumission,
        refusals.ALREADY_FREE.format(
            gladiator=volunteer.name, status="Free volunteer (auctoratus)"
        ),
        gladiator=volunteer,
    )


# --- Purses -------------------------------------------------------------------------------------


def test_winners_purse_once_per_bout(campaign, bithys, rich_senator, munus):
    bout = BoutFactory(show=munus, fighter_a=bithys)
    start = balance(accounts.purse(rich_senator))
    posted = purses.purse_pay(bout=bout, winner=bithys, favor=6)
    assert balance(accounts.peculium(bithys)) == 1_600  # a palm and two purses
    assert "and a palm" in posted.memo
    assert (posted.event, posted.event.show, posted.gladiator) == (bout, munus, bithys)
    before = counts()
    assert purses.purse_pay(bout=bout, winner=bithys, favor=6) == posted
    assert counts() == before
    # The same bout paid to the other man is a different movement under the same key.
    with pytest.raises(LedgerError):
        purses.purse_pay(bout=bout, winner=bout.entry_b.gladiator, favor=3)
    assert counts() == before
    assert start - balance(accounts.purse(rich_senator)) == 1_600

    other = BoutFactory(show=munus)
    purses.purse_pay(bout=other, winner=other.entry_b.gladiator, favor=4)
    assert balance(accounts.peculium(other.entry_b.gladiator)) == 800


def test_purse_refusals(campaign, bithys, rich_senator, munus):
    bout = BoutFactory(show=munus)
    assert_refused(
        purses.purse_pay,
        refusals.WINNER_NOT_IN_BOUT.format(gladiator="Bithys", bout=bout),
        bout=bout,
        winner=bithys,
        favor=3,
    )
    assert_refused(
        purses.purse_pay,
        refusals.FAVOR_OUT_OF_RANGE.format(favor=7),
        bout=bout,
        winner=bithys,
        favor=7,
    )


def test_bithys_at_the_forum(campaign, nerva, bithys, rich_senator, munus):
    """2 purses saved, the palm and two purses bring him to 4 (THE LUDUS, Bithys's price)."""
    fund(accounts.peculium(bithys), 2 * prices.PURSE)
    bout = BoutFactory(show=munus, fighter_a=bithys)
    purses.purse_pay(bout=bout, winner=bithys, favor=6)
    assert account_balance(accounts.peculium(bithys)) == 4 * prices.PURSE
    assert_refused(
        freedom.manumission,
        refusals.PECULIUM_SHORT.format(
            gladiator="Bithys", balance=3_200, total=8_400, price=8_000, vicesima=400
        ),
        gladiator=bithys,
    )


# --- Opening balances and corrections -----------------------------------------------------------


def test_opening_balance_once_per_account_by_default(campaign, nerva):
    chest = accounts.chest(nerva)
    first = corrections.opening_balance(account=chest, amount=20_000)
    assert corrections.opening_balance(account=chest, amount=20_000) == first
    with pytest.raises(LedgerError):
        corrections.opening_balance(account=chest, amount=25_000)
    corrections.opening_balance(account=chest, amount=5_000, idempotency_key="inheritance")
    assert balance(chest) == 25_000
    assert balance(accounts.market(campaign)) == -25_000
    assert_refused(
        corrections.opening_balance,
        refusals.OPENING_FROM_MARKET,
        account=accounts.market(campaign),
        amount=5,
    )
    for bad in (0, -5, 2.5):
        assert_refused(
            corrections.opening_balance,
            refusals.NOT_POSITIVE.format(amount=bad),
            account=chest,
            amount=bad,
        )


def test_correction_reverses_and_keeps_the_original(campaign, nerva, bithys, rich_senator, munus):
    purse, chest = accounts.purse(rich_senator), accounts.chest(nerva)
    before = (balance(purse), balance(chest))
    hire = hiring.hire_contract_create(show=munus, gladiator=bithys)
    assert_refused(
        corrections.correction, refusals.NO_REASON, original=hire.transaction, reason="  "
    )
    reversal = corrections.correction(original=hire.transaction, reason="wrong man")
    assert (balance(purse), balance(chest)) == before
    assert reversal.reverses == hire.transaction
    assert "wrong man" in reversal.memo
    assert Transaction.objects.filter(pk=hire.transaction.pk).exists()


def test_a_campaign_keeps_to_its_own_money():
    one, two = CampaignFactory(), CampaignFactory()
    show = ShowFactory(campaign=one)
    stranger = GladiatorFactory(campaign=two, owner=LanistaFactory(campaign=two))
    assert_refused(
        hiring.hire_contract_create,
        refusals.FOREIGN_GLADIATOR.format(gladiator=stranger.name),
        show=show,
        gladiator=stranger,
    )
