"""The charts' figures, derived from the records: each party's money day by day from the
ledger (a player reads only his own), and the leaders by wins, Crowd Favor and Fame."""

import pytest
from django.urls import reverse

from arena.models import Bout, Show, Venue
from arena.selectors.public import leaders, standings
from economy import accounts
from economy.ledger import Leg, transaction_post
from economy.models import Transaction
from economy.selectors.history import money_lines
from economy.services.corrections import opening_balance
from ludus.access import campaign_access
from tests import factories
from tests.cast import BATIATUS_CHEST, BITHYS_PECULIUM, FABIUS_PURSE, NERVA_CHEST

pytestmark = pytest.mark.django_db


def _pay(cast, amount, day):
    """Nerva pays Fabius `amount` on `day`."""
    transaction_post(
        campaign=cast.campaign,
        cause=Transaction.Cause.OTHER,
        memo="a debt",
        day=day,
        legs=[
            Leg(accounts.chest(cast.school), -amount),
            Leg(accounts.purse(cast.editor), amount),
        ],
        idempotency_key=f"debt:{day}",
    )


def _line(lines, name):
    return next(line for kind in lines.values() for line in kind if line.account.name == name)


def test_each_partys_money_day_by_day(cast):
    # The openings were posted on day 3 (the campaign's day); two debts on days 4 and 6.
    cast.campaign.day = 7
    cast.campaign.save()
    _pay(cast, 1_000, day=4)
    _pay(cast, 500, day=6)
    lines = money_lines(campaign_access(cast.gm, cast.campaign.pk))
    nerva = _line(lines, "Nerva's chest")
    assert nerva.days == (3, 4, 5, 6, 7)
    assert (
        nerva.balances
        == (NERVA_CHEST, NERVA_CHEST - 1_000, NERVA_CHEST - 1_000) + (NERVA_CHEST - 1_500,) * 2
    )
    fabius = _line(lines, "Fabius's purse")
    assert fabius.balances[-1] == FABIUS_PURSE + 1_500
    assert _line(lines, "Batiatus's chest").balances == (BATIATUS_CHEST,) * 5
    assert set(lines) == {"Lanista's chest", "Editor's purse", "Gladiator's peculium"}


def test_a_player_charts_only_his_own_money(cast):
    _pay(cast, 1_000, day=3)
    nerva = money_lines(campaign_access(cast.nerva, cast.campaign.pk))
    names = {line.account.name for kind in nerva.values() for line in kind}
    assert names == {"Nerva's chest", "Bithys's peculium"}
    assert _line(nerva, "Bithys's peculium").last == BITHYS_PECULIUM
    page = cast.client_for("nerva").get(reverse("campaign_charts", args=[cast.campaign.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert f"Nerva&#x27;s chest ({NERVA_CHEST - 1_000:,})" in text
    assert "Fabius" not in text.split('id="leader-charts"')[0]


def test_the_gm_sees_every_party_drawn(cast):
    page = cast.client_for("gm").get(reverse("campaign_charts", args=[cast.campaign.pk]))
    text = page.content.decode()
    assert text.count('class="chart chart-money"') == 3  # chests, purses, peculia
    assert f"Fabius&#x27;s purse ({FABIUS_PURSE:,})" in text


def _won(cast, show, winner, loser, favor):
    factories.BoutFactory(
        show=show,
        fighter_a=winner,
        fighter_b=loser,
        status=Bout.Status.DONE,
        winner=winner,
        loser=loser,
        end_reason=Bout.EndReason.YIELD,
        favor_a=favor,
        favor_b=1,
    )


def test_the_leaders_by_wins_crowd_favor_and_fame(cast):
    # Bithys: 5 prior wins in Rome and the win at Capua (Crowd Favor 5: a palm).
    # Crixus wins twice more at Capua, at Crowd Favor 4 and 6 (one palm).
    show = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, venue=Venue.CAPUA)
    show.status = Show.Status.HELD
    show.save()
    _won(cast, show, cast.crixus, cast.spartacus, 4)
    _won(cast, show, cast.crixus, cast.spartacus, 6)
    rows = {s.gladiator.name: s for s in standings(cast.campaign)}
    bithys, crixus, spartacus = rows["Bithys"], rows["Crixus"], rows["Spartacus"]
    assert (bithys.wins, bithys.favor, bithys.palms, bithys.cities_known) == (6, 5, 1, 1)
    assert bithys.fame == 6 + 1 + 2
    assert (crixus.wins, crixus.favor, crixus.palms, crixus.cities_known) == (2, 10, 1, 0)
    assert crixus.fame == 2 + 1
    assert (spartacus.wins, spartacus.favor, spartacus.bouts) == (0, 4 + 1 + 1, 3)
    boards = leaders(cast.campaign)
    assert [(s.gladiator.name, n) for s, n in boards["Wins"]] == [("Bithys", 6), ("Crixus", 2)]
    assert [(s.gladiator.name, n) for s, n in boards["Crowd Favor"]] == [
        ("Crixus", 10),
        ("Spartacus", 6),
        ("Bithys", 5),
    ]
    assert [(s.gladiator.name, n) for s, n in boards["Fame"]] == [("Bithys", 9), ("Crixus", 3)]


def test_a_bout_not_settled_counts_for_no_one(cast):
    factories.BoutFactory(show=cast.show, fighter_a=cast.crixus, fighter_b=cast.spartacus)
    rows = {s.gladiator.name: s for s in standings(cast.campaign)}
    assert rows["Crixus"].bouts == 0 and rows["Crixus"].favor == 0


def test_a_chart_draws_the_richest_dozen_and_counts_the_rest(cast, monkeypatch):
    """Seven thousand peculia on one chart are a tangle: the richest few of a kind are drawn
    (today's balance, ties by name), each with the same line as the whole computation gives,
    and the rest counted on the page."""
    from economy.selectors import history

    for index, amount in enumerate((900, 50, 900, 300)):
        man = factories.GladiatorFactory(
            campaign=cast.campaign, owner=cast.school, name=f"Recruit {index}"
        )
        opening_balance(account=accounts.peculium(man), amount=amount)
    gm = campaign_access(cast.gm, cast.campaign.pk)
    whole = money_lines(gm)
    peculia = whole["Gladiator's peculium"]
    charts = history.money_charts(gm, drawn=2)
    drawn = charts["Gladiator's peculium"]
    richest = sorted(peculia, key=lambda line: (-line.last, line.account.name))[:2]
    assert [line.account.pk for line in drawn.lines] == [line.account.pk for line in richest]
    assert [line.balances for line in drawn.lines] == [line.balances for line in richest]
    assert drawn.more == len(peculia) - 2
    monkeypatch.setattr(history, "DRAWN_PER_KIND", 2)
    monkeypatch.setattr(history.money_charts, "__kwdefaults__", {"drawn": 2})
    page = cast.client_for("gm").get(reverse("campaign_charts", args=[cast.campaign.pk]))
    text = page.content.decode()
    assert f"The 2 richest drawn; {len(peculia) - 2} more not drawn" in text
