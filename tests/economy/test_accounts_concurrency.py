"""The campaign's own accounts (the market, the state, the bookmaker) are opened on first use;
opened by three requests at once they are opened once (issue 10: a partial unique index, and
get_or_create's second look). Two markets would split the campaign's money and make every
later look-up fail. PostgreSQL only (tests/threads.py)."""

import pytest

from economy import accounts
from economy.models import Account
from tests.factories import CampaignFactory
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]


@pytest.mark.parametrize("opener", [accounts.market, accounts.state, accounts.bookmaker])
def test_a_house_account_opened_at_once_is_opened_once(opener):
    campaign = CampaignFactory()
    opened, others = sort_out(at_once(*[lambda: opener(campaign)] * 3), Account)
    assert not others, others
    assert len({account.pk for account in opened}) == 1
    assert Account.objects.filter(campaign=campaign, kind=opened[0].kind).count() == 1
