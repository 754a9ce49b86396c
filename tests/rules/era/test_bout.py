"""The Era bout engine: sheets, kits, the injury table, orders, the bout's rules, the verdict."""

import json

import pytest

from rules.era.bout import (
    ROUND_CAP,
    BoutSetup,
    Decision,
    EndReason,
    Entrant,
    EventKind,
    Side,
    fight_bout,
    starting_favor,
)
from rules.era.decision import CrowdCall, EditorAct, appeal_pool, crowd_call, decide
from rules.era.dice import Outcome, Pool, RulesError
from rules.era.injuries import TABLE, Severity, critical_injury, injury_for
from rules.era.kits import KITS, kit_by_name
from rules.era.odds import bout_odds
from rules.era.orders import (
    CAUTIOUS,
    FIGHT_ON,
    NEVER_YIELD,
    Choice,
    DecisionKind,
    Orders,
    orders_by_name,
)
from rules.era.readings import ERA_BOUT_1, ERA_BOUT_2
from rules.era.rolls import ScriptedDice, faces_for
from rules.era.sheet import Fighter

MISS = Outcome(0, 0)


def hit(successes=1, boons=0, breakthrough=0):
    return Outcome(successes, boons, breakthrough)


def pair(a_orders=CAUTIOUS, b_orders=CAUTIOUS, a_favor=2, b_favor=2, **b_extra) -> BoutSetup:
    """Two Melee 2 fighters, thraex (a, acting first) against murmillo (b)."""
    a = Entrant(Fighter("Aulus"), "thraex", a_favor, a_orders)
    b = Entrant(Fighter("Balbus"), "murmillo", b_favor, b_orders, **b_extra)
    return BoutSetup(a, b, first=Side.A)


def scripted(setup, outcomes, d100s=(), coins=(), **kwargs):
    dice = ScriptedDice(outcomes, d100s, coins)
    return fight_bout(setup, seed=0, dice=dice, **kwargs)


def favor_lines(result, side):
    return [
        (line.change, line.reason)
        for event in result.events
        if event.kind is EventKind.FAVOR and event.actor is side
        for line in event.lines
    ]


class KeyDice:
    """A stub for the fast path: outcome keys as given, then misses forever."""

    def __init__(self, keys=()):
        self.keys = list(keys)

    def outcome(self, pool):
        return self.keys.pop(0) if self.keys else (0, 0, 0, 0)

    def roll(self, pool):
        return faces_for(pool, Outcome(*self.outcome(pool)))

    def d100(self):
        return 50

    def coin(self):
        return True


# --- the sheet ----------------------------------------------------------------------------


def test_sheet_defaults_are_the_seeds():
    f = Fighter()
    assert (f.might, f.melee, f.charisma, f.charm) == (3, 2, 2, 1)
    assert (f.wound_points, f.strain_threshold, f.resistance(1)) == (13, 12, 3)
    assert f.attack_pool == Pool(mastery=2, ability=1)
    assert Fighter(melee=3).attack_pool == Pool(mastery=3)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [("might", -1, "1 to 6"), ("might", 7, "1 to 6"), ("melee", 6, "0 to 5"), ("charm", -1, "0")],
)
def test_bad_ratings_name_the_field_and_range(field, value, words):
    with pytest.raises(RulesError, match=field) as error:
        Fighter(**{field: value})
    assert words in str(error.value)


def test_resistance_is_half_might_rounded_up_plus_kit():
    assert Fighter(might=3).resistance(2) == 4
    assert Fighter(might=4).resistance(1) == 3
    assert Fighter(might=5).resistance(0) == 3


# --- kits ---------------------------------------------------------------------------------


def test_kits_follow_the_seed_table():
    thraex, murmillo, samnite = KITS["thraex"], KITS["murmillo"], KITS["samnite"]
    for kit in (thraex, murmillo, samnite):
        assert (kit.weapon.name, kit.weapon.might_bonus, kit.weapon.crit) == ("Shortsword", 2, 3)
        assert (kit.accurate, kit.defensive, kit.helm) == (1, 1, 1)
    assert (thraex.resistance, murmillo.resistance, samnite.resistance) == (1, 1, 2)
    assert (thraex.deflecting_cut, samnite.deflecting_cut) == (0, 1)
    labels = {q.label() for kit in KITS.values() for q in kit.qualities + kit.weapon.qualities}
    assert labels == {
        "Accurate 1",
        "Defensive 1",
        "Disarming 1",
        "Deflection 2",
        "Cumbersome 3",
        "Helm 1",
        "Deflecting 1 (Cutting)",
    }
    assert all(q.in_bout for kit in KITS.values() for q in kit.qualities)


