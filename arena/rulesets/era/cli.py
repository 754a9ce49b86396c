"""`manage.py bout_odds` (--ruleset era, the default): the odds of an Era bout, and the
loser's fate.

    manage.py bout_odds --a thraex --b murmillo --a-melee 3 --b-melee 2 --a-favor 3 \\
        --b-favor 2 --a-orders cautious --b-orders cautious --bouts 10000 --seed 1 [--json]
    manage.py bout_odds --b-wounds 8 --b-injuries 1    # the murmillo sent out still hurt
    manage.py bout_odds --a-injury "Gashed Forearm"    # Bithys with a named injury carried in
    manage.py bout_odds --bouts 1 --seed 7 --log
    manage.py bout_odds --engine era-bout/1            # the figures of the older reading
    manage.py bout_odds --sampler logged               # every bout fought by the logged engine
    manage.py bout_odds --method exact                 # the exact chain (rules/era/exact.py)

Defaults are the seed's Forum pairing ("The odds"): Bithys the thraex (Melee 3, Known: Crowd
Favor 3) against a murmillo (Melee 2, Crowd Favor 2), both cautious. Every other rating is the
sheet's default. `--log` (with `--bouts 1`) prints the event log of the run's one bout.
`--engine` picks the engine version (default: the one new bouts are fought with); the JSON and
the text name it. `--sampler` picks how the bouts are sampled: `fast` (the default: each attack
drawn from its pool's exact table, numpy, rules/era/fast_odds.py) or `logged` (each bout fought
by the logged engine from its own seed, as every run was before the fast path: the figures the
golden recordings hold); the method line says which ran.

`--method` picks exact or sampled odds: `exact` (the Markov chain over the bout's state,
rules/era/exact.py; a CommandError where the orders ask the GM), `monte-carlo` (the sampler
above), or `auto` (the default): exact where it applies, else Monte Carlo; an explicit
`--sampler` asks for sampling, so auto then samples. Exact JSON keeps the Monte Carlo keys:
`counts` holds the probabilities (0-1, unrounded), `bouts` and `seed` are null and every
standard error is 0 (docs/rules.md, "Exact odds in bout_odds").
"""

from __future__ import annotations

import json
from dataclasses import replace

from django.core.management.base import CommandError, CommandParser

from arena.cli import SEED_RANGE, option_error
from arena.rulesets.era.adapter import (
    CHARACTERISTICS,
    PRESETS,
    SKILLS,
    Fighter,
    engine,
    exact_engine,
    kit_table,
    odds_engine,
    orders_by_name,
)
from rules.core.errors import RulesError, check_range

ENGINE_VERSION, ENGINE_VERSIONS = engine.ENGINE_VERSION, engine.ENGINE_VERSIONS
BoutSetup, Entrant, Side, fight_bout = (
    engine.BoutSetup,
    engine.Entrant,
    engine.Side,
    engine.fight_bout,
)
KIT_NAMES, kit_by_name = kit_table.KIT_NAMES, kit_table.kit_by_name
MAX_BOUTS, OddsResult, bout_odds = (
    odds_engine.MAX_BOUTS,
    odds_engine.OddsResult,
    odds_engine.bout_odds,
)
SAMPLERS = {"fast": odds_engine.FAST, "logged": odds_engine.LOGGED}
ExactOdds, exact_odds, why_not_exact = (
    exact_engine.ExactOdds,
    exact_engine.exact_odds,
    exact_engine.why_not_exact,
)
METHODS = ("auto", "exact", "monte-carlo")
bout_seeds, verdict_for = odds_engine.bout_seeds, odds_engine.verdict_for

SIDE_DEFAULTS = {
    "a": {"kit": "thraex", "name": "Bithys", "melee": 3, "favor": 3},
    "b": {"kit": "murmillo", "name": "the murmillo", "melee": 2, "favor": 2},
}
ROWS = (
    ("a_wins", "{a} wins", True),
    ("b_wins", "{b} wins", True),
    ("draws", "draws (round cap)", True),
    ("loser_missio", "loser released (crowd 5-6)", False),
    ("loser_editor_choice", "loser at the editor's choice (3-4)", False),
    ("sword_called", "sword called (crowd 0-2)", False),
    ("sword_given", "sword given (appeal failed)", False),
    ("killed", "killed on the sand", False),
)
# The engine's name of an entrant's field, and the option that sets it (after --a or --b).
SIDE_OPTIONS = {name: f"-{name}" for name in CHARACTERISTICS + SKILLS} | {
    "kit": "",
    "name": "-name",
    "orders": "-orders",
    "crowd favor": "-favor",
    "helm": "-helm",
    "carried injuries": "-injuries",
    "injuries": "-injury",  # the named ones: a name off the table, or too many
    "wounds": "-wounds",
}


