"""`manage.py generate_campaign` (issue 14) at a tiny scale: every row written by the
services, the books balanced, the same seed the same campaign, bad options refused by name."""

import io

import pytest
from django.core.management import CommandError, call_command

from arena.models import Bout, Show
from economy.ledger import balance_mismatches
from economy.models import Bet, Book, Entry, Hire, Transaction
from ludus.models import Campaign, Gladiator

pytestmark = pytest.mark.django_db

TINY = {"gladiators": 8, "shows": 2, "bouts": 4}


def _generate(seed: int = 3, **options) -> tuple[Campaign, str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("generate_campaign", seed=seed, stdout=out, stderr=err, **(TINY | options))
    return Campaign.objects.order_by("-pk").first(), out.getvalue(), err.getvalue()


def _signature(campaign: Campaign) -> tuple:
    """What the seed decides, without the database's ids."""
    men = tuple(
        Gladiator.objects.filter(campaign=campaign)
        .order_by("pk")
        .values_list("name", "armatura", "sheet", "status", "wounds")
    )
    bouts = tuple(
        (b.show.name, b.winner.name if b.winner else None, b.rounds, b.end_reason)
        for b in Bout.objects.filter(show__campaign=campaign).select_related("show").order_by("pk")
    )
    money = tuple(
        Entry.objects.filter(account__campaign=campaign)
        .order_by("pk")
        .values_list("account__name", "amount", "transaction__cause")
    )
    return men, bouts, money


def test_a_tiny_campaign_through_the_services():
    campaign, out, err = _generate()
    shows = Show.objects.filter(campaign=campaign)
    assert shows.count() == 2 and all(s.status == Show.Status.HELD for s in shows)
    bouts = Bout.objects.filter(show__campaign=campaign)
    assert bouts.count() == 4
    assert all(b.status == Bout.Status.DONE for b in bouts)
    assert Hire.objects.filter(gladiator__campaign=campaign).count() == 8  # both men, each bout
    assert Book.objects.filter(campaign=campaign).exists()
    assert Bet.objects.filter(book__campaign=campaign).exists()
    causes = set(Transaction.objects.filter(campaign=campaign).values_list("cause", flat=True))
    assert {"opening", "hire", "purse", "bet", "settlement", "funding"} <= causes
    assert balance_mismatches(campaign) == []
    assert "2 shows, 4 bouts" in out and "ledger entries" in out
    assert "generate_campaign: 2/2 shows, 4/4 bouts" in err  # the progress line, on stderr


def test_the_same_seed_builds_the_same_campaign():
    first, _, _ = _generate(seed=11)
    again, _, _ = _generate(seed=11)
    other, _, _ = _generate(seed=12)
    assert _signature(first) == _signature(again)
    assert _signature(first) != _signature(other)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"gladiators": 3}, "--gladiators: at least 4; got 3."),
        ({"gladiators": 10**6}, "--gladiators: at most 20,000"),
        ({"shows": 0}, "--shows: at least 1; got 0."),
        ({"bouts": 10**7}, "--bouts: at most 500,000"),
        ({"shows": 3, "bouts": 2}, "--bouts: every show needs a bout"),
        ({"shows": 1, "bouts": 21}, "--bouts: at most 20 pairs a card"),
        ({"gladiators": 8, "shows": 1, "bouts": 3}, "--gladiators: a card of 3 pairs needs 12"),
        ({"seed": -1}, "--seed: from 0"),
        ({"gm": " "}, "--gm: a username"),
    ],
)
def test_bad_options_are_refused_by_name_and_nothing_is_written(options, message):
    with pytest.raises(CommandError) as refused:
        call_command("generate_campaign", **(TINY | {"seed": 1} | options))
    assert refused.value.returncode == 2
    assert message in str(refused.value)
    assert not Campaign.objects.exists()
