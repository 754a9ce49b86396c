"""A hire posted three times at once (issue 10, "Replays of a click"): the man is hired to the
show once and the editor pays once (the man's row lock); the repeats are refused as already
hired. (Many hires against one purse: test_concurrency.py.) PostgreSQL only."""

import pytest

from economy import accounts
from economy.models import Hire
from economy.services import hire as hiring
from economy.services.refusals import ALREADY_HIRED, ContractError
from tests.economy.services.money import balance
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]


def test_a_hire_posted_at_once_is_made_and_paid_once(rich_senator, munus, bithys, nerva):
    def post():
        return hiring.hire_contract_create(show=munus, gladiator=bithys, kind="single")

    made, others = sort_out(at_once(*[post] * 3), Hire)
    assert len(made) == 1, others
    assert all(isinstance(r, ContractError) for r in others), others
    assert {str(r) for r in others} == {ALREADY_HIRED.format(gladiator="Bithys", show=munus.name)}
    assert Hire.objects.filter(gladiator=bithys).count() == 1
    assert balance(accounts.purse(rich_senator)) == 200_000 - made[0].price
    assert balance(accounts.chest(nerva)) == made[0].price