def test_kit_lookup_takes_the_gaul_alias_and_names_the_allowed_kits():
    assert kit_by_name(" Gaul ") is KITS["murmillo"]
    with pytest.raises(RulesError, match="kit must be one of murmillo, samnite, thraex, gaul"):
        kit_by_name("retiarius")


def test_attack_pool_gets_accurate_defensive_and_deflecting_only_on_a_cut():
    thraex = Entrant(Fighter(melee=3), "thraex")
    samnite = Entrant(Fighter(), "samnite")
    assert thraex.attack_pool(samnite) == Pool(mastery=3, boon=1, trial=2, bane=1)
    cutter = Entrant(Fighter(melee=3), "thraex", orders=Orders(cut=True))
    assert cutter.attack_pool(samnite) == Pool(mastery=3, boon=1, trial=2, bane=2)
    assert cutter.attack_pool(Entrant(Fighter(), "murmillo")).bane == 1  # no mail, no die


def test_cumbersome_scutum_costs_a_weak_bearer_a_trial_die_per_point_short():
    weak = Entrant(Fighter(might=2), "murmillo")
    assert weak.attack_pool(Entrant(Fighter(), "thraex")).trial == 3
    assert Entrant(Fighter(might=2), "thraex").attack_pool(weak).trial == 2


# --- the injury table ---------------------------------------------------------------------


def test_injury_table_covers_every_roll_and_agrees_with_the_seed():
    assert TABLE[0].low == 1 and TABLE[-1].high is None
    for before, after in zip(TABLE, TABLE[1:], strict=False):
        assert after.low == before.high + 1
        assert after.severity >= before.severity
    assert (injury_for(44).name, injury_for(44).severity) == ("Cracked Rib", Severity.AVERAGE)
    assert injury_for(47).name == "Wrenched Limb"
    assert injury_for(72).name == "Damaged Leg"
    assert injury_for(-25) is TABLE[0]
    assert injury_for(500).fatal and not injury_for(150).fatal


def test_critical_injury_roll_keeps_its_arithmetic():
    crit = critical_injury(47, carried=1, helm=1)
    assert (crit.total, crit.injury.name) == (47, "Wrenched Limb")
    assert crit.arithmetic() == "47 + 10 (injuries carried: 1) − 10 (Helm 1) = 47"
    assert critical_injury(5, helm=1).injury is TABLE[0]
    with pytest.raises(RulesError, match="d100"):
        critical_injury(0)


# --- orders -------------------------------------------------------------------------------


def test_order_presets():
    assert orders_by_name("Cautious") is CAUTIOUS
    assert CAUTIOUS.yields_after_first_injury(4) and not CAUTIOUS.yields_after_first_injury(3)
    assert not FIGHT_ON.yields_after_first_injury(6)
    # era-bout/1: the 2-Wound hit must take him past 13; era-bout/2: to 13 is enough
    assert FIGHT_ON.yields_for_wounds(12, 13, 2, ERA_BOUT_1)
    assert not FIGHT_ON.yields_for_wounds(11, 13, 2, ERA_BOUT_1)
    assert FIGHT_ON.yields_for_wounds(11, 13, 2, ERA_BOUT_2)
    assert not FIGHT_ON.yields_for_wounds(10, 13, 2, ERA_BOUT_2)
    assert not NEVER_YIELD.yields_for_wounds(13, 13, 2)
    with pytest.raises(RulesError, match="orders must be one of cautious, fight-on, never-yield"):
        orders_by_name("berserk")
    with pytest.raises(RulesError, match="ask"):
        Orders(ask=frozenset({"dance"}))


def test_boon_spend_is_one_per_hit():
    assert CAUTIOUS.spend(2, 3) is Choice.FLOURISH
    assert CAUTIOUS.spend(3, 3) is Choice.CRIT
    assert CAUTIOUS.spend(5, 3) is Choice.CRIT
    assert CAUTIOUS.spend(1, 3) is Choice.NONE
    assert Orders(boon_spend="flourish").spend(4, 3) is Choice.FLOURISH


# --- the bout -----------------------------------------------------------------------------


