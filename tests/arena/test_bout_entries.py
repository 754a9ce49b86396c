"""A bout of any number of entrants (issue 9): the pair is two BoutEntry rows; a beast or a
hired opponent is an entry with a name and no gladiator; the Era rules fight only a pair of
the campaign's men and say so."""

import pytest
from django.db import IntegrityError, transaction

from arena.errors import BoutError
from arena.models import Bout, BoutEntry
from arena.services.bouts import bout_fight
from economy import accounts
from economy.services.corrections import opening_balance
from tests.factories import BoutFactory, GladiatorFactory, ShowFactory


def funded(show):
    """The editor's purse can pay for any decision, so the fight may begin."""
    opening_balance(account=accounts.purse(show.editor), amount=100_000)
    return show


@pytest.fixture
def bout(db):
    return BoutFactory(show=funded(ShowFactory()))


def test_a_pair_is_two_entries_on_sides_a_and_b(bout):
    assert [entry.side for entry in bout.entrants] == ["a", "b"]
    assert bout.fighters == [bout.entry_a.gladiator, bout.entry_b.gladiator]
    assert str(bout) == f"{bout.entry_a.gladiator.name} v {bout.entry_b.gladiator.name}"
    assert bout.winner is None and bout.loser is None


def test_a_fought_bout_records_each_entrants_result_standing_and_fate(bout):
    bout = bout_fight(bout=bout, seed=7)
    results = sorted(entry.result for entry in bout.entrants)
    assert results in (["lost", "won"], ["drew", "drew"])
    for entry in bout.entrants:
        assert 0 <= entry.standing <= 6
    if bout.winner is not None:
        assert bout.winning_entry.fate == BoutEntry.Fate.WALKED_OUT
        assert bout.winner.bout_entries.get(bout=bout).result == "won"


def test_a_hired_opponent_is_a_named_entry_with_no_owner_and_no_purse(db):
    show = ShowFactory()
    bout = Bout.objects.create(show=show)
    man = GladiatorFactory(campaign=show.campaign)
    BoutEntry.objects.create(bout=bout, side="a", gladiator=man)
    bear = BoutEntry.objects.create(bout=bout, side="b", name="A Numidian bear")
    assert str(bout) == f"{man.name} v A Numidian bear"
    assert bear.is_hired_opponent and bout.fighters == [man]


def test_an_entry_is_a_man_or_has_a_name(db):
    bout = Bout.objects.create(show=ShowFactory())
    with pytest.raises(IntegrityError), transaction.atomic():
        BoutEntry.objects.create(bout=bout, side="a")


def test_a_man_enters_a_bout_once(bout):
    with pytest.raises(IntegrityError), transaction.atomic():
        BoutEntry.objects.create(bout=bout, side="c", gladiator=bout.entry_a.gladiator)


def test_the_era_rules_refuse_a_hired_opponent_by_name(db):
    show = funded(ShowFactory())
    bout = Bout.objects.create(show=show)
    BoutEntry.objects.create(
        bout=bout, side="a", gladiator=GladiatorFactory(campaign=show.campaign)
    )
    BoutEntry.objects.create(bout=bout, side="b", name="A Numidian bear")
    with pytest.raises(BoutError, match="A Numidian bear is a hired opponent"):
        bout_fight(bout=bout, seed=1)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.PLANNED and not bout.log


def test_the_era_rules_refuse_a_bout_of_three(bout):
    BoutEntry.objects.create(
        bout=bout, side="c", gladiator=GladiatorFactory(campaign=bout.show.campaign)
    )
    with pytest.raises(BoutError, match="fought by a pair, sides a and b; this one has 3"):
        bout_fight(bout=bout, seed=1)
