"""`manage.py bout_odds --ruleset sands` (issues 12 and 14): the hex duel's odds by Monte Carlo
with the Era odds' JSON keys, each side's orders as KEY=VALUE pairs, a table without --json,
one bout's log with --log, and one clear refusal (status 2) naming the option for bad input;
fuzzed like the other commands."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import example, given
from hypothesis import strategies as st

from rules.core.seeds import seed_sequence
from rules.sands.bout import play, standard_setup
from rules.sands.odds import MAX_BOUTS, bout_odds
from rules.sands.orders import Orders
from tests.fuzz import COMMANDS, INTEGERS, NOT_NUMBERS, VALUES, refused_naming

PAIR = ["--a", "murmillo", "--b", "thraex"]


def run(*args: str) -> str:
    out = StringIO()
    call_command("bout_odds", "--ruleset", "sands", *args, stdout=out)
    return out.getvalue()


def era_keys() -> set[str]:
    out = StringIO()
    call_command("bout_odds", "--bouts", "20", "--json", stdout=out)
    return set(json.loads(out.getvalue()))


def test_the_json_has_the_era_keys_and_the_engines_figures():
    data = json.loads(run(*PAIR, "--bouts", "300", "--seed", "1", "--json"))
    assert set(data) == era_keys()
    assert data["method"] == "monte carlo, 300 bouts, seed 1"
    assert data["bouts"] == 300 and data["seed"] == 1 and data["engine_version"] == "sands/2"
    counts = data["counts"]
    assert counts["a_wins"] + counts["b_wins"] + counts["draws"] == 300
    assert counts["killed"] + counts["iugula"] + counts["mitte"] == 300 - counts["draws"]
    assert sum(v for k, v in counts.items() if k.startswith("end:")) == 300
    # the figures are the engine's for the same setup and seed
    setup_data = data["setup"]
    assert setup_data["ruleset"] == "sands"
    assert [setup_data[s]["kind"] for s in "ab"] == ["murmillo", "thraex"]
    assert [setup_data[s]["name"] for s in "ab"] == ["Murmillo", "Thraex"]
    from_engine = bout_odds(standard_setup(), bouts=300, seed=1).as_dict()
    assert {key: data[key] for key in from_engine} == from_engine


def test_the_orders_reach_the_engine():
    args = [*PAIR, "--a-orders", "press=3, crowd=always", "--b-orders", "finger=2"]
    data = json.loads(run(*args, "--bouts", "200", "--seed", "4", "--json"))
    assert data["setup"]["a"]["orders"].startswith("press=3,keep_defence=2,crowd=always")
    assert "finger=2" in data["setup"]["b"]["orders"]
    setup = standard_setup({"press": "3", "crowd": "always"}, {"finger": "2"})
    assert data["counts"] == bout_odds(setup, bouts=200, seed=4).counts()
    plain = json.loads(run(*PAIR, "--bouts", "200", "--seed", "4", "--json"))
    assert plain["counts"] != data["counts"]


def test_a_turn_limit_makes_draws():
    data = json.loads(run(*PAIR, "--turn-limit", "2", "--bouts", "200", "--json"))
    assert data["setup"]["turn_limit"] == 2
    assert data["counts"]["end:turn_limit"] > 0
    assert data["mean_rounds"] <= 2


def test_the_same_seed_gives_the_same_figures_and_another_seed_others():
    first = run(*PAIR, "--bouts", "200", "--seed", "5", "--json")
    assert run(*PAIR, "--bouts", "200", "--seed", "5", "--json") == first
    assert run(*PAIR, "--bouts", "200", "--seed", "6", "--json") != first


def test_the_table():
    text = run(*PAIR, "--a-name", "Priscus", "--bouts", "200", "--seed", "1")
    assert text.startswith("Sands bout odds, sands/2 (monte carlo, 200 bouts, seed 1)")
    assert "a: Priscus, Murmillo (gladius and scutum, parry +3, 3 Defence Tokens)" in text
    for words in ("Priscus wins", "Thraex wins", "loser killed on the sand", "(Iugula)"):
        assert words in text
    assert "Priscus loses and is: killed" in text and "mean turns" in text
    assert "ended by:" in text


def test_without_kinds_it_is_the_era_pairing_and_two_of_a_kind_are_told_apart():
    data = json.loads(run("--bouts", "20", "--json"))
    assert [data["setup"][s]["kind"] for s in "ab"] == ["thraex", "murmillo"]
    data = json.loads(run("--a", "thraex", "--b", "thraex", "--bouts", "20", "--json"))
    assert [data["setup"][s]["name"] for s in "ab"] == ["Thraex", "Thraex 2"]


def test_the_log_of_one_bout():
    text = run(*PAIR, "--bouts", "1", "--seed", "3", "--log")
    assert text.startswith("Sands bout (master seed 3), sands/2")
    assert "turn 1, phase 1: Murmillo rolls" in text and "winner:" in text
    data = json.loads(run(*PAIR, "--bouts", "1", "--seed", "3", "--log", "--json"))
    assert data["events"] and data["setup"]["ruleset"] == "sands"
    result = play(standard_setup(), seed_sequence(3, 1)[0])
    assert [e["text"] for e in data["events"]] == [e.text for e in result.events]
    assert data["end_reason"] == result.end_reason and data["turns"] == result.turns


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--a-melee", "4"], "--a-melee: not options of the sands ruleset"),
        (["--sampler", "logged"], "--sampler: not options"),
        (["--fighter", "lion"], "--fighter: not options"),
        (["--a", "lion"], "--a: no Sands gladiator 'lion'"),
        (["--a-orders", "press=9"], "--a-orders: press must be 0 to 5, got 9"),
        (["--b-orders", "charge"], "--b-orders: expected KEY=VALUE"),
        (
            ["--b-orders", "shout=yes"],
            "--b-orders: no order 'shout' for odds; the orders are press",
        ),
        (["--a-orders", "bid=1,bid=2"], "--a-orders: bid given twice"),
        (["--turn-limit", "41"], "--turn-limit must be from 1 to 40"),
        (["--bouts", "0"], "--bouts"),
        (["--seed", "-1"], "--seed"),
        (["--bouts", "2", "--log"], "--log needs --bouts 1"),
        (["--method", "exact"], "--method exact: the Sands duel has no exact chain"),
        (["--engine", "era-bout/1"], "--engine era-bout/1: the sands engines are sands/1, sands/2"),
    ],
)
def test_bad_input_is_one_clear_refusal(args, words):
    with pytest.raises(CommandError) as raised:
        run(*args)
    assert words in str(raised.value)
    assert "\n" not in str(raised.value)
    assert raised.value.returncode == 2


@pytest.mark.parametrize("version", ["sands/1", "sands/2"])
def test_the_engine_chooses_sands_1_or_sands_2(version):
    """Each engine's figures are that engine's (rules/sands/odds.py on the same seed), and its
    one logged bout too."""
    data = json.loads(run(*PAIR, "--engine", version, "--bouts", "200", "--seed", "2", "--json"))
    assert data["engine_version"] == version
    from_engine = bout_odds(standard_setup(), bouts=200, seed=2, engine_version=version)
    assert data["counts"] == from_engine.counts()
    text = run(*PAIR, "--engine", version, "--bouts", "1", "--seed", "5", "--log")
    assert text.startswith(f"Sands bout (master seed 5), {version}")
    result = play(standard_setup(), seed_sequence(5, 1)[0], engine_version=version)
    lines = [line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("  turn ")]
    assert lines == [e.text for e in result.events]


def test_the_two_engines_give_different_figures():
    old = json.loads(run(*PAIR, "--engine", "sands/1", "--bouts", "300", "--seed", "6", "--json"))
    new = json.loads(run(*PAIR, "--bouts", "300", "--seed", "6", "--json"))
    assert new["engine_version"] == "sands/2" and old["counts"] != new["counts"]


def test_a_sands_engine_is_refused_for_the_era():
    with pytest.raises(CommandError, match="--engine sands/2 is for --ruleset sands"):
        call_command("bout_odds", "--engine", "sands/2", "--bouts", "5", stdout=StringIO())


def test_the_turn_limit_belongs_to_the_duel():
    with pytest.raises(CommandError, match="--turn-limit is for --ruleset sands"):
        call_command("bout_odds", "--turn-limit", "3", stdout=StringIO())


# --- fuzzed: any value of any option runs or is one CommandError naming it ----------------

BOUTS = st.one_of(
    st.integers(max_value=0), st.integers(min_value=MAX_BOUTS + 1), st.integers(1, 3)
).map(str)
ORDER_KEYS = sorted(Orders.__dataclass_fields__)
ORDERS_TEXT = st.one_of(
    NOT_NUMBERS,
    st.lists(
        st.tuples(st.sampled_from([*ORDER_KEYS, "x", ""]), st.one_of(VALUES, st.just("yes"))),
        max_size=4,
    ).map(lambda pairs: ",".join(f"{k}={v}" for k, v in pairs)),
)


@COMMANDS
@given(side=st.sampled_from("ab"), text=ORDERS_TEXT)
@example(side="a", text="press=2,crowd=always")
@example(side="b", text="finger=1")
@example(side="a", text="=")
def test_the_orders(side, text):
    option = f"--{side}-orders"
    refused_naming("bout_odds", option, "--ruleset", "sands", "--bouts", "2", f"{option}={text}")


@COMMANDS
@given(option=st.sampled_from(["--a", "--b", "--a-name", "--b-name"]), value=VALUES)
@example(option="--a", value="retiarius")
@example(option="--b", value="THRAEX")
def test_the_kinds_and_names(option, value):
    refused_naming("bout_odds", option, "--ruleset", "sands", "--bouts", "2", f"{option}={value}")


@COMMANDS
@given(option=st.sampled_from(["--turn-limit", "--seed"]), value=VALUES)
@example(option="--turn-limit", value="10")
@example(option="--seed", value=str(2**64))
def test_a_number_option(option, value):
    refused_naming("bout_odds", option, "--ruleset", "sands", "--bouts", "2", f"{option}={value}")


@COMMANDS
@given(value=st.one_of(BOUTS, NOT_NUMBERS, INTEGERS))
@example(value="0")
def test_the_bout_count(value):
    refused_naming("bout_odds", "--bouts", "--ruleset", "sands", "--log", f"--bouts={value}")


def test_the_help_names_every_odds_order(capsys):
    from arena.rulesets.sands.odds_adapter import ORDER_OPTIONS

    with pytest.raises(SystemExit):
        call_command("bout_odds", "--help")
    text = " ".join(capsys.readouterr().out.split())
    assert "sands: KEY=VALUE" in text and "sands: murmillo or thraex" in text
    for key in ORDER_OPTIONS:
        assert f"{key}=" in text
