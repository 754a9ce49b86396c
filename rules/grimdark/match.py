"""The Grimdark match (seed 003): a deck of moves each, chosen at once, rolled as power.

A turn:
1. Each gladiator still standing and not stunned picks a card of his three (or assesses the
   situation) and a target, by his coaching orders (rules/grimdark/orders.py); the cards are
   revealed at once. Costs are paid, AS setters set the AS, support moves take effect, and
   Wrath from Beyond hits everyone.
2. Each rolls his power once: a d8 (2d4 with a Paired weapon, the worse of two d12 for High
   Stakes) + the move's stat + every modifier on himself (the move's, Flurry of Blows' stack,
   Combat Focus, Gambler, penalties and knockback from earlier turns).
3. Every attack is a fight between the attacker and his target (one fight when two attack each
   other), in order of Init (higher first; then setup order). In it each side's power adds the
   situational modifiers against the other when that other is his own target: ranged against a
   melee attacker, out of position, the group bonus, Huge, Flying, the move's own conditions.
   A margin of 2 wins: an attacker deals damage to the loser; a defender who does not attack
   puts the attacker out of position on a margin that would be a critical hit. Less than 2 is
   inconclusive: 1 CZ each, once a turn.
4. The end of the turn: curses roll, the defeated fall, cards are drawn.

All rules and every reading of ours are in docs/rules.md, "Grimdark (seed 003): the match".
Fights are deterministic given the seed: one `random.Random(seed)` draws everything in a fixed
order, and the log path (`record=True`) draws exactly what the fast path draws.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import RulesError
from rules.grimdark.entrants import Entrant, Weapon
from rules.grimdark.moves import (
    ADAPTIVE_TURNS,
    ASSESS,
    ASSESS_MOVE,
    COMBO,
    FLURRY_CAP,
    LAST_STAND_BONUS,
    MELEE,
    MOVES,
    RANDOM,
    RANGED,
    REGENERATE_HP,
    SPECIAL_MOVES,
    STATS,
    STUNNED_MOVE,
    Move,
)
from rules.grimdark.orders import SITUATIONAL, choose, pick_target, score_move
from rules.grimdark.tables import crit_cell, step_die

ENGINE_VERSION = "grimdark/1"
MAX_TURNS = 60  # a match still on after this many turns is a draw (the seed has no limit)
BASE_HP = 25
WOUNDED_AT = 12
POISON_DEFEAT = 8
CRIT_AT = 6
HIT_AT = 2
CRIT_BASE = 5
OOP_BONUS = 2
GROUP_CAP = 4
CURSE_DAMAGE = 6
DISARM_TURNS = 3
CROWD_DEMAND = 4  # the winner's CZ this far above the loser's: the crowd demands his death
FIFTH_MATCH = 5
# Fame after a match (the seed: "will probably go up after they win ... might even go up a
# bit if they lost"): ours, docs/rules.md.
FAME_WIN = 1
FAME_GOOD_LOSER = 1

Event = dict[str, Any]


@dataclass(frozen=True)
class Setup:
    """A match's entrants. Sides: each entrant's `side`; entrants without one fight alone
    (a free-for-all when nobody names a side)."""

    entrants: tuple[Entrant, ...]

    def __post_init__(self) -> None:
        if len(self.entrants) < 2:
            raise RulesError("a Grimdark match needs at least two gladiators")
        names = [e.name for e in self.entrants]
        if len(set(names)) != len(names):
            raise RulesError("each gladiator of a match needs a name of his own")
        if len(set(self.sides)) < 2:
            raise RulesError("a Grimdark match needs at least two sides")

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(e.side or e.name for e in self.entrants)


class Fighter:
    """One gladiator's state during a match (mutable, the engine's own)."""

    __slots__ = (
        "idx", "entrant", "name", "side", "orders", "stats", "as_i", "hp", "max_hp", "init",
        "cz", "essence", "quantum", "curses", "poison", "wounded", "defeated", "gruesome",
        "hand", "deck", "discard", "cooldown", "pen", "stun_next", "stunned", "flurry",
        "dmg_this", "dmg_last", "hit_this", "hit_last", "melee_this", "melee_last", "oop",
        "away", "resist_until", "cz_turn", "cf", "gambler", "huge", "flying", "lucky7",
        "vampire", "versatile", "tactician", "fierce", "immune", "resist", "weapons",
        "move", "card", "target", "weapon", "wdie", "ranged", "faceoff", "stat_val", "base",
        "huge_bonus", "last_stand_hit", "enemies_alive", "allies_alive", "best",
    )  # fmt: skip

    def __init__(self, idx: int, entrant: Entrant, side: str) -> None:
        self.idx = idx
        self.entrant = entrant
        self.name = entrant.name
        self.side = side
        self.orders = entrant.orders
        self.stats = list(entrant.stats)
        self.as_i = STATS.index(entrant.active_stat)
        self.hp = self.max_hp = self.init = self.cz = 0
        self.essence = self.quantum = self.curses = self.poison = 0
        self.wounded = self.defeated = self.gruesome = False
        self.hand: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.cooldown: dict[str, int] = {}  # move -> the last turn it may not be used
        self.pen = [0, 0, 0, 0]  # penalties: this turn's, the next's, the one after, ...
        self.stun_next = self.stunned = False
        self.flurry = 0  # consecutive uses of Flurry of Blows before this one
        self.dmg_this = self.dmg_last = 0
        self.hit_this = self.hit_last = False
        self.melee_this: set[int] = set()
        self.melee_last: set[int] = set()
        self.oop: dict[int, int] = {}  # opponent -> the turn he has +2 against him
        self.away: dict[int, int] = {}  # weapon index -> last turn it is gone (disarm, thrown)
        self.best: dict[tuple[bool, bool], int | None] = {}  # best_weapon while none is away
        self.resist_until = 0
        self.cz_turn = 0
        level = entrant.level
        self.cf = min(level("Combat Focus"), 8)
        self.gambler = level("Gambler") > 0
        self.huge = level("Huge") > 0
        self.flying = level("Flying") > 0
        self.lucky7 = level("Lucky Number Seven") > 0
        self.vampire = level("Vampire") > 0
        self.versatile = level("Versatile") > 0
        self.tactician = level("Tactician") > 0
        self.fierce = 1 if level("Fierce Attack") > 0 else 0
        self.immune = level("Poison Immunity") > 0
        self.resist = entrant.resistances
        self.weapons = entrant.weapons
        self.move: Move = ASSESS_MOVE
        self.card: str | None = None
        self.target = -1
        self.weapon = -1  # index into weapons; -1: fists or an inherent weapon
        self.wdie = 0
        self.ranged = False
        self.faceoff = -1
        self.stat_val = self.base = self.huge_bonus = 0
        self.last_stand_hit = False
        self.enemies_alive = self.allies_alive = 0

    def as_value(self) -> int:
        """The active stat's value; Ineffective is the weakest stat's."""
        return self.stats[self.as_i] if self.as_i >= 0 else min(self.stats)

    def using(self, prop: str) -> bool:
        """Whether the weapon he fights with this turn has the property (passive bonuses
        count only for the weapon in use)."""
        return self.weapon >= 0 and prop in self.weapons[self.weapon].properties


@dataclass
class MatchResult:
    turns: int
    winner: str | None  # the winning side; None: a draw
    end_reason: str  # "defeat" (one side left), "all defeated", "time"
    fighters: list[Fighter]
    events: list[Event] = field(default_factory=list)
    fates: dict[int, str] = field(default_factory=dict)  # defeated -> "dead" / "spared"
    fame: dict[int, int] = field(default_factory=dict)  # entrant -> Fame gained

    def fate(self, index: int) -> str:
        return self.fates.get(index, "walked_out")


def _by_init(f: Fighter) -> tuple[int, int]:
    """Who fights first: the higher Init, then the first in the setup."""
    return (-f.init, f.idx)


class _Match:
    def __init__(self, setup: Setup, seed: int, record: bool, max_turns: int) -> None:
        self.rng = random.Random(seed)
        self.rand = self.rng.random
        self.rec = record
        self.events: list[Event] = []
        self.turn = 0
        self.max_turns = max_turns
        pairs = zip(setup.entrants, setup.sides, strict=True)
        self.fighters = [Fighter(i, e, side) for i, (e, side) in enumerate(pairs)]
        self.attackers = [0] * len(self.fighters)  # this turn's attackers of each gladiator

    # --- dice -------------------------------------------------------------------------------

    def d(self, sides: int) -> int:
        return int(self.rand() * sides) + 1 if sides > 0 else 0

    def log(self, kind: str, **data: Any) -> None:
        data["kind"] = kind
        data["turn"] = self.turn
        self.events.append(data)

    # --- the start --------------------------------------------------------------------------

    def start(self) -> None:
        """HP, Init, CZ, essence and quantum, and the opening hands, in setup order."""
        fighters = self.fighters
        for f in fighters:
            e = f.entrant
            hp_die = 10 if e.level("Berserker") else 8
            hp_roll = self.d(hp_die)
            f.max_hp = f.hp = (
                BASE_HP + f.stats[0] + hp_roll + e.level("Endurance") + 5 * e.armour_slots
            )
            init_die = 10 if e.level("Performer") else 8
            init_roll = self.d(init_die)
            f.init = f.stats[1] + init_roll + e.level("Poise")
            # A match of many: against the best-known enemy (docs/rules.md).
            foes = [o.entrant.fame for o in fighters if o.side != f.side]
            f.cz = max(0, e.fame - max(foes))
            f.essence = f.stats[3] if e.level("Arcane Arts") else 0
            f.quantum = 1 if e.level("Technomancer") else 0
            self.deal(f)
            if self.rec:
                self.log(
                    "start",
                    who=f.name,
                    hp=f.hp,
                    hp_die=hp_die,
                    hp_roll=hp_roll,
                    init=f.init,
                    init_die=init_die,
                    init_roll=init_roll,
                    cz=f.cz,
                    essence=f.essence,
                    quantum=f.quantum,
                    active_stat=STATS[f.as_i],
                    hand=list(f.hand),
                )

    def deal(self, f: Fighter) -> None:
        """The three opening cards (his orders'; the rest drawn), the rest shuffled."""
        cards = f.entrant.cards
        for name in f.orders.opening:
            cards.remove(name)
            f.hand.append(name)
        self.rng.shuffle(cards)
        f.deck = cards
        self.draw(f)

    def draw(self, f: Fighter) -> None:
        while len(f.hand) < 3:
            if not f.deck:
                if not f.discard:
                    return
                f.deck, f.discard = f.discard, []
                self.rng.shuffle(f.deck)
                if self.rec:
                    self.log("recycle", who=f.name, cards=len(f.deck))
            f.hand.append(f.deck.pop())

    # --- the turn ---------------------------------------------------------------------------

    def run(self) -> MatchResult:
        self.start()
        reason = ""
        while True:
            sides = {f.side for f in self.fighters if not f.defeated}
            if len(sides) <= 1:
                reason = "defeat" if sides else "all defeated"
                break
            if self.turn >= self.max_turns:
                reason = "time"
                break
            self.turn += 1
            self.play_turn()
        return self.finish(reason)

    def play_turn(self) -> None:
        alive = [f for f in self.fighters if not f.defeated]
        self.begin_turn(alive)
        for f in alive:
            self.pick(f, alive)
        self.resolve(alive)

    def begin_turn(self, alive: list[Fighter]) -> None:
        """Last turn's marks move back a turn; who is stunned now."""
        for f in alive:
            f.stunned, f.stun_next = f.stun_next, False
            f.dmg_last, f.dmg_this = f.dmg_this, 0
            f.hit_last, f.hit_this = f.hit_this, False
            f.melee_last, f.melee_this = f.melee_this, set()
            f.enemies_alive = sum(1 for o in alive if o.side != f.side)
            f.allies_alive = len(alive) - f.enemies_alive - 1

    def resolve(self, alive: list[Fighter]) -> None:
        """The moves chosen: reveal them, roll, fight in Init order, end the turn."""
        for f in alive:
            self.reveal(f, alive)
        for f in alive:
            self.roll(f)
        attackers = self.attackers
        for f in alive:
            attackers[f.idx] = 0
        for f in alive:
            if f.move.attack and f.target >= 0:
                attackers[f.target] += 1
        done: set[tuple[int, int]] = set()
        for a in sorted(alive, key=_by_init):
            if a.move.attack and a.target >= 0:
                d = self.fighters[a.target]
                if (d.idx, a.idx) in done:
                    continue
                done.add((a.idx, d.idx))
                self.fight(a, d)
        self.end_turn(alive)
        for f in alive:
            pen = f.pen
            pen[0], pen[1], pen[2], pen[3] = pen[1], pen[2], pen[3], 0

    # --- choosing ---------------------------------------------------------------------------

    def pick(self, f: Fighter, alive: list[Fighter]) -> None:
        """His target and his card (or assessing), by his orders; a stunned man picks none."""
        enemies = [o for o in alive if o.side != f.side]
        target = pick_target(f, enemies)
        f.target = target.idx if target is not None else -1
        f.card = None
        if f.stunned:
            f.move = STUNNED_MOVE
            f.target = -1
            if self.rec:
                self.log("stunned", who=f.name)
            return
        usable = [c for c in dict.fromkeys(f.hand) if self.usable(f, c, target)]
        name = choose(f, target, usable, self.turn)
        if name == ASSESS:
            f.move = ASSESS_MOVE
        else:
            f.card, f.move = name, MOVES[name]
        if not f.move.attack:
            f.target = -1  # a support move targets nobody (Wrath from Beyond hits everyone)

    def usable(self, f: Fighter, name: str, target: Fighter | None) -> bool:
        move = MOVES[name]
        if move.unconditional:
            return target is not None or not move.attack
        if f.cooldown.get(name, -1) >= self.turn:
            return False
        if move.asr and (f.as_i < 0 or STATS[f.as_i] != move.stat):
            return False
        if move.essence > f.essence or move.quantum > f.quantum:
            return False
        if move.attack and target is None:
            return False
        if move.finisher:
            assert target is not None
            if not target.wounded or f.cz < target.cz + 2:
                return False
        special = move.special
        if special == "revenge" and f.dmg_last < 5:
            return False
        if special == "last stand" and not f.wounded:
            return False
        if move.mode == RANGED and move.die < 0:
            quick = special == "snap shot"
            return self.best_weapon(f, ranged=True, quickshot=quick) is not None
        return True

    def best_weapon(self, f: Fighter, *, ranged: bool, quickshot: bool = False) -> int | None:
        """His best weapon at hand for a melee or a ranged attack (index), by its die; a
        ranged attack may throw a Throwable melee weapon (one die size smaller); None: no
        weapon for it (a melee attack then uses his fists, +0)."""
        if not f.weapons:
            return None
        key = (ranged, quickshot)
        if not f.away:  # nothing disarmed or thrown yet: his best never changes
            cached = f.best.get(key, -2)
            if cached != -2:
                return cached
        best, best_die = None, -1
        turn = self.turn
        for i, w in enumerate(f.weapons):
            if f.away.get(i, 0) >= turn:
                continue
            if ranged:
                if w.ranged and (not quickshot or "Quickshot" in w.properties):
                    die = w.die
                elif w.melee and "Throwable" in w.properties and not quickshot:
                    die = step_die(w.die, -1)
                else:
                    continue
            elif w.melee:
                die = w.die
            else:
                continue
            if die > best_die:
                best, best_die = i, die
        if not f.away:
            f.best[key] = best
        return best

    def reveal(self, f: Fighter, alive: list[Fighter]) -> None:
        """The move revealed: its weapon, its cost, and what it does before anyone rolls."""
        move = f.move
        f.weapon, f.wdie, f.ranged, f.faceoff = -1, 0, False, -1
        if move.attack:
            self.arm(f)
        if not move.plain:
            self.pay(f, move)
        if self.rec:
            self.log(
                "move",
                who=f.name,
                move=move.name,
                target=self.fighters[f.target].name if f.target >= 0 else None,
                weapon=f.weapons[f.weapon].name if f.weapon >= 0 else None,
                ranged=f.ranged,
            )
        if not move.plain:
            self.take_effect(f, move, alive)
        if f.weapon >= 0 and "Unsafe" in f.weapons[f.weapon].properties:
            self.damage(f, 1, "unsafe")

    def pay(self, f: Fighter, move: Move) -> None:
        """Its costs and rest, the AS it sets, the penalty it puts on its user."""
        if f.card is not None:
            f.essence -= move.essence
            f.quantum -= move.quantum
            if move.cooldown:
                f.cooldown[move.name] = self.turn + move.cooldown
        if move.sets_as:
            f.as_i = STATS.index(move.sets_as)
        if move.self_penalty:
            f.pen[1] += move.self_penalty

    def take_effect(self, f: Fighter, move: Move, alive: list[Fighter]) -> None:
        """What a move does at its reveal: a rule of its own, and what its user gains."""
        rec = self.rec
        special = move.special
        if special == "adjust":
            best = max(range(4), key=lambda i: (f.stats[i], -i))
            f.as_i = best
            if rec:
                self.log("active_stat", who=f.name, stat=STATS[best])
        elif special == "face-off":
            f.faceoff = self.d(4) - 1
            if rec:
                self.log("face_off", who=f.name, stat=STATS[f.faceoff])
        elif special == "shielding":
            f.resist_until = self.turn + ADAPTIVE_TURNS - 1
        elif special == "regenerate":
            healed = min(REGENERATE_HP, f.max_hp - f.hp)
            f.hp += healed
            f.poison = 0
            f.wounded = False
            if rec:
                self.log("regenerate", who=f.name, healed=healed, hp=f.hp)
        elif special == "wrath":
            self.wrath(f, alive)
        f.cz += move.cz_gain
        f.essence += move.essence_gain
        f.quantum += move.quantum_gain
        f.curses += move.curses
        if rec and (move.essence_gain or move.quantum_gain or move.curses or move.cz_gain):
            self.log(
                "resources",
                who=f.name,
                essence=f.essence,
                quantum=f.quantum,
                curses=f.curses,
                cz=f.cz,
            )

    def arm(self, f: Fighter) -> None:
        """The weapon of his attack: the move's own (W), or his best for its mode."""
        move = f.move
        if move.die >= 0:
            f.weapon, f.wdie = -1, move.die
            f.ranged = move.mode == RANGED
            return
        mode = move.mode
        if mode == COMBO:
            mode = self.combo_mode(f)
        f.ranged = mode == RANGED
        index = self.best_weapon(f, ranged=f.ranged, quickshot=move.special == "snap shot")
        if index is None:
            f.weapon, f.wdie = -1, 0
            return
        w = f.weapons[index]
        f.weapon = index
        f.wdie = w.die
        if f.ranged and w.melee:  # thrown: one die size smaller, gone for d4 turns
            f.wdie = step_die(w.die, -1)
            f.away[index] = self.turn + self.d(4)
            if self.rec:
                self.log("thrown", who=f.name, weapon=w.name, until=f.away[index])
        if "Unsafe" in w.properties:
            f.wdie = step_die(f.wdie, 1)

    def combo_mode(self, f: Fighter) -> str:
        """A combo attack is ranged when he has a ranged weapon whose die, +2 against a man who
        did not strike him in melee last turn, beats his melee weapon's; else melee."""
        ranged = self.best_weapon(f, ranged=True)
        if ranged is None or f.target < 0:
            return MELEE
        melee = self.best_weapon(f, ranged=False)
        melee_die = f.weapons[melee].die if melee is not None else 0
        r = f.weapons[ranged]
        ranged_die = r.die if r.ranged else step_die(r.die, -1)
        struck = f.idx in self.fighters[f.target].melee_last
        edge = 0 if struck else 2
        return RANGED if ranged_die + 2 * edge > melee_die else MELEE

    def wrath(self, f: Fighter, alive: list[Fighter]) -> None:
        amount = f.stats[0]
        if self.rec:
            self.log("wrath", who=f.name, damage=amount)
        for o in alive:
            self.damage(o, amount, "wrath")

    # --- power ------------------------------------------------------------------------------

    def roll(self, f: Fighter) -> None:
        """His power before any situational modifier: dice + stat + his own modifiers."""
        move = f.move
        rand = self.rand
        special = move.special
        if special == "high stakes":
            dice = min(int(rand() * 12), int(rand() * 12)) + 1
        elif f.weapon >= 0 and f.using("Paired") and move.attack:
            dice = int(rand() * 4) + int(rand() * 4) + 2
        else:
            dice = int(rand() * 8) + 1
        if move.stat == RANDOM:
            stat = f.stats[f.faceoff]
        elif move.stat in STATS:
            stat = f.stats[STATS.index(move.stat)]
        else:
            stat = f.as_value()
        mod = move.mod - f.pen[0]
        if special == "flurry":
            mod += min(f.flurry, FLURRY_CAP)
        elif special == "last stand":
            mod += LAST_STAND_BONUS
        if move.combined and not f.tactician:
            mod -= 1
        focus = f.cf > 0 and int(rand() * 8) < f.cf
        gamble = f.gambler and rand() < 0.05
        mod += focus + 2 * gamble
        f.huge_bonus = 1 if f.huge and rand() < 0.25 else 0
        f.stat_val = stat
        f.base = dice + stat + mod
        if self.rec:
            self.log(
                "power",
                who=f.name,
                dice=dice,
                stat=stat,
                modifier=mod,
                power=f.base,
                penalty=f.pen[0],
                bonuses=["Combat Focus +1"] * focus + ["Gambler +2"] * gamble,
            )

    def power(self, f: Fighter, o: Fighter, notes: list[str] | None) -> int:
        """His power in his fight with `o`: his roll, the stat Face-Off or Unbalancing
        Distraction makes him use, and the situational modifiers when `o` is his target."""
        p = f.base
        move = f.move
        om = o.move
        if om.special == "face-off" and move.uses_as:
            p += f.stats[o.faceoff] - f.stat_val
        elif om.special == "unbalancing":  # "opponents", not only his target
            p += max(f.stats[1], f.stats[2]) - f.stat_val
        if f.oop.get(o.idx, 0) == self.turn:
            p += OOP_BONUS
            if notes is not None:
                notes.append("out of position +2")
        if not (move.attack and f.target == o.idx):
            return p
        mods = 0
        if f.ranged and om.attack and not o.ranged:
            quick = f.using("Quickshot")
            if f.idx in o.melee_last:
                mods -= 0 if quick else 2
            else:
                mods += 3 if quick else 2
        if not (o.huge and not f.huge):
            mods += min(self.attackers[o.idx] - 1, GROUP_CAP)
        if f.huge_bonus and not o.huge:
            mods += 1
        if not f.ranged and o.flying and not o.hit_last and (not f.flying or f.hit_last):
            mods -= 2
        mods += self.conditional(f, o)
        if notes is not None and mods:
            notes.append(f"situation {mods:+d}")
        return p + mods

    def conditional(self, f: Fighter, o: Fighter) -> int:
        special = f.move.special
        if special == "crowd favorite":
            diff = f.cz - o.cz
            size = 2 if abs(diff) >= 4 else 1
            return size if diff > 0 else -size if diff < 0 else 0
        if special == "timing":
            return 2 if f.init > o.init else -2 if f.init < o.init else 0
        if special == "scarves":
            return 2 if o.as_i == 0 else -2 if o.as_i == 2 else 0
        if special == "psychic":
            return 2 if o.as_i == 3 else -2 if o.as_i == 2 else 0
        return 0

    # --- the fight --------------------------------------------------------------------------

    def fight(self, a: Fighter, d: Fighter) -> None:
        rec = self.rec
        notes_a: list[str] | None = [] if rec else None
        notes_d: list[str] | None = [] if rec else None
        pa = self.power(a, d, notes_a)
        pd = self.power(d, a, notes_d)
        diff = pa - pd
        if rec:
            self.log(
                "fight",
                attacker=a.name,
                defender=d.name,
                attacker_power=pa,
                defender_power=pd,
                attacker_notes=notes_a,
                defender_notes=notes_d,
            )
        if not a.ranged:
            a.melee_this.add(d.idx)
        if d.move.attack and d.target == a.idx and not d.ranged:
            d.melee_this.add(a.idx)
        if -HIT_AT < diff < HIT_AT:
            self.inconclusive(a, d)
        elif diff > 0:
            self.won(a, d, diff)
        else:
            self.won(d, a, -diff)

    def inconclusive(self, a: Fighter, d: Fighter) -> None:
        finisher = a.move.finisher or d.move.finisher
        gained = []
        if not finisher:
            for f in (a, d):
                if f.move.special != "assess" and f.cz_turn != self.turn:
                    f.cz += 1
                    f.cz_turn = self.turn
                    gained.append(f.name)
        if self.rec:
            self.log("inconclusive", between=[a.name, d.name], cz_to=gained, finisher=finisher)

    def won(self, w: Fighter, v: Fighter, margin: int) -> None:
        """`w` won the fight by `margin`: a hit if he attacks, else out of position."""
        if w.move.attack:
            self.hit(w, v, margin, full=w.target == v.idx)
            return
        if margin >= CRIT_AT:
            w.oop[v.idx] = self.turn + 1
            if self.rec:
                self.log("out_of_position", who=v.name, by=w.name, margin=margin)
        elif self.rec:
            self.log("defended", who=w.name, against=v.name, margin=margin)

    def hit(self, w: Fighter, v: Fighter, margin: int, *, full: bool) -> None:
        """`w` hits `v`. `full`: `v` is his target, so the move's bonuses and effects count; a
        man who beats an attacker who is not his target deals plain damage."""
        rec = self.rec
        move = w.move
        weapon: Weapon | None = w.weapons[w.weapon] if w.weapon >= 0 else None
        die = w.wdie
        element = weapon.element if weapon is not None and weapon.has("Elemental") else ""
        element = move.element or element
        if element and element not in v.resist and v.resist_until < self.turn:
            die = step_die(die, 1)
        if weapon is not None and weapon.has("Crushing") and margin >= 4:
            die = step_die(die, 1)
        deadly = weapon is not None and weapon.has("Deadly")
        crit = margin >= (CRIT_AT - 1 if deadly else CRIT_AT)
        if full and move.crit_only and not crit:
            if rec:
                self.log("no_damage", who=w.name, target=v.name, why="all or nothing")
            return
        if crit and v.lucky7 and margin == 7:
            if rec:
                self.log("no_damage", who=w.name, target=v.name, why="lucky seven")
            return
        bonus = (move.bonus if full else 0) + w.fierce
        if full and move.special == "snap shot" and v.init < w.init:
            bonus += 2
        if not crit:
            roll = self.d(die)
            amount = margin + roll + bonus
            if rec:
                self.log(
                    "hit", who=w.name, target=v.name, margin=margin, die=die, roll=roll,
                    bonus=bonus, damage=amount,
                )  # fmt: skip
            amount = self.soaked(v, w, amount)
            wound = False
        else:
            amount, wound = self.critical(w, v, margin, die, bonus, weapon, deadly)
            if v.gruesome:
                return
        if move.half and full:
            amount //= 2
        self.damage(v, amount, "hit")
        if wound:
            self.wound(v)
        if v.move.special == "last stand":
            v.last_stand_hit = True
        self.after_hit(w, v, crit, weapon, full)

    def soaked(self, v: Fighter, w: Fighter, amount: int) -> int:
        """A non-critical hit's damage after Magic Shield and a Deflecting weapon."""
        if v.move.special == "shield":
            if self.rec:
                self.log("no_damage", who=w.name, target=v.name, why="magic shield")
            return 0
        if v.move.attack and v.using("Deflecting"):
            sides = 10 if w.ranged else 8
            roll = self.d(sides)
            if roll == sides:
                if self.rec:
                    self.log("deflected", who=v.name, roll=roll, die=sides)
                return 0
        return amount

    def critical(
        self,
        w: Fighter,
        v: Fighter,
        margin: int,
        die: int,
        bonus: int,
        weapon: Weapon | None,
        deadly: bool,
    ) -> tuple[int, bool]:
        """A critical hit's damage (5, or 4 for a Deadly +5, + the weapon's maximum + the
        table's), its knockback and stun; and whether the table wounds him."""
        severity = max(margin - CRIT_BASE, 1)
        base = CRIT_BASE - 1 if deadly and margin == CRIT_AT - 1 else CRIT_BASE
        if weapon is not None and weapon.has("Flashy"):
            severity = max(severity, w.cz - v.cz)
        if weapon is not None and weapon.has("Unsafe"):
            severity += 1
        roll = self.d(8)
        cell = crit_cell(roll, severity)
        if cell.gruesome:
            v.gruesome = True
            v.hp = min(v.hp, 0)
            if self.rec:
                self.log(
                    "critical", who=w.name, target=v.name, margin=margin, severity=severity,
                    roll=roll, effect=cell.words(), damage=0,
                )  # fmt: skip
            return 0, False
        extra = self.d(cell.die)
        paired = 2 if weapon is not None and weapon.has("Paired") else 0
        amount = base + die + cell.flat + extra + bonus + paired
        if self.rec:
            self.log(
                "critical", who=w.name, target=v.name, margin=margin, severity=severity,
                roll=roll, effect=cell.words(), extra=extra, max_weapon=die, damage=amount,
            )  # fmt: skip
        tenacious = v.using("Tenacious")
        if cell.knockback and not tenacious:
            v.pen[1] += cell.knockback
        if cell.stun and not tenacious:
            v.stun_next = True
        if self.rec and (cell.knockback or cell.stun) and tenacious:
            self.log("tenacious", who=v.name)
        return amount, cell.wound

    def after_hit(
        self, w: Fighter, v: Fighter, crit: bool, weapon: Weapon | None, full: bool
    ) -> None:
        rec = self.rec
        if weapon is not None:
            if weapon.has("Vampiric"):
                gain = (2 if crit else 1) + (1 if w.vampire else 0)
                gain = min(gain, w.max_hp - w.hp)
                w.hp += max(gain, 0)
                if rec:
                    self.log("vampiric", who=w.name, healed=max(gain, 0), hp=w.hp)
            if weapon.has("Toxic") and not v.immune:
                v.poison += 2 if crit else 1
                if rec:
                    self.log("poisoned", who=v.name, poison=v.poison)
            if crit and weapon.has("Disorienting"):
                self.ineffective(v)
        if not full:
            return
        move = w.move
        if move.target_penalty:
            for i in range(1, move.penalty_turns + 1):
                v.pen[i] += move.target_penalty
            if rec:
                self.log(
                    "penalty", who=v.name, amount=move.target_penalty, turns=move.penalty_turns
                )
        if move.ineffective:
            self.ineffective(v)
        if move.disarm:
            self.disarm(v)
        if move.cz_on_hit:
            w.cz += move.cz_on_hit
        if move.essence_on_hit:
            w.essence += move.essence_on_hit
        if move.uncurse_on_hit and w.curses:
            w.curses -= 1
        if move.special == "flurry":
            w.card = "kept"

    def damage(self, f: Fighter, amount: int, why: str) -> None:
        if amount <= 0:
            return
        f.hp -= amount
        f.dmg_this += amount
        if why == "hit":
            f.hit_this = True
        if self.rec:
            self.log("damage", who=f.name, amount=amount, hp=f.hp, why=why)
        if f.hp <= WOUNDED_AT and not f.wounded:
            self.wound(f)

    def wound(self, f: Fighter) -> None:
        """The wounded condition; again while wounded: the AS (Ineffective: the highest
        stat) loses 1 for the rest of the match."""
        if not f.wounded:
            f.wounded = True
            if self.rec:
                self.log("wounded", who=f.name)
            return
        i = f.as_i if f.as_i >= 0 else max(range(4), key=lambda j: (f.stats[j], -j))
        f.stats[i] = max(0, f.stats[i] - 1)
        if self.rec:
            self.log("stat_lost", who=f.name, stat=STATS[i], value=f.stats[i])

    def ineffective(self, f: Fighter) -> None:
        if f.entrant.level("Versatile"):
            f.as_i = self.d(4) - 1
            if self.rec:
                self.log("versatile", who=f.name, stat=STATS[f.as_i])
            return
        f.as_i = -1
        if self.rec:
            self.log("ineffective", who=f.name)

    def disarm(self, f: Fighter) -> None:
        index = f.weapon if f.weapon >= 0 else self.best_weapon(f, ranged=False)
        if index is None or index < 0:
            return
        weapon = f.weapons[index]
        if weapon.undisarmable:
            if self.rec:
                self.log("not_disarmed", who=f.name, weapon=weapon.name)
            return
        f.away[index] = max(f.away.get(index, 0), self.turn + DISARM_TURNS)
        if self.rec:
            self.log("disarmed", who=f.name, weapon=weapon.name, turns=DISARM_TURNS)

    # --- the end of the turn ----------------------------------------------------------------

    def end_turn(self, alive: list[Fighter]) -> None:
        rec = self.rec
        for f in alive:
            for _ in range(f.curses):
                if self.d(6) == 6:
                    f.curses -= 1
                    if rec:
                        self.log("curse", who=f.name, curses=f.curses)
                    self.damage(f, CURSE_DAMAGE, "curse")
        for f in alive:
            why = ""
            if f.gruesome:
                why = "gruesome demise"
            elif f.hp <= 0:
                why = "hit points"
            elif f.poison >= POISON_DEFEAT:
                why = "poison"
            elif f.last_stand_hit:
                why = "last stand"
            if why:
                f.defeated = True
                if rec:
                    self.log("defeated", who=f.name, why=why)
        for f in alive:
            self.tidy(f)

    def tidy(self, f: Fighter) -> None:
        """His hand after the turn: the used card to the discard, a replacement or a draw."""
        move = f.move
        if move.special == "assess":
            f.discard.extend(c for c in f.hand if c not in ("Opportune Strike", "Dance of Blades"))
            f.hand.clear()
        elif f.card == "kept":
            pass  # Flurry of Blows hit: no new card
        elif f.card is not None:
            f.hand.remove(f.card)
            if move.replaced_by:
                f.hand.append(move.replaced_by)
            if move.special != "replacement":
                f.discard.append(f.card)
        f.flurry = f.flurry + 1 if move.special == "flurry" else 0
        if move.ineffective_after:
            self.ineffective(f)
        if not f.stunned and not f.defeated:
            self.draw(f)

    # --- the end of the match ---------------------------------------------------------------

    def finish(self, reason: str) -> MatchResult:
        standing = [f for f in self.fighters if not f.defeated]
        sides = {f.side for f in standing}
        winner = next(iter(sides)) if reason == "defeat" else None
        result = MatchResult(self.turn, winner, reason, self.fighters, self.events)
        if self.rec:
            self.log("end", winner=winner, reason=reason, turns=self.turn)
        for f in self.fighters:
            if f.defeated:
                result.fates[f.idx] = self.death(f, winner)
        for f in self.fighters:
            result.fame[f.idx] = self.fame(f, winner, result.fates.get(f.idx, "walked_out"))
        return result

    def death(self, f: Fighter, winner: str | None) -> str:
        """The death rules: a gruesome demise always kills; the crowd's demand (an enemy's CZ
        4 or more above his) kills on a d4 of 1-3; else a d4 (d6 from his fifth match) kills
        on a 1. A starred gladiator always lives (the dice are rolled all the same)."""
        enemies = [o.cz for o in self.fighters if o.side != f.side]
        top = max(enemies)
        matches = f.entrant.wins + f.entrant.losses + 1
        if f.gruesome:
            rule, die, roll, dies = "gruesome", 0, 0, True
        elif top - f.cz >= CROWD_DEMAND:
            rule, die = "crowd", 4
            roll = self.d(4)
            dies = roll <= 3
        else:
            rule, die = "defeat", 6 if matches >= FIFTH_MATCH else 4
            roll = self.d(die)
            dies = roll == 1
        fate = "dead" if dies and not f.entrant.starred else "spared"
        if self.rec:
            self.log(
                "fate", who=f.name, rule=rule, die=die, roll=roll, dies=dies,
                starred=f.entrant.starred, fate=fate,
            )  # fmt: skip
        return fate

    def fame(self, f: Fighter, winner: str | None, fate: str) -> int:
        """Fame gained: 1 for each gladiator of the winning side; 1 for a loser who lives
        and ended with at least the CZ of every enemy (he performed well enough)."""
        if winner is None:
            return 0
        if f.side == winner:
            return FAME_WIN
        enemies = max(o.cz for o in self.fighters if o.side != f.side)
        return FAME_GOOD_LOSER if fate != "dead" and f.cz >= enemies else 0


class _FastMatch(_Match):
    """The no-log path (`play(..., record=False)`: the odds and the benchmark). The same match
    as `_Match`, draw for draw: one loop with the turn inlined (local names, no log branches,
    no per-card method calls for the common cases), the rare rules left to `_Match`'s own
    methods. tests/rules/grimdark/test_fingerprint.py holds it to the logged engine."""

    def __init__(self, setup: Setup, seed: int, max_turns: int) -> None:
        super().__init__(setup, seed, False, max_turns)
        self.getrandbits = self.rng.getrandbits

    def shuffle(self, cards: list[str]) -> None:
        """`random.Random.shuffle`, draw for draw, without its per-card method calls."""
        getrandbits = self.getrandbits
        for i in range(len(cards) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            cards[i], cards[j] = cards[j], cards[i]

    def start(self) -> None:
        fighters = self.fighters
        rand = self.rand
        for f in fighters:
            kit = _kit(f.entrant)
            f.max_hp = f.hp = kit.hp_base + int(rand() * kit.hp_die) + 1
            f.init = kit.init_base + int(rand() * kit.init_die) + 1
            fame, side = f.entrant.fame, f.side
            f.cz = max(0, fame - max(o.entrant.fame for o in fighters if o.side != side))
            f.essence = kit.essence
            f.quantum = kit.quantum
            f.hand.extend(kit.opening)
            f.deck = cards = list(kit.rest)
            self.shuffle(cards)
            self.draw(f)

    def draw(self, f: Fighter) -> None:
        hand = f.hand
        while len(hand) < 3:
            if not f.deck:
                if not f.discard:
                    return
                f.deck, f.discard = f.discard, []
                self.shuffle(f.deck)
            hand.append(f.deck.pop())

    def run(self) -> MatchResult:
        self.start()
        alive = self.fighters
        max_turns = self.max_turns
        reason = ""
        while True:
            alive = [f for f in alive if not f.defeated]
            if len(alive) == 2:
                sides = 1 if alive[0].side == alive[1].side else 2
            else:
                sides = len({f.side for f in alive})
            if sides <= 1:
                reason = "defeat" if sides else "all defeated"
                break
            if self.turn >= max_turns:
                reason = "time"
                break
            self.turn += 1
            self.play_alive(alive)
        return self.finish(reason)

    def play_turn(self) -> None:
        self.play_alive([f for f in self.fighters if not f.defeated])

    def play_alive(self, alive: list[Fighter]) -> None:
        """One turn of the gladiators still standing (two sides or more)."""
        pair = len(alive) == 2
        for f in alive:
            f.stunned, f.stun_next = f.stun_next, False
            f.dmg_last, f.dmg_this = f.dmg_this, 0
            f.hit_last, f.hit_this = f.hit_this, False
            last = f.melee_last
            f.melee_last, f.melee_this = f.melee_this, last
            last.clear()
            if pair:
                f.enemies_alive, f.allies_alive = 1, 0
            else:
                side = f.side
                enemies = sum(1 for o in alive if o.side != side)
                f.enemies_alive, f.allies_alive = enemies, len(alive) - enemies - 1
        if pair:
            one, two = alive
            self.pick_against(one, two)
            self.pick_against(two, one)
        else:
            for f in alive:
                side = f.side
                self.pick_against(f, pick_target(f, [o for o in alive if o.side != side]))
        for f in alive:
            self.reveal(f, alive)
        self.roll_all(alive)
        if pair:
            first, second = alive
            if second.init > first.init:
                first, second = second, first
            if first.move.attack and first.target >= 0:
                self.attackers[second.idx] = 1
                self.attackers[first.idx] = 1 if second.move.attack and second.target >= 0 else 0
                self.fight(first, second)
            elif second.move.attack and second.target >= 0:
                self.attackers[first.idx] = 1
                self.attackers[second.idx] = 0
                self.fight(second, first)
        else:
            self.fights(alive)
        self.end_turn(alive)
        for f in alive:
            pen = f.pen  # every penalty a turn nearer
            del pen[0]
            pen.append(0)

    def fights(self, alive: list[Fighter]) -> None:
        """Every attack of a match of many, in Init order (`_Match.resolve`)."""
        fighters = self.fighters
        attackers = self.attackers
        for f in alive:
            attackers[f.idx] = 0
        for f in alive:
            if f.move.attack and f.target >= 0:
                attackers[f.target] += 1
        done: set[tuple[int, int]] = set()
        for a in sorted(alive, key=_by_init):
            if a.move.attack and a.target >= 0:
                d = fighters[a.target]
                if (d.idx, a.idx) in done:
                    continue
                done.add((a.idx, d.idx))
                self.fight(a, d)

    def pick_against(self, f: Fighter, target: Fighter | None) -> None:
        """`_Match.pick` once his target is known."""
        f.target = target.idx if target is not None else -1
        f.card = None
        if f.stunned:
            f.move = STUNNED_MOVE
            f.target = -1
            return
        orders = f.orders
        if orders.contingencies or orders.prefer:
            usable = [c for c in dict.fromkeys(f.hand) if self.playable(f, c, target)]
            name = choose(f, target, usable, self.turn)
        else:
            name = self.choose(f, target, orders.assess, orders.stance)
        if name == ASSESS:
            f.move = ASSESS_MOVE
            f.target = -1
            return
        f.card = name
        f.move = move = MOVES[name]
        if not move.attack:
            f.target = -1

    def playable(self, f: Fighter, name: str, target: Fighter | None) -> bool:
        move = MOVES[name]
        if move.unconditional:
            return target is not None or not move.attack
        return self.usable(f, name, target)

    def choose(self, f: Fighter, target: Fighter | None, assess: str, stance: str) -> str:
        """orders.choose without contingencies or preferred moves, score for score, in one
        pass over his hand: the first usable finisher; else the best score (the first on a
        tie) unless no attack is usable or his orders' `assess` says so. Scoring a card that
        a finisher then outranks is harmless: the scores are pure."""
        stats = f.stats
        as_value = stats[f.as_i] if f.as_i >= 0 else min(stats)
        tactician = f.tactician
        aggressive, cautious = stance == "aggressive", stance == "cautious"
        best, best_score, attacks = "", -99.0, False
        for name in dict.fromkeys(f.hand):
            move, unconditional, attack, scored, stat, base, minus, boldly, warily = CARDS[name]
            flurry = move.special == "flurry"
            if unconditional:
                if attack and target is None:
                    continue
            elif not self.usable(f, name, target):
                continue
            if move.finisher:
                return name
            if not best:
                best = name
            if scored or (flurry and target is not None):
                score = (stats[stat] if stat >= 0 else as_value) + base
                if minus and not tactician:
                    score -= 1
                if flurry:
                    score += min(f.flurry, FLURRY_CAP)
                if aggressive:
                    score += boldly
                elif cautious:
                    score -= warily
            else:
                score = score_move(f, target, name)
            if score > best_score:
                best, best_score = name, score
            if attack:
                attacks = True
        if not best or (not attacks and assess != "never"):
            return ASSESS
        if assess == "weak_hand" and best_score < as_value:
            return ASSESS
        return best

    def reveal(self, f: Fighter, alive: list[Fighter]) -> None:
        move = f.move
        f.weapon, f.wdie, f.ranged, f.faceoff = -1, 0, False, -1
        if move.attack:
            if move.die >= 0:
                f.wdie = move.die
                f.ranged = move.mode == RANGED
            elif move.mode == COMBO or f.away or not f.weapons:
                self.arm(f)
            else:  # his best weapon for the mode, as `best_weapon` remembered it
                ranged = move.mode == RANGED
                if ranged:
                    key = (True, True) if move.special == "snap shot" else (True, False)
                else:
                    key = (False, False)
                index = f.best.get(key, -2)
                if index == -2 or (ranged and index is not None and f.weapons[index].melee):
                    self.arm(f)  # not remembered yet, or a throw
                else:
                    f.ranged = ranged
                    if index is not None:
                        w = f.weapons[index]
                        f.weapon = index
                        f.wdie = step_die(w.die, 1) if "Unsafe" in w.properties else w.die
        if not move.plain:
            self.pay(f, move)
            self.take_effect(f, move, alive)
        if f.weapon >= 0 and "Unsafe" in f.weapons[f.weapon].properties:
            self.damage(f, 1, "unsafe")

    def roll_all(self, alive: list[Fighter]) -> None:
        """Each one's power before the situational modifiers (`_Match.roll`)."""
        rand = self.rand
        for f in alive:
            move = f.move
            special = move.special
            if special == "high stakes":
                dice = min(int(rand() * 12), int(rand() * 12)) + 1
            elif move.attack and f.weapon >= 0 and "Paired" in f.weapons[f.weapon].properties:
                dice = int(rand() * 4) + int(rand() * 4) + 2
            else:
                dice = int(rand() * 8) + 1
            stats = f.stats
            index = ROLL_STAT[move.name]
            if index >= 0:
                stat = stats[index]
            elif index == -1:
                stat = stats[f.as_i] if f.as_i >= 0 else min(stats)
            else:
                stat = stats[f.faceoff]
            mod = move.mod - f.pen[0]
            if special == "flurry":
                mod += min(f.flurry, FLURRY_CAP)
            elif special == "last stand":
                mod += LAST_STAND_BONUS
            if move.combined and not f.tactician:
                mod -= 1
            if f.cf > 0 and int(rand() * 8) < f.cf:
                mod += 1
            if f.gambler and rand() < 0.05:
                mod += 2
            f.huge_bonus = 1 if f.huge and rand() < 0.25 else 0
            f.stat_val = stat
            f.base = dice + stat + mod

    def fight(self, a: Fighter, d: Fighter) -> None:
        diff = self.edge(a, d) - self.edge(d, a)
        if not a.ranged:
            a.melee_this.add(d.idx)
        if d.move.attack and d.target == a.idx and not d.ranged:
            d.melee_this.add(a.idx)
        if -HIT_AT < diff < HIT_AT:
            self.inconclusive(a, d)
        elif diff > 0:
            self.won(a, d, diff)
        else:
            self.won(d, a, -diff)

    def edge(self, f: Fighter, o: Fighter) -> int:
        """`_Match.power` without its notes, the common cases first."""
        p = f.base
        move = f.move
        other = o.move.special
        if other:
            if other == "face-off" and move.uses_as:
                p += f.stats[o.faceoff] - f.stat_val
            elif other == "unbalancing":
                p += max(f.stats[1], f.stats[2]) - f.stat_val
        if f.oop and f.oop.get(o.idx, 0) == self.turn:
            p += OOP_BONUS
        if not move.attack or f.target != o.idx:
            return p
        if f.ranged:
            if o.move.attack and not o.ranged:
                quick = f.weapon >= 0 and "Quickshot" in f.weapons[f.weapon].properties
                if f.idx in o.melee_last:
                    p -= 0 if quick else 2
                else:
                    p += 3 if quick else 2
        elif o.flying and not o.hit_last and (not f.flying or f.hit_last):
            p -= 2
        if not o.huge or f.huge:
            p += min(self.attackers[o.idx] - 1, GROUP_CAP)
        if f.huge_bonus and not o.huge:
            p += 1
        if move.special:
            p += self.conditional(f, o)
        return p

    def hit(self, w: Fighter, v: Fighter, margin: int, *, full: bool) -> None:
        """`_Match.hit` without its log, the weapon's properties read once."""
        move = w.move
        die = w.wdie
        weapon = w.weapons[w.weapon] if w.weapon >= 0 else None
        if weapon is not None:
            props = weapon.properties
            element = weapon.element if "Elemental" in props else ""
        else:
            props, element = NO_PROPERTIES, ""
        element = move.element or element
        if element and element not in v.resist and v.resist_until < self.turn:
            die = step_die(die, 1)
        if margin >= 4 and "Crushing" in props:
            die = step_die(die, 1)
        deadly = "Deadly" in props
        crit = margin >= (CRIT_AT - 1 if deadly else CRIT_AT)
        if full and move.crit_only and not crit:
            return
        if crit and v.lucky7 and margin == 7:
            return
        bonus = (move.bonus if full else 0) + w.fierce
        if full and move.special == "snap shot" and v.init < w.init:
            bonus += 2
        if not crit:
            amount = margin + (int(self.rand() * die) + 1 if die > 0 else 0) + bonus
            if v.move.special == "shield" or (v.move.attack and v.weapon >= 0):
                amount = self.soaked(v, w, amount)
            wound = False
        else:
            amount, wound = self.critical(w, v, margin, die, bonus, weapon, deadly)
            if v.gruesome:
                return
        if move.half and full:
            amount //= 2
        if amount > 0:
            self.damage(v, amount, "hit")
        if wound:
            self.wound(v)
        if v.move.special == "last stand":
            v.last_stand_hit = True
        if full or props & AFTER_HIT:
            self.after_hit(w, v, crit, weapon, full)

    def end_turn(self, alive: list[Fighter]) -> None:
        rand = self.rand
        for f in alive:
            if f.curses:
                for _ in range(f.curses):
                    if int(rand() * 6) == 5:
                        f.curses -= 1
                        self.damage(f, CURSE_DAMAGE, "curse")
        for f in alive:
            if f.gruesome or f.hp <= 0 or f.poison >= POISON_DEFEAT or f.last_stand_hit:
                f.defeated = True
        for f in alive:
            move = f.move
            special = move.special
            card = f.card
            hand = f.hand
            if special == "assess":
                f.discard.extend(c for c in hand if c not in SPECIAL_MOVES)
                hand.clear()
            elif card is not None and card != "kept":
                hand.remove(card)
                if move.replaced_by:
                    hand.append(move.replaced_by)
                if special != "replacement":
                    f.discard.append(card)
            f.flurry = f.flurry + 1 if special == "flurry" else 0
            if move.ineffective_after:
                self.ineffective(f)
            if not f.stunned and not f.defeated:
                deck = f.deck
                while deck and len(hand) < 3:
                    hand.append(deck.pop())
                if len(hand) < 3:
                    self.draw(f)  # the deck is spent: the discard reshuffled


class _Kit:
    """What the start of a match reads of an entrant, worked out once for all his matches:
    his HP and Init dice and what they add to, his essence and quantum, his opening cards and
    the rest of his repertoire (the deck before its shuffle)."""

    __slots__ = ("entrant", "hp_die", "hp_base", "init_die", "init_base", "essence", "quantum",
                 "opening", "rest")  # fmt: skip

    def __init__(self, e: Entrant) -> None:
        level = e.level
        self.entrant = e
        self.hp_die = 10 if level("Berserker") else 8
        self.hp_base = BASE_HP + e.stats[0] + level("Endurance") + 5 * e.armour_slots
        self.init_die = 10 if level("Performer") else 8
        self.init_base = e.stats[1] + level("Poise")
        self.essence = e.stats[3] if level("Arcane Arts") else 0
        self.quantum = 1 if level("Technomancer") else 0
        cards = e.cards
        for name in e.orders.opening:
            cards.remove(name)
        self.opening = e.orders.opening
        self.rest = tuple(cards)


_KITS: dict[int, _Kit] = {}  # by id(entrant); each kit holds its entrant, so the id stays his
KITS_KEPT = 256


def _kit(entrant: Entrant) -> _Kit:
    kit = _KITS.get(id(entrant))
    if kit is None or kit.entrant is not entrant:
        if len(_KITS) >= KITS_KEPT:
            _KITS.clear()
        kit = _KITS[id(entrant)] = _Kit(entrant)
    return kit


# Each card as the fast path's choice reads it: the move, whether it is unconditional, an
# attack, scored inline (a plain attack: orders.score_move's arithmetic), its score's stat and
# base, the -1 of a combined move, and its aggressive and cautious shifts.
CARDS: dict[str, tuple[Move, bool, bool, bool, int, float, bool, float, float]] = {
    move.name: (
        move, move.unconditional, move.attack, move.attack and move.name not in SITUATIONAL,
        move.score_stat, move.score_base, move.combined, 0.3 * move.bonus,
        0.5 * move.self_penalty,
    )
    for move in MOVES.values()
}  # fmt: skip
NO_PROPERTIES: frozenset[str] = frozenset()
AFTER_HIT = frozenset(("Vampiric", "Toxic", "Disorienting"))  # what a plain hit's weapon does
# The stat each move rolls with: an index of STATS; -1: the active stat; -2: Face-Off's.
ROLL_STAT = {
    move.name: STATS.index(move.stat) if move.stat in STATS else -2 if move.stat == RANDOM else -1
    for move in (*MOVES.values(), ASSESS_MOVE, STUNNED_MOVE)
}


def play(
    setup: Setup, seed: int, *, record: bool = True, max_turns: int = MAX_TURNS
) -> MatchResult:
    """Play a match from its seed: the same seed and orders give the same match."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"seed must be a whole number; got {seed!r}")
    if record:
        return _Match(setup, seed, True, max_turns).run()
    return _FastMatch(setup, seed, max_turns).run()