def test_a_hit_deals_might_plus_weapon_plus_extra_successes_less_resistance():
    result = scripted(pair(), [hit(3), MISS], max_rounds=1)
    assert result.b.wounds == 3 + 2 + 2 - 3
    attack = next(e for e in result.events if e.kind is EventKind.ATTACK)
    assert (attack.damage, attack.resistance, attack.wounds) == (7, 3, 4)


def test_flourish_at_two_boons_crit_at_three():
    result = scripted(pair(), [hit(1, 2), MISS], max_rounds=1)
    assert result.a.favor == 3 and favor_lines(result, Side.A) == [(1, "a flourish")]
    result = scripted(pair(), [hit(1, 3), MISS], d100s=[30], max_rounds=1)
    assert favor_lines(result, Side.A) == [(1, "a Critical Injury he inflicts")]
    assert result.b.injuries[0].total == 20


def test_breakthrough_gives_two_in_place_of_the_other_lines_hit_or_miss():
    result = scripted(pair(), [hit(2, 3, breakthrough=1), MISS], d100s=[60], max_rounds=1)
    assert favor_lines(result, Side.A) == [(2, "a Breakthrough on his attack")]
    assert len(result.b.injuries) == 1
    result = scripted(pair(), [Outcome(0, 0, 1), MISS], max_rounds=1)
    assert favor_lines(result, Side.A) == [(2, "a Breakthrough on his attack")]
    assert result.b.injuries == () and result.b.wounds == 0


def test_calamity_costs_one():
    dice = KeyDice([(0, 0, 0, 1)])
    result = fight_bout(pair(), seed=0, dice=dice, record=False, max_rounds=1)
    assert result.a.favor == 1


def test_every_second_round_in_a_row_without_a_hit_costs_one():
    outcomes = [MISS] * 8
    favors = [(p.a, p.b) for p in scripted(pair(), outcomes, max_rounds=4).favor_by_round]
    assert favors == [(2, 2), (2, 2), (1, 1), (1, 1), (0, 0)]
    # a hit breaks the run for both men
    result = scripted(pair(), [MISS, MISS, hit(1), MISS, MISS, MISS], max_rounds=3)
    assert [(p.a, p.b) for p in result.favor_by_round] == [(2, 2), (2, 2), (2, 2), (2, 2)]


def test_first_crit_victim_still_takes_his_turn_then_chooses_at_round_end():
    # a hits and crits b at favor 2 (cautious: fight on below 4); b answers in the same round
    result = scripted(pair(), [hit(1, 3), hit(1)], d100s=[50], max_rounds=1)
    assert result.a.wounds == 2
    assert result.b.favor == 3 and result.b.fought_on
    # at favor 4 the cautious man yields at round end, honorably: no penalty
    result = scripted(pair(b_favor=4), [hit(1, 3), MISS], d100s=[50])
    assert (result.end_reason, result.loser, result.loser_favor) == (EndReason.YIELD, "b", 4)


def test_both_first_crits_in_one_round_choose_in_random_order():
    setup = pair(a_favor=3, b_favor=3)  # each +1 for his crit: both at 4, both would yield
    outcomes = [hit(1, 3), hit(1, 3)]
    first_a = scripted(setup, outcomes, d100s=[50, 50], coins=[True])
    first_b = scripted(setup, outcomes, d100s=[50, 50], coins=[False])
    assert (first_a.loser, first_b.loser) == ("a", "b")
    assert first_a.end_reason is EndReason.YIELD


def test_second_crit_ends_the_bout_at_once_after_the_rounds_lines():
    # round 1: a crits b (b fights on at 3); round 2: b's Breakthrough miss (+2) comes first
    setup = BoutSetup(pair().b, pair().a, first=Side.A)  # murmillo (a) acts first
    outcomes = [MISS, hit(1, 3), Outcome(0, 0, 1), hit(1, 3)]
    result = scripted(setup, outcomes, d100s=[50, 50])
    assert (result.end_reason, result.winner, result.rounds) == (EndReason.SECOND_INJURY, "b", 2)
    assert result.loser_favor == 3 + 2
    assert result.b.favor == 4  # two crits: +1 each


def test_incapacitated_when_wounds_pass_wound_points():
    setup = pair(a_orders=NEVER_YIELD, b_orders=NEVER_YIELD)
    result = scripted(setup, [hit(5), MISS, hit(5), MISS, hit(4)])
    assert result.b.wounds == 6 + 6 + 5 > 13
    assert (result.end_reason, result.loser, result.rounds) == (EndReason.INCAPACITATED, "b", 3)


