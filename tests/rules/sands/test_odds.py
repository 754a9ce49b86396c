"""Sands odds by Monte Carlo (rules/sands/odds.py): the counts add up, a seed gives the same
figures, each trial is the engine's bout of its seed, and the quick-start's pair lands in a
sane range."""

import pytest

from rules.core.errors import RulesError
from rules.core.seeds import seed_sequence
from rules.sands.bout import IUGULA, KILLED_ON_SAND, MITTE, play, standard_setup
from rules.sands.odds import ENDS, FATES, MAX_BOUTS, SIDES, bout_odds, one_bout, tally


@pytest.fixture(scope="module")
def odds():
    return bout_odds(standard_setup(), bouts=600, seed=1)


def test_the_counts_add_up(odds):
    counts = odds.counts()
    assert counts["a_wins"] + counts["b_wins"] + counts["draws"] == 600
    # every loser meets one fate; the fates by side add up to each side's losses
    assert counts["killed"] + counts["iugula"] + counts["mitte"] == 600 - counts["draws"]
    assert sum(counts[f"a_{fate}"] for fate in FATES.values()) == counts["b_wins"]
    assert sum(counts[f"b_{fate}"] for fate in FATES.values()) == counts["a_wins"]
    assert sum(counts[f"end:{end}"] for end in ENDS.values()) == 600
    # a man killed ends the bout as "killed"; the draws are the two drawn ends
    assert counts["end:killed"] == counts["killed"]
    assert counts["end:stans_missus"] + counts["end:turn_limit"] == counts["draws"]


def test_the_json_has_the_era_keys(odds):
    data = odds.as_dict()
    keys = ["engine_version", "method", "bouts", "seed", "counts", "per_100", "standard_error"]
    assert list(data) == keys + ["mean_rounds"]
    assert data["bouts"] == 600 and data["seed"] == 1
    assert data["engine_version"] == "sands/2"
    assert set(data["per_100"]) == set(data["counts"]) == set(data["standard_error"])
    a_wins = data["counts"]["a_wins"]
    assert data["per_100"]["a_wins"] == round(100 * a_wins / 600, 2)
    p = a_wins / 600
    assert data["standard_error"]["a_wins"] == round(100 * (p * (1 - p) / 600) ** 0.5, 3)
    assert data["mean_rounds"] == round(odds.total_turns / 600, 3)
    assert 1 < data["mean_rounds"] < 40


def test_the_same_seed_gives_the_same_figures(odds):
    assert bout_odds(standard_setup(), bouts=600, seed=1).as_dict() == odds.as_dict()
    assert bout_odds(standard_setup(), bouts=600, seed=2).as_dict() != odds.as_dict()


def test_each_trial_is_the_engines_bout_of_its_seed():
    """The fates counted are the logged engine's results on the run's seeds, one by one."""
    setup = standard_setup({"crowd": "always"}, {"finger": "3"})
    results = [play(setup, s, record=True) for s in seed_sequence(5, 120)]
    odds = bout_odds(setup, bouts=120, seed=5)
    expected = tally(results)
    assert odds.a_wins == expected["a_wins"] and odds.b_wins == expected["b_wins"]
    assert odds.fates == expected["fates"] and odds.ends == expected["ends"]
    assert odds.total_turns == sum(r.turns for r in results)
    killed = sum(KILLED_ON_SAND in r.fates for r in results)
    mitte = sum(MITTE in r.fates for r in results)
    iugula = sum(IUGULA in r.fates for r in results)
    assert (odds.fate("killed"), odds.fate("mitte"), odds.fate("iugula")) == (
        killed,
        mitte,
        iugula,
    )
    # a_killed counts the bouts the first man (a) lost on the sand
    assert odds.fate("killed", "a") == sum(r.fates[0] == KILLED_ON_SAND for r in results)


def test_one_bout_is_the_runs_first_trial():
    setup = standard_setup()
    logged = one_bout(setup, seed=9)
    assert logged.events
    alone = bout_odds(setup, bouts=1, seed=9)
    assert (alone.a_wins, alone.b_wins, alone.draws) == (
        logged.winner == 0,
        logged.winner == 1,
        logged.winner is None,
    )
    assert alone.total_turns == logged.turns


