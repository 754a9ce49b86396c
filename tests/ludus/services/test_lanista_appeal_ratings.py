"""A lanista's own Charisma and Charm, for the appeal he may make for a beaten man."""

import pytest
from django.core.exceptions import ValidationError

from ludus.models import Lanista
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_lanista_defaults_to_the_seeds_appeal_ratings():
    nerva = factories.LanistaFactory(name="Nerva")
    nerva.refresh_from_db()
    assert (nerva.charisma, nerva.charm) == (2, 1)


@pytest.mark.parametrize(("field", "value"), [("charisma", 0), ("charisma", 7), ("charm", 6)])
def test_his_ratings_keep_the_sheets_ranges(field, value):
    nerva = factories.LanistaFactory(name="Nerva")
    setattr(nerva, field, value)
    with pytest.raises(ValidationError) as error:
        nerva.full_clean()
    assert field in error.value.message_dict


def test_the_ranges_match_a_gladiators():
    lanista = {f.name: f for f in Lanista._meta.get_fields() if f.name in ("charisma", "charm")}
    for name, (low, high) in {"charisma": (1, 6), "charm": (0, 5)}.items():
        limits = sorted(v.limit_value for v in lanista[name].validators)
        assert limits == [low, high]
