"""Two "fight a round" posts at once, both drawn at round 0, fight one round (issue 10): the
bout row is locked, and the post that waits sees round 1 fought and answers "already done".
The same for the answer to a pending choice (drawn at its number of answers) and the editor's
decision (one verdict, its money once)."""

import pytest

from arena.errors import BoutError
from arena.models import Bout, Verdict
from arena.services import bouts
from arena.services.bouts import bout_decide, bout_fight
from economy.models import Transaction
from ludus.errors import AlreadyDone
from tests.threads import at_once, postgres_only, sort_out

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_fight_a_round_posts_at_once_fight_one_round(cast):
    def one_round():
        return bout_fight(bout=cast.bout, seed=3, rounds=1, auto_decide=False, at_round=0)

    results = at_once(one_round, one_round)
    cast.bout.refresh_from_db()
    assert cast.bout.rounds == 1
    assert sum(isinstance(x, Bout) for x in results) == 1, results
    assert sum(isinstance(x, AlreadyDone) for x in results) == 1, results


def test_a_man_cannot_be_put_on_two_cards_at_once(cast):
    """Two pairs for one man, posted at once on two shows: one card gets him."""
    from arena.services.shows import bout_add
    from tests import factories

    shows = [
        factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, day=day) for day in (8, 9)
    ]
    rivals = factories.GladiatorFactory.create_batch(2, campaign=cast.campaign)
    cast.bout.delete()

    def pair(index):
        return lambda: bout_add(show=shows[index], fighter_a=cast.bithys, fighter_b=rivals[index])

    results = at_once(pair(0), pair(1))
    assert Bout.objects.filter(entries__gladiator=cast.bithys).count() == 1, results


@postgres_only
def test_two_answers_to_one_choice_at_once_answer_it_once(cast, find_seed):
    """Both posts drawn when the bout held no answer: one answers and finishes the round; the
    other would store a second answer (for a question nobody was asked yet) and fight a round
    more, so it answers "already done"."""
    cast.bout.entries.filter(side="a").update(orders={"name": "cautious", "ask": ["fight_on"]})

    def asks(seed, result):
        return result.pending is not None and str(result.pending.kind) == "fight_on"

    seed = find_seed(cast.bout, asks)
    bout = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    assert bout.status == Bout.Status.FIGHTING and bout.decisions == []
    asked_in = bout.rounds
    answer = {"kind": "fight_on", "side": "a", "choice": "fight_on"}

    def choose():
        return bout_fight(bout=bout, decisions=[answer], rounds=1, auto_decide=False, answered=0)

    made, others = sort_out(at_once(choose, choose), Bout)
    assert len(made) == 1, others
    assert [type(r) for r in others] == [AlreadyDone], others
    assert str(others[0]) == bouts.CHOICE_DONE.format(at=0, held=1)
    bout.refresh_from_db()
    assert bout.decisions == [answer] and bout.rounds == asked_in


@postgres_only
def test_three_decisions_at_once_make_one_verdict(cast, find_seed):
    seed = find_seed(cast.bout, lambda s, r: r.loser is not None and 3 <= r.loser_favor <= 4)
    bout = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    assert bout.status == Bout.Status.AWAITING_VERDICT

    def decide():
        return bout_decide(bout=bout, editor_choice="sword")

    made, others = sort_out(at_once(*[decide] * 3), Verdict)
    assert len(made) == 1, others
    assert all(isinstance(r, BoutError) for r in others), others
    assert {str(r) for r in others} == {bouts.ALREADY_DECIDED}
    assert Verdict.objects.filter(bout=bout).count() == 1
    money = Transaction.objects.filter(campaign=cast.campaign)
    assert money.filter(cause=Transaction.Cause.PURSE).count() == 1
    assert money.filter(cause=Transaction.Cause.SWORD).count() == 1