def test_wound_yield_when_a_minimum_hit_would_drop_him():
    # b at 12 Wounds of 13 yields at the start of his turn, honorably (favor kept)
    result = scripted(pair(), [hit(5), MISS, hit(5)])
    assert result.b.wounds == 12
    assert (result.end_reason, result.loser, result.rounds) == (EndReason.YIELD, "b", 2)
    assert result.loser_favor == 2


def test_unhurt_yield_costs_one_unless_at_five_or_six():
    asking = CAUTIOUS.asking("yield")
    yield_now = [Decision("yield", "b", "yield")]
    result = scripted(pair(b_orders=asking), [MISS], decisions=yield_now)
    assert (result.end_reason, result.loser_favor) == (EndReason.YIELD, 1)
    result = scripted(pair(b_orders=asking, b_favor=5), [MISS], decisions=yield_now)
    assert result.loser_favor == 5


def test_carried_injuries_add_ten_each_and_a_top_roll_kills():
    result = scripted(pair(carried_injuries=2), [hit(1, 3), MISS], d100s=[50], max_rounds=1)
    assert result.b.injuries[0].total == 50 + 20 - 10
    result = scripted(pair(carried_injuries=10), [hit(1, 3)], d100s=[100])
    assert (result.end_reason, result.b.dead, result.b.injuries[0].injury.name) == (
        EndReason.KILLED,
        True,
        "Slain",
    )


def test_the_round_cap_ends_a_bout_that_never_ends_as_a_draw():
    result = fight_bout(pair(), seed=0, dice=KeyDice(), record=False)
    assert (result.end_reason, result.winner, result.rounds) == (EndReason.DRAW, None, ROUND_CAP)
    assert result.finished and result.loser_favor is None


def test_who_acts_first_is_a_coin_unless_set():
    loose = BoutSetup(pair().a, pair().b)
    assert scripted(loose, [MISS, MISS], coins=[False], max_rounds=1).first == "b"
    assert scripted(loose, [MISS, MISS], coins=[True], max_rounds=1).first == "a"
    firsts = {fight_bout(loose, seed=s, max_rounds=0).first for s in range(20)}
    assert firsts == {Side.A, Side.B}


# --- asked choices, replay, stepping --------------------------------------------------------


def asking_setup():
    every = frozenset(DecisionKind)
    return pair(a_orders=Orders(ask=every), b_orders=Orders(ask=every))


def test_an_asked_choice_stops_the_engine_with_a_pending_decision():
    result = fight_bout(asking_setup(), seed=5)
    assert not result.finished and result.pending is not None
    assert (result.pending.kind, result.pending.side) == ("yield", "a")
    assert result.pending.options == (Choice.FIGHT, Choice.YIELD)
    assert json.dumps(result.as_dict())


def test_stepping_choice_by_choice_equals_giving_them_all_at_once():
    setup, seed, decisions = asking_setup(), 11, []
    while (result := fight_bout(setup, seed=seed, decisions=decisions)).pending:
        pending = result.pending
        choice = Choice.FIGHT if pending.kind == "yield" else pending.options[0]
        decisions.append({"kind": pending.kind, "side": pending.side, "choice": choice})
    assert result.finished
    again = fight_bout(setup, seed=seed, decisions=decisions)
    assert again.as_dict() == result.as_dict()
    assert again.decisions_used == len(decisions)


def test_a_choice_not_offered_is_refused():
    with pytest.raises(RulesError, match="must be one of fight, yield"):
        fight_bout(asking_setup(), seed=5, decisions=[Decision("yield", "a", "crit")])
    with pytest.raises(RulesError, match="decision kind"):
        Decision("dance", "a", "yield")


def test_max_rounds_fights_a_prefix_of_the_same_bout():
    setup = pair(a_orders=NEVER_YIELD, b_orders=NEVER_YIELD)
    whole = fight_bout(setup, seed=3)
    part = fight_bout(setup, seed=3, max_rounds=1)
    assert not part.finished and part.rounds == 1 and part.pending is None
    assert whole.events[: len(part.events)] == part.events
    assert fight_bout(setup, seed=3, max_rounds=whole.rounds + 5).as_dict() == whole.as_dict()


