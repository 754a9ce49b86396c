"""Moritari behind the seam: entrants in, a shared Outcome out, odds with the Era keys."""

import pytest

from rules.core.errors import RulesError, SheetError
from rules.core.outcome import Fate, Result
from rules.core.ruleset import EntrantInput
from rules.moritari.kinds import kind_for
from rules.moritari.odds import fight_odds
from rules.moritari.ruleset import PURSES, MoritariRuleset
from rules.moritari.sheet import MoritariSheet

RULESET = MoritariRuleset()
SHEET = MoritariSheet()


def entrant(name, kind, side, **extra):
    return EntrantInput(name=name, sheet=SHEET, side=side, equipment=kind, **extra)


def three_and_a_lion():
    return RULESET.setup(
        [
            entrant("Bithys", "thraex", "nerva"),
            entrant("Rufus", "murmillo", "gaius"),
            entrant("Tigris", "samnite", "marcus"),
            entrant("Leo", "lion", "anyone"),  # a beast fights for the beasts, whoever adds him
        ]
    )


def test_a_fight_gives_every_entrant_an_outcome_and_the_standing_winners_a_purse():
    setup = three_and_a_lion()
    assert setup.fighters[3].side == "beasts"
    for seed in range(20):
        played = RULESET.play(setup, seed)
        outcome = played.outcome
        assert played.finished and len(outcome.entrants) == 4
        assert not outcome.fate_pending  # Caesar's thumb settled every fate on the sand
        for one, fighter in zip(outcome.entrants, setup.fighters, strict=True):
            if one.result is Result.WON and one.fate is Fate.WALKED_OUT:
                assert one.purses == (0 if fighter.side == "beasts" else PURSES)
            if one.fate is Fate.DEAD:
                assert one.wounds == 3 and one.purses == 0


def test_wounds_carried_in_are_hit_points_lost_and_three_cannot_fight():
    setup = RULESET.setup([entrant("A", "thraex", "x", wounds=2), entrant("B", "murmillo", "y")])
    assert setup.fighters[0].hit_points == 1
    with pytest.raises(RulesError, match="cannot fight"):
        RULESET.setup([entrant("A", "thraex", "x", wounds=3), entrant("B", "murmillo", "y")])


def test_the_odds_have_the_era_keys_and_add_up():
    run = fight_odds(three_and_a_lion(), fights=200, seed=3)
    data = run.as_dict()
    assert set(data) == {
        "engine_version",
        "method",
        "bouts",
        "seed",
        "counts",
        "per_100",
        "standard_error",
        "mean_rounds",
    }
    wins = sum(n for key, n in data["counts"].items() if key.startswith("wins:"))
    assert wins + data["counts"]["draws"] == 200
    for name in ("Bithys", "Rufus", "Tigris", "Leo"):
        fates = sum(data["counts"][f"{fate}:{name}"] for fate in ("dead", "spared", "walked_out"))
        assert fates == 200
    assert data["counts"]["spared:Leo"] == 0  # beasts never appeal
    odds = RULESET.odds(three_and_a_lion(), 200, 3)
    assert fight_odds(three_and_a_lion(), fights=200, seed=3) == run  # the same seed, the same
    assert odds.wins[0] == run.share(run.wins.get("nerva", 0))


def test_rest_heals_one_hit_point_a_night_and_the_sheet_holds_no_ratings():
    assert RULESET.rest(SHEET, 2) == 1 and RULESET.rest(SHEET, 0) == 0
    assert MoritariSheet.from_dict({}) == SHEET
    with pytest.raises(SheetError, match="no might"):
        MoritariSheet.from_dict({"might": 3})
    figures = RULESET.figures(SHEET, equipment="retiarius")
    assert figures["dice"] == 2 and figures["save"] == 0 and figures["wound_points"] == 3
    with pytest.raises(RulesError):
        RULESET.settle_fate(three_and_a_lion(), RULESET.play(three_and_a_lion(), 1).outcome, 1, {})


def test_a_gaul_fights_as_a_murmillo():
    assert kind_for("gaul").key == "murmillo" and kind_for("").key == "murmillo"
    assert RULESET.figures(MoritariSheet(), equipment="gaul")["save"] == 5


def test_the_odds_count_what_the_logged_engine_fights_under_either_version():
    from rules.core.seeds import seed_sequence
    from rules.moritari.fight import play

    setup = three_and_a_lion()
    for version in ("moritari/1", "moritari/2"):
        run = fight_odds(setup, fights=60, seed=9, engine_version=version)
        assert run.engine_version == version
        wins: dict[str, int] = {}
        for trial in seed_sequence(9, 60):
            winner = play(setup, trial, record=True, engine_version=version).winner
            if winner is not None:
                wins[winner] = wins.get(winner, 0) + 1
        assert run.wins == wins
    with pytest.raises(RulesError, match="engine version must be one of"):
        fight_odds(setup, fights=10, seed=1, engine_version="moritari/9")
