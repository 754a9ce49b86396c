"""`manage.py dice`: exact odds of a pool, as text or JSON; bad options exit 2 on one line."""

import json
import shlex
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[3]


def run(*argv: str) -> str:
    out = StringIO()
    call_command("dice", *argv, stdout=out)
    return out.getvalue()


def run_line(line: str) -> str:
    return run(*shlex.split(line))


def test_text_output_has_every_figure_and_the_table():
    text = run_line("--mastery 2 --ability 1 --boon 0 --trial 2 --crisis 0 --bane 0")
    assert "Pool: 2 Mastery + 1 Ability vs 2 Trial" in text
    assert "245/384" in text and "63.80%" in text  # the seed's "64 in 100"
    for label in ("p_breakthrough", "p_calamity", "expected_net_successes", "expected_net_boons"):
        assert label in text
    assert "net Successes" in text
    assert "0/1" in text  # no Crisis die: no Calamity


def test_json_output_gives_fractions_as_strings_and_floats():
    data = json.loads(run("--mastery", "1", "--ability", "1", "--trial", "3", "--json"))
    assert data["p_success"] == {"fraction": "6919/24576", "float": 6919 / 24576}
    assert data["pool"] == {
        "mastery": 1,
        "ability": 1,
        "boon": 0,
        "crisis": 0,
        "trial": 3,
        "bane": 0,
    }
    rows = data["net_successes"]
    assert sum(row["float"] for row in rows) == pytest.approx(1)
    assert [row["net_successes"] for row in rows] == sorted(row["net_successes"] for row in rows)
    assert data["p_calamity"]["fraction"] == "0/1"


def test_bane_and_crisis_dice_count():
    data = json.loads(run_line("--mastery 2 --ability 1 --trial 1 --crisis 1 --bane 1 --json"))
    assert data["describe"] == "2 Mastery + 1 Ability vs 1 Crisis + 1 Trial + 1 Bane"
    assert data["p_calamity"]["fraction"] == "1/12"


def test_ratings_shortcut_builds_the_same_pool():
    shortcut = run("--characteristic", "3", "--skill", "2", "--difficulty", "average", "--json")
    explicit = run("--mastery", "2", "--ability", "1", "--trial", "2", "--json")
    assert json.loads(shortcut) == json.loads(explicit)
    assert json.loads(shortcut)["p_success"]["fraction"] == "245/384"


def test_shortcut_adds_explicit_dice_on_top():
    data = json.loads(run_line("--characteristic 3 --skill 2 --difficulty hard --boon 1 --json"))
    assert data["describe"] == "2 Mastery + 1 Ability + 1 Boon vs 3 Trial"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--mastery", "-1"], "--mastery"),
        (["--bane", "21"], "--bane"),
        (["--difficulty", "brutal"], "difficulty"),
        (["--characteristic", "11"], "characteristic"),
        (["--trial", "two"], "--trial"),
        (["--nonsense"], "unrecognized"),
    ],
)
def test_bad_options_raise_command_error_with_status_2(argv, message):
    with pytest.raises(CommandError, match=message) as caught:
        run(*argv)
    assert caught.value.returncode == 2
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("argv", [["--mastery", "-1"], ["--mastery", "x"]])
def test_from_the_shell_bad_options_exit_2_with_one_line(argv):
    done = subprocess.run(
        [sys.executable, "manage.py", "dice", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "--mastery" in done.stderr
