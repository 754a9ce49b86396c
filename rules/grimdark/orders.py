"""Coaching orders (seed 003, "Before a match, each manager will have a chance to coach"), as
data, and the move a gladiator picks with them (or without any).

Orders are private to their manager. They are a mapping (as a form or a JSON file stores
them), read into `Orders`:

- `opening`: the three opening moves (names from his repertoire; fewer: the rest are drawn);
- `prefer`: moves he reaches for first, in order, when they are in his hand and usable;
- `stance`: "cautious", "balanced" (the default) or "aggressive";
- `assess`: when he assesses the situation: "never", "no_attack" (the default: when no attack
  in his hand can be used) or "weak_hand" (also when his best attack scores below his
  defence);
- `target`: whom he picks in a match of many: "lowest_hp" (the default), "highest_hp",
  "highest_cz", "wounded_first";
- `contingencies`: ordered rules `{"when": CONDITION, "prefer": MOVE}`; the first whose
  condition holds and whose move is in his hand and usable is played. The conditions:
  wounded, not_wounded, target_wounded, ineffective, hp_at_most:N, target_hp_at_most:N,
  cz_lead_at_least:N, curses_at_least:N, essence_at_most:N, quantum_at_most:N,
  poison_at_least:N, turn_at_most:N, turn_at_least:N.

Without orders (and after them) he plays the best move he can judge: `choose`, below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.core.errors import RulesError
from rules.grimdark.moves import ASSESS, MOVES

if TYPE_CHECKING:
    from rules.grimdark.match import Fighter

STANCES = ("cautious", "balanced", "aggressive")
ASSESS_WHEN = ("never", "no_attack", "weak_hand")
TARGETS = ("lowest_hp", "highest_hp", "highest_cz", "wounded_first")
FLAGS = ("wounded", "not_wounded", "target_wounded", "ineffective")
NUMBERED = (
    "hp_at_most",
    "target_hp_at_most",
    "cz_lead_at_least",
    "curses_at_least",
    "essence_at_most",
    "quantum_at_most",
    "poison_at_least",
    "turn_at_most",
    "turn_at_least",
)
KEYS = ("opening", "prefer", "stance", "assess", "target", "contingencies")


@dataclass(frozen=True)
class Contingency:
    """ "When X, prefer Y": the condition's name, its number (0 for a flag) and the move."""

    when: str
    number: int
    prefer: str

    @classmethod
    def parse(cls, data: object) -> Contingency:
        if not isinstance(data, Mapping):
            raise RulesError(f"orders: each contingency must be a mapping; got {data!r}")
        when, prefer = str(data.get("when", "")), str(data.get("prefer", ""))
        if prefer != ASSESS and prefer not in MOVES:
            raise RulesError(f"orders: contingency prefer: no move {prefer!r}")
        name, _, number = when.partition(":")
        if name in FLAGS and not number:
            return cls(name, 0, prefer)
        if name in NUMBERED:
            try:
                return cls(name, int(number), prefer)
            except ValueError:
                pass
        known = ", ".join([*FLAGS, *(f"{n}:N" for n in NUMBERED)])
        raise RulesError(f"orders: contingency when {when!r} must be one of {known}")

    def holds(self, me: Fighter, target: Fighter | None, turn: int) -> bool:
        n = self.number
        match self.when:
            case "wounded":
                return me.wounded
            case "not_wounded":
                return not me.wounded
            case "target_wounded":
                return target is not None and target.wounded
            case "ineffective":
                return me.as_i < 0
            case "hp_at_most":
                return me.hp <= n
            case "target_hp_at_most":
                return target is not None and target.hp <= n
            case "cz_lead_at_least":
                return target is not None and me.cz - target.cz >= n
            case "curses_at_least":
                return me.curses >= n
            case "essence_at_most":
                return me.essence <= n
            case "quantum_at_most":
                return me.quantum <= n
            case "poison_at_least":
                return me.poison >= n
            case "turn_at_most":
                return turn <= n
            case _:  # "turn_at_least"
                return turn >= n

    def to_dict(self) -> dict[str, str]:
        when = self.when if self.when in FLAGS else f"{self.when}:{self.number}"
        return {"when": when, "prefer": self.prefer}


