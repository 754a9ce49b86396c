"""`manage.py bout_odds --ruleset grimdark` (issue 25): two gladiators or more, each a sheet
file or a pregenerated contender; Moritari's JSON keys (`per_100` by `wins:<name>`), deaths and
mean turns; the figures the engine's own odds give; one match's log in words; and a one-line
refusal (status 2) for bad input, naming every rule a sheet breaks."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from arena.rulesets.grimdark.cli import DEFAULT_OPPONENT, build_setup
from rules.core.seeds import seed_sequence
from rules.grimdark.contenders import BEASTS, CONTENDERS, LORD_SMASH
from rules.grimdark.match import play
from rules.grimdark.odds import match_odds

ROOT = Path(__file__).resolve().parents[3]
MALGRAVE = CONTENDERS["Sister Malgrave"]


def run(*args: str) -> str:
    out = StringIO()
    call_command("bout_odds", "--ruleset", "grimdark", *args, stdout=out)
    return out.getvalue()


def era_keys() -> set[str]:
    out = StringIO()
    call_command("bout_odds", "--bouts", "20", "--json", stdout=out)
    return set(json.loads(out.getvalue()))


@pytest.fixture
def sheet_file(tmp_path):
    def write(data, name="sheet.json") -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)

    return write


def options(fighters, bouts=1, log=False, seed=1):
    return {"fighter": fighters, "bouts": bouts, "log": log, "seed": seed}


def test_sheet_files_and_a_contender_fight_and_every_count_adds_up(sheet_file):
    smash = sheet_file(LORD_SMASH.sheet.to_dict(), "smash.json")
    ripper = sheet_file(BEASTS["Vat-grown Ripper"].sheet.to_dict(), "ripper.json")
    args = ("--fighter", smash, "--fighter", "Sister Malgrave", "--fighter", ripper)
    data = json.loads(run(*args, "--bouts", "120", "--seed", "2", "--json"))
    # The Era odds' keys, but turns named as turns (the engine's `mean_turns`) and the deaths.
    assert set(data) == era_keys() - {"mean_rounds"} | {"mean_turns", "deaths"}
    names = ["Lord Smash", "Sister Malgrave", "Vat-grown Ripper"]
    assert [f["name"] for f in data["setup"]["fighters"]] == names
    counts, shares = data["counts"], data["per_100"]
    assert sum(counts[f"wins:{name}"] for name in names) + counts["draws"] == 120 == data["bouts"]
    for name in names:
        assert sum(counts[f"{fate}:{name}"] for fate in ("dead", "spared", "walked_out")) == 120
        assert shares[f"wins:{name}"] == round(100 * counts[f"wins:{name}"] / 120, 2)
    assert data["deaths"] == sum(counts[f"dead:{name}"] for name in names)
    assert data["mean_turns"] > 1 and data["method"] == "monte carlo, 120 matches, seed 2"


def test_the_figures_are_the_engines_own_odds_of_that_setup():
    fighters = ["Lord Smash", "Sister Malgrave"]
    data = json.loads(
        run(
            "--fighter",
            fighters[0],
            "--fighter",
            fighters[1],
            "--bouts",
            "150",
            "--seed",
            "9",
            "--json",
        )
    )
    direct = match_odds(build_setup(options(fighters, bouts=150, seed=9)), matches=150, seed=9)
    assert data["counts"] == direct.counts()
    assert data["mean_turns"] == round(direct.mean_turns, 3)


def test_without_fighters_lord_smash_meets_a_pregenerated_contender():
    data = json.loads(run("--bouts", "60", "--json"))
    names = [f["name"] for f in data["setup"]["fighters"]]
    assert names == ["Lord Smash", DEFAULT_OPPONENT.name]
    assert DEFAULT_OPPONENT.name in CONTENDERS and DEFAULT_OPPONENT is not LORD_SMASH
    text = run("--bouts", "60")
    assert "Lord Smash wins" in text and f"{DEFAULT_OPPONENT.name} wins" in text
    assert "mean turns" in text and "deaths (in all)" in text


def test_the_same_seed_gives_the_same_figures_and_another_seed_others():
    first = run("--bouts", "80", "--seed", "5", "--json")
    assert run("--bouts", "80", "--seed", "5", "--json") == first
    assert run("--bouts", "80", "--seed", "6", "--json") != first


def test_a_fighter_is_a_file_by_its_ending_or_its_existence_else_a_contender(
    sheet_file, tmp_path, monkeypatch
):
    renamed = MALGRAVE.sheet.to_dict() | {"name": "Malgrave of the file"}
    no_ending = sheet_file(renamed, "malgrave")  # no .json, but the file exists
    setup = build_setup(options([no_ending, "lord SMASH"]))
    assert [e.name for e in setup.entrants] == ["Malgrave of the file", "Lord Smash"]
    # A value ending in .json is a path even when no such file exists (not a contender).
    with pytest.raises(Exception, match="no such file"):
        build_setup(options(["Lord Smash.json", "Lord Smash"]))
    # A name that is no file is a contender; two of one name are told apart.
    monkeypatch.chdir(tmp_path)
    setup = build_setup(options(["Lord Smash", "Lord Smash", "Vat-grown Ripper"]))
    assert [e.name for e in setup.entrants] == ["Lord Smash", "Lord Smash 2", "Vat-grown Ripper"]
    assert len(set(setup.sides)) == 3  # each fights alone: a free-for-all


def test_the_log_tells_the_match_that_bouts_1_counts():
    text = run("--bouts", "1", "--seed", "7", "--log")
    lines = text.splitlines()
    assert lines[0] == "Grimdark match (master seed 7), grimdark/1"
    assert lines[1].startswith("  turn 0: Lord Smash enters the arena with")
    (seed,) = seed_sequence(7, 1)
    result = play(build_setup(options([LORD_SMASH.name, DEFAULT_OPPONENT.name])), seed)
    assert len(lines) == len(result.events) + 2
    assert lines[-1].startswith(f"  winner: {result.winner} (")
    counted = json.loads(run("--bouts", "1", "--seed", "7", "--json"))["counts"]
    assert counted[f"wins:{result.winner}"] == 1


def test_the_log_as_json_keeps_each_event_and_its_words():
    data = json.loads(run("--bouts", "1", "--seed", "3", "--log", "--json"))
    assert data["engine_version"] == "grimdark/1" and data["turns"] >= 1
    assert data["events"][0]["kind"] == "start" and data["events"][0]["text"].startswith("Lord")
    assert all(event["text"] for event in data["events"])


def test_the_engine_option_takes_grimdarks_engine():
    data = json.loads(run("--engine", "grimdark/1", "--bouts", "20", "--json"))
    assert data["engine_version"] == "grimdark/1"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["--fighter", "gone.json", "--fighter", "Lord Smash"],
            "--fighter gone.json: no such file",
        ),
        (["--fighter", "Lord Smith", "--fighter", "Lord Smash"], "no contender of that name"),
        (["--fighter", "Lord Smash"], "needs two gladiators or more"),
        (["--fighter", "x" * 5000, "--fighter", "Lord Smash"], "no contender of that name"),
        (["--fighter", "a\x00b", "--fighter", "Lord Smash"], "no contender of that name"),
        (["--bouts", "0"], "--bouts"),
        (["--seed", "-1"], "--seed"),
        (["--bouts", "2", "--log"], "--log needs --bouts 1"),
        (["--engine", "sands/2"], "--engine sands/2: the grimdark engines are grimdark/1"),
        (["--a-melee", "5"], "--a-melee: not options of the grimdark ruleset"),
        (["--turn-limit", "3"], "--turn-limit: not options of the grimdark ruleset"),
        (["--method", "exact"], "--method: not options of the grimdark ruleset"),
    ],
)
def test_bad_input_is_one_clear_refusal(args, words):
    with pytest.raises(CommandError) as raised:
        run(*args)
    assert words in str(raised.value) and "\n" not in str(raised.value)
    assert raised.value.returncode == 2


def test_a_file_that_is_not_json_is_refused(sheet_file):
    path = sheet_file('{"name": "Lord Smash"', "cut.json")
    with pytest.raises(CommandError) as raised:
        run("--fighter", path, "--fighter", "Lord Smash")
    assert f"--fighter {path}: not JSON (" in str(raised.value)
    assert raised.value.returncode == 2


def test_a_sheet_breaking_the_builders_rules_is_refused_naming_every_rule(sheet_file):
    sheet = LORD_SMASH.sheet.to_dict() | {
        "stats": {"brutality": 9, "style": 3, "mind": 3, "weird": 3},
        "moves": {"Tackle": 9},
    }
    path = sheet_file(sheet, "bad.json")
    with pytest.raises(CommandError) as raised:
        run("--fighter", path, "--fighter", "Lord Smash")
    message = str(raised.value)
    assert raised.value.returncode == 2 and "\n" not in message
    assert message.startswith(f"--fighter {path}: breaks 4 rules: ")
    for words in ("add up to 18", "6 above the lowest", "9 copies of Tackle", "holds 9 moves"):
        assert words in message


def test_fighters_belong_to_moritari_and_grimdark_and_the_help_says_both():
    with pytest.raises(CommandError, match="--fighter is for --ruleset moritari or grimdark"):
        call_command("bout_odds", "--fighter", "lion", stdout=StringIO())
    ran = subprocess.run(
        [sys.executable, "manage.py", "bout_odds", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert "grimdark: a sheet JSON file or a pregenerated contender" in " ".join(ran.stdout.split())
    assert "moritari: a fighter" in ran.stdout


def test_the_shell_gets_status_2_and_one_line_for_a_missing_sheet():
    ran = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "bout_odds",
            "--ruleset",
            "grimdark",
            "--fighter",
            "gone.json",
            "--fighter",
            "Lord Smash",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 2
    assert ran.stderr.strip().splitlines() == ["CommandError: --fighter gone.json: no such file"]
