"""The Sands adapter: campaign rows into the engine's inputs, kept as the bout's setup JSON,
and the engine's results back in arena.rulesets.base's terms (turn by turn, the table's turn
choices, a step back, the fate settled on the sand)."""

import pytest

from arena.errors import BoutError
from arena.models import Bout, BoutEntry
from arena.rulesets import plugin_for
from arena.rulesets.sands import adapter
from ludus.models import Injury
from rules.sands import bout as engine
from rules.sands.ruleset import SandsRuleset
from tests.cast import make_campaign


@pytest.fixture
def sands(db):
    return make_campaign(ruleset="sands")


def set_orders(bout, side, orders):
    BoutEntry.objects.filter(bout=bout, side=side).update(orders=orders)


def begun(bout, seed=7):
    bout.seed = seed
    bout.setup = adapter.setup_data(bout)
    bout.status = Bout.Status.FIGHTING
    return bout


def test_the_registry_finds_the_sands_adapter():
    plugin = plugin_for("sands")
    assert plugin.key == "sands" and plugin.engine_version == adapter.ENGINE_VERSION
    assert plugin.can_replay("sands/1") and plugin.can_replay("sands/2")
    assert not plugin.can_replay("era-bout/2")


def test_setup_data_keeps_kind_orders_and_unhealed_wounds(sands):
    Injury.objects.create(
        gladiator=sands.crixus,
        name="Deep wound: lead arm",
        table_roll=9,
        severity="average",
        day_taken=1,
    )
    healed = Injury.objects.create(
        gladiator=sands.crixus,
        name="Flesh wound: head",
        table_roll=6,
        severity="easy",
        day_taken=1,
        healed_on=2,
    )
    data = adapter.setup_data(sands.bout)
    assert data["engine_version"] == "sands/2"
    assert data["a"]["kind"] == "murmillo" and data["b"]["kind"] == "thraex"
    assert data["a"]["injuries"] == ["Deep wound: lead arm"]  # the healed one is not carried
    assert healed.name not in data["a"]["injuries"]
    setup = adapter.setup_from_data(data)
    assert dict(setup.a.carried) == {"lead arm": 1}


def test_the_bouts_orders_override_the_standing_preset(sands):
    set_orders(sands.bout, "a", {"name": "aggressive", "ask": ["turn"]})
    data = adapter.setup_data(sands.bout)
    assert data["a"]["orders"]["press"] == "2" and data["a"]["orders"]["ask"] == "turn"
    assert data["b"]["orders"] == {}  # Spartacus: steady, his standing orders


def test_a_hired_opponent_or_a_third_man_is_refused_by_name(sands):
    BoutEntry.objects.create(bout=sands.bout, side="c", gladiator=sands.bithys)
    with pytest.raises(BoutError, match="pair"):
        adapter.setup_data(sands.bout)


def test_fight_turn_by_turn_ends_as_the_whole_bout(sands):
    bout = begun(sands.bout)
    whole = adapter.fight(bout, [], None)
    assert whole.finished and whole.verdict_due is False
    result = engine.play(adapter.bout_setup(bout), bout.seed)
    assert whole.rounds == result.turns
    assert whole.winner == (None if result.winner is None else "ab"[result.winner])
    turns = 0
    while True:
        fought = adapter.fight(bout, [], 1)
        turns += 1
        bout.rounds = fought.rounds
        if fought.finished:
            break
        assert fought.rounds == turns
        assert {e["round"] for e in fought.events} <= set(range(1, turns + 1))
    assert fought.events == whole.events and turns == whole.rounds


def test_a_bout_begun_under_sands_1_replays_under_sands_1(sands):
    """Its setup keeps the engine it was begun under: the log is sands/1's bout, not the
    current engine's (the two differ on some seed: the crowd no longer cancels)."""
    differ = 0
    for seed in range(30):
        bout = begun(sands.bout, seed)
        bout.setup["engine_version"] = "sands/1"
        fought = adapter.fight(bout, [], None)
        assert fought.engine_version == "sands/1"
        setup = adapter.bout_setup(bout)
        old = engine.play(setup, seed, engine_version="sands/1")
        new = engine.play(setup, seed, engine_version="sands/2")
        assert [e["text"] for e in fought.events] == [e.text for e in old.events]
        differ += [(e.text, e.state) for e in old.events] != [(e.text, e.state) for e in new.events]
        bout.engine_version = "sands/1"  # stored on the bout once fought: the same engine
        bout.setup["engine_version"] = "sands/2"
        assert adapter.fight(bout, [], None).events == fought.events
    assert differ


