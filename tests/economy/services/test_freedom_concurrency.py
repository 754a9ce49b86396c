"""A manumission posted three times at once (issue 10, "Replays of a click"): the man buys his
freedom once (his row lock, then the manumission's key); every repeat answers with the same
transaction, as a retry does. PostgreSQL only."""

import pytest

from economy import accounts
from economy.models import Transaction
from economy.services.freedom import manumission
from economy.services.prices import manumission_cost
from ludus.models import Gladiator
from tests.economy.services.money import balance, fund
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]


def test_a_manumission_posted_at_once_frees_the_man_once(campaign, nerva, bithys):
    price, tax = manumission_cost(bithys)
    fund(accounts.peculium(bithys), price + tax + 1_000)

    made, others = sort_out(at_once(*[lambda: manumission(gladiator=bithys)] * 3), Transaction)
    assert not others, others
    assert len({t.pk for t in made}) == 1
    assert Transaction.objects.filter(cause=Transaction.Cause.MANUMISSION).count() == 1
    bithys.refresh_from_db()
    assert bithys.legal_status == Gladiator.LegalStatus.FREEDMAN and bithys.owner is None
    assert balance(accounts.peculium(bithys)) == 1_000
    assert balance(accounts.chest(nerva)) == price
