"""The Sands action dice, the two gladiators' sheets and the orders."""

import pytest

from rules.core.errors import RulesError
from rules.sands.dice import FACE_OF, POOL_SIZE, Face, face_of
from rules.sands.kinds import HIT_LOCATION, WOUND_BOXES, Location, kind_of
from rules.sands.orders import Orders


def test_each_face_is_one_number_of_the_d6():
    assert POOL_SIZE == 6
    assert sorted(FACE_OF) == [1, 2, 3, 4, 5, 6]
    assert set(FACE_OF.values()) == set(Face)
    assert face_of(1) is Face.MANOEUVRE and face_of(6) is Face.LAUREL


def test_hit_location_table_of_the_seed():
    assert [HIT_LOCATION[n] for n in range(2, 13)] == [
        Location.VITALS,
        Location.REAR_LEG,
        Location.LEAD_LEG,
        Location.LEAD_LEG,
        Location.LEAD_ARM,
        Location.LEAD_ARM,
        Location.HEAD,
        Location.HEAD,
        Location.REAR_ARM,
        Location.TORSO,
        Location.TORSO,
    ]
    assert set(WOUND_BOXES) == set(Location)


def test_the_two_sheets():
    murmillo, thraex = kind_of("murmillo"), kind_of("thraex")
    assert (murmillo.parry_bonus, murmillo.defence_tokens) == (3, 3)
    assert (thraex.parry_bonus, thraex.defence_tokens) == (2, 2)
    assert murmillo.traits == ("resolute", "strong")
    assert thraex.traits == ("dominant", "thracian_sword")
    assert murmillo.specials == ("impetus", "shield_lunge")
    assert thraex.specials == ("elusive_strike", "outflank")
    assert set(murmillo.armour) == set(thraex.armour) == set(Location)
    with pytest.raises(RulesError, match="no Sands gladiator"):
        kind_of("retiarius")


def test_orders_read_and_refused_by_name():
    assert Orders.from_mapping({}) == Orders()
    orders = Orders.from_mapping({"press": "2", "crowd": "never", "finger": "3", "bid": "0"})
    assert (orders.press, orders.crowd, orders.finger, orders.bid) == (2, "never", 3, 0)
    with pytest.raises(RulesError, match="press"):
        Orders.from_mapping({"press": "lots"})
    with pytest.raises(RulesError, match="press"):
        Orders.from_mapping({"press": "9"})
    with pytest.raises(RulesError, match="finger"):
        Orders.from_mapping({"finger": "1"})
    with pytest.raises(RulesError, match="crowd"):
        Orders.from_mapping({"crowd": "sometimes"})
    with pytest.raises(RulesError, match="no order"):
        Orders.from_mapping({"charge": "yes"})