def test_the_outcome_names_fates_injuries_and_standing(sands):
    seen_fates = set()
    for seed in range(25):
        bout = begun(sands.bout, seed)
        fought = adapter.fight(bout, [], None)
        result = engine.play(adapter.bout_setup(bout), seed)
        for index, end in enumerate(fought.entrants):
            assert end.fate == str(adapter.FATES[result.fates[index]])
            assert end.dead == (result.fates[index] in (engine.IUGULA, engine.KILLED_ON_SAND))
            marks = sum(result.gladiators[index].wounds.values())
            counted = sum(2 if i.name.startswith("Slow kill") else 1 for i in end.injuries)
            assert counted == marks
            assert 0 <= end.standing <= 6
            seen_fates.add(end.fate)
        assert fought.end_reason in Bout.EndReason.values
    assert "dead" in seen_fates or "spared" in seen_fates


def test_a_turn_choice_is_pending_and_its_default_is_his_own_orders(sands):
    set_orders(sands.bout, "a", {"ask": ["turn"]})
    bout = begun(sands.bout)
    fought = adapter.fight(bout, [], 1)
    assert not fought.finished and fought.rounds == 1
    bout.rounds, bout.log = fought.rounds, fought.events
    pending = adapter.bout_pending(bout)
    assert pending.side == "a" and pending.kind == "turn" and pending.round == 1
    assert adapter.pending_default(bout) == {"kind": "turn", "side": "a", "choice": "orders"}
    answer = adapter.decision_data([{"kind": "turn", "side": "a", "choice": "aggressive"}])
    after = adapter.fight(bout, answer, 1)
    assert after.rounds == 1 and any(e["kind"] == "orders" for e in after.events)
    # the turn is played out to its end, not into the next turn's question
    assert after.events[-1]["kind"] == "end_turn"


def test_decision_data_refuses_what_is_not_a_turn_choice(sands):
    with pytest.raises(BoutError, match="not a turn"):
        adapter.decision_data([{"kind": "yield", "side": "a", "choice": "yield"}])
    with pytest.raises(BoutError, match="side"):
        adapter.decision_data([{"kind": "turn", "side": "c", "choice": "orders"}])


def test_step_back_takes_back_the_last_turn_or_answer(sands):
    bout = begun(sands.bout)
    for _ in range(2):
        fought = adapter.fight(bout, [], 1)
        bout.rounds, bout.log = fought.rounds, fought.events
    step = plugin_for("sands").step_back(bout)
    assert step.rounds == 1 and {e["round"] for e in step.events} == {1}
    assert step.events == adapter.fight(bout, [], None).events[: len(step.events)]


def test_step_back_before_an_answer_asks_it_again(sands):
    set_orders(sands.bout, "a", {"ask": ["turn"]})
    bout = begun(sands.bout)
    answer = [{"kind": "turn", "side": "a", "choice": "showman"}]
    fought = adapter.fight(bout, answer, 1)
    bout.rounds, bout.log, bout.decisions = fought.rounds, fought.events, answer
    step = plugin_for("sands").step_back(bout)
    assert step.rounds == 1 and step.decisions == []
    assert [e["kind"] for e in step.events] == ["roll", "roll"]


def test_no_live_odds_no_verdict(sands):
    with pytest.raises(BoutError, match="no live odds for Sands"):
        adapter.live_odds(sands.bout)
    with pytest.raises(BoutError, match="on the sand"):
        adapter.decide(sands.bout, sands.crixus, None)
    assert adapter.appeal_appellant(sands.bout) is None


def test_incapacitated_when_a_location_has_no_free_box():
    assert adapter.incapacitated(0, 0) and not adapter.incapacitated(0, 1)
    figures = SandsRuleset().figures(SandsRuleset.sheet_type(), ["Slow kill: head"], "thraex")
    assert adapter.incapacitated(0, figures["wound_points"])