def test_the_murmillo_has_the_edge_in_the_quick_start():
    """Murmillo v Thraex, standard orders: the scutum's +3 parry and three Defence Tokens make
    the Murmillo the favourite (about 60 in 100 over 2,000 bouts, s.e. 1.1); the range is wide
    enough for any seed and narrow enough to catch a side swapped or a fate lost."""
    odds = bout_odds(standard_setup(), bouts=1500, seed=3)
    assert 50 < odds.percent(odds.a_wins) < 70
    assert 30 < odds.percent(odds.b_wins) < 50
    assert odds.percent(odds.draws) < 3
    # most losers walk out (Mitte), some are killed on the sand, some given the sword
    assert odds.fate("mitte") > odds.fate("killed") > 0
    assert odds.fate("iugula") > 0


def test_progress_is_reported_up_to_the_end():
    seen = []
    bout_odds(standard_setup(), bouts=1100, seed=1, progress=lambda d, n: seen.append((d, n)))
    assert seen == [(500, 1100), (1000, 1100), (1100, 1100)]


@pytest.mark.parametrize("bouts", [0, -1, MAX_BOUTS + 1, True, 2.5])
def test_a_bad_number_of_bouts_is_refused(bouts):
    with pytest.raises(RulesError, match="bouts"):
        bout_odds(standard_setup(), bouts=bouts, seed=1)


def test_a_bad_seed_is_refused():
    with pytest.raises(RulesError, match="seed"):
        bout_odds(standard_setup(), bouts=1, seed="1")


def test_sides_and_keys():
    assert SIDES == ("a", "b")
    assert set(FATES.values()) == {"killed", "iugula", "mitte"}


def test_the_order_options_are_the_orders_values_and_their_defaults_first():
    from rules.sands.odds import ORDER_OPTIONS
    from rules.sands.orders import Orders

    standing = Orders()
    for key, values in ORDER_OPTIONS.items():
        assert key in Orders.__dataclass_fields__
        default = getattr(standing, key)
        shown = ("yes" if default else "no") if isinstance(default, bool) else str(default)
        assert values[0] == shown
        for value in values:
            Orders.from_mapping({key: value})
    for key, bad in (("press", "6"), ("keep_defence", "7"), ("finger", "1"), ("bid", "-1")):
        assert bad not in ORDER_OPTIONS[key]
        with pytest.raises(RulesError):
            Orders.from_mapping({key: bad})


def test_a_bout_that_never_ended_is_refused_not_counted():
    from rules.sands.bout import Result

    stopped = Result(0, None, None, "", ("", ""), None, play(standard_setup(), 1).gladiators, [])
    with pytest.raises(RulesError, match="decide every turn"):
        tally([stopped])


@pytest.mark.parametrize("version", ["sands/1", "sands/2"])
def test_the_odds_of_each_engine_are_its_logged_bouts(version):
    """The no-log path fights each engine's own bouts: the same figures as the logged engine
    on the same seeds, and an unknown engine is refused by name."""
    setup = standard_setup({"crowd": "always"}, {"finger": "3"})
    results = [play(setup, s, engine_version=version) for s in seed_sequence(3, 80)]
    odds = bout_odds(setup, bouts=80, seed=3, engine_version=version)
    expected = tally(results)
    assert (odds.a_wins, odds.b_wins, odds.draws) == (
        expected["a_wins"],
        expected["b_wins"],
        expected["draws"],
    )
    assert odds.fates == expected["fates"] and odds.ends == expected["ends"]
    assert odds.engine_version == version


def test_the_two_engines_give_different_figures_and_a_third_is_refused():
    setup = standard_setup()
    old = bout_odds(setup, bouts=300, seed=4, engine_version="sands/1").as_dict()
    new = bout_odds(setup, bouts=300, seed=4, engine_version="sands/2").as_dict()
    assert old["engine_version"] == "sands/1" and new["engine_version"] == "sands/2"
    assert old["counts"] != new["counts"]
    with pytest.raises(RulesError, match="sands/3"):
        bout_odds(setup, bouts=10, seed=4, engine_version="sands/3")
