"""`manage.py bout_odds --ruleset moritari` (issue 13): two or more fighters, beasts among
them; the Era odds' JSON keys; every count adds up; the same seed gives the same figures; a
clear one-line refusal (status 2) for Era-only options and unknown kinds."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari.cli import build_setup

THREE_AND_A_LION = [
    "--fighter",
    "thraex:Bithys:nerva",
    "--fighter",
    "murmillo:Priscus:scaurus",
    "--fighter",
    "retiarius:Felix:fabius:mercy",
    "--fighter",
    "lion",
]


def run(*args: str) -> str:
    out = StringIO()
    call_command("bout_odds", "--ruleset", "moritari", *args, stdout=out)
    return out.getvalue()


def era_keys() -> set[str]:
    out = StringIO()
    call_command("bout_odds", "--bouts", "20", "--json", stdout=out)
    return set(json.loads(out.getvalue()))


def test_the_json_has_the_era_keys_and_the_counts_add_up():
    data = json.loads(run(*THREE_AND_A_LION, "--bouts", "300", "--seed", "2", "--json"))
    assert set(data) == era_keys()
    counts = data["counts"]
    wins = [counts[f"wins:{side}"] for side in ("nerva", "scaurus", "fabius", "beasts")]
    assert sum(wins) + counts["draws"] == 300 == data["bouts"]
    for name in ("Bithys", "Priscus", "Felix", "Lion"):
        fates = [counts[f"{fate}:{name}"] for fate in ("dead", "spared", "walked_out")]
        assert sum(fates) == 300
    assert counts["spared:Lion"] == 0  # a beast never appeals
    assert data["method"] == "monte carlo, 300 fights, seed 2"
    fighters = data["setup"]["fighters"]
    assert [f["side"] for f in fighters] == ["nerva", "scaurus", "fabius", "beasts"]
    assert fighters[2]["thumb"] == "mercy"


def test_the_same_seed_gives_the_same_figures_and_another_seed_others():
    first = run(*THREE_AND_A_LION, "--bouts", "200", "--seed", "5", "--json")
    assert run(*THREE_AND_A_LION, "--bouts", "200", "--seed", "5", "--json") == first
    assert run(*THREE_AND_A_LION, "--bouts", "200", "--seed", "6", "--json") != first


def test_without_fighters_it_is_the_era_pairing_man_against_man():
    text = run("--bouts", "200", "--seed", "1")
    assert text.startswith("Moritari fight odds, moritari/2 (monte carlo, 200 fights, seed 1)")
    assert "Bithys, Thraex, for Bithys" in text and "the murmillo, Murmillo" in text
    assert "Bithys wins" in text and "draws (turn cap)" in text and "mean turns" in text
    data = json.loads(run("--a", "secutor", "--b", "retiarius", "--bouts", "50", "--json"))
    assert [f["kind"] for f in data["setup"]["fighters"]] == ["secutor", "retiarius"]


def test_two_men_of_one_name_are_told_apart():
    data = json.loads(
        run(
            "--fighter",
            "lion",
            "--fighter",
            "lion",
            "--fighter",
            "thraex",
            "--bouts",
            "20",
            "--json",
        )
    )
    names = [f["name"] for f in data["setup"]["fighters"]]
    assert names == ["Lion", "Lion 2", "Thraex"]


def test_the_log_of_one_fight():
    text = run(*THREE_AND_A_LION, "--bouts", "1", "--seed", "3", "--log")
    assert text.startswith("Moritari fight (master seed 3), moritari/2")
    assert "turn 1:" in text and "winner:" in text
    data = json.loads(run(*THREE_AND_A_LION, "--bouts", "1", "--seed", "3", "--log", "--json"))
    assert data["events"] and data["setup"]["ruleset"] == "moritari"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--a-melee", "4"], "--a-melee: Era bout options"),
        (["--sampler", "logged"], "--sampler: Era bout options"),
        (["--fighter", "dragon"], "no Moritari fighter 'dragon'"),
        (["--fighter", "lion", "--fighter", "bear"], "at least two sides"),
        (["--fighter", "thraex:A:x:thumbs-up", "--fighter", "lion"], "thumb orders"),
        (["--fighter", "a:b:c:d:e"], "expected KIND[:NAME[:SIDE[:THUMB]]]"),
        (["--bouts", "0"], "--bouts"),
        (["--bouts", "2", "--log"], "--log needs --bouts 1"),
        (["--engine", "era-bout/1"], "--engine era-bout/1: the moritari ruleset's engines are"),
    ],
)
def test_bad_input_is_one_clear_refusal(args, words):
    with pytest.raises(CommandError) as raised:
        run(*args)
    assert words in str(raised.value)
    assert raised.value.returncode == 2


def test_fighters_belong_to_the_skirmish():
    with pytest.raises(CommandError, match="--fighter is for --ruleset moritari"):
        call_command("bout_odds", "--fighter", "lion", stdout=StringIO())


def test_the_skirmish_has_no_exact_method_but_auto_samples():
    with pytest.raises(CommandError) as error:
        run(*THREE_AND_A_LION, "--method", "exact")
    assert "--method exact" in str(error.value) and error.value.returncode == 2
    data = json.loads(run(*THREE_AND_A_LION, "--method", "auto", "--bouts", "50", "--json"))
    assert data["bouts"] == 50


def test_the_engine_option_picks_the_version_and_its_figures_are_the_engines():
    args = ("--fighter", "retiarius:Felix:a", "--fighter", "murmillo:Rufus:b")
    counts = {}
    for version in ("moritari/1", "moritari/2"):
        data = json.loads(
            run(*args, "--engine", version, "--bouts", "300", "--seed", "4", "--json")
        )
        assert data["engine_version"] == version
        options = {"fighter": list(args[1::2]), "bouts": 300, "log": False}
        setup = build_setup(options)
        direct = moritari.fight_odds(setup, fights=300, seed=4, engine_version=version)
        assert data["counts"] == direct.counts()
        counts[version] = data["counts"]
    assert counts["moritari/1"] != counts["moritari/2"]  # the retiarius's third die, gone
    default = json.loads(run(*args, "--bouts", "300", "--seed", "4", "--json"))
    assert default["engine_version"] == "moritari/2" and default["counts"] == counts["moritari/2"]
