"""The show planner's writes, posted three times at once (issue 10, "Replays of a click"): a
show planned with one form's key is planned once; the same pair put on a card at once goes on
it once; a pair taken off, a man replaced and a show held at once are each done once (the
show's or the bout's row lock), and the other posts are refused or answer AlreadyDone.

PostgreSQL only (tests/threads.py).
"""

import pytest

from arena.book.services import book_open
from arena.models import Bout, BoutEntry, Show
from arena.services import shows as s
from economy.models import Book, Transaction
from ludus.errors import AlreadyDone, Refusal
from tests import factories
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

N = 3


def test_a_show_planned_at_once_is_planned_once(cast):
    key = factories.form_key()

    def post():
        return s.show_plan(
            campaign=cast.campaign, name="Ludi Romani", editor=cast.editor, day=5, once_key=key
        )

    made, others = sort_out(at_once(*[post] * N), Show)
    assert len(made) == 1, others
    assert all(isinstance(r, AlreadyDone) and r.result_id == made[0].pk for r in others), others
    assert Show.objects.filter(campaign=cast.campaign, name="Ludi Romani").count() == 1


def test_the_same_pair_put_on_a_card_at_once_goes_on_it_once(cast):
    cast.bout.delete()

    def post():
        return s.bout_add(show=cast.show, fighter_a=cast.bithys, fighter_b=cast.rufus)

    made, others = sort_out(at_once(*[post] * N), Bout)
    assert len(made) == 1, others
    assert all(isinstance(r, Refusal) for r in others), others
    assert {str(r) for r in others} == {
        s.TWICE_ON_CARD.format(name=cast.bithys.name, show=cast.show)
    }
    assert Bout.objects.filter(show=cast.show).count() == 1
    assert BoutEntry.objects.filter(bout__show=cast.show).count() == 2


def test_a_pair_taken_off_at_once_is_taken_off_once_and_its_book_voided_once(cast):
    book = book_open(bout=cast.bout)

    def post():
        return s.bout_remove(bout=cast.bout)

    made, others = sort_out(at_once(*[post] * N), Bout)
    assert len(made) == 1, others
    assert all(isinstance(r, s.ShowError) for r in others), others
    assert {str(r) for r in others} == {s.NOT_PLANNED.format(status="void")}
    cast.bout.refresh_from_db()
    book.refresh_from_db()
    assert cast.bout.status == Bout.Status.VOID and cast.bout.void_reason == s.TAKEN_OFF
    assert book.status == Book.Status.VOID


def test_a_man_replaced_at_once_is_put_in_once(cast):
    spare = factories.GladiatorFactory(campaign=cast.campaign, owner=cast.rival, name="Verus")

    def post():
        return s.bout_replace(bout=cast.bout, side="b", gladiator=spare)

    made, others = sort_out(at_once(*[post] * N), Bout)
    assert len(made) == 1, others
    assert all(isinstance(r, s.ShowError) for r in others), others
    entries = BoutEntry.objects.filter(bout=cast.bout).order_by("side")
    assert [e.gladiator_id for e in entries] == [cast.bithys.pk, spare.pk]


def test_a_show_held_at_once_is_held_once(cast):
    def post():
        return s.show_hold(show=cast.show, seed=7, crowd_decides=True)  # held to the end

    made, others = sort_out(at_once(*[post] * N), Show)
    assert len(made) == 1, others
    assert all(isinstance(r, s.ShowError) for r in others), others
    assert {str(r) for r in others} == {s.SHOW_HELD.format(show=cast.show)}
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.DONE
    # The bout was fought once: one purse, and the verdict's money once.
    purses = Transaction.objects.filter(campaign=cast.campaign, cause=Transaction.Cause.PURSE)
    assert purses.count() == 1
