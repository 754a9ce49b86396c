"""Injuries carried into a bout in the campaign: the setup names them, the engine applies them,
an honorable yield counts them, and old setups that kept only a count replay as they were."""

import copy

import pytest

from arena.errors import BoutError
from arena.models import Bout
from arena.rulesets.era.adapter import bout_setup, setup_data, setup_from_data, wound_points_now
from arena.services.bouts import bout_fight
from rules.era.bout import Entrant, EventKind, fight_bout
from rules.era.orders import FIGHT_ON
from rules.era.sheet import Fighter
from tests import factories

pytestmark = pytest.mark.django_db


def injure(man, name, roll, severity="average", **extra):
    return factories.InjuryFactory(
        gladiator=man, name=name, table_roll=roll, severity=severity, **extra
    )


def test_the_setup_names_his_table_injuries_and_counts_them_all(cast):
    injure(cast.bithys, "Gashed Forearm", 38, "easy")
    injure(cast.bithys, "Broken Nose", 88)
    injure(cast.bithys, "A sword cut", 50)  # written by hand: counted, no effect on record
    injure(cast.bithys, "Torn Shoulder", 53, healed_on=2)  # healed: gone
    data = setup_data(cast.bout)
    assert data["a"]["carried_injuries"] == 3
    assert data["a"]["injuries"] == ["Gashed Forearm", "Broken Nose"]
    assert data["b"]["carried_injuries"] == 0 and data["b"]["injuries"] == []
    setup = bout_setup(bout=cast.bout)
    assert setup.a.carried_injuries == 3
    assert [i.name for i in setup.a.injuries] == ["Gashed Forearm", "Broken Nose"]
    assert setup.fixed["a"].pool.describe() == "3 Mastery + 1 Boon vs 2 Trial + 2 Bane"


def test_a_fought_bout_logs_the_injuries_carried_in(cast):
    injure(cast.rufus, "Deep Gash", 58)
    bout = bout_fight(bout=cast.bout, seed=3, auto_decide=False)
    start = [e for e in bout.log if e["kind"] == "start"]
    assert start[0]["actor"] == "b"
    assert start[0]["text"] == (
        "Rufus comes out carrying an old Critical Injury: Deep Gash (1 Wound Point fewer). It "
        "adds +10 to Critical Injury rolls against him."
    )
    assert start[0]["carried_injuries"][0]["arena_effect"] == "1 Wound Point fewer"
    assert fight_bout(bout_setup(bout=bout), seed=3).b.wound_points == 12


def test_his_wound_points_for_being_sent_out_count_his_injuries(cast):
    injure(cast.rufus, "Deep Gash", 58)
    cast.rufus.wounds = 13
    cast.rufus.save()
    assert wound_points_now(cast.rufus) == 12
    with pytest.raises(BoutError, match="carries 13 Wounds against his 12 Wound Points"):
        bout_fight(bout=cast.bout, seed=1)


def test_an_old_setup_with_only_a_count_loads_and_replays_as_it_was(cast):
    bithys = Fighter("Bithys", might=3, melee=3)
    old = copy.deepcopy(setup_data(cast.bout))
    for side in ("a", "b"):
        del old[side]["injuries"]  # as stored before injuries were named
    old["a"]["carried_injuries"] = 2
    setup = setup_from_data(old)
    assert setup.a.injuries == () and setup.a.carried_injuries == 2
    engine_entrant = Entrant(
        bithys, "thraex", setup.a.favor, FIGHT_ON, carried_injuries=2, wounds=0
    )
    assert setup.a.attack_pool(setup.b) == engine_entrant.attack_pool(setup.b)
    for seed in range(20):
        assert (
            fight_bout(setup, seed=seed).as_dict()
            == fight_bout(setup_from_data(copy.deepcopy(old)), seed=seed).as_dict()
        )


def test_a_bout_begun_with_an_old_setup_goes_on_with_its_inputs(cast, find_seed):
    seed = find_seed(cast.bout, lambda s, r: r.finished and r.rounds >= 3)
    old = setup_data(cast.bout)
    for side in ("a", "b"):
        del old[side]["injuries"]
    cast.bout.setup = old
    cast.bout.save()
    bout_fight(bout=cast.bout, seed=seed, rounds=1)
    # An injury recorded meanwhile is not carried into a bout already begun.
    injure(cast.bithys, "Broken Arm", 93, "hard")
    bout = bout_fight(bout=cast.bout, auto_decide=False)
    bout.refresh_from_db()
    assert "injuries" not in bout.setup["a"]
    expected = fight_bout(setup_from_data(old), seed=seed)
    assert bout.log == [e.as_dict() for e in expected.events]
    assert bout.status == Bout.Status.AWAITING_VERDICT


def test_a_man_carrying_an_injury_yields_honorably_and_keeps_his_favor(cast):
    injure(cast.bithys, "Cracked Rib", 44)
    cast.bout.entries.filter(side="a").update(orders={"name": "fight-on", "ask": ["yield"]})
    cast.bout.first = "a"
    cast.bout.save()
    bout = bout_fight(
        bout=cast.bout,
        seed=1,
        decisions=[{"kind": "yield", "side": "a", "choice": "yield"}],
        auto_decide=False,
    )
    yielded = next(e for e in bout.log if e["kind"] == EventKind.YIELD)
    assert yielded["text"] == "Bithys lowers his shield and yields honorably."
    assert bout.entry_a.standing == 2 and bout.loser == cast.bithys  # no -1 for an unhurt yield
