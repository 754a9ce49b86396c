"""`manage.py check_sheet` (issue 25): a sheet file checked by a registered ruleset's rules. A
good sheet prints its derived figures and exits 0; a bad one every broken rule and exits 1; a
file that cannot be read, or a bad option, one line and exit 2."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.grimdark.contenders import BEASTS, LORD_SMASH

ROOT = Path(__file__).resolve().parents[3]


def check(*args: str) -> str:
    out = StringIO()
    call_command("check_sheet", *args, stdout=out)
    return out.getvalue()


def refused(*args: str) -> tuple[CommandError, str]:
    out = StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("check_sheet", *args, stdout=out)
    return raised.value, out.getvalue()


@pytest.fixture
def sheet_file(tmp_path):
    def write(data, name="sheet.json") -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)

    return write


def broken(sheet: dict) -> dict:
    """Lord Smash's sheet breaking five rules at once."""
    return sheet | {
        "stats": {"brutality": 9, "style": 3, "mind": 3, "weird": 3},  # 18 points, spread 6
        "abilities": sheet["abilities"] | {"Combat Focus": 9},  # over its cap, 26 points of 23
        "armour_slots": 1,  # with a 5-slot greataxe: 6 slots
    }


BROKEN = {
    ("stats", "stat_total"),
    ("stats", "stat_spread"),
    ("abilities.Combat Focus", "ability_cap"),
    ("abilities", "ability_points"),
    ("weapons", "equipment_slots"),
}


def test_lord_smash_builds_exactly_as_the_seed_prints_him(sheet_file):
    path = sheet_file(LORD_SMASH.sheet.to_dict())
    text = check("--ruleset", "grimdark", path)
    assert "a good sheet of Grimdark Gladiators" in text
    assert "ability points: 23 used of 23, 0 left" in text
    assert "equipment slots: 5 used of 5, 0 left" in text
    assert "moves: 20" in text
    assert "HP: 36 + d10, 37 to 46 (with Berserker, Endurance)" in text
    assert "Init: 3 + d8, 4 to 11" in text


def test_the_json_has_the_report_and_lord_smashs_figures(sheet_file):
    path = sheet_file(LORD_SMASH.sheet.to_dict())
    data = json.loads(check("--ruleset", "grimdark", path, "--json"))
    assert set(data) == {"ruleset", "file", "ok", "problems", "derived"}
    assert (data["ruleset"], data["file"], data["ok"], data["problems"]) == (
        "grimdark",
        path,
        True,
        [],
    )
    derived = data["derived"]
    assert derived["ability_points"] == {"total": 23, "used": 23, "left": 0}
    assert derived["equipment_slots"] == {"total": 5, "used": 5, "left": 0}
    assert derived["moves"] == 20
    assert (derived["hp"]["base"], derived["hp"]["die"], derived["hp"]["text"]) == (
        36,
        10,
        "36 + d10",
    )
    assert (derived["init"]["min"], derived["init"]["max"]) == (4, 11)


def test_a_bad_sheet_names_every_broken_rule_and_exits_1(sheet_file):
    path = sheet_file(broken(LORD_SMASH.sheet.to_dict()))
    error, out = refused("--ruleset", "grimdark", path)
    assert error.returncode == 1
    assert "breaks 5 rules of Grimdark Gladiators" in str(error)
    assert "a bad sheet of Grimdark Gladiators" in out
    for field, rule in BROKEN:
        assert f"  {field}: " in out and f"[{rule}:" in out, rule
    assert "the equipment takes 6 slots (Oversized greataxe 5, armour 1)" in out
    assert "ability points:" not in out  # no figures for a bad sheet


def test_a_bad_sheets_json_lists_each_problem_with_its_field_and_rule(sheet_file):
    path = sheet_file(broken(LORD_SMASH.sheet.to_dict()))
    error, out = refused("--ruleset", "grimdark", path, "--json")
    assert error.returncode == 1
    data = json.loads(out)
    assert data["ok"] is False
    assert all(set(p) == {"field", "rule", "message"} for p in data["problems"])
    assert {(p["field"], p["rule"]) for p in data["problems"]} == BROKEN


def test_an_npc_marked_as_such_may_break_the_builders_limits(sheet_file):
    ripper = BEASTS["Vat-grown Ripper"].sheet.to_dict()
    assert "a good sheet" in check("--ruleset", "grimdark", sheet_file(ripper))
    error, out = refused("--ruleset", "grimdark", sheet_file(ripper | {"npc": False}))
    assert error.returncode == 1 and "a bad sheet" in out


def test_a_json_value_that_is_not_an_object_is_a_bad_sheet(sheet_file):
    for ruleset in ("grimdark", "era"):
        error, out = refused("--ruleset", ruleset, sheet_file("[1, 2]"), "--json")
        assert error.returncode == 1
        problem = json.loads(out)["problems"][0]
        assert problem["field"] == "sheet" and "JSON object" in problem["message"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "no such file"),
        ('{"name": "Lord Smash",', "not JSON (Expecting"),
        (b"\xff\xfe{}", "not UTF-8"),
    ],
)
def test_a_file_that_cannot_be_read_exits_2_with_one_line(tmp_path, content, words):
    path = tmp_path / "sheet.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif content is not None:
        path.write_bytes(content)
    error, out = refused("--ruleset", "grimdark", str(path))
    assert error.returncode == 2 and words in str(error) and str(path) in str(error)
    assert "\n" not in str(error) and out == ""


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--ruleset", "chess", "x.json"], "invalid choice: 'chess'"),
        (["--ruleset", "grimdark"], "the following arguments are required: FILE.json"),
        (["x.json", "--figures"], "unrecognized arguments: --figures"),
    ],
)
def test_a_bad_option_exits_2(args, words):
    error, _ = refused(*args)
    assert error.returncode == 2 and words in str(error)


def test_the_other_rulesets_check_with_their_sheet_type_and_show_their_figures(sheet_file):
    # The shared reading (rules.core.sheet_report): the sheet type's check, the figures.
    era = json.loads(check(sheet_file({"might": 4}), "--json"))  # the default ruleset: era
    assert era["ruleset"] == "era" and era["ok"] is True
    assert era["derived"]["might"] == 4
    assert "Wound Points:" in check("--ruleset", "era", sheet_file({"might": 4}))
    error, out = refused("--ruleset", "era", sheet_file({"might": 9}), "--json")
    assert error.returncode == 1
    assert json.loads(out)["problems"][0]["field"] == "might"
    assert json.loads(check("--ruleset", "moritari", sheet_file({}), "--json"))["ok"] is True
    error, _ = refused("--ruleset", "sands", sheet_file({"might": 3}))
    assert error.returncode == 1 and "breaks 1 rule of Sands" in str(error)


def test_the_shell_sees_exit_1_for_a_bad_sheet_and_2_for_no_file(sheet_file):
    command = [sys.executable, "manage.py", "check_sheet", "--ruleset", "grimdark"]
    bad = sheet_file(broken(LORD_SMASH.sheet.to_dict()))
    ran = subprocess.run([*command, bad], cwd=ROOT, capture_output=True, text=True)
    assert ran.returncode == 1 and "stat_total" in ran.stdout
    ran = subprocess.run([*command, bad + ".gone"], cwd=ROOT, capture_output=True, text=True)
    assert ran.returncode == 2
    assert ran.stderr.strip().splitlines() == [f"CommandError: {bad}.gone: no such file"]
