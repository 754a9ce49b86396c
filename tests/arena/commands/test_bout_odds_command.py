"""`manage.py bout_odds`: the table, the JSON, the log, and one-line errors with status 2."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> str:
    out = StringIO()
    call_command("bout_odds", *args, stdout=out)
    return out.getvalue()


def test_json_counts_add_up_and_name_the_method():
    data = json.loads(run("--bouts", "400", "--seed", "3", "--json", "--method", "monte-carlo"))
    counts = data["counts"]
    assert counts["a_wins"] + counts["b_wins"] + counts["draws"] == 400
    assert data["method"] == "monte carlo (pool tables), 400 bouts, seed 3"
    assert data["setup"]["a"]["kit"] == "thraex" and data["setup"]["a"]["fighter"]["melee"] == 3
    assert data["setup"]["b"]["kit"] == "murmillo" and data["setup"]["b"]["favor"] == 2
    assert 0 < data["standard_error"]["a_wins"] < 5


def test_the_briefs_command_line_and_a_readable_table():
    args = "--a thraex --b murmillo --a-melee 3 --b-melee 2 --a-favor 3 --b-favor 2"
    args += " --a-orders cautious --b-orders cautious --bouts 300 --seed 1 --method monte-carlo"
    text = run(*args.split())
    assert "monte carlo (pool tables), 300 bouts, seed 1" in text
    assert "Bithys wins" in text and "sword called" in text and "mean rounds" in text
    assert run(*args.split()) == text  # the same seed, the same figures


def test_every_side_option_reaches_the_sheet():
    args = "--b samnite --b-might 4 --b-charm 3 --b-helm 0 --b-injuries 1 --b-cut"
    args += " --b-orders never-yield --first b --bouts 20 --json"
    data = json.loads(run(*args.split()))
    b = data["setup"]["b"]
    assert (b["kit"], b["fighter"]["might"], b["fighter"]["charm"], b["helm"]) == (
        "samnite",
        4,
        3,
        0,
    )
    assert (b["carried_injuries"], b["orders"], b["resistance"]) == (1, "never-yield (cuts)", 4)
    assert data["setup"]["first"] == "b"


def test_log_prints_one_bouts_events():
    text = run("--bouts", "1", "--seed", "7", "--log")
    assert text.startswith("Bout seed ")
    assert "round 1:" in text and "attacks" in text
    data = json.loads(run("--bouts", "1", "--seed", "7", "--log", "--json"))
    assert data["finished"] and data["events"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ("--a retiarius", "--a must be one of"),
        ("--b-favor 9", "--b-favor must be from 0 to 6"),
        ("--a-might -1", "might must be from 1 to 6"),
        ("--a-orders rash", "orders must be one of"),
        ("--bouts 0", "bouts must be from 1"),
        ("--log --bouts 5", "--log needs --bouts 1"),
        ("--first c", "invalid choice"),
        ("--bouts many", "invalid int value"),
        ("--b-wounds 14", "--b-wounds must be from 0 to 13; got 14"),
        ("--a-wounds -1", "--a-wounds must be from 0 to 13; got -1"),
        ("--a-wounds many", "invalid int value"),
    ],
)
def test_bad_options_are_one_line_errors_with_status_2(args, words):
    with pytest.raises(CommandError) as error:
        run(*args.split())
    assert error.value.returncode == 2
    assert words in str(error.value) and "\n" not in str(error.value)


def test_from_the_shell_a_bad_option_exits_2_with_one_line():
    done = subprocess.run(
        [sys.executable, "manage.py", "bout_odds", "--a-favor", "9", "--bouts", "10"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "--a-favor must be from 0 to 6" in done.stderr


def test_the_command_takes_wounds_carried_in():
    data = json.loads(run("--b-wounds", "8", "--a-wounds", "2", "--bouts", "50", "--json"))
    assert (data["setup"]["a"]["wounds"], data["setup"]["b"]["wounds"]) == (2, 8)
    assert "carrying 8 Wounds" in run("--b-wounds", "8", "--bouts", "20")
    fresh = json.loads(run("--bouts", "50", "--json"))
    assert fresh["setup"]["b"]["wounds"] == 0


def test_the_commands_log_shows_the_starting_wounds():
    text = run("--bouts", "1", "--seed", "7", "--log", "--b-wounds", "5")
    assert "round 0: the murmillo comes out carrying 5 Wounds (5 of 13)." in text


def test_named_injuries_carried_in_act_on_the_odds():
    hurt = json.loads(run("--a-injury", "Cut Tendons", "--bouts", "2000", "--json"))
    fresh = json.loads(run("--bouts", "2000", "--json"))
    side = hurt["setup"]["a"]
    assert side["injuries"] == ["Cut Tendons"] and side["carried_injuries"] == 1
    assert (side["wound_points"], side["resistance"]) == (12, 2)  # Might 3 - 1 = 2
    assert hurt["per_100"]["a_wins"] < fresh["per_100"]["a_wins"] - 10
    assert "Wound Points 12" in run("--a-injury", "Cut Tendons", "--bouts", "20")


def test_an_injury_not_on_the_table_is_a_one_line_error():
    with pytest.raises(CommandError) as error:
        run("--a-injury", "Nonsense", "--bouts", "20")
    assert error.value.returncode == 2
    assert "'Nonsense' is not on the Critical Injury table" in str(error.value)


# --- the engine version (issue 10) -------------------------------------------------------


def test_the_odds_name_the_engine_new_bouts_are_fought_with_by_default():
    data = json.loads(run("--bouts", "20", "--json"))
    assert data["engine_version"] == "era-bout/2"
    sampled = run("--bouts", "20", "--method", "monte-carlo")
    assert sampled.startswith("Era bout odds, era-bout/2 (monte carlo")


def test_engine_era_bout_1_gives_the_older_readings_figures():
    sampled = ("--bouts", "3000", "--seed", "1", "--json", "--method", "monte-carlo")
    old = json.loads(run("--engine", "era-bout/1", *sampled))
    new = json.loads(run("--engine", "era-bout/2", *sampled))
    assert (old["engine_version"], new["engine_version"]) == ("era-bout/1", "era-bout/2")
    # The same bouts (seeds), read two ways: era-bout/2's earlier drop and earlier wound yield
    # send more losers out at low Crowd Favor.
    assert old["counts"]["a_wins"] + old["counts"]["b_wins"] == 3000
    assert new["counts"]["sword_called"] > old["counts"]["sword_called"]
    logged = run("--engine", "era-bout/1", "--bouts", "1", "--log").splitlines()[0]
    assert logged.startswith("Bout seed ") and logged.endswith(", era-bout/1")


def test_a_man_at_his_wound_points_is_sent_out_only_under_era_bout_1():
    assert json.loads(run("--engine", "era-bout/1", "--b-wounds", "13", "--bouts", "5", "--json"))
    with pytest.raises(CommandError) as error:
        run("--b-wounds", "13", "--bouts", "5")
    assert error.value.returncode == 2
    assert "side b carries 13 Wounds of his 13 Wound Points" in str(error.value)


def test_an_unknown_engine_is_a_one_line_error():
    with pytest.raises(CommandError) as error:
        run("--engine", "era-bout/3", "--bouts", "5")
    assert error.value.returncode == 2
    assert "invalid choice: 'era-bout/3'" in str(error.value) and "\n" not in str(error.value)


# --- exact or Monte Carlo (issue 14) -------------------------------------------------------


def test_auto_gives_the_exact_odds_with_the_monte_carlo_keys():
    exact = json.loads(run("--json"))
    sampled = json.loads(run("--json", "--method", "monte-carlo", "--bouts", "500"))
    assert exact["method"] == "exact (markov chain)"
    assert exact.keys() == sampled.keys()
    assert exact["bouts"] is None and exact["seed"] is None
    assert exact["per_100"]["a_wins"] == 52.49 and exact["per_100"]["loser_missio"] == 36.23
    counts = exact["counts"]
    assert counts["a_wins"] + counts["b_wins"] + counts["draws"] == pytest.approx(1, abs=1e-9)
    assert set(exact["standard_error"].values()) == {0.0}
    assert json.loads(run("--json", "--method", "exact")) == exact


def test_an_explicit_sampler_samples_under_auto():
    data = json.loads(run("--json", "--sampler", "logged", "--bouts", "50", "--seed", "2"))
    assert data["method"] == "monte carlo, 50 bouts, seed 2"
    with pytest.raises(CommandError) as error:
        run("--method", "exact", "--sampler", "fast")
    assert error.value.returncode == 2 and "--method exact samples none" in str(error.value)


def test_exact_where_the_orders_ask_the_gm_is_a_one_line_error(monkeypatch):
    from arena.rulesets.era import cli as command

    build = command.build_setup

    def asking(options):
        setup = build(options)
        asked = command.Entrant(
            fighter=setup.a.fighter,
            kit=setup.a.kit,
            favor=setup.a.favor,
            orders=setup.a.orders.asking(command.engine.DecisionKind.YIELD),
        )
        return command.BoutSetup(asked, setup.b, setup.first)

    monkeypatch.setattr(command, "build_setup", asking)
    with pytest.raises(CommandError) as error:
        run("--method", "exact")
    message = str(error.value)
    assert error.value.returncode == 2 and "\n" not in message
    assert "--method exact does not apply: side a's orders ask the GM" in message
    # auto falls back to Monte Carlo, which also needs orders that answer for him.
    with pytest.raises(CommandError) as error:
        run("--json", "--bouts", "200", "--seed", "3")
    assert "side a's orders ask the GM; the odds need automatic orders" in str(error.value)
