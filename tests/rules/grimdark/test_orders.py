"""Coaching orders: read from a mapping (bad ones refused naming the order), the opening
hand, preferred moves, stance, when to assess, contingencies, targets, and the default
heuristic when there are no orders."""

from __future__ import annotations

import pytest

from rules.core.errors import RulesError
from rules.grimdark.moves import ASSESS
from rules.grimdark.orders import Contingency, Orders, choose, pick_target
from tests.rules.grimdark.match_kit import duel, gladiator, match


def test_orders_round_trip_through_a_mapping() -> None:
    data = {
        "opening": ["Basic Melee", "Grapple", "Basic Defense"],
        "prefer": ["Grapple"],
        "stance": "aggressive",
        "assess": "weak_hand",
        "target": "highest_cz",
        "contingencies": [{"when": "hp_at_most:12", "prefer": "Basic Defense"}],
    }
    orders = Orders.from_mapping(data)
    assert orders.to_dict() == data
    assert Orders.from_mapping(orders.to_dict()) == orders


@pytest.mark.parametrize(
    ("data", "names"),
    [
        ({"stance": "reckless"}, "stance"),
        ({"assess": "sometimes"}, "assess"),
        ({"opening": ["Basic Melee"] * 4}, "opening"),
        ({"prefer": ["Kick"]}, "Kick"),
        ({"contingencies": [{"when": "hp_below:3", "prefer": "Basic Melee"}]}, "hp_below"),
        ({"contingencies": [{"when": "wounded", "prefer": "Kick"}]}, "Kick"),
        ({"tactics": "x"}, "tactics"),
    ],
)
def test_bad_orders_are_refused_naming_the_order(data: dict[str, object], names: str) -> None:
    with pytest.raises(RulesError, match=names):
        Orders.from_mapping(data)


def test_an_opening_move_must_be_in_the_repertoire() -> None:
    with pytest.raises(RulesError, match="opening move 'Grapple'"):
        gladiator("A", moves={"Basic Melee": 15}, orders=Orders(opening=("Grapple",)))


def test_preferred_moves_are_played_first_when_usable() -> None:
    m, _, a, b = duel()
    a.orders = Orders(prefer=("Basic Defense",))
    assert choose(a, b, ["Basic Melee", "Basic Defense"], 1) == "Basic Defense"


def test_the_first_contingency_that_holds_wins() -> None:
    m, _, a, b = duel()
    rules = (
        Contingency("hp_at_most", 10, "Basic Performance"),
        Contingency("not_wounded", 0, "Basic Defense"),
    )
    a.orders = Orders(contingencies=rules)
    usable = ["Basic Melee", "Basic Defense", "Basic Performance"]
    assert choose(a, b, usable, 1) == "Basic Defense"
    a.hp = 10
    assert choose(a, b, usable, 1) == "Basic Performance"


def test_a_contingency_may_order_him_to_assess() -> None:
    m, _, a, b = duel()
    a.orders = Orders(contingencies=(Contingency("turn_at_most", 1, ASSESS),))
    assert choose(a, b, ["Basic Melee"], 1) == ASSESS
    assert choose(a, b, ["Basic Melee"], 2) == "Basic Melee"


@pytest.mark.parametrize(
    ("when", "setup", "holds"),
    [
        ("wounded", lambda a, b: setattr(a, "wounded", True), True),
        ("target_wounded", lambda a, b: setattr(b, "wounded", True), True),
        ("ineffective", lambda a, b: setattr(a, "as_i", -1), True),
        ("target_hp_at_most:20", lambda a, b: setattr(b, "hp", 20), True),
        ("cz_lead_at_least:2", lambda a, b: setattr(a, "cz", 2), True),
        ("curses_at_least:1", lambda a, b: None, False),
        ("essence_at_most:0", lambda a, b: None, True),
        ("quantum_at_most:0", lambda a, b: None, True),
        ("poison_at_least:1", lambda a, b: setattr(a, "poison", 1), True),
        ("turn_at_least:3", lambda a, b: None, False),
    ],
)
def test_each_condition(when: str, setup, holds: bool) -> None:  # type: ignore[no-untyped-def]
    m, _, a, b = duel()
    setup(a, b)
    rule = Contingency.parse({"when": when, "prefer": "Basic Melee"})
    assert rule.holds(a, b, 1) is holds


def test_a_finisher_he_may_use_is_always_played() -> None:
    m, _, a, b = duel()
    assert choose(a, b, ["Basic Melee", "Merciless Beating"], 1) == "Merciless Beating"


def test_without_orders_he_plays_the_attack_that_scores_best() -> None:
    m, _, a, b = duel()
    a.stats = [7, 2, 3, 3]
    # Powerful Attack: 7 - 1 + 0.4 x 3 = 7.2; Graceful Slash: 2 - 1; Basic Melee: 7.
    assert choose(a, b, ["Graceful Slash", "Basic Melee", "Powerful Attack"], 1) == (
        "Powerful Attack"
    )


def test_without_an_attack_he_assesses_unless_ordered_never_to() -> None:
    m, _, a, b = duel()
    assert choose(a, b, ["Basic Performance", "Basic Adjustment"], 1) == ASSESS
    a.orders = Orders(assess="never")
    assert choose(a, b, ["Basic Performance", "Basic Adjustment"], 1) == "Basic Performance"


def test_a_weak_hand_order_assesses_when_his_best_attack_scores_below_his_defence() -> None:
    m, _, a, b = duel()
    a.orders = Orders(assess="weak_hand")
    assert choose(a, b, ["Graceful Slash"], 1) == ASSESS  # 4 - 1 < 4
    assert choose(a, b, ["Basic Melee"], 1) == "Basic Melee"


def test_a_cautious_gladiator_defends_where_an_aggressive_one_attacks() -> None:
    m, _, a, b = duel()
    # Graceful Slash scores 4 - 1 = 3; Basic Defense his AS 4, +2 cautious, -2 aggressive.
    usable = ["Graceful Slash", "Basic Defense"]
    a.orders = Orders(stance="cautious")
    assert choose(a, b, usable, 1) == "Basic Defense"
    a.orders = Orders(stance="aggressive")
    assert choose(a, b, usable, 1) == "Graceful Slash"


def test_targets_by_the_orders() -> None:
    m, _ = match(gladiator("A", side="a"), gladiator("B", side="b"), gladiator("C", side="b"))
    a, b, c = m.fighters
    b.hp, c.hp, c.cz, c.wounded = 20, 30, 3, True
    for target, expected in (
        ("lowest_hp", b),
        ("highest_hp", c),
        ("highest_cz", c),
        ("wounded_first", c),
    ):
        a.orders = Orders(target=target)
        assert pick_target(a, [b, c]) is expected


def test_the_opening_orders_are_his_first_hand_in_a_played_match() -> None:
    moves = {"Basic Melee": 12, "Basic Defense": 3}
    orders = Orders(opening=("Basic Defense",) * 3)
    m, _ = match(gladiator("A", moves=moves, orders=orders), gladiator("B"))
    assert m.fighters[0].hand == ["Basic Defense"] * 3
