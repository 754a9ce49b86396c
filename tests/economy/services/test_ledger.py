"""The ledger's promises, checked through a whole campaign's worth of contracts."""

import pytest
from django.db.models import Sum

from economy import accounts
from economy.ledger import (
    ALREADY_REVERSED,
    KEY_REUSED,
    OVERDRAWN,
    UNBALANCED,
    LedgerError,
    Leg,
    account_balance,
    balances,
    transaction_post,
    transaction_reverse,
)
from economy.models import Account, Entry, ImmutableError, Transaction
from economy.selectors.ledger import balances_by_party
from economy.services import corrections, freedom, purses, trade
from economy.services import hire as hiring
from tests.economy.services.money import balance, fund
from tests.factories import BoutFactory, GladiatorFactory, LanistaFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def busy_campaign(campaign, nerva, bithys, rich_senator, munus):
    """Hires, a sword, a purse, a sale, a signing and a manumission: many kinds of posting."""
    rival = LanistaFactory(campaign=campaign, name="Rival")
    fund(accounts.chest(rival), 20_000)
    murmillo = GladiatorFactory(campaign=campaign, owner=rival, name="Murmillo")
    hiring.hire_contract_create(show=munus, gladiator=bithys, kind="single")
    hire = hiring.hire_contract_create(show=munus, gladiator=murmillo, kind="single")
    bout = BoutFactory(show=munus, fighter_a=bithys, fighter_b=murmillo)
    purses.purse_pay(bout=bout, winner=bithys, favor=6)
    hiring.sword_given_charge(hire=hire, bout=bout)
    trade.volunteer_sign(lanista=rival, bouts=2, volunteer={"name": "Gaius"})
    fund(accounts.peculium(bithys), 7_000)
    freedom.manumission(gladiator=bithys)
    trade.gladiator_purchase(buyer=nerva, kind="recruit", recruit={"name": "Tiro"})
    return campaign


def test_every_transaction_is_balanced(busy_campaign):
    totals = Transaction.objects.filter(campaign=busy_campaign).annotate(
        total=Sum("entries__amount")
    )
    assert totals.count() >= 10
    assert {t.total for t in totals} == {0}
    assert all(t.entries.count() >= 2 for t in totals)


def test_every_balance_equals_its_entries(busy_campaign):
    listed = list(balances_by_party(campaign=busy_campaign))
    assert len(listed) == Account.objects.filter(campaign=busy_campaign).count()
    by_id = balances(listed)
    for account in listed:
        summed = sum(account.entries.values_list("amount", flat=True))
        assert account.balance == summed == account_balance(account) == by_id[account.pk]
    assert sum(account.balance for account in listed) == 0  # money is only moved, never made
    no_overdraft = [a for a in listed if not a.may_overdraw]
    assert no_overdraft and all(a.balance >= 0 for a in no_overdraft)


def test_same_key_twice_writes_once(campaign, nerva):
    chest, market = accounts.chest(nerva), accounts.market(campaign)
    legs = [Leg(market, -500), Leg(chest, 500)]
    first = transaction_post(
        campaign=campaign, cause="opening", memo="a", legs=legs, idempotency_key="k1"
    )
    again = transaction_post(
        campaign=campaign, cause="opening", memo="a", legs=legs, idempotency_key="k1"
    )
    assert again == first
    assert Transaction.objects.count() == 1 and Entry.objects.count() == 2
    assert balance(chest) == 500


def test_same_key_with_other_legs_is_refused(campaign, nerva):
    chest, market = accounts.chest(nerva), accounts.market(campaign)
    transaction_post(
        campaign=campaign,
        cause="opening",
        memo="a",
        legs=[Leg(market, -500), Leg(chest, 500)],
        idempotency_key="k1",
    )
    with pytest.raises(LedgerError) as refused:
        transaction_post(
            campaign=campaign,
            cause="opening",
            memo="a",
            legs=[Leg(market, -600), Leg(chest, 600)],
            idempotency_key="k1",
        )
    assert str(refused.value) == KEY_REUSED.format(key="k1")
    assert balance(chest) == 500


def test_unbalanced_legs_are_refused(campaign, nerva):
    with pytest.raises(LedgerError) as refused:
        transaction_post(
            campaign=campaign,
            cause="other",
            memo="x",
            legs=[Leg(accounts.market(campaign), -500), Leg(accounts.chest(nerva), 400)],
            idempotency_key="u",
        )
    assert str(refused.value) == UNBALANCED.format(total=-100)
    assert Transaction.objects.count() == 0


def test_overdraft_refused_with_its_message_and_nothing_written(campaign, nerva):
    chest, market = accounts.chest(nerva), accounts.market(campaign)
    fund(chest, 1_000)
    written = (Transaction.objects.count(), Entry.objects.count())
    with pytest.raises(LedgerError) as refused:
        transaction_post(
            campaign=campaign,
            cause="other",
            memo="too much",
            legs=[Leg(chest, -1_001), Leg(market, 1_001)],
            idempotency_key="over",
        )
    assert str(refused.value) == OVERDRAWN.format(account=chest, balance=1_000, amount=1_001)
    assert (Transaction.objects.count(), Entry.objects.count()) == written
    assert balance(chest) == 1_000


def test_a_reversal_restores_balances_and_the_original_stays(campaign, nerva):
    chest, market = accounts.chest(nerva), accounts.market(campaign)
    original = transaction_post(
        campaign=campaign,
        cause="opening",
        memo="funds",
        legs=[Leg(market, -900), Leg(chest, 900)],
        idempotency_key="o",
    )
    reversal = transaction_reverse(original=original)
    assert balance(chest) == 0 and balance(market) == 0
    assert reversal.reverses == original
    original.refresh_from_db()
    assert sorted(original.entries.values_list("amount", flat=True)) == [-900, 900]
    with pytest.raises(LedgerError) as twice:
        transaction_reverse(original=original)
    assert str(twice.value) == ALREADY_REVERSED.format(pk=original.pk)


def test_a_reversal_that_would_overdraw_is_refused(campaign, nerva):
    """The money came in and went out again: reversing the income would overdraw the chest."""
    chest = accounts.chest(nerva)
    fund(chest, 1_000)
    income = Transaction.objects.get()
    trade.gladiator_purchase(buyer=nerva, kind="recruit", recruit={"name": "Tiro"}, price=800)
    with pytest.raises(LedgerError):
        corrections.correction(original=income, reason="never had it")
    assert balance(chest) == 200


def test_entries_and_transactions_cannot_be_changed_or_removed(campaign, nerva):
    fund(accounts.chest(nerva), 700)
    posted = Transaction.objects.get()
    entry = posted.entries.first()
    entry.amount = 1
    with pytest.raises(ImmutableError):
        entry.save()
    with pytest.raises(ImmutableError):
        entry.delete()
    posted.memo = "edited"
    with pytest.raises(ImmutableError):
        posted.save()
    with pytest.raises(ImmutableError):
        posted.delete()
    # Nor in bulk, which would bypass the rows' own save() and delete().
    with pytest.raises(ImmutableError):
        Entry.objects.filter(pk=entry.pk).update(amount=1)
    with pytest.raises(ImmutableError):
        Entry.objects.all().delete()
    with pytest.raises(ImmutableError):
        Transaction.objects.filter(pk=posted.pk).update(memo="edited")
    with pytest.raises(ImmutableError):
        Transaction.objects.all().delete()
    assert sorted(Entry.objects.values_list("amount", flat=True)) == [-700, 700]
    assert Transaction.objects.get().memo == "test funds"