OWN_OPTIONS: tuple[str, ...] = ()  # a pair's options are shared with the Sands duel
CHECKS_FOREIGN_OPTIONS = False  # the front refuses another ruleset's own options


def add_arguments(parser: CommandParser) -> None:
    """The Era bout's options: a pair (--a and --b with every rating), who acts first, how the
    bouts are sampled, and the method (exact or Monte Carlo)."""
    for side, defaults in SIDE_DEFAULTS.items():
        add_side_arguments(parser, side, defaults)
    parser.add_argument("--first", choices=("a", "b", "random"), default="random")
    parser.add_argument(
        "--sampler",
        choices=tuple(SAMPLERS),
        default=None,
        help="fast: pool tables, numpy (default); logged: every bout by the logged engine",
    )
    add_method_argument(parser)


def run(options: dict, defaults: dict) -> str:
    """The command's output for an Era bout; CommandError (exit 2) on bad input."""
    options = options | {"engine": options.get("engine") or ENGINE_VERSION}
    try:
        setup = build_setup(options)
        if options["log"]:
            return run_log(setup, options)
        odds = odds_by_method(setup, options)
    except RulesError as error:
        raise CommandError(str(error), returncode=2) from error
    if options["json"]:
        payload = {"setup": describe_setup(setup)} | odds_payload(odds)
        return json.dumps(payload, indent=2)
    return render(setup, odds)


# --- the method: exact or Monte Carlo (kept apart from the rest of the command) ---------------


def add_method_argument(parser: CommandParser) -> None:
    parser.add_argument(
        "--method",
        choices=METHODS,
        default="auto",
        help="exact: the Markov chain; monte-carlo: sampled; auto (default): exact where the "
        "orders decide every choice, else Monte Carlo",
    )


def wants_exact(setup: BoutSetup, options: dict) -> bool:
    """Whether to answer with the exact chain: asked for (refused where it does not apply),
    or auto where it applies and no --sampler asks for sampling."""
    method = options.get("method") or "auto"
    if method == "exact":
        reason = why_not_exact(setup)
        if reason is not None:
            raise RulesError(f"--method exact does not apply: {reason}; use --method monte-carlo")
        if options.get("sampler") is not None:
            raise RulesError("--sampler picks how Monte Carlo samples; --method exact samples none")
        return True
    if method == "monte-carlo" or options.get("sampler") is not None:
        return False
    return why_not_exact(setup) is None


def odds_by_method(setup: BoutSetup, options: dict) -> OddsResult | ExactOdds:
    if wants_exact(setup, options):
        return exact_odds(setup, engine_version=options["engine"])
    return bout_odds(
        setup,
        bouts=options["bouts"],
        seed=options["seed"],
        engine_version=options["engine"],
        sampler=SAMPLERS[options.get("sampler") or "fast"],
    )


def odds_payload(odds: OddsResult | ExactOdds) -> dict:
    """The JSON keys of a Monte Carlo run for both methods; for exact, `counts` holds the
    probabilities (unrounded), `bouts` and `seed` are null, the standard errors 0."""
    if isinstance(odds, OddsResult):
        return odds.as_dict()
    data = odds.as_dict()
    data["counts"] = data["probability"]
    keys = ("engine_version", "method", "bouts", "seed", "counts", "per_100", "standard_error")
    return {key: data[key] for key in keys + ("mean_rounds",)}


def add_side_arguments(parser: CommandParser, side: str, defaults: dict) -> None:
    parser.add_argument(
        f"--{side}",
        default=defaults["kit"],
        help=f"kit: {', '.join(KIT_NAMES)} (sands: murmillo or thraex)",
    )
    parser.add_argument(f"--{side}-name", default=defaults["name"])
    for name in CHARACTERISTICS + SKILLS:
        default = defaults.get(name, getattr(Fighter, name))
        parser.add_argument(f"--{side}-{name}", type=int, default=default)
    parser.add_argument(f"--{side}-favor", type=int, default=defaults["favor"], help="0 to 6")
    parser.add_argument(f"--{side}-helm", type=int, default=None, help="default: the kit's")
    parser.add_argument(
        f"--{side}-injuries", type=int, default=0, help="how many injuries carried in (+10 each)"
    )
    parser.add_argument(
        f"--{side}-injury",
        action="append",
        default=[],
        metavar="NAME",
        help="a Critical Injury carried in by its table name, e.g. 'Broken Nose' (repeatable)",
    )
    parser.add_argument(
        f"--{side}-wounds",
        type=int,
        default=0,
        help="Wounds carried in (below his Wound Points; era-bout/1 allows up to them)",
    )
    parser.add_argument(
        f"--{side}-orders",
        default="cautious",
        help=", ".join(PRESETS) + "; sands: KEY=VALUE,... (press=0-5, keep_defence=0-6, "
        "crowd=never|safe|always, finger=0|2-9, initiative=keep|pass, bid=0-6, specials=yes|no, "
        "quick_step=yes|no)",
    )
    parser.add_argument(f"--{side}-cut", action="store_true", help="declare cuts, not thrusts")


