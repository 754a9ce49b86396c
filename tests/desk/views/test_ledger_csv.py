"""The CSV download's public seams in economy.selectors: `csv_cell` (the spreadsheet-formula
guard) and `ledger_csv_rows(transactions=...)`, which economy.selectors_web uses to write a
player's cut of the ledger with the same columns and the same guard as the GM's."""

import csv
import io
from collections import Counter

import pytest
from django.urls import reverse

from economy import accounts
from economy.selectors.ledger import CSV_HEADER, csv_cell, ledger_csv_rows, ledger_transactions
from economy.services.corrections import opening_balance

pytestmark = pytest.mark.django_db

MEMO = CSV_HEADER.index("memo")


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Opening chest", "Opening chest"),
        ("a=b", "a=b"),
        ("", ""),
    ],
)
def test_csv_cell_defuses_formulas_only(text, cell):
    assert csv_cell(text) == cell


def test_rows_of_given_transactions_in_their_order(cast):
    listing = ledger_transactions(campaign=cast.campaign, newest_first=True)
    rows = list(ledger_csv_rows(campaign=cast.campaign, transactions=listing))
    assert rows[0] == CSV_HEADER
    ids = [row[0] for row in rows[1:]]
    assert ids == sorted(ids, reverse=True)
    oldest_first = list(ledger_csv_rows(campaign=cast.campaign))
    assert Counter(map(tuple, rows[1:])) == Counter(map(tuple, oldest_first[1:]))


def test_transactions_take_no_filters(cast):
    listing = ledger_transactions(campaign=cast.campaign)
    with pytest.raises(TypeError):
        list(ledger_csv_rows(campaign=cast.campaign, transactions=listing, cause="purse"))


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_a_formula_in_a_memo_is_defused_for_gm_and_player(cast, who):
    opening_balance(
        account=accounts.chest(cast.school),
        amount=5,
        memo="=HYPERLINK(1)",
        idempotency_key="test:formula-memo",
    )
    response = cast.client_for(who).get(reverse("economy:ledger_csv", args=[cast.campaign.pk]))
    body = b"".join(response.streaming_content).decode()
    rows = list(csv.reader(io.StringIO(body)))
    assert rows[0] == CSV_HEADER
    memos = [row[MEMO] for row in rows[1:] if "HYPERLINK" in row[MEMO]]
    assert memos == ["'=HYPERLINK(1)"] * 2  # both entries of the opening
