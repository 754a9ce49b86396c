"""The ledger page, its htmx filter fragment and the CSV download, for the GM, the owning player,
another player and an outsider.

The choice under test: the GM reads every transaction; a player reads those touching his own
accounts, and the public costs of the games (a hire to a show, a winner's purse, ...).
"""

import csv
import io

import pytest
from django.urls import reverse

from economy import accounts
from economy.services.trade import gladiator_sell
from tests.cast import (
    BATIATUS_CHEST,
    BITHYS_PECULIUM,
    EVERYONE,
    NERVA_CHEST,
    hire_spartacus,
)


def _ledger(cast):
    return reverse("economy:ledger", args=[cast.campaign.pk])


def _csv(cast):
    return reverse("economy:ledger_csv", args=[cast.campaign.pk])


def _rows(response) -> list[list[str]]:
    body = b"".join(response.streaming_content).decode()
    return list(csv.reader(io.StringIO(body)))


def test_ledger_is_404_to_an_outsider(cast):
    assert cast.client_for("outsider").get(_ledger(cast)).status_code == 404
    assert cast.client_for("outsider").get(_csv(cast)).status_code == 404


def test_the_gm_reads_every_transaction_with_its_entries(cast):
    text = cast.client_for("gm").get(_ledger(cast)).content.decode()
    assert "4 transactions" in text
    assert "Opening balance" in text
    assert f"+{NERVA_CHEST:,} HS" in text and f"−{NERVA_CHEST:,} HS" in text
    assert f"+{BATIATUS_CHEST:,} HS" in text
    assert "Every transaction of the campaign." in text


def test_a_player_reads_his_own_transactions_and_the_public_costs(cast):
    hire = hire_spartacus(cast)  # Fabius (other's editor) pays Batiatus (other's school)
    text = cast.client_for("nerva").get(_ledger(cast)).content.decode()
    assert f'id="tx-{hire.pk}"' in text  # a hire to a show is public
    assert f"+{NERVA_CHEST:,} HS" in text  # his chest's opening
    assert f"+{BITHYS_PECULIUM:,} HS" in text  # his man's peculium
    assert f"+{BATIATUS_CHEST:,} HS" not in text  # another school's private money
    assert "3 transactions" in text


def test_a_private_sale_is_not_read_by_another_player(cast):
    sale = gladiator_sell(gladiator=cast.crixus, buyer=None)
    nerva = cast.client_for("nerva").get(_ledger(cast)).content.decode()
    other = cast.client_for("other").get(_ledger(cast)).content.decode()
    assert f'id="tx-{sale.transactions.get().pk}"' in nerva
    assert f'id="tx-{sale.transactions.get().pk}"' not in other


def test_a_player_sees_only_his_own_balances(cast):
    text = cast.client_for("other").get(_ledger(cast)).content.decode()
    balances = text.split('id="balances"')[1]
    assert "Batiatus" in balances and "Fabius" in balances
    assert "Nerva" not in balances and "Bithys" not in balances


def test_filter_by_party(cast):
    hire_spartacus(cast)
    chest = accounts.chest(cast.school)
    text = cast.client_for("gm").get(_ledger(cast), {"account": chest.pk}).content.decode()
    assert "1 transaction " in text
    assert f"+{NERVA_CHEST:,} HS" in text
    assert f"+{BATIATUS_CHEST:,} HS" not in text


def test_filter_by_show(cast):
    hire = hire_spartacus(cast)
    text = cast.client_for("gm").get(_ledger(cast), {"show": cast.show.pk}).content.decode()
    assert "1 transaction " in text
    assert f'id="tx-{hire.pk}"' in text


def test_a_player_cannot_filter_by_another_players_account(cast):
    their_chest = accounts.chest(cast.rival)
    response = cast.client_for("nerva").get(_ledger(cast), {"account": their_chest.pk})
    text = response.content.decode()
    assert "Select a valid choice" in text
    assert f"+{BATIATUS_CHEST:,} HS" not in text


def test_the_filter_by_htmx_returns_only_the_table_fragment(cast):
    chest = accounts.chest(cast.school)
    response = cast.client_for("gm").get(
        _ledger(cast), {"account": chest.pk}, HTTP_HX_REQUEST="true"
    )
    text = response.content.decode()
    assert text.lstrip().startswith('<section id="ledger-table"')
    assert "<html" not in text and 'id="balances"' not in text
    assert f"+{NERVA_CHEST:,} HS" in text and f"+{BATIATUS_CHEST:,} HS" not in text


def test_the_filter_form_works_without_javascript(cast):
    text = cast.client_for("gm").get(_ledger(cast)).content.decode()
    assert 'method="get"' in text and 'hx-get="' in text
    assert f'action="{_ledger(cast)}"' in text


def test_the_ledger_pages_past_fifty(cast):
    from economy.services.corrections import opening_balance

    for n in range(55):
        opening_balance(account=accounts.chest(cast.school), amount=1, idempotency_key=f"extra-{n}")
    client = cast.client_for("gm")
    first = client.get(_ledger(cast)).content.decode()
    assert "Page 1 of 2" in first
    second = client.get(_ledger(cast), {"page": 2}).content.decode()
    assert "Page 2 of 2" in second


@pytest.mark.parametrize("who", ["gm", "nerva", "other"])
def test_csv_download(cast, who):
    hire_spartacus(cast)
    response = cast.client_for(who).get(_csv(cast))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = _rows(response)
    assert rows[0][0] == "transaction"
    amounts = {int(row[9]) for row in rows[1:]}
    if who == "gm":
        assert len(rows) == 1 + 2 * 5  # four openings and the hire, two entries each
    if who == "nerva":
        assert NERVA_CHEST in amounts and BATIATUS_CHEST not in amounts
        assert len(rows) == 1 + 2 * 3
    if who == "other":
        assert BATIATUS_CHEST in amounts and NERVA_CHEST not in amounts


def test_csv_keeps_the_filter(cast):
    chest = accounts.chest(cast.school)
    rows = _rows(cast.client_for("gm").get(_csv(cast), {"account": chest.pk}))
    assert len(rows) == 1 + 2
    assert {int(row[9]) for row in rows[1:]} == {NERVA_CHEST, -NERVA_CHEST}


@pytest.mark.parametrize("who", EVERYONE)
def test_the_gladiator_filter_link_from_his_page(cast, who):
    response = cast.client_for(who).get(_ledger(cast), {"gladiator": cast.bithys.pk})
    if who == "outsider":
        assert response.status_code == 404
        return
    text = response.content.decode()
    if who == "other":
        assert f"+{BITHYS_PECULIUM:,} HS" not in text  # his peculium is private to Nerva
    else:
        assert f"+{BITHYS_PECULIUM:,} HS" in text
