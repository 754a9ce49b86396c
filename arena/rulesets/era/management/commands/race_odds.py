"""`manage.py race_odds`: each driver's chance to win and to wreck in a chariot race.

    manage.py race_odds --driver 3,3 --driver 3,2 --driver 2,2 --driver 2,1 \\
        --push 0,1,0,0 --races 100000 --seed 1 [--json] [--exact]

`--driver AGILITY,OPERATE` once per driver, in stall order. `--push` is `none`, `all`, or one
0/1 per driver (1 = he pushes every leg). `--exact` computes the odds exactly instead.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from arena.cli import SEED_RANGE, one_line_errors, option_error
from arena.rulesets.era.adapter import race_engine
from rules.core.errors import RulesError, check_range

LEGS, MAX_DRIVERS, Driver, RaceOdds = (
    race_engine.LEGS,
    race_engine.MAX_DRIVERS,
    race_engine.Driver,
    race_engine.RaceOdds,
)


class Command(BaseCommand):
    help = "Chariot race odds: each driver's win and wreck chances (Monte Carlo or exact)."

    def create_parser(self, prog_name, subcommand, **kwargs):
        return one_line_errors(super().create_parser(prog_name, subcommand, **kwargs))

    def add_arguments(self, parser):
        parser.add_argument(
            "--driver", action="append", default=[], metavar="A,O", help="Agility,Operate"
        )
        parser.add_argument("--push", default="none", help="none, all, or 0/1 per driver")
        parser.add_argument("--races", type=int, default=100_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--exact", action="store_true", help="exact odds, no simulation")
        parser.add_argument("--json", action="store_true", help="print a JSON object")

    def handle(self, *args, **options):
        try:
            drivers = build_drivers(options["driver"], options["push"])
            if options["exact"]:
                odds = race_engine.exact_race_odds(drivers)
            else:
                seed = check_range("--seed", options["seed"], *SEED_RANGE)
                try:
                    odds = race_engine.race_odds(drivers, options["races"], seed)
                except RulesError as error:
                    raise option_error(error, {"races": "--races"}) from error
        except RulesError as error:
            raise CommandError(str(error), returncode=2) from error
        if options["json"]:
            self.stdout.write(json.dumps(odds.as_dict(), indent=2))
        else:
            self.stdout.write(render(drivers, odds))


def build_drivers(specs: list[str], push: str) -> list[Driver]:
    if not specs:
        raise RulesError("--driver is required, once per driver (e.g. --driver 3,2)")
    if len(specs) > MAX_DRIVERS:
        raise RulesError(f"--driver may be given at most {MAX_DRIVERS} times; got {len(specs)}")
    pushes = parse_push(push, len(specs))
    return [parse_driver(spec, number, pushes[number - 1]) for number, spec in enumerate(specs, 1)]


def parse_driver(spec: str, number: int, pushes: bool) -> Driver:
    try:
        agility, operate = (int(part) for part in spec.split(","))
    except ValueError:  # not two parts, or one not a whole number ("x", "1.5", "²")
        raise RulesError(f"--driver must be AGILITY,OPERATE (e.g. 3,2); got {spec!r}") from None
    try:
        return Driver(f"Driver {number}", agility, operate, push=(pushes,) * LEGS)
    except RulesError as error:
        raise RulesError(f"--driver {number}: {error}") from error


def parse_push(push: str, count: int) -> list[bool]:
    word = push.strip().lower()
    if word in ("none", "all"):
        return [word == "all"] * count
    flags = [flag.strip() for flag in word.split(",")]
    if len(flags) != count or any(flag not in ("0", "1") for flag in flags):
        raise RulesError(
            f"--push must be none, all, or {count} comma-separated 0/1 values; got {push!r}"
        )
    return [flag == "1" for flag in flags]


def render(drivers: list[Driver], odds: RaceOdds) -> str:
    lines = [f"Method: {odds.method}" + (f", seed {odds.seed}" if odds.races else "")]
    header = ("driver", "A,O", "push", "win", "± se", "wreck", "± se")
    lines.append("{:<10} {:>4} {:>5} {:>8} {:>6} {:>8} {:>6}".format(*header))
    for driver, row in zip(drivers, odds.drivers, strict=True):
        lines.append(
            f"{driver.name:<10} {driver.agility:>2},{driver.operate:<1} "
            f"{'yes' if driver.push[0] else 'no':>5} {row.win:8.2%} {row.win_se:6.2%} "
            f"{row.wreck:8.2%} {row.wreck_se:6.2%}"
        )
    if odds.no_winner:
        lines.append(f"No winner (every driver wrecked): {odds.no_winner:.4%}")
    return "\n".join(lines)
