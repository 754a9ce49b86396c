"""Issue 10, overflows, in the money services: an amount past its bound is refused by the
service itself (whatever the form said), with a message naming the field, and writes nothing."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from economy import accounts
from economy.ledger import LEG_TOO_LARGE, LedgerError, Leg, transaction_post
from economy.limits import LONGEST_ODDS, MAX_ENTRY, MAX_POSTING, MAX_STAKE
from economy.models import Entry, Transaction
from economy.odds_lines import LADDER, STAKE_TOO_LARGE, OddsError, check_stake
from economy.services import refusals, trade
from economy.services.corrections import opening_balance

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _counts():
    return Transaction.objects.count(), Entry.objects.count()


@FUZZ
@given(amount=st.integers(min_value=MAX_POSTING + 1, max_value=2**80))
def test_an_opening_balance_past_the_bound_is_refused(nerva, amount):
    before = _counts()
    with pytest.raises(refusals.ContractError) as refused:
        opening_balance(account=accounts.chest(nerva), amount=amount, idempotency_key="x")
    assert str(refused.value).startswith("Amount must be a whole number from 1 to 1,000,000,000")
    assert _counts() == before


def test_an_opening_balance_at_the_bound_is_taken(nerva):
    opening_balance(account=accounts.chest(nerva), amount=MAX_POSTING)
    assert accounts.chest(nerva).entries.get().amount == MAX_POSTING


@pytest.mark.parametrize("amount", [MAX_ENTRY + 1, 2**63 - 1, 2**63, 10**30])
def test_the_ledger_refuses_a_leg_past_its_bound(campaign, nerva, amount):
    before = _counts()
    with pytest.raises(LedgerError) as refused:
        transaction_post(
            campaign=campaign,
            cause=Transaction.Cause.OTHER,
            memo="too much",
            legs=[Leg(accounts.market(campaign), -amount), Leg(accounts.chest(nerva), amount)],
            idempotency_key="too-much",
        )
    assert str(refused.value) == LEG_TOO_LARGE.format(most=MAX_ENTRY, amount=f"{-amount:,}")
    assert _counts() == before


def test_the_longest_price_on_the_ladder_is_the_one_the_stake_bound_assumes():
    assert max(LADDER) == LONGEST_ODDS
    assert MAX_STAKE * (LONGEST_ODDS + 1) <= MAX_POSTING


@pytest.mark.parametrize("stake", [MAX_STAKE + 1, 2**31, 2**63])
def test_a_stake_past_the_bound_is_refused(stake):
    with pytest.raises(OddsError) as refused:
        check_stake(stake)
    assert str(refused.value) == STAKE_TOO_LARGE.format(most=MAX_STAKE, pays=MAX_POSTING)
    assert check_stake(MAX_STAKE) == MAX_STAKE


@pytest.mark.parametrize("bouts", [0, 101, 2**63])
def test_a_volunteer_signs_for_1_to_100_bouts(nerva, bouts):
    with pytest.raises(refusals.ContractError) as refused:
        trade.volunteer_sign(lanista=nerva, bouts=bouts, volunteer={"name": "Volo"})
    assert str(refused.value) == refusals.BOUTS_NOT_POSITIVE.format(bouts=bouts)
    assert str(refused.value).startswith("Bouts owed")