@dataclass(frozen=True)
class Orders:
    opening: tuple[str, ...] = ()
    prefer: tuple[str, ...] = ()
    stance: str = "balanced"
    assess: str = "no_attack"
    target: str = "lowest_hp"
    contingencies: tuple[Contingency, ...] = ()

    def __post_init__(self) -> None:
        if len(self.opening) > 3:
            raise RulesError("orders: opening names at most three moves")
        for name in (*self.opening, *self.prefer):
            if name not in MOVES:
                raise RulesError(f"orders: no move {name!r} in seed 003")
        for key, value, allowed in (
            ("stance", self.stance, STANCES),
            ("assess", self.assess, ASSESS_WHEN),
            ("target", self.target, TARGETS),
        ):
            if value not in allowed:
                raise RulesError(f"orders: {key} must be one of {', '.join(allowed)}")

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> Orders:
        if not isinstance(data, Mapping):
            raise RulesError("orders must be a mapping")
        unknown = sorted(set(map(str, data)) - set(KEYS))
        if unknown:
            raise RulesError(f"orders: no order {unknown[0]!r}; the orders are {', '.join(KEYS)}")
        contingencies = data.get("contingencies", ())
        if not isinstance(contingencies, Sequence) or isinstance(contingencies, str):
            raise RulesError("orders: contingencies must be a list")
        return cls(
            opening=_names(data.get("opening", ()), "opening"),
            prefer=_names(data.get("prefer", ()), "prefer"),
            stance=str(data.get("stance", "balanced")),
            assess=str(data.get("assess", "no_attack")),
            target=str(data.get("target", "lowest_hp")),
            contingencies=tuple(Contingency.parse(c) for c in contingencies),
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "opening": list(self.opening),
            "prefer": list(self.prefer),
            "stance": self.stance,
            "assess": self.assess,
            "target": self.target,
            "contingencies": [c.to_dict() for c in self.contingencies],
        }


