"""Taking back the last medicus roll and the last end of day (ludus.services.undo), and what
refuses it: not the last, the day gone, a death that night, a bout fought since."""

import pytest

from arena.models import Race
from arena.services.bouts import bout_fight
from ludus.errors import AlreadyDone, Refusal
from ludus.models import Campaign, DayEnd, Gladiator, Injury
from ludus.selectors.people import campaign_ruleset
from ludus.services.recovery import campaign_advance_day, medicus, medicus_treat
from ludus.services.undo import (
    DIED_THAT_NIGHT,
    ROLL_DAY_OVER,
    ROLLED_SINCE,
    UndoError,
    day_end_undo,
    medicus_undo,
)
from tests import factories
from tests.cast import build_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(db):
    return build_cast()


def seed_for(injury: Injury, success: bool) -> int:
    """The first seed whose Medicine check on this injury succeeds (or fails), asked of the
    campaign's ruleset itself."""
    ruleset = campaign_ruleset(injury.gladiator.campaign)
    for seed in range(500):
        treated = ruleset.treat(
            severity=injury.severity,
            healer=medicus(injury.gladiator.owner),
            at_home=True,
            seed=seed,
        )
        if treated.success is success:
            return seed
    raise AssertionError("no seed gives that roll")


def rib(cast) -> Injury:
    return cast.bithys.injuries.get(name="Cracked Rib")


def test_a_healing_roll_taken_back_carries_the_injury_again(cast):
    injury = rib(cast)
    attempt = medicus_treat(injury=injury, seed=seed_for(injury, True))
    injury.refresh_from_db()
    assert injury.is_healed
    undone = medicus_undo(attempt=attempt, user=cast.gm)
    injury.refresh_from_db()
    assert not injury.is_healed and undone.undone_at is not None and undone.undone_by == cast.gm
    assert undone.history.filter(history_type="~").exists()  # kept in the history
    with pytest.raises(AlreadyDone):
        medicus_undo(attempt=attempt, user=cast.gm)
    # The day's attempt is free again: the medicus may roll once more today.
    again = medicus_treat(injury=injury, seed=seed_for(injury, False))
    assert not again.success


def test_only_the_last_roll_is_taken_back(cast):
    first_injury = rib(cast)
    other = factories.InjuryFactory(gladiator=cast.crixus, name="Grazed", day_taken=2)
    first = medicus_treat(injury=first_injury, seed=seed_for(first_injury, False))
    medicus_treat(injury=other, seed=seed_for(other, False))
    with pytest.raises(UndoError, match="Only the last medicus roll"):
        medicus_undo(attempt=first)
    first.refresh_from_db()
    assert first.undone_at is None


def test_a_roll_of_a_day_that_has_ended_stands(cast):
    injury = rib(cast)
    attempt = medicus_treat(injury=injury, seed=seed_for(injury, False))
    campaign_advance_day(campaign=cast.campaign)
    with pytest.raises(UndoError) as refused:
        medicus_undo(attempt=attempt)
    assert str(refused.value) == ROLL_DAY_OVER.format(day=3, today=4)


def today_show(cast):
    """A show of today: fought, it does not move the calendar (arena.services.calendar)."""
    day = Campaign.objects.get(pk=cast.campaign.pk).day
    return factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, day=day)


def test_a_healing_roll_stands_once_he_has_fought_since(cast):
    injury = rib(cast)
    attempt = medicus_treat(injury=injury, seed=seed_for(injury, True))
    bout = factories.BoutFactory(
        show=today_show(cast), fighter_a=cast.bithys, fighter_b=cast.crixus
    )
    bout_fight(bout=bout, seed=1, rounds=1)
    with pytest.raises(Refusal, match="was fought since, with Bithys in it"):
        medicus_undo(attempt=attempt)
    injury.refresh_from_db()
    assert injury.is_healed


