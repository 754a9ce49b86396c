"""The rules engines are pure Python: nothing under rules/ may import Django."""

import ast
from pathlib import Path

import rules

RULES = Path(rules.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            names.update(a.value for a in node.args[:1] if isinstance(a, ast.Constant))
    return names


def test_no_module_under_arena_rules_imports_django():
    files = sorted(RULES.rglob("*.py"))
    assert any(f.name == "bout.py" for f in files)
    offenders = {
        str(path.relative_to(RULES)): sorted(
            m for m in imported_modules(path) if m.split(".")[0] == "django"
        )
        for path in files
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_the_check_itself_sees_a_django_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("from django.db import models\nimport django.conf\n")
    assert imported_modules(sample) == {"django.db", "django.conf"}
