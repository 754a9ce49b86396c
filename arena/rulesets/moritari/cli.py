"""`bout_odds --ruleset moritari`: the skirmish's odds for two or more fighters.

    manage.py bout_odds --ruleset moritari                    # a thraex against a murmillo
    manage.py bout_odds --ruleset moritari --fighter thraex:Bithys:nerva \\
        --fighter murmillo:Priscus:scaurus --fighter retiarius:Felix:fabius --fighter lion
    manage.py bout_odds --ruleset moritari --fighter secutor:Verus:a:sword --bouts 1 --log
    manage.py bout_odds --ruleset moritari --engine moritari/1   # a fight stored under it

A fighter is KIND[:NAME[:SIDE[:THUMB]]]: his kind (a gladiator's armatura or a beast), his
name (default: the kind, numbered if repeated), the player he fights for (default: his own
name; beasts always fight for the beasts) and, for a player's first man, how that player
shows the thumb as Caesar (crowd, mercy or sword; default crowd). Without --fighter, --a and
--b name two gladiators' kinds (the Era defaults: a thraex against a murmillo). The JSON has
the Era odds' keys: a count per side's wins (`wins:<side>`), the draws, and each fighter's
fates (`dead:<name>`, `spared:<name>`, `walked_out:<name>`); `mean_rounds` is turns.
`--engine` picks the skirmish's engine version (moritari/1 or moritari/2; default the one new
fights are fought with).
"""

from __future__ import annotations

import json

from django.core.management.base import CommandError, CommandParser

from arena.rulesets.moritari import adapter as moritari
from rules.core.errors import RulesError, check_range

# Options of the Era bout that mean nothing to the skirmish (a clear refusal, not silence):
# these, and every rating of --a and --b (a Moritari fighter is his kind alone).
ERA_ONLY = ("sampler", "first")
ENGINE_VERSIONS = moritari.ENGINE_VERSIONS
OWN_OPTIONS = ("fighter",)  # another ruleset refuses --fighter, naming this one
CHECKS_FOREIGN_OPTIONS = True  # `run` names every option the skirmish does not take


def era_options_given(options: dict, defaults: dict) -> list[str]:
    """The Era-only options set on the command line (their values differ from the defaults)."""
    given = [name for name in ERA_ONLY if options.get(name) != defaults.get(name)]
    given += [
        dest
        for dest, default in defaults.items()
        if dest.startswith(("a_", "b_"))
        and dest not in ("a_name", "b_name")
        and options.get(dest) != default
    ]
    return ["--" + dest.replace("_", "-") for dest in given]


def parse_fighter(text: str, seen: dict[str, int]) -> moritari.FighterSpec:
    parts = text.split(":")
    if len(parts) > 4 or not parts[0]:
        raise RulesError(f"--fighter {text!r}: expected KIND[:NAME[:SIDE[:THUMB]]]")
    kind = moritari.kind_of(parts[0].strip().lower())
    name = parts[1].strip() if len(parts) > 1 and parts[1].strip() else kind.name
    seen[name] = seen.get(name, 0) + 1
    if seen[name] > 1:
        name = f"{name} {seen[name]}"
    side = parts[2].strip() if len(parts) > 2 and parts[2].strip() else name
    if kind.beast:
        side = moritari.BEASTS
    orders = {"thumb": parts[3].strip()} if len(parts) > 3 and parts[3].strip() else {}
    try:
        return moritari.FighterSpec(name=name, kind=kind.key, side=side, orders=orders)
    except RulesError as error:
        raise RulesError(f"--fighter {text!r}: {error}") from error


def engine_version(options: dict, defaults: dict) -> str | None:
    """The skirmish's engine --engine names (None when not given: the current one)."""
    given = options.get("engine")
    if given == defaults.get("engine"):
        return None
    if given not in ENGINE_VERSIONS:
        raise CommandError(
            f"--engine {given}: the moritari ruleset's engines are {', '.join(ENGINE_VERSIONS)}",
            returncode=2,
        )
    return str(given)


