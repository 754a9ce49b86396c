"""`bout_odds --ruleset sands`: the hex duel's odds, Monte Carlo (rules/sands/odds.py).

    manage.py bout_odds --ruleset sands --a murmillo --b thraex --bouts 10000 --seed 1 --json
    manage.py bout_odds --ruleset sands --a murmillo --b thraex \\
        --a-orders press=2,crowd=always --b-orders finger=3,initiative=pass --turn-limit 10
    manage.py bout_odds --ruleset sands --a murmillo --b thraex --bouts 1 --seed 7 --log

--engine sands/1 gives the figures of the engine older bouts were fought with (default
sands/2, what new bouts are fought with; docs/rules.md, "sands/2").
--a and --b name each man's kind (murmillo or thraex; without them, the Era's defaults: a
thraex against a murmillo), --a-name and --b-name his name (default: his kind's). --a-orders
and --b-orders are his orders as KEY=VALUE pairs joined by commas, every key one of the Sands
orders (rules/sands/orders.py; the ones not given keep their defaults): press=0-5,
keep_defence=0-6, crowd=never|safe|always, finger=0 or 2-9, initiative=keep|pass, bid=0-6,
specials=yes|no, quick_step=yes|no. --turn-limit N ends a bout after N turns as a draw (the
seed's optional ten-turn limit is 10). The JSON has the Era odds' keys; its counts are a_wins,
b_wins, draws, the loser's fate (killed, iugula, mitte; and by side, a_killed ... b_mitte)
and how each bout ended (end:<reason>); `mean_rounds` is turns (docs/rules.md, "Sands odds").
"""

from __future__ import annotations

import json

from django.core.management.base import CommandError, CommandParser

from arena.cli import SEED_RANGE, option_error
from arena.rulesets.sands import odds_adapter as sands
from rules.core.errors import RulesError, check_range

# Options of the Era bout that mean nothing to the duel (a clear refusal, not silence): these,
# and every rating of --a and --b but the name and the orders.
ERA_ONLY = ("sampler", "first", "fighter")
OWN_OPTIONS = ("turn_limit",)  # another ruleset refuses --turn-limit, naming this one
CHECKS_FOREIGN_OPTIONS = True  # `run` names every option the duel does not take
ENGINE_VERSIONS = sands.ENGINE_VERSIONS  # --engine: sands/1 (stored bouts) or sands/2 (new)
SANDS_SIDE = ("a_name", "b_name", "a_orders", "b_orders")
ROWS = (
    ("a_wins", "{a} wins", True),
    ("b_wins", "{b} wins", True),
    ("draws", "draws (stans missus, turn limit)", True),
    ("killed", "loser killed on the sand", True),
    ("iugula", "loser given the sword (Iugula)", True),
    ("mitte", "loser spared (Mitte)", True),
)
END_LABELS = {
    "killed": "killed",
    "disabled": "disabled",
    "tripped": "tripped",
    "exhausted": "exhausted",
    "no_dice": "no dice left",
    "apathy": "two Apathy Tokens",
    "finger": "raised the finger",
    "stans_missus": "stans missus",
    "turn_limit": "turn limit",
}


def add_arguments(parser: CommandParser) -> None:
    """The duel's own options (bout_odds adds them beside the Era's)."""
    parser.add_argument(
        "--turn-limit",
        type=int,
        default=None,
        help=f"sands: a draw after this many turns (1 to {sands.MAX_TURNS}; the seed's "
        f"optional limit is {sands.TEN_TURNS}; default none)",
    )


def foreign_options_given(options: dict, defaults: dict) -> list[str]:
    """The Era-only options set on the command line (their values differ from the defaults)."""
    given = [name for name in ERA_ONLY if options.get(name) != defaults.get(name)]
    given += [
        dest
        for dest, default in defaults.items()
        if dest.startswith(("a_", "b_")) and dest not in SANDS_SIDE and options.get(dest) != default
    ]
    return ["--" + dest.replace("_", "-") for dest in given]


def build_fighter(options: dict, defaults: dict, side: str) -> sands.FighterSpec:
    try:
        kind = sands.kind_of(str(options[side]).strip().lower())
    except RulesError as error:
        raise RulesError(f"--{side}: {error}") from error
    name = options[f"{side}_name"]
    if name == defaults.get(f"{side}_name") or not str(name).strip():
        name = kind.name
    text = options[f"{side}_orders"]
    # The Era's default orders ("cautious") given by no one: the standing Sands orders.
    text = "" if text == defaults.get(f"{side}_orders") else text
    try:
        orders = sands.orders_from_text(text)
        return sands.FighterSpec(name=str(name).strip(), kind=kind.key, orders=orders)
    except RulesError as error:
        raise option_error(error, {"orders": f"--{side}-orders"}) from error


def engine_version(options: dict, defaults: dict) -> str:
    """--engine: a Sands engine, or (the Era's default, not given) the one new bouts use."""
    given = options.get("engine")
    if given == defaults.get("engine"):
        return sands.ENGINE_VERSION
    if given not in ENGINE_VERSIONS:
        known = ", ".join(ENGINE_VERSIONS)
        raise RulesError(f"--engine {given}: the sands engines are {known}")
    return str(given)


