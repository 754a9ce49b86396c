"""Two "fight a round" posts at once, both drawn at round 0, fight one round (issue 10): the
bout row is locked, and the post that waits sees round 1 fought and answers "already done"."""

import pytest

from arena.models import Bout
from arena.services.bouts import bout_fight
from ludus.errors import AlreadyDone
from tests.threads import at_once

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
