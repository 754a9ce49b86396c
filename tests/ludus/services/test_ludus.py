"""The ludus: Favors called, an auctoratus's contract counted down, the rudis given."""

import pytest

from ludus.models import Gladiator
from ludus.services import ludus
from ludus.services.ludus import LudusError, contract_count_down, favor_call
from tests import factories


def test_a_favor_is_called_once(db):
    favor = factories.FavorFactory(owed_by="Bithys", patron__campaign__day=7)
    called = favor_call(favor=favor, called_for="  Bithys to fight at Pompeii ")
    assert called.called_on == 7 and called.called_for == "Bithys to fight at Pompeii"
    assert called.is_called
    with pytest.raises(LudusError) as error:
        favor_call(favor=favor, called_for="again")
    assert str(error.value) == ludus.FAVOR_ALREADY_CALLED.format(
        day=7, called_for="Bithys to fight at Pompeii"
    )


def test_a_favor_needs_a_purpose(db):
    with pytest.raises(LudusError) as error:
        favor_call(favor=factories.FavorFactory(), called_for="  ")
    assert str(error.value) == ludus.FAVOR_NEEDS_PURPOSE


def test_a_contract_counts_down_to_freedom(db):
    man = factories.GladiatorFactory(legal_status="auctoratus", contract_bouts_left=2)
    assert contract_count_down(gladiator=man).contract_bouts_left == 1
    man = contract_count_down(gladiator=man)
    assert man.contract_bouts_left == 0 and man.status == Gladiator.Status.FREED
    with pytest.raises(LudusError, match="already served"):
        contract_count_down(gladiator=man)


def test_only_an_auctoratus_has_a_contract(db):
    with pytest.raises(LudusError, match="not a free volunteer"):
        contract_count_down(gladiator=factories.GladiatorFactory())
