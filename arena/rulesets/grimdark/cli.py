"""`bout_odds --ruleset grimdark`: a Grimdark match's odds (seed 003), two gladiators or more.

    manage.py bout_odds --ruleset grimdark              # Lord Smash against Vesper Nightglass
    manage.py bout_odds --ruleset grimdark --fighter smash.json --fighter "Sister Malgrave" \\
        --fighter ripper.json --bouts 10000 --seed 1 --json
    manage.py bout_odds --ruleset grimdark --bouts 1 --seed 7 --log   # one match, in words

A --fighter (repeatable; the option Moritari's fighters share) is a sheet JSON file when its
value ends in .json or names a file that exists, else the name of a pregenerated contender or
beast (rules/grimdark/contenders.py: "Lord Smash", ...; any case). A file's sheet is checked by
the builder's rules (`check_sheet`): one that breaks any is refused, naming every broken rule.
Without --fighter: Lord Smash against the first pregenerated contender. Each gladiator fights
alone (a free-for-all of two or more); a name given twice is numbered ("Lord Smash 2"), and
every gladiator fights under his standing orders (no coaching orders from the command line).

The JSON has Moritari's keys: `per_100` and `counts` by `wins:<name>`, `draws` and each
gladiator's fates (`dead:<name>`, `spared:<name>`, `walked_out:<name>`), `deaths` (the
matches' deaths in all) and `mean_turns`. `--log` (with `--bouts 1`) tells the run's one match
in words: the match the run's first seed plays, so the same as `--bouts 1`'s count.
`--engine grimdark/1` is the only Grimdark engine (and the default). Bad input exits 2 with one
line: a missing file, a file that is not JSON, a sheet breaking the builder's rules.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import CommandError, CommandParser

from arena.sheet_files import UnreadableFile, read_json
from ludus.limits import MAX_SEED
from rules.core.errors import RulesError, check_range
from rules.core.seeds import seed_sequence
from rules.grimdark.contenders import BEASTS, CONTENDERS, LORD_SMASH, Contender
from rules.grimdark.entrants import Entrant, entrant_from_sheet
from rules.grimdark.match import ENGINE_VERSION, Setup, play
from rules.grimdark.narrate import narrate
from rules.grimdark.odds import FATES, MAX_MATCHES, GrimdarkOdds, match_odds
from rules.grimdark.sheet import check_sheet

ENGINE_VERSIONS = (ENGINE_VERSION,)
OWN_OPTIONS = ("fighter",)  # shared with Moritari: another ruleset refuses it, naming both
CHECKS_FOREIGN_OPTIONS = True  # `run` names every option a Grimdark match does not take
TAKES = ("ruleset", "bouts", "seed", "json", "log", "engine", "fighter")
# Django's own options, which every command takes.
DJANGO = ("verbosity", "settings", "pythonpath", "traceback", "no_color", "force_color")
FIGHTER_HELP = "grimdark: a sheet JSON file or a pregenerated contender's name (repeatable)"
# The opponent Lord Smash meets without --fighter: the first contender the list holds after him.
DEFAULT_OPPONENT = next(c for c in CONTENDERS.values() if c is not LORD_SMASH)


def add_arguments(parser: CommandParser) -> None:
    """--fighter, added once: Moritari's plug-in may have added it already (its help then says
    what a Grimdark fighter is too)."""
    shared = next((action for action in parser._actions if action.dest == "fighter"), None)
    if shared is not None:
        shared.help = f"{shared.help}; {FIGHTER_HELP}"
        return
    parser.add_argument(
        "--fighter", action="append", default=[], metavar="SHEET.json|NAME", help=FIGHTER_HELP
    )


def foreign_options_given(options: dict, defaults: dict) -> list[str]:
    """Every option set on the command line that a Grimdark match does not take."""
    return [
        "--" + dest.replace("_", "-")
        for dest, default in defaults.items()
        if dest not in TAKES and dest not in DJANGO and options.get(dest) != default
    ]


def run(options: dict, defaults: dict) -> str:
    """The command's output for a Grimdark match; CommandError (exit 2) on bad input."""
    given = foreign_options_given(options, defaults)
    if given:
        raise CommandError(
            f"{', '.join(given)}: not options of the grimdark ruleset, which takes --fighter, "
            "--bouts, --seed, --json, --log and --engine",
            returncode=2,
        )
    try:
        check_engine(options, defaults)
        setup = build_setup(options)
        if options["log"]:
            return render_log(setup, options)
        odds = match_odds(setup, matches=options["bouts"], seed=options["seed"])
    except RulesError as error:
        raise CommandError(str(error), returncode=2) from error
    if options["json"]:
        return json.dumps({"setup": describe(setup)} | odds.as_dict(), indent=2)
    return render(setup, odds)


