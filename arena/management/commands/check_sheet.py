"""`manage.py check_sheet`: a sheet (a JSON file) checked by a ruleset's rules.

    manage.py check_sheet --ruleset grimdark smash.json          # the figures, or every rule
    manage.py check_sheet --ruleset grimdark smash.json --json   # {"ok", "problems", "derived"}

The ruleset (any registered engine, rules.core.registry; default the first) checks the sheet
(`Ruleset.check_sheet`): a good sheet prints its derived figures (Grimdark: ability points and
equipment slots used and left, the moves, the HP and Init ranges; another ruleset: its figures)
and exits 0; a bad one prints every broken rule it names (Grimdark's builder names them all,
another ruleset's sheet its first) and exits 1. A file that cannot be read as JSON (missing,
not UTF-8, not JSON) or a bad option exits 2 with one line.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.rulesets.era.management.commands.dice import one_line_errors
from arena.sheet_files import UnreadableFile, read_json
from ludus.models import default_ruleset
from rules.core.registry import get_ruleset, ruleset_keys

BAD_SHEET = "{path}: the sheet breaks {count} rule{s} of {rules}"


class Command(BaseCommand):
    help = "Check a sheet (a JSON file) by a ruleset's rules: its figures, or every broken rule."
    requires_system_checks = []  # pure rules: no database, no urls, nothing to check

    def create_parser(self, prog_name, subcommand, **kwargs):
        return one_line_errors(super().create_parser(prog_name, subcommand, **kwargs))

    def add_arguments(self, parser: CommandParser) -> None:
        keys = ruleset_keys()
        parser.add_argument("file", metavar="FILE.json", help="the sheet, a JSON object")
        parser.add_argument(
            "--ruleset", choices=keys, default=default_ruleset(), help=", ".join(keys)
        )
        parser.add_argument("--json", action="store_true", help="print a JSON object")

    def handle(self, *args, **options) -> None:
        path = options["file"]
        try:
            data = read_json(path)
        except UnreadableFile as error:
            raise CommandError(str(error), returncode=2) from None
        ruleset = get_ruleset(options["ruleset"])
        report = ruleset.check_sheet(data)
        if options["json"]:
            payload = {"ruleset": ruleset.key, "file": path} | report.to_dict()
            self.stdout.write(json.dumps(payload, indent=2))
        else:
            verdict = "a good sheet" if report.ok else "a bad sheet"
            self.stdout.write(f"{path}: {verdict} of {ruleset.title}")
            self.stdout.write("\n".join(f"  {line}" for line in report.lines()))
        if not report.ok:
            count = len(report.problems)
            message = BAD_SHEET.format(
                path=path, count=count, s="s" * (count != 1), rules=ruleset.title
            )
            raise CommandError(message, returncode=1)
