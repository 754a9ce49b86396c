"""The Circus planner's writes, posted three times at once (issue 10, "Replays of a click"): a
race planned with one form's key is planned once; a driver put in the field or taken out at
once is put in or taken out once (the race's row lock); the other posts answer AlreadyDone or
the refusal. (Running a leg: test_replay_concurrency.py.) PostgreSQL only."""

import pytest

from arena.models import Race, RaceEntry
from arena.rulesets.era.circus import services as r
from ludus.errors import AlreadyDone
from tests.factories import GladiatorFactory, form_key
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

N = 3


def test_a_race_planned_at_once_is_planned_once(race):
    key = form_key()

    def post():
        return r.race_plan(show=race.show, name="The bigae", chariot="biga", once_key=key)

    made, others = sort_out(at_once(*[post] * N), Race)
    assert len(made) == 1, others
    assert all(isinstance(x, AlreadyDone) and x.result_id == made[0].pk for x in others), others
    assert Race.objects.filter(show=race.show, name="The bigae").count() == 1


def test_a_driver_put_in_the_field_at_once_gets_one_stall(race):
    man = GladiatorFactory(campaign=race.show.campaign, name="Thallus", is_charioteer=True)

    def post():
        return r.race_entry_add(race=race, gladiator=man, faction="Greens")

    made, others = sort_out(at_once(*[post] * N), tuple)
    assert len(made) == 1, others
    assert all(isinstance(x, r.RaceError) for x in others), others
    assert {str(x) for x in others} == {r.DRIVER_ALREADY_ENTERED.format(name="Thallus")}
    assert RaceEntry.objects.filter(race=race, driver=man).count() == 1


def test_a_driver_taken_out_at_once_is_taken_out_once(race):
    entry = race.entries.order_by("lane").first()
    before = race.entries.count()

    def post():
        return r.race_entry_remove(race=race, entry=entry)

    made, others = sort_out(at_once(*[post] * N), str)
    assert len(made) == 1, others
    assert all(isinstance(x, r.RaceError) for x in others), others
    assert {str(x) for x in others} == {r.ENTRY_NOT_IN_RACE}
    assert race.entries.count() == before - 1