def build_setup(options: dict) -> moritari.Setup:
    check_range("--bouts", options["bouts"], 1, moritari.MAX_FIGHTS)
    if options["log"] and options["bouts"] != 1:
        raise RulesError(f"--log needs --bouts 1; got --bouts {options['bouts']}")
    texts = options.get("fighter") or [
        f"{options['a']}:{options['a_name']}",
        f"{options['b']}:{options['b_name']}",
    ]
    seen: dict[str, int] = {}
    return moritari.Setup(tuple(parse_fighter(text, seen) for text in texts))


def add_arguments(parser: CommandParser) -> None:
    """The skirmish's own option: its fighters."""
    parser.add_argument(
        "--fighter",
        action="append",
        default=[],
        metavar="KIND[:NAME[:SIDE[:THUMB]]]",
        help="moritari: a fighter (repeatable; a gladiator's armatura or a beast)",
    )


def run(options: dict, defaults: dict) -> str:
    """The command's output for the skirmish; CommandError (exit 2) on bad input."""
    given = era_options_given(options, defaults)
    if given:
        raise CommandError(
            f"{', '.join(given)}: Era bout options; the moritari ruleset takes --fighter "
            "KIND[:NAME[:SIDE[:THUMB]]], --bouts, --seed, --json and --log",
            returncode=2,
        )
    if options.get("method") == "exact":
        raise CommandError(
            "--method exact: the skirmish has no exact chain; use --method monte-carlo or auto",
            returncode=2,
        )
    version = engine_version(options, defaults)
    try:
        setup = build_setup(options)
        if options["log"]:
            return render_log(setup, options, version)
        odds = moritari.fight_odds(
            setup, fights=options["bouts"], seed=options["seed"], engine_version=version
        )
    except RulesError as error:
        raise CommandError(str(error), returncode=2) from error
    if options["json"]:
        return json.dumps({"setup": describe(setup)} | odds.as_dict(), indent=2)
    return render(setup, odds)


def describe(setup: moritari.Setup) -> dict:
    return {
        "ruleset": "moritari",
        "fighters": [
            {
                "name": spec.name,
                "kind": spec.kind,
                "side": spec.side,
                "thumb": spec.orders.get("thumb", "crowd"),
            }
            for spec in setup.fighters
        ],
    }


def render(setup: moritari.Setup, odds: moritari.MoritariOdds) -> str:
    lines = [f"Moritari fight odds, {odds.engine_version} ({odds.method})"]
    for spec in setup.fighters:
        kind = moritari.KINDS[spec.kind]
        lines.append(f"  {spec.name}, {kind.name}, for {spec.side}: {kind.help}")
    lines += ["", f"  {'':<38} {'in 100':>7} {'± s.e.':>7}"]
    counts = odds.counts()
    for side in setup.sides:
        count = counts[f"wins:{side}"]
        label = f"{side} win{'' if side == moritari.BEASTS else 's'}"
        lines.append(f"  {label:<38} {odds.share(count):7.1f} {odds.standard_error(count):7.2f}")
    lines.append(f"  {'draws (turn cap)':<38} {odds.share(odds.draws):7.1f}")
    for spec in setup.fighters:
        fates = ", ".join(
            f"{fate.replace('_', ' ')} {odds.share(counts[f'{fate}:{spec.name}']):.1f}"
            for fate in moritari.FATES
        )
        lines.append(f"  {spec.name}: {fates}")
    lines.append(f"  {'mean turns':<38} {odds.total_turns / odds.fights:7.2f}")
    return "\n".join(lines)


def render_log(setup: moritari.Setup, options: dict, version: str | None = None) -> str:
    result = moritari.one_fight(setup, seed=options["seed"], engine_version=version)
    if options["json"]:
        events = [event.to_dict() for event in result.events]
        return json.dumps({"setup": describe(setup), "events": events, "winner": result.winner})
    lines = [f"Moritari fight (master seed {options['seed']}), {result.engine_version}"]
    lines += [f"  turn {event.round}: {event.text}" for event in result.events]
    lines.append(f"  winner: {result.winner or 'none (a draw)'}")
    return "\n".join(lines)