def _names(value: object, key: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RulesError(f"orders: {key} must be a list of move names")
    return tuple(str(v) for v in value)


# --- the move he picks -----------------------------------------------------------------------
#
# The default heuristic ("each gladiator will of course attempt to use the best move for the
# situation"), after his orders' contingencies and preferred moves:
# 1. a finisher he may use, always;
# 2. otherwise each usable card is scored in points of power: an attack scores its stat + its
#    modifier + 0.4 x its bonus damage (+2 for a move his situation favours, -half of a penalty
#    it puts on himself); Basic Defense scores his AS (cautious +2, aggressive -2); a resource
#    move (Gather the Spirits, Recharge) scores its stat - 1 when he is short of what his hand
#    needs, else -4; the rest as `_support_score` says; the best score is played (the first
#    card in his hand on a tie);
# 3. he assesses the situation when his orders' `assess` says so (by default: when no attack
#    in his hand can be used) and when nothing usable is left.


def choose(me: Fighter, target: Fighter | None, usable: Sequence[str], turn: int) -> str:
    """The card he plays from `usable` (his hand's usable cards), or ASSESS."""
    orders = me.orders
    for rule in orders.contingencies:
        if rule.prefer == ASSESS and rule.holds(me, target, turn):
            return ASSESS
        if rule.prefer in usable and rule.holds(me, target, turn):
            return rule.prefer
    for name in usable:
        if MOVES[name].finisher:
            return name
    for name in orders.prefer:
        if name in usable:
            return name
    attacks = [name for name in usable if MOVES[name].attack]
    if not usable or (not attacks and orders.assess != "never"):
        return ASSESS
    best, best_score = usable[0], -99.0
    for name in usable:
        score = score_move(me, target, name)
        if score > best_score:
            best, best_score = name, score
    if orders.assess == "weak_hand" and best_score < me.as_value():
        return ASSESS
    return best


def score_move(me: Fighter, target: Fighter | None, name: str) -> float:
    move = MOVES[name]
    stance = me.orders.stance
    if not move.attack:
        return _support_score(me, target, name)
    stat = me.stats[move.score_stat] if move.score_stat >= 0 else me.as_value()
    score = stat + move.score_base
    score -= 1 if move.combined and not me.tactician else 0
    if name in SITUATIONAL:
        score += _situation(me, target, name)
    if stance == "aggressive":
        score += 0.3 * move.bonus
    elif stance == "cautious":
        score -= 0.5 * move.self_penalty
    return score


SITUATIONAL = frozenset(
    (
        "Flurry of Blows", "Last Stand", "Timing is Everything", "Crowd Favorite",
        "Twirling Scarves", "Psychic Disruption", "Tackle", "Disabling Strike", "Shadow Envelop",
        "Risky Business", "All or Nothing Gambit", "Dark Touch", "Eye of the Demon",
    )
)  # fmt: skip


def _situation(me: Fighter, target: Fighter | None, name: str) -> float:
    """What the move's own conditions are worth against this target."""
    if target is None:
        return 0.0
    match name:
        case "Flurry of Blows":
            return min(me.flurry, 4)
        case "Last Stand":
            return 4 - (5 if me.orders.stance == "cautious" else 2)
        case "Timing is Everything":
            return 2.0 if me.init > target.init else -2.0 if me.init < target.init else 0.0
        case "Crowd Favorite":
            diff = me.cz - target.cz
            size = 2 if abs(diff) >= 4 else 1
            return size if diff > 0 else -size if diff < 0 else 0.0
        case "Twirling Scarves":
            return 2.0 if target.as_i == 0 else -2.0 if target.as_i == 2 else 0.0
        case "Psychic Disruption":
            return 2.0 if target.as_i == 3 else -2.0 if target.as_i == 2 else 0.0
        case "Tackle" | "Disabling Strike" | "Shadow Envelop":
            return 0.0 if target.as_i < 0 else 1.0
        case "Risky Business":
            return -1.0
        case "All or Nothing Gambit":
            return -3.0
        case "Dark Touch" | "Eye of the Demon":
            return -0.5 * me.curses
        case _:
            return 0.0


def _support_score(me: Fighter, target: Fighter | None, name: str) -> float:
    stance = me.orders.stance
    shift = 2 if stance == "cautious" else -2 if stance == "aggressive" else 0
    as_value = me.as_value()
    match name:
        case "Basic Defense":
            return as_value + shift
        case "Magic Shield":
            return as_value + 1 + shift
        case "Basic Adjustment":
            best = max(me.stats)
            return best - 1.5 if best - as_value >= 2 else -9.0
        case "Basic Performance":
            return as_value - 2
        case "Biding Time":
            return me.stats[2] + 1
        case "Alluring Dance":
            return me.stats[1] + 1
        case "Gather the Spirits":
            return me.stats[3] - (1 if me.essence < 2 else 4)
        case "Recharge":
            return me.stats[2] - (1 if me.quantum < 1 else 4)
        case "Regenerate":
            hurt = me.wounded or me.poison >= 4 or me.hp <= me.max_hp - 5
            return as_value + 4 if hurt else -9.0
        case "Adaptive Shielding":
            return as_value - 4
        case "Wrath from Beyond":
            foes = me.enemies_alive
            return me.stats[0] * (foes - me.allies_alive - 1) - 1.0
        case _:
            return -9.0


def pick_target(me: Fighter, enemies: Sequence[Fighter]) -> Fighter | None:
    """His target among the enemies still standing, by his orders' `target`."""
    if len(enemies) < 2:
        return enemies[0] if enemies else None
    match me.orders.target:
        case "highest_hp":
            return max(enemies, key=lambda e: (e.hp, -e.idx))
        case "highest_cz":
            return max(enemies, key=lambda e: (e.cz, -e.idx))
        case "wounded_first":
            return min(enemies, key=lambda e: (not e.wounded, e.hp, e.idx))
        case _:
            return min(enemies, key=lambda e: (e.hp, e.idx))
