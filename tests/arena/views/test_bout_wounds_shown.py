"""The bout page shows the Wounds a man carried in from round 0, and counts only the bout's own as
"Wounds taken"."""

import pytest

from arena.selectors.pages import bout_aftermath, bout_steps
from arena.services.bouts import bout_fight

pytestmark = pytest.mark.django_db


def test_round_zero_shows_the_wounds_he_carried_in(cast):
    cast.theirs.wounds = 5
    cast.theirs.save()
    steps = bout_steps(cast.bout)  # before the first round: as the bout would be set up now
    assert (steps[0].a.wounds, steps[0].b.wounds) == (0, 5)

    bout = bout_fight(bout=cast.bout, seed=11)
    steps = bout_steps(bout)
    assert (steps[0].a.wounds, steps[0].b.wounds) == (0, 5)
    final = steps[-1]
    after = {man.side: man for man in bout_aftermath(bout, steps).men}
    assert after["b"].wounds_taken == final.b.wounds - 5
    assert after["a"].wounds_taken == final.a.wounds
    cast.theirs.refresh_from_db()
    assert after["b"].wounds_now == cast.theirs.wounds == final.b.wounds