def build_setup(options: dict, defaults: dict) -> sands.Setup:
    check_range("--bouts", options["bouts"], 1, sands.MAX_BOUTS)
    check_range("--seed", options["seed"], *SEED_RANGE)
    if options["log"] and options["bouts"] != 1:
        raise RulesError(f"--log needs --bouts 1; got --bouts {options['bouts']}")
    limit = options.get("turn_limit")
    if limit is not None:
        check_range("--turn-limit", limit, 1, sands.MAX_TURNS)
    a, b = build_fighter(options, defaults, "a"), build_fighter(options, defaults, "b")
    if a.name == b.name:
        b = sands.FighterSpec(name=f"{b.name} 2", kind=b.kind, orders=b.orders)
    return sands.Setup(a, b, limit)


def run(options: dict, defaults: dict) -> str:
    """The command's output for the duel; CommandError (exit 2) on bad input."""
    given = foreign_options_given(options, defaults)
    if given:
        raise CommandError(
            f"{', '.join(given)}: not options of the sands ruleset, which takes --a, --b, "
            "--a-name, --b-name, --a-orders, --b-orders, --turn-limit, --engine, --bouts, "
            "--seed, --json and --log",
            returncode=2,
        )
    if options.get("method") == "exact":
        raise CommandError(
            "--method exact: the Sands duel has no exact chain; use --method monte-carlo or auto",
            returncode=2,
        )
    try:
        setup = build_setup(options, defaults)
        version = engine_version(options, defaults)
        if options["log"]:
            return render_log(setup, options, version)
        odds = sands.bout_odds(
            setup, bouts=options["bouts"], seed=options["seed"], engine_version=version
        )
    except RulesError as error:
        raise CommandError(str(error), returncode=2) from error
    if options["json"]:
        return json.dumps({"setup": describe(setup)} | odds.as_dict(), indent=2)
    return render(setup, odds)


def describe(setup: sands.Setup) -> dict:
    return {
        "ruleset": "sands",
        "a": describe_fighter(setup.a),
        "b": describe_fighter(setup.b),
        "turn_limit": setup.turn_limit,
    }


def describe_fighter(spec: sands.FighterSpec) -> dict:
    kind = sands.KINDS[spec.kind]
    return {
        "name": spec.name,
        "kind": kind.key,
        "parry_bonus": kind.parry_bonus,
        "defence_tokens": kind.defence_tokens,
        "orders": sands.orders_text(spec.orders),
    }


def fighter_line(side: str, spec: sands.FighterSpec) -> str:
    kind = sands.KINDS[spec.kind]
    return (
        f"  {side}: {spec.name}, {kind.name} ({kind.weapon} and {kind.shield}, parry "
        f"+{kind.parry_bonus}, {kind.defence_tokens} Defence Tokens), orders "
        f"{sands.orders_text(spec.orders)}"
    )


def render(setup: sands.Setup, odds: sands.SandsOdds) -> str:
    names = {"a": setup.a.name, "b": setup.b.name}
    limit = f", a draw after {setup.turn_limit} turns" if setup.turn_limit else ""
    lines = [f"Sands bout odds, {odds.engine_version} ({odds.method}{limit})"]
    lines += [fighter_line("a", setup.a), fighter_line("b", setup.b)]
    lines += ["", f"  {'':<38} {'in 100':>7} {'± s.e.':>7}"]
    counts = odds.counts()
    for key, label, _ in ROWS:
        count = counts[key]
        lines.append(
            f"  {label.format(**names):<38} {odds.percent(count):7.1f} "
            f"{odds.standard_error(count):7.2f}"
        )
    for side, spec in zip(sands.SIDES, setup.fighters, strict=True):
        fates = ", ".join(
            f"{fate} {odds.percent(counts[f'{side}_{fate}']):.1f}" for fate in sands.FATES.values()
        )
        lines.append(f"  {spec.name} loses and is: {fates}")
    ends = ", ".join(
        f"{END_LABELS[end]} {odds.percent(counts[f'end:{end}']):.1f}"
        for end in sands.ENDS.values()
        if counts[f"end:{end}"]
    )
    lines.append(f"  ended by: {ends}")
    lines.append(f"  {'mean turns':<38} {odds.mean_turns:7.2f}")
    return "\n".join(lines)


def render_log(setup: sands.Setup, options: dict, version: str) -> str:
    result = sands.one_bout(setup, seed=options["seed"], engine_version=version)
    winner = None if result.winner is None else setup.fighters[result.winner].name
    if options["json"]:
        events = [
            {
                "kind": event.kind,
                "turn": event.turn,
                "phase": event.phase,
                "who": event.who,
                "text": event.text,
                "data": {key: value for key, value in event.data},
            }
            for event in result.events
        ]
        payload = {
            "setup": describe(setup),
            "events": events,
            "winner": winner,
            "end_reason": result.end_reason,
            "fates": list(result.fates),
            "turns": result.turns,
        }
        return json.dumps(payload, indent=2, default=str)
    lines = [f"Sands bout (master seed {options['seed']}), {version}"]
    lines += [f"  turn {e.turn}, phase {e.phase}: {e.text}" for e in result.events]
    fates = ", ".join(f"{s.name} {f}" for s, f in zip(setup.fighters, result.fates, strict=True))
    lines.append(f"  winner: {winner or 'none (a draw)'} ({result.end_reason}; {fates})")
    return "\n".join(lines)
