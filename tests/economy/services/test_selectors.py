"""Reading the ledger: balances in one query, filtered listings, the CSV rows."""

import pytest

from arena.selectors.bouts import show_events
from economy import accounts
from economy.models import Account, Transaction
from economy.selectors.ledger import (
    CSV_HEADER,
    account_history,
    account_of,
    balances_by_party,
    hire_of,
    ledger_csv_rows,
    ledger_transactions,
)
from economy.services import corrections, purses
from economy.services import hire as hiring
from tests.economy.services.money import fund
from tests.factories import (
    BoutFactory,
    CampaignFactory,
    GladiatorFactory,
    LanistaFactory,
    ShowFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def forum(campaign, nerva, bithys, rich_senator, munus):
    """Bithys hired to the munus and paid a purse; a second show with another hire."""
    hire = hiring.hire_contract_create(show=munus, gladiator=bithys, kind="single")
    bout = BoutFactory(show=munus, fighter_a=bithys)
    purses.purse_pay(bout=bout, winner=bithys, favor=6)
    other_show = ShowFactory(campaign=campaign, editor=rich_senator, name="Ludi")
    other = GladiatorFactory(campaign=campaign, owner=nerva, name="Other")
    hiring.hire_contract_create(show=other_show, gladiator=other)
    return {"hire": hire, "bout": bout, "other_show": other_show, "other": other}


def test_balances_by_party_in_one_query(
    campaign, nerva, bithys, rich_senator, forum, django_assert_num_queries
):
    elsewhere = LanistaFactory(campaign=CampaignFactory())
    fund(accounts.chest(elsewhere), 999)  # another campaign's money stays out of this one
    with django_assert_num_queries(1):
        rows = {a.name: (a.kind, a.balance) for a in balances_by_party(campaign=campaign)}
    assert rows == {
        "Nerva's chest": ("chest", 3_200 + 1_600),
        "Bithys's peculium": ("peculium", 1_600),
        "Fabius's purse": ("purse", 200_000 - 3_200 - 1_600 - 1_600),
        "The market": ("market", -200_000),
    }


def test_balances_carry_their_owners_without_more_queries(
    campaign, forum, django_assert_num_queries
):
    with django_assert_num_queries(1):
        owners = {
            a.kind: (a.lanista or a.gladiator or a.editor or a.bettor)
            for a in balances_by_party(campaign=campaign)
        }
    assert owners["chest"].name == "Nerva"
    assert owners["peculium"].name == "Bithys"
    assert owners["market"] is None


def test_ledger_listing_prefetches_entries(campaign, forum, django_assert_num_queries):
    with django_assert_num_queries(2):
        listed = [
            (t.cause, [(e.account.kind, e.amount) for e in t.entries.all()])
            for t in ledger_transactions(campaign=campaign)
        ]
    assert [cause for cause, _ in listed] == ["opening", "hire", "purse", "hire"]
    assert listed[1][1] == [("purse", -3_200), ("chest", 3_200)]


def test_ledger_filters(campaign, nerva, bithys, rich_senator, munus, forum):
    def causes(show=None, **filters):
        if show is not None:  # a show's money: paid for the show itself and for its bouts
            filters["events"] = show_events(show)
        return [t.cause for t in ledger_transactions(campaign=campaign, **filters)]

    assert causes(show=munus) == ["hire", "purse"]
    assert causes(show=forum["other_show"]) == ["hire"]
    assert causes(cause="purse") == ["purse"]
    assert causes(party=bithys) == ["purse"]  # his peculium moved once
    assert causes(gladiator=bithys) == ["hire", "purse"]  # and he was hired once
    assert causes(party=nerva) == ["hire", "hire"]
    assert causes(account=accounts.chest(nerva), show=munus) == ["hire"]
    assert causes(party=rich_senator, newest_first=True) == ["hire", "purse", "hire", "opening"]
    assert causes(cause="sale") == []


def test_csv_rows_one_per_entry_with_formulas_defused(campaign, nerva, forum):
    corrections.opening_balance(account=accounts.chest(nerva), amount=5, memo="=HYPERLINK(1)")
    rows = list(ledger_csv_rows(campaign=campaign))
    assert rows[0] == CSV_HEADER
    entries = sum(t.entries.count() for t in Transaction.objects.filter(campaign=campaign))
    assert len(rows) == 1 + entries
    hire_rows = [row for row in rows[1:] if row[2] == "Hire"]
    assert sorted(row[CSV_HEADER.index("sesterces")] for row in hire_rows) == [
        -3_200,
        -1_600,
        1_600,
        3_200,
    ]
    memo = CSV_HEADER.index("memo")
    assert [row[memo] for row in rows[1:] if "HYPERLINK" in row[memo]] == ["'=HYPERLINK(1)"] * 2
    only_purses = list(ledger_csv_rows(campaign=campaign, cause="purse"))
    assert len(only_purses) == 3


def test_account_of_and_history(campaign, nerva, bithys, forum):
    assert account_of(nerva) == Account.objects.get(lanista=nerva)
    assert account_of(LanistaFactory(campaign=campaign)) is None  # reading opens no account
    history = account_history(account=accounts.chest(nerva))
    assert [running for _, running in history] == [3_200, 4_800]
    with pytest.raises(TypeError):
        account_of(campaign)


def test_hire_of(campaign, bithys, munus, forum):
    assert hire_of(show=munus, gladiator=bithys) == forum["hire"]
    assert hire_of(show=forum["other_show"], gladiator=bithys) is None
