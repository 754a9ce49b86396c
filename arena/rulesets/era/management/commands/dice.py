"""`manage.py dice`: the exact odds of an Era dice pool, for the GM and for checking the seed.

    manage.py dice --mastery 2 --ability 1 --trial 2 --bane 1 [--json]
    manage.py dice --characteristic 3 --skill 2 --difficulty average --boon 1

The ratings shortcut builds the pool as the rules do (max dice, min of them Mastery, Trial
dice for the difficulty); explicit die counts are added on top.
"""

from __future__ import annotations

import json
from fractions import Fraction

from django.core.management.base import BaseCommand, CommandError

from arena.cli import one_line_errors, option_error
from arena.rulesets.era.adapter import Pool, dice_engine, distribution
from rules.core.errors import RulesError, check_range

DIE_ORDER, Difficulty = dice_engine.DIE_ORDER, dice_engine.Difficulty

# A count above the pool's own limit is reported by Pool, naming the die.
COUNT_LIMIT = 20


def fraction_text(value: Fraction) -> str:
    """Always "n/d" (also "0/1" and "1/1"), so a reader can split every figure the same way."""
    return f"{value.numerator}/{value.denominator}"


def figure(value: Fraction) -> dict:
    return {"fraction": fraction_text(value), "float": float(value)}


class Command(BaseCommand):
    help = "Exact odds of an Era dice pool: success, Breakthrough, Calamity, net Successes."

    def create_parser(self, prog_name, subcommand, **kwargs):
        return one_line_errors(super().create_parser(prog_name, subcommand, **kwargs))

    def add_arguments(self, parser):
        for die in DIE_ORDER:
            name = die.label.lower()
            parser.add_argument(f"--{name}", type=int, default=0, help=f"{die.label} dice")
        parser.add_argument("--characteristic", type=int, help="shortcut: the characteristic")
        parser.add_argument("--skill", type=int, help="shortcut: the skill (default 0)")
        names = ", ".join(d.name.lower() for d in Difficulty)
        parser.add_argument("--difficulty", help=f"shortcut: adds Trial dice ({names})")
        parser.add_argument("--json", action="store_true", help="print a JSON object")

    def handle(self, *args, **options):
        try:
            pool = build_pool(options)
        except RulesError as error:
            # One line and status 2, like any other bad option.
            raise CommandError(str(error), returncode=2) from error
        dist = distribution(pool)
        if options["json"]:
            self.stdout.write(json.dumps(report(pool, dist), indent=2))
        else:
            self.stdout.write(render(pool, dist))


DIE_OPTIONS = {die.label.lower(): f"--{die.label.lower()}" for die in DIE_ORDER}
SHORTCUT_OPTIONS = {name: f"--{name}" for name in ("characteristic", "skill", "difficulty")}


def build_pool(options: dict) -> Pool:
    counts = {}
    for die in DIE_ORDER:
        name = die.label.lower()
        counts[name] = check_range(f"--{name}", options[name], 0, COUNT_LIMIT)
    pool = Pool(**counts)
    characteristic, skill = options.get("characteristic"), options.get("skill")
    try:
        if characteristic is not None or skill is not None:
            shortcut = Pool.from_ratings(characteristic or 0, skill or 0)
            try:
                pool = pool + shortcut
            except RulesError as error:  # too many dice of a kind, counted and from ratings
                note = " with the --characteristic and --skill shortcut"
                raise option_error(error, DIE_OPTIONS, note) from error
        if options.get("difficulty") is not None:
            difficulty = dice_engine.Difficulty.parse(options["difficulty"])
            try:
                pool = pool.with_difficulty(difficulty)
            except RulesError as error:
                raise option_error(error, DIE_OPTIONS, " with --difficulty") from error
    except RulesError as error:
        raise option_error(error, SHORTCUT_OPTIONS) from error
    return pool


def report(pool: Pool, dist) -> dict:
    return {
        "pool": {die.label.lower(): pool.count(die) for die in DIE_ORDER},
        "describe": pool.describe(),
        "p_success": figure(dist.p_success),
        "p_breakthrough": figure(dist.p_breakthrough),
        "p_calamity": figure(dist.p_calamity),
        "expected_net_successes": figure(dist.expected_net_successes),
        "expected_net_boons": figure(dist.expected_net_boons),
        "net_successes": [
            {"net_successes": net, **figure(p)} for net, p in dist.net_successes().items()
        ],
    }


def render(pool: Pool, dist) -> str:
    lines = [f"Pool: {pool.describe()}", ""]
    for label in ("p_success", "p_breakthrough", "p_calamity"):
        value = getattr(dist, label)
        lines.append(f"{label:<24}{fraction_text(value):>16}  {float(value):8.2%}")
    for label in ("expected_net_successes", "expected_net_boons"):
        value = getattr(dist, label)
        lines.append(f"{label:<24}{fraction_text(value):>16}  {float(value):8.3f}")
    lines += ["", f"{'net Successes':>13}  {'chance':>16}  {'%':>8}  {'at least':>8}"]
    at_least = Fraction(1)
    for net, p in dist.net_successes().items():
        lines.append(f"{net:>13}  {fraction_text(p):>16}  {float(p):8.2%}  {float(at_least):8.2%}")
        at_least -= p
    return "\n".join(lines)
