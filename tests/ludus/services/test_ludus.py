"""The ludus: Favors called, an auctoratus's contract counted down, the rudis given."""

import pytest

from arena.models import Bout, Verdict
from ludus.models import Gladiator
from ludus.services import ludus
from ludus.services.ludus import LudusError, contract_count_down, favor_call, rudis_give
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


def decided_bout(*, wins_before=4, favor=6, status=Bout.Status.DONE, verdict=True):
    winner = factories.GladiatorFactory(name="Bithys")
    factories.PriorRecordFactory(gladiator=winner, city="Rome", wins=wins_before)
    loser = factories.GladiatorFactory(campaign=winner.campaign, armatura="murmillo")
    show = factories.ShowFactory(campaign=winner.campaign)
    bout = factories.BoutFactory(
        show=show,
        fighter_a=winner,
        fighter_b=loser,
        status=status,
        winner=winner,
        loser=loser,
        favor_a=favor,
        favor_b=4,
        end_reason="second_injury",
    )
    if verdict:
        Verdict.objects.create(bout=bout, loser_favor=4, crowd_call="divided", editor_act="missio")
    return bout


def test_the_rudis_goes_to_a_winner_at_six_with_five_wins(db):
    bout = decided_bout()
    winner = rudis_give(bout=bout)
    assert winner.status == Gladiator.Status.RUDIARIUS
    assert Verdict.objects.get(bout=bout).rudis_offered
    with pytest.raises(LudusError) as error:
        rudis_give(bout=bout)
    assert str(error.value) == ludus.RUDIS_ALREADY


def test_the_rudis_needs_crowd_favor_6(db):
    with pytest.raises(LudusError) as error:
        rudis_give(bout=decided_bout(favor=5))
    assert str(error.value) == ludus.RUDIS_FAVOR.format(name="Bithys", favor=5)


def test_the_rudis_needs_five_wins(db):
    with pytest.raises(LudusError) as error:
        rudis_give(bout=decided_bout(wins_before=3))
    assert str(error.value) == ludus.RUDIS_WINS_SHORT.format(name="Bithys", wins=4, needed=5)


def test_the_rudis_comes_after_the_decision(db):
    with pytest.raises(LudusError) as error:
        rudis_give(bout=decided_bout(status=Bout.Status.AWAITING_VERDICT, verdict=False))
    assert str(error.value) == ludus.RUDIS_NOT_DECIDED
