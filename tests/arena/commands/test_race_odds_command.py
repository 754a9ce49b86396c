"""`manage.py race_odds`: each driver's win and wreck chances; bad options exit 2 on one line."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[3]
SEED_FIELD = ["--driver", "3,3", "--driver", "3,2", "--driver", "2,2", "--driver", "2,1"]


def run(*argv: str) -> str:
    out = StringIO()
    call_command("race_odds", *argv, stdout=out)
    return out.getvalue()


def test_text_output_lists_each_drivers_win_and_wreck():
    text = run(*SEED_FIELD, "--push", "0,1,0,0", "--races", "2000", "--seed", "1")
    lines = text.splitlines()
    assert "Monte Carlo" in lines[0] and "seed 1" in lines[0]
    assert "win" in lines[1] and "wreck" in lines[1]
    assert [line.split()[0:2] for line in lines[2:6]] == [
        ["Driver", "1"],
        ["Driver", "2"],
        ["Driver", "3"],
        ["Driver", "4"],
    ]
    assert "yes" in lines[3] and "yes" not in lines[2]


def test_json_output_and_determinism():
    argv = [*SEED_FIELD, "--push", "all", "--races", "3000", "--seed", "4", "--json"]
    data = json.loads(run(*argv))
    assert data == json.loads(run(*argv))
    assert data["races"] == 3000 and data["seed"] == 4
    assert len(data["drivers"]) == 4
    assert sum(d["win"] for d in data["drivers"]) + data["no_winner"] == pytest.approx(1)
    for row in data["drivers"]:
        assert {"win", "wreck", "win_se", "wreck_se"} <= row.keys()
        assert 0 < row["win_se"] < 0.02


def test_exact_odds_reproduce_the_seed_table():
    data = json.loads(run(*SEED_FIELD, "--push", "none", "--exact", "--json"))
    assert data["method"] == "exact"
    wins = [round(d["win"] * 100) for d in data["drivers"]]
    assert wins == [46, 35, 11, 8]  # the seed's "Wins, careful" column


def test_push_none_all_and_per_driver():
    def wrecks(push: str) -> list[float]:
        data = json.loads(run(*SEED_FIELD, "--push", push, "--exact", "--json"))
        return [d["wreck"] for d in data["drivers"]]

    careful, pushing, mixed = wrecks("none"), wrecks("all"), wrecks("1,0,0,1")
    assert mixed == [pushing[0], careful[1], careful[2], pushing[3]]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "--driver is required"),
        (["--driver", "3"], "AGILITY,OPERATE"),
        (["--driver", "3,x"], "AGILITY,OPERATE"),
        (["--driver", "9,1"], "--driver 1: agility"),
        (["--driver", "3,3", "--driver", "3,6"], "--driver 2: operate"),
        (["--driver", "3,3", "--push", "1,0"], "--push"),
        (["--driver", "3,3", "--push", "sometimes"], "--push"),
        (["--driver", "3,3", "--races", "0"], "races"),
        (["--driver", "3,3", "--races", "many"], "--races"),
    ],
)
def test_bad_options_raise_command_error_with_status_2(argv, message):
    with pytest.raises(CommandError, match=message) as caught:
        run(*argv)
    assert caught.value.returncode == 2
    assert "\n" not in str(caught.value)


def test_from_the_shell_bad_options_exit_2_with_one_line():
    done = subprocess.run(
        [sys.executable, "manage.py", "race_odds", "--driver", "3,3", "--push", "maybe"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "CommandError: --push must be none, all, or 1 comma-separated 0/1 values; got 'maybe'"
    ]
