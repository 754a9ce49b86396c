"""Wounds a man carries into a bout: the service hands them to the engine and takes its figure back.

`Gladiator.wounds` goes into the setup (frozen with the rest at the first round); the engine
starts him at them, and afterwards he carries the engine's final Wounds, not carried + bout's.
"""

import pytest

from arena.errors import BoutError
from arena.models import Bout
from arena.rulesets.era.adapter import bout_setup
from arena.services.bouts import bout_fight
from ludus.models import Injury
from rules.era.bout import EndReason, fight_bout

pytestmark = pytest.mark.django_db


def start_events(bout) -> list[dict]:
    return [event for event in bout.log if event["kind"] == "start"]


def test_the_setup_carries_the_mans_wounds(cast):
    cast.rufus.wounds = 7
    cast.rufus.save()
    setup = bout_setup(bout=cast.bout)
    assert (setup.a.wounds, setup.b.wounds) == (0, 7)


def test_a_wounded_man_starts_the_bout_with_them_and_ends_with_the_engines_figure(cast, find_seed):
    cast.rufus.wounds = 6
    cast.rufus.save()
    seed = find_seed(cast.bout, lambda s, r: r.finished and r.b.wounds > 6)
    bout = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    bout.refresh_from_db()
    assert bout.setup["b"]["wounds"] == 6 and bout.setup["a"]["wounds"] == 0
    assert start_events(bout) == [
        {
            "round": 0,
            "kind": "start",
            "text": "Rufus comes out carrying 6 Wounds (6 of 13).",
            "actor": "b",
            "total_wounds": 6,
        }
    ]
    first_hit = next(
        e for e in bout.log if e["kind"] == "attack" and e.get("hit") and e["actor"] == "a"
    )
    assert first_hit["total_wounds"] == 6 + first_hit["wounds"]
    expected = fight_bout(bout_setup(bout=bout), seed=seed)
    cast.rufus.refresh_from_db()
    cast.bithys.refresh_from_db()
    assert cast.rufus.wounds == expected.b.wounds > 6
    assert cast.bithys.wounds == expected.a.wounds


def test_wounds_carried_in_can_decide_the_bout(cast, find_seed):
    # A never-yield man at 12 of 13 is dropped by any hit that wounds him.
    cast.rufus.wounds = 12
    cast.rufus.save()
    cast.bout.entries.filter(side="b").update(orders={"name": "never-yield"})
    cast.bout.save()
    seed = find_seed(cast.bout, lambda s, r: r.end_reason is EndReason.INCAPACITATED)
    bout = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    assert bout.end_reason == "incapacitated" and bout.loser == cast.rufus
    cast.rufus.refresh_from_db()
    assert cast.rufus.wounds > 13


def test_a_bout_fought_round_by_round_counts_the_wounds_once(cast, find_seed):
    cast.bithys.wounds = 4
    cast.bithys.save()
    seed = find_seed(cast.bout, lambda s, r: r.finished and r.rounds >= 3)
    bout_fight(bout=cast.bout, seed=seed, rounds=1)
    cast.bithys.refresh_from_db()
    assert cast.bithys.wounds == 4  # nothing is carried out before the bout ends
    bout = bout_fight(bout=cast.bout, auto_decide=False)
    expected = fight_bout(bout_setup(bout=bout), seed=seed)
    cast.bithys.refresh_from_db()
    assert cast.bithys.wounds == expected.a.wounds


def test_a_setup_stored_before_wounds_were_kept_loads_at_0(cast, find_seed):
    """A bout begun before the setup kept Wounds: the engine started him at 0, so what he
    carried in then is still his, and the bout's own are added to it."""
    seed = find_seed(cast.bout, lambda s, r: r.finished and r.rounds >= 2 and r.b.wounds > 0)
    bout_fight(bout=cast.bout, seed=seed, rounds=1)
    bout = Bout.objects.get(pk=cast.bout.pk)
    for side in ("a", "b"):
        del bout.setup[side]["wounds"]
    bout.save()
    cast.rufus.wounds = 3  # carried into the old bout, which the engine did not know
    cast.rufus.save()
    assert bout_setup(bout=bout).b.wounds == 0
    bout = bout_fight(bout=bout, auto_decide=False)
    expected = fight_bout(bout_setup(bout=bout), seed=seed)
    assert not start_events(bout)
    cast.rufus.refresh_from_db()
    assert cast.rufus.wounds == 3 + expected.b.wounds


def test_a_man_over_his_wound_points_cannot_be_sent_out(cast):
    cast.rufus.wounds = 14
    cast.rufus.save()
    with pytest.raises(BoutError, match="Rufus carries 14 Wounds against his 13 Wound Points"):
        bout_fight(bout=cast.bout, seed=1)
    bout = Bout.objects.get(pk=cast.bout.pk)
    assert bout.status == Bout.Status.PLANNED and bout.seed is None and not bout.setup
    assert not Injury.objects.exists()
    # era-bout/2 (issue 10): Wounds reaching his Wound Points incapacitate him too
    cast.rufus.wounds = 13
    cast.rufus.save()
    with pytest.raises(BoutError, match=r"13 Wounds.* his 13 Wound Points"):
        bout_fight(bout=cast.bout, seed=1)
    assert Bout.objects.get(pk=cast.bout.pk).status == Bout.Status.PLANNED
    cast.rufus.wounds = 12  # one short of his Wound Points he may still fight
    cast.rufus.save()
    assert bout_fight(bout=cast.bout, seed=1, auto_decide=False).status != Bout.Status.PLANNED