def check_engine(options: dict, defaults: dict) -> None:
    given = options.get("engine")
    if given != defaults.get("engine") and given not in ENGINE_VERSIONS:
        raise RulesError(f"--engine {given}: the grimdark engines are {', '.join(ENGINE_VERSIONS)}")


def build_setup(options: dict) -> Setup:
    check_range("--bouts", options["bouts"], 1, MAX_MATCHES)
    check_range("--seed", options["seed"], 0, MAX_SEED)
    if options["log"] and options["bouts"] != 1:
        raise RulesError(f"--log needs --bouts 1; got --bouts {options['bouts']}")
    texts = options.get("fighter") or [LORD_SMASH.name, DEFAULT_OPPONENT.name]
    seen: dict[str, int] = {}
    entrants = tuple(fighter(text, seen) for text in texts)
    if len(entrants) < 2:
        raise RulesError("--fighter: a Grimdark match needs two gladiators or more; name another")
    return Setup(entrants)


def is_sheet_file(text: str) -> bool:
    if text.lower().endswith(".json"):
        return True
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # no name a file could have (too long, a NUL in it)
        return False


def fighter(text: str, seen: dict[str, int]) -> Entrant:
    """The gladiator a --fighter names: a sheet file's or a contender's, named once a match."""
    sheet = sheet_from_file(text) if is_sheet_file(text) else contender_named(text).sheet.to_dict()
    name = str(sheet["name"])
    seen[name] = seen.get(name, 0) + 1
    if seen[name] > 1:
        sheet = sheet | {"name": f"{name} {seen[name]}"}
    return entrant_from_sheet(sheet)


def sheet_from_file(path: str) -> dict:
    try:
        data = read_json(path)
    except UnreadableFile as error:
        raise RulesError(f"--fighter {error}") from None
    report = check_sheet(data)
    if report.sheet is None:
        broken = "; ".join(f"{p.field}: {p.message}" for p in report.problems)
        count = len(report.problems)
        raise RulesError(f"--fighter {path}: breaks {count} rule{'s' * (count != 1)}: {broken}")
    return dict(report.sheet.to_dict())


def contender_named(text: str) -> Contender:
    wanted = text.strip().casefold()
    known = {**CONTENDERS, **BEASTS}
    for name, found in known.items():
        if name.casefold() == wanted:
            return found
    raise RulesError(
        f"--fighter {text!r}: no sheet file (a path ending in .json) and no contender of that "
        f"name; the contenders are {', '.join(known)}"
    )


def describe(setup: Setup) -> dict:
    return {
        "ruleset": "grimdark",
        "fighters": [
            {"name": e.name, "side": e.side or e.name, "active_stat": e.active_stat}
            for e in setup.entrants
        ],
    }


def render(setup: Setup, odds: GrimdarkOdds) -> str:
    lines = [f"Grimdark match odds, {odds.engine_version} ({odds.method})"]
    lines += [
        f"  {e.name} ({', '.join(weapon.name for weapon in e.weapons)})" for e in setup.entrants
    ]
    lines += ["", f"  {'':<38} {'in 100':>7} {'± s.e.':>7}"]
    counts = odds.counts()
    for side in dict.fromkeys(setup.sides):
        count = counts[f"wins:{side}"]
        label = f"{side} wins"
        lines.append(f"  {label:<38} {odds.share(count):7.1f} {odds.standard_error(count):7.2f}")
    lines.append(f"  {'draws (turn cap)':<38} {odds.share(odds.draws):7.1f}")
    for entrant in setup.entrants:
        fates = ", ".join(
            f"{fate.replace('_', ' ')} {odds.share(counts[f'{fate}:{entrant.name}']):.1f}"
            for fate in FATES
        )
        lines.append(f"  {entrant.name}: {fates}")
    deaths = odds.as_dict()["deaths"]
    lines.append(f"  {'deaths (in all)':<38} {deaths:7}")
    lines.append(f"  {'mean turns':<38} {odds.mean_turns:7.2f}")
    return "\n".join(lines)


def render_log(setup: Setup, options: dict) -> str:
    # The seed --bouts 1 plays: the log is of the very match that run counts.
    (seed,) = seed_sequence(options["seed"], 1)
    result = play(setup, seed)
    if options["json"]:
        payload = {
            "setup": describe(setup),
            "engine_version": ENGINE_VERSION,
            "events": [dict(event) | {"text": narrate(event)} for event in result.events],
            "winner": result.winner,
            "end_reason": result.end_reason,
            "turns": result.turns,
        }
        return json.dumps(payload, indent=2, default=str)
    lines = [f"Grimdark match (master seed {options['seed']}), {ENGINE_VERSION}"]
    lines += [f"  turn {event['turn']}: {narrate(event)}" for event in result.events]
    lines.append(
        f"  winner: {result.winner or 'none (a draw)'} ({result.end_reason}, {result.turns} turns)"
    )
    return "\n".join(lines)
