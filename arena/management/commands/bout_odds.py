"""`manage.py bout_odds`: the odds of a bout under any ruleset, from the command line.

    manage.py bout_odds [--ruleset KEY] [its options] --bouts 10000 --seed 1 [--json] [--log]
    manage.py bout_odds --engine VERSION ...     # the figures of an older engine version

The front names no ruleset: `--ruleset` (the default ruleset's key when absent) hands the
options to that plug-in's `odds_cli` (arena/rulesets/<key>/cli.py, whose docstring lists its
own options). Every plug-in adds its options to the one parser, each option once (a ruleset
that shares another's, such as a pair's --a and --b, reuses it); an option that belongs to
another ruleset alone is refused by name, and so is an engine version of another ruleset.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arena.cli import one_line_errors
from arena.rulesets import plugin_for, plugins
from ludus.models import default_ruleset

FOREIGN_OPTION = "--{option} is for --ruleset {key}"
FOREIGN_ENGINE = "--engine {version} is for --ruleset {key}"


def _odds_plugins():
    return [plugin for plugin in plugins() if plugin.odds_cli is not None]


class Command(BaseCommand):
    help = "The odds of a bout under a ruleset (--ruleset): who wins, and the loser's fate."
    requires_system_checks = []  # pure rules: no database, no urls, nothing to check

    def create_parser(self, prog_name, subcommand, **kwargs):
        return one_line_errors(super().create_parser(prog_name, subcommand, **kwargs))

    def add_arguments(self, parser: CommandParser) -> None:
        keys = [plugin.key for plugin in _odds_plugins()]
        parser.add_argument(
            "--ruleset", choices=keys, default=default_ruleset(), help=", ".join(keys)
        )
        parser.add_argument("--bouts", type=int, default=10_000, help="how many bouts or fights")
        parser.add_argument("--seed", type=int, default=1, help="the master seed")
        parser.add_argument("--json", action="store_true", help="print a JSON object")
        parser.add_argument("--log", action="store_true", help="with --bouts 1: the event log")
        versions = [version for plugin in _odds_plugins() for version in plugin.engine_versions]
        parser.add_argument(
            "--engine",
            choices=versions,
            default=None,
            help="the engine version (default: the one the ruleset's new bouts are fought with)",
        )
        # An option's dest: the rulesets that alone take it (--fighter: moritari and grimdark,
        # the first adds it and the next reuses it).
        self.owners: dict[str, list[str]] = {}
        for plugin in _odds_plugins():
            plugin.odds_cli.add_arguments(parser)
            for dest in plugin.odds_cli.OWN_OPTIONS:
                self.owners.setdefault(dest, []).append(plugin.key)
        self.defaults = vars(parser.parse_args([]))  # to tell an option given from its default

    def handle(self, *args, **options) -> None:
        plugin = plugin_for(options["ruleset"])
        # A ruleset's own check names every option it does not take (CHECKS_FOREIGN_OPTIONS);
        # otherwise an option another ruleset alone takes is refused here, naming that ruleset.
        if not plugin.odds_cli.CHECKS_FOREIGN_OPTIONS:
            self.refuse_foreign(plugin, options)
        self.stdout.write(plugin.odds_cli.run(options, self.defaults))

    def refuse_foreign(self, plugin, options: dict) -> None:
        for dest, keys in self.owners.items():
            if plugin.key not in keys and options.get(dest) != self.defaults.get(dest):
                option, key = dest.replace("_", "-"), " or ".join(keys)
                raise CommandError(FOREIGN_OPTION.format(option=option, key=key), returncode=2)
        version = options.get("engine")
        if version is not None and version not in plugin.engine_versions:
            owner = next(p.key for p in _odds_plugins() if version in p.engine_versions)
            raise CommandError(FOREIGN_ENGINE.format(version=version, key=owner), returncode=2)
