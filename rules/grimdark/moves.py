"""Every move of seed 003 as data: what the match engine needs to play it.

A `Move` says how it rolls (its mode, stat, modifier, dice), what it costs, how long it rests,
what it does on a hit and to its user, and how the hand treats its card. The engine
(rules/grimdark/match.py) reads these fields; the few moves with a rule of their own (Face-Off,
Wrath from Beyond, Last Stand, ...) are named by a `special` tag the engine dispatches on.

The builder's catalog (which ability each category needs, which moves a repertoire may hold)
is rules/grimdark/catalog.py's; this module is the moves' effect in the match.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.errors import RulesError

# Modes: how the move meets an opponent.
MELEE, RANGED, COMBO, SUPPORT, SPECIAL = "melee", "ranged", "combo", "support", "special"
ATTACK_MODES = (MELEE, RANGED, COMBO)
# The stat a move rolls with: one of the four, the active stat, or Face-Off's random one.
STATS = ("brutality", "style", "mind", "weird")
AS = "AS"
RANDOM = "random"
ASSESS = "Assess the Situation"  # not a card: always open to a gladiator who is not stunned


@dataclass(frozen=True)
class Move:
    name: str
    mode: str
    stat: str = AS
    asr: bool = False  # active stat required: the AS must be the move's stat
    mod: int = 0  # added to the power
    bonus: int = 0  # bonus damage on a hit
    die: int = -1  # the inherent weapon's die (W moves: sides; -1: the gladiator's weapon)
    element: str = ""  # an inherent weapon's element (acid, electric, fire, ice)
    half: bool = False  # half damage
    cooldown: int = 0  # turns it cannot be used again after use
    essence: int = 0  # arcane essence spent
    quantum: int = 0  # quantum energy spent
    finisher: bool = False
    sets_as: str = ""  # the AS it sets before attacking (the combined moves)
    combined: bool = False  # combines an attack with an AS change (-1 unless Tactician)
    # On a hit (its target only): a penalty on the target for some turns, Ineffective, disarm,
    # crowd zeal, arcane essence, a curse removed.
    target_penalty: int = 0
    penalty_turns: int = 0
    ineffective: bool = False
    disarm: bool = False
    cz_on_hit: int = 0
    essence_on_hit: int = 0
    uncurse_on_hit: bool = False
    crit_only: bool = False  # deals damage only on a critical hit
    # To its user: a penalty next turn, curses gained, Ineffective after, CZ, essence, quantum.
    self_penalty: int = 0
    curses: int = 0
    ineffective_after: bool = False
    cz_gain: int = 0
    essence_gain: int = 0
    quantum_gain: int = 0
    replaced_by: str = ""  # the card that replaces it in the hand (Biding Time, Alluring Dance)
    special: str = ""  # a rule of its own, dispatched by the engine
    # Derived once (read on the hot path as plain attributes, not properties):
    attack: bool = field(init=False)  # an attack: melee, ranged or combo
    uses_as: bool = field(init=False)  # rolls with the active stat
    # Nothing happens at its reveal beyond arming: no cost, rest, AS change or effect.
    plain: bool = field(init=False)
    # Usable whenever it has a target: nothing to pay, wait for or hold.
    unconditional: bool = field(init=False)
    # The stat the default heuristic reads: an index of STATS; -1: the active stat.
    score_stat: int = field(init=False)
    # The heuristic's score less the stat: modifier, bonus damage, penalties (orders.py).
    score_base: float = field(init=False)

    def __post_init__(self) -> None:
        derived = object.__setattr__
        derived(self, "attack", self.mode in ATTACK_MODES)
        derived(self, "uses_as", self.stat == AS)
        effects = (
            self.essence, self.quantum, self.cooldown, self.sets_as, self.self_penalty,
            self.cz_gain, self.essence_gain, self.quantum_gain, self.curses,
        )  # fmt: skip
        active = self.special in ("adjust", "face-off", "shielding", "regenerate", "wrath")
        derived(self, "plain", not any(effects) and not active)
        needs = self.asr or self.finisher or self.essence or self.quantum or self.cooldown
        needs = needs or self.special in ("revenge", "last stand", "snap shot")
        needs = needs or (self.mode == RANGED and self.die < 0)
        derived(self, "unconditional", not needs)
        stat = self.sets_as or self.stat
        derived(self, "score_stat", STATS.index(stat) if stat in STATS else -1)
        score = self.mod + 0.4 * self.bonus - 0.5 * self.self_penalty
        score -= 1.5 if self.half else 0
        derived(self, "score_base", score)


def _m(name: str, mode: str, **fields: object) -> Move:
    return Move(name, mode, **fields)  # type: ignore[arg-type]


_MOVES: tuple[Move, ...] = (
    # Melee attacks
    _m("Basic Melee", MELEE),
    _m("Basic Disarm", MELEE, half=True, disarm=True),
    _m("Grapple", MELEE, stat="brutality", half=True, target_penalty=2, penalty_turns=1),
    _m("Powerful Attack", MELEE, stat="brutality", asr=True, mod=-1, bonus=3),
    _m("Graceful Slash", MELEE, stat="style", mod=-1, cz_on_hit=1),
    _m("Bold Gambit", MELEE, stat="style", asr=True, mod=2, self_penalty=4),
    _m("Touch of Evil", MELEE, stat="weird", half=True, target_penalty=1, penalty_turns=3),
    # Ranged attacks
    _m("Basic Ranged", RANGED),
    _m("Throw Something", RANGED, stat="brutality", die=4, cooldown=2),
    _m("Deadly Shot", RANGED, stat="style", mod=-1, bonus=3),
    _m("Snap Shot", RANGED, stat="style", asr=True, cooldown=1, special="snap shot"),
    _m("Psionic Blast", RANGED, stat="mind", die=4, cooldown=2),
    # Support
    _m("Basic Adjustment", SUPPORT, special="adjust"),
    _m("Basic Performance", SUPPORT, cz_gain=1),
    _m("Basic Defense", SUPPORT, mod=3),
    _m("Biding Time", SUPPORT, stat="mind", replaced_by="Opportune Strike"),
    # Combined attacks / AS setters
    _m("Brutal Bash", MELEE, sets_as="brutality", combined=True),
    _m("Stylish Strike", MELEE, sets_as="style", combined=True),
    _m("Mental Maneuver", MELEE, sets_as="mind", combined=True),
    _m("Weird Wizardry", MELEE, sets_as="weird", combined=True),
    # Finishers
    _m("Merciless Beating", MELEE, stat="brutality", asr=True, mod=4, finisher=True),
    _m("Swift Execution", MELEE, stat="style", asr=True, mod=4, finisher=True),
    _m("Master Plan", MELEE, stat="mind", asr=True, mod=4, finisher=True),
    _m("Unholy Judgment", MELEE, stat="weird", asr=True, mod=4, finisher=True),
    # Arcane
    _m("Gather the Spirits", SUPPORT, stat="weird", essence_gain=2),
    _m("Power Leech", MELEE, stat="weird", mod=-1, essence_on_hit=1),
    _m("Acid Touch", MELEE, mod=2, die=6, element="acid", essence=2),
    _m("Cold Touch", MELEE, mod=2, die=6, element="ice", essence=2),
    _m("Fireball", RANGED, mod=2, die=4, element="fire", essence=2),
    _m("Lightning Bolt", RANGED, mod=2, die=4, element="electric", essence=2),
    _m("Magic Shield", SUPPORT, mod=1, essence=1, special="shield"),
    _m("Shadow Envelop", RANGED, mod=1, die=2, essence=2, ineffective=True),
    # Berserk
    _m("Flurry of Blows", MELEE, mod=-1, special="flurry"),
    _m("Tackle", MELEE, mod=-1, ineffective=True),
    _m("Wild Charge", MELEE, mod=-2, bonus=8),
    _m("Revenge", MELEE, mod=2, special="revenge"),
    _m("Last Stand", MELEE, special="last stand"),
    # Demonic
    _m("Blood Sacrifice", MELEE, stat="weird", mod=-2, uncurse_on_hit=True),
    _m("Dark Touch", MELEE, mod=2, curses=1),
    _m("Eye of the Demon", RANGED, mod=2, curses=1),
    _m("Wrath from Beyond", SPECIAL, curses=2, special="wrath"),
    # Gamble
    _m("Face-Off", MELEE, stat=RANDOM, mod=1, special="face-off"),
    _m("High Stakes", COMBO, special="high stakes"),
    _m("Risky Business", COMBO, mod=1, bonus=2, ineffective_after=True),
    # Performance
    _m("Alluring Dance", SUPPORT, stat="style", replaced_by="Dance of Blades"),
    _m("Crowd Favorite", COMBO, special="crowd favorite"),
    _m("Daring Acrobatics", COMBO, mod=1, bonus=2, self_penalty=2),
    _m("Timing is Everything", COMBO, special="timing"),
    _m("Twirling Scarves", COMBO, special="scarves"),
    # Tactical
    _m("All or Nothing Gambit", COMBO, mod=2, crit_only=True),
    _m("Disabling Strike", COMBO, mod=-1, ineffective=True),
    _m("Distance Disarm", RANGED, half=True, disarm=True),
    _m("Psychic Disruption", COMBO, special="psychic"),
    _m("Unbalancing Distraction", COMBO, special="unbalancing"),
    # Technomancy
    _m("Recharge", SUPPORT, stat="mind", quantum_gain=1),
    _m("Adaptive Shielding", SUPPORT, quantum=1, special="shielding"),
    _m("Energized Strike", MELEE, mod=1, bonus=4, quantum=1),
    _m("Regenerate", SUPPORT, quantum=2, special="regenerate"),
    # Special moves: only ever in a hand by replacing another card
    _m("Dance of Blades", MELEE, stat="style", mod=2, bonus=2, special="replacement"),
    _m("Opportune Strike", MELEE, stat="mind", mod=2, bonus=2, special="replacement"),
)

MOVES: dict[str, Move] = {move.name: move for move in _MOVES}
# Assessing the situation, as a move: no attack, defend with the active stat at +1.
ASSESS_MOVE = Move(ASSESS, SUPPORT, mod=1, special="assess")
# A stunned gladiator passively defends with the active stat.
STUNNED_MOVE = Move("Stunned", SUPPORT, special="stunned")
SPECIAL_MOVES = ("Dance of Blades", "Opportune Strike")
FLURRY_CAP = 4  # Flurry of Blows' stacking bonus tops out at +4
LAST_STAND_BONUS = 4
ADAPTIVE_TURNS = 4
REGENERATE_HP = 5


def move_named(name: str) -> Move:
    """The move called `name` (as the seed writes it); a RulesError names an unknown one."""
    try:
        return MOVES[name]
    except KeyError:
        raise RulesError(f"moves: no move {name!r} in seed 003") from None
