"""The market's buy, sell and sign, posted three times at once with one form's key (issue 10,
"Replays of a click"): one man bought, sold or signed, one payment; every repeat answers with
the man the first post dealt (as a retry does, economy.services.dealing.find_by_key), and no
second recruit or volunteer is made without being paid for. PostgreSQL only."""

import pytest

from economy import accounts
from economy.models import Transaction
from economy.services import trade
from ludus.models import Gladiator
from tests.economy.services.money import balance, fund
from tests.factories import GladiatorFactory, LanistaFactory
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

N = 3


def _once(results):
    """Every post answers with the same man (the first post's), none refused or failing."""
    men, others = sort_out(results, Gladiator)
    assert not others, others
    assert len({man.pk for man in men}) == 1, men
    return men[0]


def _dealt(campaign, cause):
    return Transaction.objects.filter(campaign=campaign, cause=cause)


def test_a_recruit_bought_at_once_is_made_and_paid_once(campaign, nerva):
    fund(accounts.chest(nerva), 5_000)

    def post():
        return trade.gladiator_purchase(
            buyer=nerva, kind="recruit", recruit={"name": "Crixus"}, idempotency_key="web:buy:k1"
        )

    man = _once(at_once(*[post] * N))
    assert Gladiator.objects.filter(campaign=campaign, name="Crixus").count() == 1
    assert _dealt(campaign, Transaction.Cause.PURCHASE).get().gladiator_id == man.pk
    assert balance(accounts.chest(nerva)) == 5_000 - 1_600


def test_a_man_bought_at_once_is_bought_once(campaign, nerva, bithys):
    buyer = LanistaFactory(campaign=campaign, name="Batiatus")
    fund(accounts.chest(buyer), 10_000)

    def post():
        return trade.gladiator_purchase(
            buyer=buyer, kind="seasoned", gladiator=bithys, idempotency_key="web:buy:k2"
        )

    _once(at_once(*[post] * N))
    bithys.refresh_from_db()
    assert bithys.owner == buyer
    assert _dealt(campaign, Transaction.Cause.PURCHASE).count() == 1
    assert balance(accounts.chest(buyer)) == 10_000 - 8_000
    assert balance(accounts.chest(nerva)) == 8_000


def test_a_man_sold_at_once_is_sold_once(campaign, nerva, bithys):
    def post():
        return trade.gladiator_sell(gladiator=bithys, idempotency_key="web:sell:k3")

    _once(at_once(*[post] * N))
    bithys.refresh_from_db()
    assert bithys.owner is None
    sales = _dealt(campaign, Transaction.Cause.SALE)
    assert sales.count() == 1
    assert balance(accounts.chest(nerva)) == sales.get().entries.get(amount__gt=0).amount


def test_a_new_volunteer_signed_at_once_is_made_and_paid_once(campaign, nerva):
    fund(accounts.chest(nerva), 5_000)

    def post():
        return trade.volunteer_sign(
            lanista=nerva, bouts=3, volunteer={"name": "Verus"}, idempotency_key="web:sign:k4"
        )

    man = _once(at_once(*[post] * N))
    assert Gladiator.objects.filter(campaign=campaign, name="Verus").count() == 1
    assert _dealt(campaign, Transaction.Cause.SIGNING).get().gladiator_id == man.pk
    assert balance(accounts.peculium(man)) == 1_600


def test_a_free_man_signed_at_once_is_signed_once(campaign, nerva):
    fund(accounts.chest(nerva), 5_000)
    freedman = GladiatorFactory(
        campaign=campaign, owner=None, name="Verus", legal_status="freedman", status="freed"
    )

    def post():
        return trade.volunteer_sign(
            lanista=nerva, bouts=3, gladiator=freedman, idempotency_key="web:sign:k5"
        )

    _once(at_once(*[post] * N))
    freedman.refresh_from_db()
    assert (freedman.owner, freedman.contract_bouts_left) == (nerva, 3)
    assert _dealt(campaign, Transaction.Cause.SIGNING).count() == 1
    assert balance(accounts.chest(nerva)) == 5_000 - 1_600
