"""Sands behind the seam: the sheet, setup from entrants, play from seed and decisions (the
table's turn choices), the outcome (fates settled on the sand, wounds as injuries, purses),
odds, treatment, rest and figures."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.errors import RulesError, SheetError
from rules.core.events import Decider, Decision
from rules.core.outcome import Fate, Result
from rules.core.registry import get_ruleset
from rules.core.ruleset import EntrantInput
from rules.sands import bout
from rules.sands.orders import PRESETS
from rules.sands.ruleset import (
    SandsRuleset,
    SandsSheet,
    carried_marks,
    crowd_standing,
    orders_mapping,
)

SANDS = SandsRuleset()


def pair(orders_a=None, orders_b=None, injuries_a=()):
    return SANDS.setup(
        [
            EntrantInput(
                "Crixus",
                SandsSheet(),
                "a",
                orders_a or {},
                equipment="murmillo",
                injuries=injuries_a,
            ),
            EntrantInput("Spartacus", SandsSheet(), "b", orders_b or {}, equipment="thraex"),
        ]
    )


def test_the_registry_gives_the_sands_ruleset():
    ruleset = get_ruleset("sands")
    assert ruleset.key == "sands" and ruleset.engine_version == "sands/2"
    assert ruleset.engine_versions == ("sands/1", "sands/2")
    assert ruleset.sheet_type is SandsSheet
    assert set(ruleset.order_presets) == set(PRESETS) and "cautious" in ruleset.order_presets


def test_the_sheet_holds_nothing_and_names_a_stray_rating():
    assert SandsSheet.from_dict({}).to_dict() == {}
    assert SandsSheet.form_fields() == ()
    with pytest.raises(SheetError) as caught:
        SandsSheet.from_dict({"might": 3})
    assert caught.value.field == "might"


def test_setup_reads_the_kind_orders_and_carried_wounds():
    setup = pair({"press": "2"}, injuries_a=("Deep wound: lead arm", "Slow kill: torso", "Bruise"))
    assert setup.a.kind == "murmillo" and setup.b.kind == "thraex"
    assert setup.a.orders == {"press": "2"}
    # a deep wound marks 1, a slow kill 2; a name not a Sands wound marks nothing
    assert dict(setup.a.carried) == {"lead arm": 1, "torso": 2}


def test_setup_refuses_a_third_man_an_option_and_a_full_location():
    man = EntrantInput("A", SandsSheet(), "a", equipment="murmillo")
    with pytest.raises(RulesError, match="pair"):
        SANDS.setup([man])
    with pytest.raises(RulesError, match="turn_limit"):
        SANDS.setup([man, man], first="a")
    full = EntrantInput(
        "B", SandsSheet(), "b", equipment="thraex", injuries=("Slow kill: head",)
    )  # 2 marks of the head's 2 boxes
    with pytest.raises(RulesError, match="cannot fight"):
        SANDS.setup([man, full])


def test_play_gives_the_engines_bout_and_an_outcome_settled_on_the_sand():
    setup = pair()
    for seed in range(40):
        played = SANDS.play(setup, seed)
        engine = bout.play(setup, seed)
        assert played.finished and played.pending is None
        assert [e.text for e in played.events] == [e.text for e in engine.events]
        outcome = played.outcome
        assert not outcome.fate_pending
        assert outcome.rounds == engine.turns
        if engine.winner is None:
            assert all(e.result is Result.DREW for e in outcome.entrants)
            continue
        winner, loser = outcome.entrant(engine.winner), outcome.entrant(1 - engine.winner)
        assert winner.result is Result.WON and loser.result is Result.LOST
        expected = {"killed": Fate.DEAD, "iugula": Fate.DEAD, "mitte": Fate.SPARED}
        assert loser.fate is expected[engine.fate(1 - engine.winner)]
        # the purse: 2 purses when the crowd stands at 5 or more for him, else 1
        crowd = crowd_standing(engine.gladiators[engine.winner])
        assert winner.purses == (2 if crowd >= 5 else 1) and loser.purses == 0
        assert winner.standing == {"crowd": crowd}


def test_every_wound_becomes_an_injury_by_band_and_location():
    setup = pair()
    seen = 0
    for seed in range(30):
        played = SANDS.play(setup, seed)
        engine = bout.play(setup, seed)
        for index, g in enumerate(engine.gladiators):
            injuries = played.outcome.entrant(index).injuries
            marks = carried_marks([i.name for i in injuries])
            assert marks == {str(k): v for k, v in g.wounds.items() if v}
            for injury in injuries:
                assert injury.severity in ("easy", "average", "hard")
                seen += 1
    assert seen > 10


def test_the_event_log_is_json_with_the_board_state():
    played = SANDS.play(pair(), 3)
    first = played.events[0].to_dict()
    assert first["data"]["state"]["hexes"] == [[-2, 0], [2, 0]]
    assert first["round"] == 1 and first["kind"] == "roll"


def test_a_man_whose_orders_ask_stops_the_bout_each_turn_after_the_roll():
    setup = pair({"ask": "turn"})
    played = SANDS.play(setup, 7)
    pending = played.pending
    assert pending is not None and not played.finished
    assert pending.decider is Decider.GM and pending.entrant == 0 and pending.round == 1
    assert pending.kind == "turn" and pending.options[:1] == ("orders",)
    assert set(PRESETS) <= set(pending.options)
    # the stop comes after both men rolled: the table sees the dice
    assert [e.kind for e in played.events] == ["roll", "roll"]


def test_answering_own_orders_every_turn_gives_the_bout_without_asking():
    seed = 11
    plain = bout.play(pair(), seed)
    decisions = []
    asked = pair({"ask": "turn"})
    while True:
        played = SANDS.play(asked, seed, decisions)
        if played.finished:
            break
        decisions.append(Decision("turn", 0, "orders"))
    assert played.outcome.rounds == plain.turns
    texts = [e.text for e in played.events if e.kind != "orders"]
    assert texts == [e.text for e in plain.events]
    assert len(decisions) == plain.turns  # one choice a turn


def test_a_chosen_preset_changes_the_turn_and_replays_the_same():
    seed = 5
    asked = pair({"ask": "turn"})
    decisions = [Decision("turn", 0, "aggressive")]
    one = SANDS.play(asked, seed, decisions)
    two = SANDS.play(asked, seed, decisions)
    assert [e.to_dict() for e in one.events] == [e.to_dict() for e in two.events]
    assert any(e.kind == "orders" and "aggressive" in e.text for e in one.events)
    assert one.pending is not None and one.pending.round == 2


def test_a_wrong_answer_is_refused_by_name():
    with pytest.raises(RulesError, match="expected Crixus's orders for turn 1"):
        SANDS.play(pair({"ask": "turn"}), 1, [Decision("turn", 0, "dance")])
    with pytest.raises(RulesError, match="expected"):
        SANDS.play(pair({"ask": "turn"}), 1, [Decision("turn", 1, "orders")])


def test_raising_the_finger_is_offered_only_at_two_conditions():
    engine = bout.Bout(pair({"ask": "turn"}), 1)
    g = engine.g[0]
    assert "finger" not in engine.turn_options(g)
    g.bleed = 1
    g.fatigued = True
    assert engine.turn_options(g)[-1] == "finger"


def test_the_finger_chosen_ends_the_bout_with_the_appeal():
    setup = pair({"ask": "turn"})
    engine = bout.Bout(setup, 2, decisions=[Decision("turn", 0, "finger")])
    engine.g[0].bleed = 2  # two conditions
    result = engine.run()
    assert result.winner == 1 and result.end_reason == bout.END_FINGER
    assert result.fates[0] in (bout.MITTE, bout.IUGULA) and result.appeal is not None


def test_odds_by_monte_carlo_are_stable_from_the_seed():
    odds = SANDS.odds(pair(), 300, 9)
    assert odds.method.startswith("monte carlo") and odds.trials == 300
    assert sum(odds.wins) + odds.draws == pytest.approx(100)
    assert odds == SANDS.odds(pair(), 300, 9)
    counts = odds.detail["counts"]
    assert counts["a_wins"] + counts["b_wins"] + counts["draws"] == 300
    fates = counts["killed"] + counts["iugula"] + counts["mitte"]
    assert fates == counts["a_wins"] + counts["b_wins"]


def test_odds_play_a_man_whose_orders_ask_by_his_own_orders():
    assert SANDS.odds(pair({"ask": "turn"}), 200, 4) == SANDS.odds(pair(), 200, 4)


def test_settle_fate_refuses_the_appeal_is_on_the_sand():
    played = SANDS.play(pair(), 1)
    with pytest.raises(RulesError, match="on the sand"):
        SANDS.settle_fate(pair(), played.outcome, 1, {})


def test_treatment_is_2d6_plus_medicine_against_the_band():
    # Flesh 6 at home: with Medicine 2, 2d6 >= 4 is 33 of 36
    odds = SANDS.treatment_odds(severity="easy", healer={"medicine": 2}, at_home=True)
    assert odds.chance == Fraction(33, 36)
    # a slow kill away from the ludus: 12, with Medicine 0: only double six
    away = SANDS.treatment_odds(severity="hard", healer={"medicine": 0}, at_home=False)
    assert away.chance == Fraction(1, 36)
    treated = SANDS.treat(severity="average", healer={"medicine": 1}, at_home=True, seed=4)
    assert treated.success == (treated.record["total"] >= 8)
    assert treated.record["total"] == sum(treated.record["dice"]) + 1
    with pytest.raises(RulesError, match="severity"):
        SANDS.treat(severity="grave", healer={}, at_home=True, seed=1)


def test_rest_clears_the_count_and_figures_follow_the_wounds():
    assert SANDS.rest(SandsSheet(), 3) == 3 and SANDS.rest(SandsSheet(), 0) == 0
    fresh = SANDS.figures(SandsSheet(), (), "thraex")
    assert fresh["wound_points"] == 2 and fresh["parry"] == 2 and fresh["defence_tokens"] == 2
    hurt = SANDS.figures(SandsSheet(), ["Deep wound: torso", "Flesh wound: head"], "murmillo")
    assert hurt["boxes_torso"] == 3 and hurt["boxes_head"] == 1
    assert hurt["wound_points"] == 1 and hurt["parry"] == 3


def test_orders_mapping_reads_a_preset_and_the_bouts_overrides():
    assert orders_mapping({}, "aggressive") == PRESETS["aggressive"]
    assert orders_mapping({"name": "cautious", "ask": ["turn"]}, "steady")["ask"] == "turn"
    assert orders_mapping({}, "fight-on") == {}  # another ruleset's orders: steady
    with pytest.raises(RulesError, match="press"):
        orders_mapping({"press": "9"}, "steady")


def test_both_men_asked_are_asked_in_order_in_the_same_turn():
    setup = pair({"ask": "turn"}, {"ask": "turn"})
    first = SANDS.play(setup, 3)
    assert first.pending.entrant == 0 and first.pending.round == 1
    second = SANDS.play(setup, 3, [Decision("turn", 0, "orders")])
    assert second.pending.entrant == 1 and second.pending.round == 1
    third = SANDS.play(setup, 3, [Decision("turn", 0, "orders"), Decision("turn", 1, "steady")])
    assert third.finished or third.pending.round == 2


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    asks=st.sampled_from([(True, False), (False, True), (True, True)]),
    picks=st.lists(st.integers(0, 10), max_size=60),
)
def test_the_same_seed_and_decisions_give_the_same_bout(seed, asks, picks):
    """Any answers, drawn from the options offered: the bout replays identically from its seed
    and decisions, never draws a die for a choice (answering "orders" every turn is the bout
    that never asked), and every bout ends once the answers keep coming."""
    setup = pair(*({"ask": "turn"} if ask else {} for ask in asks))
    decisions: list[Decision] = []
    for i in range(200):
        played = SANDS.play(setup, seed, decisions)
        if played.finished:
            break
        pending = played.pending
        pick = picks[i] if i < len(picks) else 0
        options = [o for o in pending.options if o != "finger"] or list(pending.options)
        decisions.append(Decision("turn", pending.entrant, options[pick % len(options)]))
    assert played.finished
    again = SANDS.play(setup, seed, decisions)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in played.events]
    assert again.outcome == played.outcome
    own = [Decision(d.kind, d.entrant, "orders") for d in decisions]
    asked = SANDS.play(setup, seed, own)
    while not asked.finished:
        own.append(Decision("turn", asked.pending.entrant, "orders"))
        asked = SANDS.play(setup, seed, own)
    plain = bout.play(pair(), seed)
    assert [e.text for e in asked.events if e.kind != "orders"] == [e.text for e in plain.events]
