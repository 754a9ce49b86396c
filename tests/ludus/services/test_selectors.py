"""The ludus selectors: records by city, Known, Dignitas, who is hurt."""

from arena.models import Bout
from arena.selectors.records import (
    Record,
    gladiator_record,
    is_known,
    records_by_city,
    records_of,
)
from ludus.selectors.people import (
    carried_injuries,
    editor_dignitas,
    hurt_gladiators,
    is_hurt,
    unhealed_injuries,
)
from tests import factories


def settle(show, winner, loser, status=Bout.Status.DONE):
    return factories.BoutFactory(
        show=show, fighter_a=winner, fighter_b=loser, status=status, winner=winner, loser=loser
    )


def test_records_by_city_add_the_campaigns_bouts_to_the_prior_record(db):
    bithys = factories.GladiatorFactory(name="Bithys")
    campaign = bithys.campaign
    factories.PriorRecordFactory(gladiator=bithys, city="Rome", wins=5, losses=1)
    factories.PriorRecordFactory(gladiator=bithys, city="Capua", wins=3, losses=1, draws=1)
    rome = factories.ShowFactory(campaign=campaign, venue="forum_romanum")
    pompeii = factories.ShowFactory(campaign=campaign, venue="pompeii")
    other = factories.GladiatorFactory(campaign=campaign)
    settle(rome, bithys, other)
    settle(pompeii, other, bithys, status=Bout.Status.AWAITING_VERDICT)
    factories.BoutFactory(show=rome, fighter_a=bithys, fighter_b=other)  # planned: not counted
    factories.BoutFactory(
        show=rome, fighter_a=other, fighter_b=bithys, status=Bout.Status.DONE, end_reason="draw"
    )
    assert records_by_city(bithys) == {
        "Capua": Record(3, 1, 1),
        "Pompeii": Record(0, 1, 0),
        "Rome": Record(6, 1, 1),
    }
    assert gladiator_record(bithys) == Record(9, 3, 2)
    assert gladiator_record(bithys).bouts == 14
    assert is_known(bithys, "Rome") and not is_known(bithys, "Pompeii")
    assert str(Record(6, 1, 1)) == "6-1-1"


def test_records_of_many_men_count_the_settled_bouts_as_each_mans_record_does(db):
    """The roster's records (two queries for a page of men) agree with each man's own: a bout
    awaiting the verdict counts, one being fought, planned or void does not."""
    bithys = factories.GladiatorFactory(name="Bithys")
    campaign = bithys.campaign
    crixus = factories.GladiatorFactory(campaign=campaign, name="Crixus")
    factories.PriorRecordFactory(gladiator=crixus, city="Rome", wins=2, draws=1)
    show = factories.ShowFactory(campaign=campaign)
    settle(show, bithys, crixus)
    settle(show, crixus, bithys, status=Bout.Status.AWAITING_VERDICT)
    for unsettled in (Bout.Status.FIGHTING, Bout.Status.PLANNED, Bout.Status.VOID):
        settle(show, bithys, crixus, status=unsettled)
    records = records_of([bithys, crixus])
    assert records == {bithys.pk: Record(1, 1, 0), crixus.pk: Record(3, 1, 1)}
    assert records == {man.pk: gladiator_record(man) for man in (bithys, crixus)}


def test_dignitas_is_the_base_plus_the_changes(db):
    editor = factories.EditorFactory(base_dignitas=4)
    assert editor_dignitas(editor) == 4
    editor.dignitas_changes.create(change=1, reason="a winner at 6", day=2)
    editor.dignitas_changes.create(change=-1, reason="defied the crowd", day=3)
    editor.dignitas_changes.create(change=-1, reason="defied the crowd", day=4)
    assert editor_dignitas(editor) == 3


def test_who_is_hurt(db):
    wounded = factories.GladiatorFactory(wounds=2, name="Wounded")
    campaign = wounded.campaign
    injured = factories.GladiatorFactory(campaign=campaign, name="Injured")
    rib = factories.InjuryFactory(gladiator=injured)
    healed = factories.GladiatorFactory(campaign=campaign, name="Healed")
    factories.InjuryFactory(gladiator=healed, healed_on=3)
    dead = factories.GladiatorFactory(campaign=campaign, wounds=5, status="dead", name="Dead")
    assert is_hurt(wounded) and is_hurt(injured) and not is_hurt(healed)
    assert list(hurt_gladiators(campaign)) == [injured, wounded]
    assert list(carried_injuries(injured)) == [rib]
    assert list(carried_injuries(healed)) == []
    assert list(unhealed_injuries(campaign)) == [rib]
    assert dead not in hurt_gladiators(campaign)
