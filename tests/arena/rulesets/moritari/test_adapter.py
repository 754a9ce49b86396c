"""The Moritari adapter (arena/rulesets/moritari/adapter.py) in the terms of
arena.rulesets.base: the setup stored as JSON, the fight for N entrants and beasts, stepping
back, Caesar's default."""

import pytest

from arena.errors import BoutError
from arena.models import Bout
from arena.rulesets import plugin_for
from arena.rulesets.base import Fought
from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari.fights import Entrant, fight_add
from arena.services.bouts import bout_fight
from rules.core.registry import get_ruleset, is_playable
from tests.cast import make_campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return make_campaign(ruleset="moritari")


def fight_of(cast, *, caesar_asks=False, beasts=()):
    entrants = [
        Entrant(gladiator=cast.bithys),
        Entrant(gladiator=cast.spartacus),
        Entrant(gladiator=cast.verus),
    ]
    entrants += [Entrant(beast=kind, name=kind.title()) for kind in beasts]
    return fight_add(show=cast.show, entrants=entrants, caesar_asks=caesar_asks)


def test_moritari_is_registered_with_its_adapter():
    assert is_playable("moritari") and get_ruleset("moritari").key == "moritari"
    assert plugin_for("moritari").key == "moritari"


def test_setup_data_is_plain_json_in_entry_order_and_replays_whatever_changes_later(cast):
    cast.spartacus.wounds = 1
    cast.spartacus.save()
    bout = fight_of(cast, beasts=("rhinoceros",))
    data = moritari.setup_data(bout)
    assert [row["name"] for row in data["fighters"]] == [
        "Bithys",
        "Spartacus",
        "Verus",
        "Rhinoceros",
    ]
    assert [row["kind"] for row in data["fighters"]] == [
        "thraex",
        "samnite",
        "murmillo",
        "rhinoceros",
    ]
    assert [row["side"] for row in data["fighters"]] == ["Nerva", "Batiatus", "Scaurus", "beasts"]
    assert data["fighters"][1]["wounds"] == 1 and data["fighters"][3]["beast"] is True
    setup = moritari.setup_from_data(data)
    assert setup.fighters[1].hit_points == 2  # 3 less the Wounds he carries in
    bout = bout_fight(bout=bout, seed=9, rounds=1)
    log = list(bout.log)
    cast.bithys.armatura = "samnite"  # changed later: the stored fight replays as fought
    cast.bithys.save()
    assert [e.to_dict() for e in moritari.replay(bout, turns=1).events] == log


def test_fight_answers_in_the_base_terms_for_every_entrant(cast):
    bout = fight_of(cast, beasts=("lion",))
    bout.seed, bout.setup = 21, moritari.setup_data(bout)
    fought = moritari.fight(bout, [], None)
    assert isinstance(fought, Fought) and fought.finished and fought.verdict_due is False
    assert len(fought.entrants) == 4
    result = moritari.engine.play(moritari.setup_from_data(bout.setup), 21)
    for end, fighter, entry in zip(
        fought.entrants, result.fighters, moritari.fight_entries(bout), strict=True
    ):
        assert end.entry == entry.pk and end.side == entry.side
        assert end.standing == fighter.hit_points and end.wounds == 3 - fighter.hit_points
        assert end.dead == (fighter.state in ("dead", "out"))
        assert end.fate == result.fate(fighter.index)
    assert fought.winner == result.winner
    standing_men = [
        e.pk
        for e, f in zip(moritari.fight_entries(bout), result.fighters, strict=True)
        if e.gladiator_id and f.side == result.winner and f.state == "standing"
    ]
    assert sorted(fought.purses) == sorted(standing_men)
    assert all(purses == 1 for purses in fought.purses.values())


def test_fight_by_turns_stops_unfinished(cast):
    bout = fight_of(cast)
    bout.seed, bout.setup = 3, moritari.setup_data(bout)
    fought = moritari.fight(bout, [], 1)
    assert fought.rounds == 1 and not fought.finished and fought.purses is None
    assert all(end.fate == "" for end in fought.entrants)