def test_an_end_of_day_taken_back_gives_the_wounds_and_the_day_back(cast):
    wounds = Gladiator.objects.get(pk=cast.bithys.pk).wounds
    assert wounds > 0
    campaign_advance_day(campaign=cast.campaign, day=3, user=cast.gm)
    rested = Gladiator.objects.get(pk=cast.bithys.pk).wounds
    assert rested < wounds
    record = DayEnd.objects.get(campaign=cast.campaign)
    day_end_undo(record=record, user=cast.gm)
    assert Campaign.objects.get(pk=cast.campaign.pk).day == 3
    assert Gladiator.objects.get(pk=cast.bithys.pk).wounds == wounds
    record.refresh_from_db()
    assert record.undone_by == cast.gm
    with pytest.raises(AlreadyDone):
        day_end_undo(record=record)
    # The day can be ended again, as before.
    campaign_advance_day(campaign=cast.campaign, day=3)
    assert Gladiator.objects.get(pk=cast.bithys.pk).wounds == rested


def test_an_end_of_day_stands_once_the_new_day_has_a_roll(cast):
    campaign_advance_day(campaign=cast.campaign)
    injury = rib(cast)
    medicus_treat(injury=injury, seed=seed_for(injury, False))
    with pytest.raises(UndoError) as refused:
        day_end_undo(record=DayEnd.objects.get(campaign=cast.campaign))
    assert str(refused.value) == ROLLED_SINCE.format(injury="Cracked Rib", name="Bithys", day=4)
    assert Campaign.objects.get(pk=cast.campaign.pk).day == 4


def test_an_end_of_day_with_a_death_stands(cast):
    factories.InjuryFactory(gladiator=cast.crixus, name="Bleeding Out", day_taken=3)
    campaign_advance_day(campaign=cast.campaign)
    with pytest.raises(UndoError) as refused:
        day_end_undo(record=DayEnd.objects.get(campaign=cast.campaign))
    assert str(refused.value) == DIED_THAT_NIGHT.format(names="Crixus", day=3)


def test_an_end_of_day_stands_when_his_wounds_moved_since(cast):
    campaign_advance_day(campaign=cast.campaign)
    Gladiator.objects.filter(pk=cast.bithys.pk).update(wounds=5)
    with pytest.raises(UndoError, match="Bithys carries 5 Wounds"):
        day_end_undo(record=DayEnd.objects.get(campaign=cast.campaign))


def test_an_end_of_day_stands_once_a_bout_was_fought_on_the_new_day(cast):
    campaign_advance_day(campaign=cast.campaign)
    show = today_show(cast)
    bout = factories.BoutFactory(show=show, fighter_a=cast.crixus, fighter_b=cast.free_agent)
    bout_fight(bout=bout, seed=1, rounds=1)
    with pytest.raises(Refusal, match="was fought since"):
        day_end_undo(record=DayEnd.objects.get(campaign=cast.campaign))


def test_an_end_of_day_stands_once_a_race_was_run_on_the_new_day(cast):
    """The night rested every man of the campaign, so any race of it run since holds it."""
    campaign_advance_day(campaign=cast.campaign)
    entry = factories.RaceEntryFactory(race__show__campaign=cast.campaign)
    race = entry.race
    race.status = Race.Status.RUNNING
    race.save(update_fields=["status"])
    with pytest.raises(Refusal, match=f"was run since, with {entry.driver.name} driving"):
        day_end_undo(record=DayEnd.objects.get(campaign=cast.campaign))


def test_an_end_of_day_is_not_held_by_another_campaigns_race(cast):
    campaign_advance_day(campaign=cast.campaign)
    elsewhere = factories.RaceEntryFactory()
    assert elsewhere.race.show.campaign != cast.campaign
    elsewhere.race.status = Race.Status.RUNNING
    elsewhere.race.save(update_fields=["status"])
    day_end_undo(record=DayEnd.objects.get(campaign=cast.campaign))
