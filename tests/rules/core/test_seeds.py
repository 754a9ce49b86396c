"""Seeds: the fresh seed's size, and the sub-seeds stored bouts and the odds were drawn with."""

import random

import pytest

from rules.core.errors import RulesError
from rules.core.seeds import (
    APPEAL,
    ODDS_APPEAL_SALT,
    new_seed,
    salted_seed,
    seed_sequence,
    sub_rng,
    sub_seed,
)
from rules.era.odds import APPEAL_SALT, bout_seeds


def test_a_new_seed_fits_a_signed_64_bit_column():
    seeds = {new_seed() for _ in range(200)}
    assert all(0 <= seed < 2**62 < 2**63 - 1 for seed in seeds) and len(seeds) > 190


def test_the_appeal_sub_seed_is_the_text_stored_bouts_use():
    assert sub_seed(42, APPEAL) == "appeal:42"
    assert sub_seed(-7, "appeal") == "appeal:-7"
    assert sub_rng(42, APPEAL).random() == random.Random("appeal:42").random()


@pytest.mark.parametrize("purpose", ["", "a:b", " appeal", 3])
def test_a_purpose_is_a_short_name(purpose):
    with pytest.raises(RulesError, match="purpose"):
        sub_seed(1, purpose)


def test_a_seed_must_be_a_whole_number():
    with pytest.raises(RulesError, match="seed must be a whole number"):
        sub_seed(True, APPEAL)


def test_the_odds_appeal_is_the_seed_xor_the_salt():
    assert ODDS_APPEAL_SALT == APPEAL_SALT == 0x5EED_A99E
    assert salted_seed(0, ODDS_APPEAL_SALT) == ODDS_APPEAL_SALT
    assert salted_seed(ODDS_APPEAL_SALT, ODDS_APPEAL_SALT) == 0


def test_trial_seeds_come_from_the_master_seed():
    master = random.Random(9)
    assert seed_sequence(9, 3) == [master.getrandbits(64) for _ in range(3)]
    assert bout_seeds(9, 3) == seed_sequence(9, 3)