def test_the_fast_path_gives_the_same_bout_as_the_logged_one():
    setup = BoutSetup(pair().a, pair().b)
    for seed in range(30):
        logged, fast = fight_bout(setup, seed=seed), fight_bout(setup, seed=seed, record=False)
        assert fast.events == ()
        assert (logged.winner, logged.rounds, logged.a, logged.b, logged.favor_by_round) == (
            fast.winner,
            fast.rounds,
            fast.a,
            fast.b,
            fast.favor_by_round,
        )


def test_result_is_json_ready():
    result = fight_bout(BoutSetup(pair().a, pair().b), seed=9)
    data = json.loads(json.dumps(result.as_dict()))
    assert data["engine_version"] and data["finished"] is True
    attack = next(e for e in data["events"] if e["kind"] == "attack")
    assert {"pool", "roll", "net", "hit", "text"} <= set(attack)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Entrant(Fighter(), "thraex", favor=9), "crowd favor must be from 0 to 6"),
        (lambda: Entrant(Fighter(), "hoplomachus"), "kit must be one of"),
        (lambda: Entrant(Fighter(), "thraex", orders="rash"), "orders must be one of"),
        (lambda: BoutSetup(pair().a, pair().b, first="c"), "first must be"),
        (lambda: fight_bout(pair(), seed="x"), "seed"),
        (lambda: fight_bout(pair(), seed=1, max_rounds=-1), "max rounds"),
    ],
)
def test_bad_bout_input_is_refused_by_name(make, words):
    with pytest.raises(RulesError, match=words):
        make()


def test_starting_favor():
    assert (starting_favor(False), starting_favor(True)) == (2, 3)


# --- the editor's decision ----------------------------------------------------------------


def test_crowd_call_bands():
    assert [crowd_call(f) for f in range(7)] == [CrowdCall.SWORD] * 3 + [CrowdCall.DIVIDED] * 2 + [
        CrowdCall.RELEASE
    ] * 2
    with pytest.raises(RulesError, match="0 to 6"):
        crowd_call(9)


def test_decide_release_and_divided():
    bithys = Fighter("Bithys", melee=3)
    released = decide(5, bithys)
    assert (released.act, released.appeal, released.dignitas_change) == (EditorAct.MISSIO, None, 0)
    refused = decide(6, bithys, "sword")
    assert refused.loser_dies and refused.defied_crowd and refused.dignitas_change == -1
    divided = decide(4, bithys, winner_favor=6)
    assert divided.act is EditorAct.MISSIO and divided.winner_earns_dignitas
    assert decide(3, bithys, "sword").dignitas_change == 0


def test_decide_sword_band_rolls_the_appeal():
    bithys = Fighter("Bithys", melee=3)
    saved = decide(1, bithys, dice=ScriptedDice([Outcome(1, 0)]))
    assert (saved.act, saved.appeal_succeeded, saved.dignitas_change) == (EditorAct.MISSIO, True, 0)
    assert saved.appeal.pool == appeal_pool(bithys)
    lost = decide(1, bithys, dice=ScriptedDice([Outcome(0, 0)]))
    assert lost.loser_dies and lost.dignitas_change == 0
    spared = decide(2, bithys, "missio", dice=ScriptedDice([Outcome(-1, 0)]))
    assert spared.act is EditorAct.MISSIO and spared.dignitas_change == -1
    with pytest.raises(RulesError, match="rng"):
        decide(0, bithys)
    with pytest.raises(RulesError, match="editor choice"):
        decide(4, bithys, "thumbs")


# --- the odds -----------------------------------------------------------------------------


def test_odds_add_up_and_repeat():
    setup = BoutSetup(pair().a, pair().b)
    odds = bout_odds(setup, bouts=300, seed=4)
    assert odds.a_wins + odds.b_wins + odds.draws == 300
    verdicts = odds.loser_missio + odds.loser_editor_choice + odds.sword_called + odds.killed
    assert verdicts + odds.draws == 300
    assert odds.sword_given <= odds.sword_called
    assert odds == bout_odds(setup, bouts=300, seed=4)
    assert odds.method == "monte carlo (pool tables), 300 bouts, seed 4"
    assert odds.standard_error(odds.a_wins) == pytest.approx(
        100 * (odds.a_wins / 300 * (1 - odds.a_wins / 300) / 300) ** 0.5
    )


def test_odds_refuse_orders_that_ask():
    with pytest.raises(RulesError, match="automatic orders"):
        bout_odds(asking_setup(), bouts=10)


def test_appeal_pool_is_hard_charm():
    assert appeal_pool(Fighter()) == Pool(mastery=1, ability=1, trial=3)
