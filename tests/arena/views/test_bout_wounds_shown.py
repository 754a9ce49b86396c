"""The bout page shows the Wounds a man carried in from round 0, and counts only the bout's own as
"Wounds taken"."""

import pytest
from django.urls import reverse

from arena.rulesets.era.selectors import bout_steps
from arena.selectors.pages import bout_aftermath
from arena.services.bouts import bout_fight
from tests import factories

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


def _corner(page: str, side: str) -> str:
    start = page.index(f'id="corner-{side}"')
    return page[start : page.index("</section>", start)]


def test_his_corner_shows_the_injuries_he_carries_in(cast, as_user):
    factories.InjuryFactory(gladiator=cast.theirs, name="Deep Gash", table_roll=58)
    factories.InjuryFactory(gladiator=cast.theirs, name="A sword cut", table_roll=50)
    factories.InjuryFactory(gladiator=cast.theirs, name="Broken Nose", table_roll=88, healed_on=1)
    steps = bout_steps(cast.bout)  # before the first round: as the bout would be set up now
    assert steps[0].b.carried_in == ["Deep Gash"] and steps[0].b.carried_unnamed == 1
    assert steps[0].a.carried_in == [] and steps[0].a.carried_unnamed == 0

    url = reverse("arena:bout_detail", args=[cast.campaign.pk, cast.bout.pk])
    page = as_user(cast.gm).get(url).content.decode()
    theirs = _corner(page, "b")
    assert "Deep Gash (carried in)" in theirs and "1 more carried in" in theirs
    assert "Broken Nose" not in theirs and "none" not in theirs
    assert "none" in _corner(page, "a")

    bout = bout_fight(bout=cast.bout, seed=11)
    for step in bout_steps(bout):  # as fought: the setup kept what he came in with
        assert step.b.carried_in == ["Deep Gash"]