def test_pending_default_is_what_caesars_orders_answer(cast):
    bout = bout_fight(bout=fight_of(cast, caesar_asks=True), seed=3, auto_decide=False)
    assert bout.status == Bout.Status.FIGHTING
    pending = moritari.bout_pending(bout)
    answer = moritari.pending_default(bout)
    assert answer == {
        "kind": pending.kind,
        "entrant": pending.entrant,
        "choice": pending.options[0],
    }
    # The same fight fought by the orders alone takes the same road to the same end.
    auto = moritari.engine.play(
        moritari.setup_from_data(
            {
                "fighters": [
                    {**row, "orders": {**row["orders"], "caesar": "auto"}}
                    for row in bout.setup["fighters"]
                ]
            }
        ),
        3,
    )
    decisions = []
    while True:
        result = moritari.engine.play(
            moritari.setup_from_data(bout.setup), 3, moritari._decisions(decisions)
        )
        if result.pending is None:
            break
        decisions.append(
            {
                "kind": result.pending.kind,
                "entrant": result.pending.entrant,
                "choice": result.pending.options[0],
            }
        )
    assert [e.to_dict() for e in result.events] == [e.to_dict() for e in auto.events]


def test_decision_data_checks_each_answer(cast):
    good = {"kind": "thumb", "entrant": 0, "choice": "mitte"}
    assert moritari.decision_data([good]) == [good]
    with pytest.raises(BoutError):
        moritari.decision_data([{"kind": "thumb"}])


def test_the_gms_mark_is_kept_beside_the_engines_answer_and_changes_nothing(cast):
    marked = {"kind": "thumb", "entrant": 0, "choice": "mitte", "by": "gm", "other": 1}
    assert moritari.decision_data([marked]) == [
        {"kind": "thumb", "entrant": 0, "choice": "mitte", "by": "gm"}
    ]
    bout = bout_fight(bout=fight_of(cast, caesar_asks=True), seed=3, auto_decide=False)
    answer = moritari.pending_default(bout)
    plain = moritari.fight(bout, [answer], rounds=1)
    by_gm = moritari.fight(bout, [answer | {"by": "gm"}], rounds=1)
    assert by_gm.decisions == [answer | {"by": "gm"}] and plain.decisions == [answer]
    assert by_gm.events == plain.events  # the engine reads only its three keys
    bout = bout_fight(bout=bout, decisions=[answer | {"by": "gm"}], rounds=1)
    assert bout.decisions[0]["by"] == "gm"
    if bout.status == Bout.Status.FIGHTING and len(bout.decisions) > 1:
        assert moritari.step_back(bout).decisions[0]["by"] == "gm"


def test_a_new_fight_is_fought_under_moritari_2(cast):
    bout = bout_fight(bout=fight_of(cast), seed=3)
    assert bout.setup["engine_version"] == "moritari/2" == bout.engine_version
    assert moritari.any_order(bout)


def test_step_back_takes_back_the_last_answer_then_the_turn(cast):
    bout = bout_fight(bout=fight_of(cast, caesar_asks=True), seed=3, auto_decide=False)
    answer = moritari.pending_default(bout)
    turn = bout.rounds
    bout = bout_fight(bout=bout, decisions=[answer], rounds=1)
    if bout.status != Bout.Status.FIGHTING or bout.rounds != turn:
        pytest.skip("the answer ended the turn without another question")
    stepped = plugin_for("moritari").step_back(bout)
    assert stepped.decisions == bout.decisions[:-1] and stepped.rounds == turn


def test_the_rest_of_the_seam_for_the_services(cast):
    assert moritari.can_replay(moritari.ENGINE_VERSION) and not moritari.can_replay("era-bout/2")
    assert moritari.incapacitated(3, 3) and not moritari.incapacitated(2, 3)
    bout = fight_of(cast)
    with pytest.raises(BoutError, match="no exact odds"):
        moritari.live_odds(bout)
    with pytest.raises(BoutError, match="thumb"):
        moritari.crowd_call(2)
    assert moritari.choice_costs(bout) == {} and moritari.most_cost(bout) == 3


def test_a_man_who_cannot_fight_is_refused_by_the_service(cast):
    cast.verus.wounds = 3
    cast.verus.save()
    bout = fight_of(cast)
    with pytest.raises(BoutError, match="incapacitated"):
        bout_fight(bout=bout, seed=1)
