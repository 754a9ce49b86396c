"""`full_clean_held` (ludus/validation.py): `full_clean` without the existence query of a
foreign key whose row the caller holds, and every other check as before."""

import pytest
from django.core.exceptions import ValidationError

from desk.generate import generate_campaign
from economy.models import Bet
from ludus.models import Gladiator, Injury
from ludus.validation import full_clean_held, held_relations
from tests import factories

pytestmark = pytest.mark.django_db


def injury(**fields) -> Injury:
    values = {
        "name": "Stunned",
        "table_roll": 34,
        "severity": "easy",
        "effect": "-",
        "day_taken": 1,
    }
    return Injury(**(values | fields))


def test_a_held_man_is_not_asked_for_again(django_assert_num_queries):
    man = factories.GladiatorFactory()
    row = injury(gladiator=man)
    assert held_relations(row) == {"gladiator"}
    with django_assert_num_queries(0):
        full_clean_held(row)
    with django_assert_num_queries(1):  # what full_clean asks: does the man exist?
        row.full_clean()


def test_a_bare_id_is_still_checked_and_refused_by_name():
    row = injury(gladiator_id=987_654)
    assert held_relations(row) == set()
    with pytest.raises(ValidationError) as refused:
        full_clean_held(row)
    assert "gladiator" in refused.value.message_dict


def test_an_unsaved_man_is_not_held():
    man = Gladiator(name="Nobody")
    row = injury(gladiator=man)
    assert held_relations(row) == set()


def test_a_bad_value_is_refused_with_its_field_named_as_full_clean_names_it():
    man = factories.GladiatorFactory()
    row = injury(gladiator=man, severity="lethal", name="x" * 500)
    with pytest.raises(ValidationError) as held:
        full_clean_held(row)
    with pytest.raises(ValidationError) as plain:
        row.full_clean()
    assert held.value.message_dict == plain.value.message_dict
    assert {"severity", "name"} <= set(held.value.message_dict)


def test_unique_fields_and_constraints_are_still_checked():
    """A held key is left out of the field checks only: a second bet on the same transaction
    (a one-to-one) and a stake below 1 (a check constraint) are still refused by name."""
    generate_campaign(gladiators=8, shows=1, bouts=2, seed=3)  # a campaign with bets
    bet = Bet.objects.select_related("book", "bettor", "transaction").first()
    twin = Bet(
        book=bet.book,
        bettor=bet.bettor,
        side=bet.side,
        side_name=bet.side_name,
        stake=0,
        odds_numerator=1,
        odds_denominator=1,
        odds_on=False,
        day=1,
        transaction=bet.transaction,
    )
    with pytest.raises(ValidationError) as refused:
        full_clean_held(twin)
    errors = refused.value.message_dict
    assert "transaction" in errors  # Bet with this Transaction already exists.
    assert "__all__" in errors  # the constraint bet_stake_positive
