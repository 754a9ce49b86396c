"""The rudis (seed 001, THE LUDUS V): a winner at Crowd Favor 6 with five wins, after the
editor's decision, becomes a rudiarius."""

import pytest

from arena.models import Bout, Verdict
from arena.services import rudis
from arena.services.rudis import rudis_give
from ludus.models import Gladiator
from ludus.services.ludus import LudusError
from tests import factories


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
    bout.refresh_from_db()
    assert bout.rudis_given
    with pytest.raises(LudusError) as error:
        rudis_give(bout=bout)
    assert str(error.value) == rudis.RUDIS_ALREADY


def test_the_rudis_needs_crowd_favor_6(db):
    with pytest.raises(LudusError) as error:
        rudis_give(bout=decided_bout(favor=5))
    assert str(error.value) == rudis.RUDIS_FAVOR.format(name="Bithys", favor=5)


def test_the_rudis_needs_five_wins(db):
    with pytest.raises(LudusError) as error:
        rudis_give(bout=decided_bout(wins_before=3))
    assert str(error.value) == rudis.RUDIS_WINS_SHORT.format(name="Bithys", wins=4, needed=5)


def test_the_rudis_comes_after_the_decision(db):
    with pytest.raises(LudusError) as error:
        rudis_give(bout=decided_bout(status=Bout.Status.AWAITING_VERDICT, verdict=False))
    assert str(error.value) == rudis.RUDIS_NOT_DECIDED


def test_the_rudis_can_follow_a_death_on_the_sand(db):
    """A loser killed by his injury on the sand leaves the editor nothing to decide (no
    verdict), but THE LUDUS V asks only a winner at Crowd Favor 6 with five wins."""
    bout = decided_bout(verdict=False)
    Bout.objects.filter(pk=bout.pk).update(end_reason=Bout.EndReason.KILLED)
    winner = rudis_give(bout=bout)
    assert winner.status == Gladiator.Status.RUDIARIUS
    assert not Verdict.objects.filter(bout=bout).exists()