def build_entrant(options: dict, side: str) -> Entrant:
    ratings = {name: options[f"{side}_{name}"] for name in CHARACTERISTICS + SKILLS}
    try:
        orders = orders_by_name(options[f"{side}_orders"])
        if options[f"{side}_cut"]:
            orders = replace(orders, cut=True)
        return Entrant(
            fighter=Fighter(name=options[f"{side}_name"], **ratings),
            kit=kit_by_name(options[side]),
            favor=options[f"{side}_favor"],
            orders=orders,
            carried_injuries=options[f"{side}_injuries"] or None,
            injuries=tuple(options[f"{side}_injury"]),
            helm=options[f"{side}_helm"],
            wounds=options[f"{side}_wounds"],
        )
    except RulesError as error:
        names = {field: f"--{side}{option}" for field, option in SIDE_OPTIONS.items()}
        raise option_error(error, names) from error


def build_setup(options: dict) -> BoutSetup:
    first = None if options["first"] == "random" else Side(options["first"])
    check_range("--bouts", options["bouts"], 1, MAX_BOUTS)
    check_range("--seed", options["seed"], *SEED_RANGE)
    if options["log"] and options["bouts"] != 1:
        raise RulesError(f"--log needs --bouts 1; got --bouts {options['bouts']}")
    return BoutSetup(build_entrant(options, "a"), build_entrant(options, "b"), first)


def describe_entrant(entrant: Entrant) -> dict:
    return {
        "fighter": entrant.fighter.as_dict(),
        "kit": entrant.kit.name,
        "favor": entrant.favor,
        "helm": entrant.helm_rating,
        "resistance": entrant.resistance,
        "wound_points": entrant.wound_points,
        "carried_injuries": entrant.carried_injuries,
        "injuries": [injury.name for injury in entrant.injuries],
        "wounds": entrant.wounds,
        "orders": entrant.orders.name + (" (cuts)" if entrant.orders.cut else ""),
    }


def describe_setup(setup: BoutSetup) -> dict:
    first = "random" if setup.first is None else str(setup.first)
    return {"a": describe_entrant(setup.a), "b": describe_entrant(setup.b), "first": first}


def entrant_line(side: str, entrant: Entrant) -> str:
    f = entrant.fighter
    return (
        f"  {side}: {f.name}, {entrant.kit.name}, Might {f.might}, Melee {f.melee}, "
        f"Crowd Favor {entrant.favor}, Resistance {entrant.resistance}, Wound Points "
        f"{entrant.wound_points}, Helm {entrant.helm_rating}, orders {entrant.orders.name}"
        + (f", carrying {entrant.wounds} Wounds" if entrant.wounds else "")
        + "".join(f", {injury.name}" for injury in entrant.injuries)
    )


def render(setup: BoutSetup, odds: OddsResult | ExactOdds) -> str:
    names = {"a": setup.a.fighter.name, "b": setup.b.fighter.name}
    lines = [f"Era bout odds, {odds.engine_version} ({odds.method})", entrant_line("a", setup.a)]
    lines += [entrant_line("b", setup.b), "", f"  {'':<38} {'in 100':>7} {'± s.e.':>7}"]
    for name, label, with_se in ROWS:
        count = getattr(odds, name)
        se = f"{odds.standard_error(count):7.2f}" if with_se else ""
        lines.append(f"  {label.format(**names):<38} {odds.percent(count):7.1f} {se}")
    lines.append(f"  {'mean rounds':<38} {odds.mean_rounds:7.2f}")
    return "\n".join(lines)


def run_log(setup: BoutSetup, options: dict) -> str:
    """The run's one bout (the same seed the odds would give it), with its log and verdict."""
    seed = bout_seeds(options["seed"], 1)[0]
    result = fight_bout(setup, seed=seed, engine_version=options["engine"])
    verdict = verdict_for(setup, result)
    if options["json"]:
        payload = result.as_dict() | {"verdict": verdict and verdict.as_dict()}
        return json.dumps(payload, indent=2)
    lines = [f"Bout seed {seed} (master seed {options['seed']}), {result.engine_version}"]
    lines += [f"  round {event.round}: {event.text}" for event in result.events]
    if verdict is not None:
        lines.append(f"  verdict: the crowd {verdict.crowd}; the editor gives {verdict.act}")
    return "\n".join(lines)
