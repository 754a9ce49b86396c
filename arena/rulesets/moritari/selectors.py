"""Reads for a Moritari fight's pages: the board after each line of the log (the replay), the
fighters as they stand, Caesar's pending choice in words, and what Caesar chose.

The board is read from the log the engine wrote (its board snapshots at the start of every
turn, and each move, pivot, wound, thumb and rising after them), so a replay shows what was
stored even if the engine changes later. Nothing here decides a rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from arena.errors import BoutError
from arena.models import Bout, BoutEntry
from arena.rulesets.moritari import adapter as moritari

# Side colours (men's schools in the order they enter the fight); the beasts are brown.
SIDE_COLOURS = ("#a33a2c", "#2b5d8c", "#4c7a34", "#8a4f9e", "#b8860b", "#2f7f7f")
BEAST_COLOUR = "#7a5230"
STATE_WORDS = {"standing": "on his feet", "lying": "lying spared", "dead": "dead", "out": "dead"}
CAESAR_KINDS = ("barred", "caesar", "move-order", "order", "thumb")
THUMB_LABELS = {moritari.MITTE: "Mitte: he lives", moritari.IUGULA: "Iugula: he dies"}
THUMB_ORDER_WORDS = {
    "crowd": "as Caesar his thumb follows the crowd",
    "mercy": "as Caesar he always spares",
    "sword": "as Caesar he always kills",
}
ORDER_KINDS = ("fight_order", "move_order")  # Caesar's orders: of the fights, of the moves
OLD_ORDER = re.compile(r": ([\d,]+)\.$")  # moritari/1's "Caesar orders the fights: 1,2,0."


@dataclass
class Piece:
    """One fighter at one moment of the fight, as the log shows him."""

    index: int
    name: str
    kind: str  # "Thraex", "Lion"
    side: str
    colour: str
    beast: bool
    square: tuple[int, int]
    facing: int
    hit_points: int
    state: str

    @property
    def state_words(self) -> str:
        return STATE_WORDS.get(self.state, self.state)

    @property
    def facing_name(self) -> str:
        return moritari.DIRECTION_NAMES[self.facing % 8]

    @property
    def initials(self) -> str:
        return "".join(word[0] for word in self.name.split()[:2]).upper()


@dataclass
class Frame:
    """The board after one line of the log (frame 0: the fighters take the sand)."""

    number: int
    turn: int
    text: str
    kind: str
    pieces: list[Piece]
    actor: int | None = None  # the fighter the line is about


@dataclass(frozen=True)
class Fighter:
    """An entry of the fight as its page lists it."""

    index: int
    entry: BoutEntry
    name: str
    kind: str
    side: str
    colour: str
    beast: bool
    orders: dict | None  # shown to his owner and the GM only
    piece: Piece | None = None

    @property
    def orders_words(self) -> str:
        """His orders as Caesar, in words ("his thumb follows the crowd; he chooses in
        person")."""
        if not self.orders:
            return ""
        thumb = self.orders.get("thumb", "crowd")
        words = THUMB_ORDER_WORDS.get(thumb, thumb)
        if self.orders.get("caesar") == "ask":
            words += "; as Caesar he chooses in person"
        return words


def side_colours(setup: dict) -> dict[str, str]:
    colours: dict[str, str] = {}
    men = [row["side"] for row in setup.get("fighters", []) if not row.get("beast")]
    for side in dict.fromkeys(men):
        colours[side] = SIDE_COLOURS[len(colours) % len(SIDE_COLOURS)]
    colours[moritari.BEASTS] = BEAST_COLOUR
    return colours


def _kind_name(key: str) -> str:
    kind = moritari.KINDS.get(key)
    return kind.name if kind else key


def frames(setup: dict, log: list[dict]) -> list[Frame]:
    """The board after each line of the log, from its first snapshot on."""
    rows = setup.get("fighters", [])
    colours = side_colours(setup)
    pieces = [
        Piece(
            index=i,
            name=row["name"],
            kind=_kind_name(row["kind"]),
            side=row["side"],
            colour=colours.get(row["side"], BEAST_COLOUR),
            beast=bool(row.get("beast")),
            square=(0, 0),
            facing=0,
            hit_points=moritari.HIT_POINTS - int(row.get("wounds", 0)),
            state="standing",
        )
        for i, row in enumerate(rows)
    ]
    out: list[Frame] = []
    for event in log:
        data = event.get("data") or {}
        who = event.get("entrant")
        kind = event.get("kind", "")
        piece = pieces[who] if isinstance(who, int) and 0 <= who < len(pieces) else None
        if "board" in data:
            for p, snap in zip(pieces, data["board"], strict=False):
                p.square, p.facing = tuple(snap["square"]), snap["facing"]
                p.hit_points, p.state = snap["hp"], snap["state"]
        elif piece is not None:
            if kind == "move":
                piece.square, piece.facing = tuple(data["to"]), data.get("facing", piece.facing)
            elif kind == "pivot" and "facing" in data:
                piece.facing = data["facing"]
            elif kind == "wound":
                piece.hit_points = data.get("hp", piece.hit_points)
            elif kind == "beast-dead":
                piece.state = "out"
            elif kind == "mauled":  # a beast killed him where he lay spared (moritari/2)
                piece.state = "dead"
            elif kind == "thumb":
                piece.state = "lying" if data.get("thumb") == moritari.MITTE else "dead"
            elif kind == "rise":
                piece.state, piece.hit_points = "standing", 1
        if not out and kind != "start":
            continue  # a log always opens with the start; be safe with one that does not
        out.append(
            Frame(
                number=len(out),
                turn=int(event.get("round", 0)),
                text=event_words(event, [p.name for p in pieces]),
                kind=kind,
                pieces=[replace(p) for p in pieces],
                actor=who if isinstance(who, int) else None,
            )
        )
    return out


def _name(names: list[str], index: object) -> str:
    return names[index] if isinstance(index, int) and 0 <= index < len(names) else "?"


def event_words(event: dict, names: list[str]) -> str:
    """A line of the log in words. A moritari/2 log is written so; a moritari/1 line that
    shows the engine's indices or lists (the fights' order "1,2,0", the dice "[6, 2]", "hit
    point(s)") is said again from its data, the same facts."""
    text = str(event.get("text", ""))
    data = event.get("data") or {}
    kind = event.get("kind")
    words = moritari.engine
    try:
        if kind == "order" and "order" not in data:
            pairs = data.get("fights", [])
            fights = [f"{_name(names, a)} v {_name(names, b)}" for a, b in pairs]
            found = OLD_ORDER.search(text)
            if len(fights) == 1:
                return f"One fight this turn: {fights[0]}."
            if found:
                order = [fights[int(i)] for i in found.group(1).split(",")]
                return f"Caesar orders the fights: {words.in_turn(order)}."
        if kind == "fight" and "[" in text:
            a, b = _name(names, event.get("entrant")), _name(names, data.get("foe"))
            rolls, hits = data["rolls"], data["hits"]
            return (
                f"{a} rolls {words.dice_words(rolls[0])}, {b} {words.dice_words(rolls[1])}: "
                f"{words.hits_words(a, hits[0])}, {words.hits_words(b, hits[1])}."
            )
        if kind == "wound" and "hit point(s)" in text:
            left = f"{data['hp']} hit point(s) left"
            return text.replace(left, words.hit_points_words(int(data["hp"])) + " left")
    except (KeyError, IndexError, TypeError, ValueError):
        return text  # a line not as the engine writes it: shown as stored
    return text


def _asked(log: list[dict], asks: set[str]) -> list[int]:
    """The log's lines that an answer of Caesar's decided, in order (the n-th is the bout's
    n-th decision): while a side that answers in person is Caesar, his order of the moves,
    his order of two fights or more, and each thumb."""
    caesar = None
    lines = []
    for number, event in enumerate(log):
        kind, data = event.get("kind"), event.get("data") or {}
        if kind == "caesar":
            caesar = data.get("side")
        elif caesar in asks and (
            kind in ("move-order", "thumb") or (kind == "order" and len(data.get("fights", ())) > 1)
        ):
            lines.append(number)
    return lines


def caesar_lines(log: list[dict], setup: dict | None = None, decisions=()) -> list[dict]:
    """What Caesar did, turn by turn, in words: who was Caesar, who could not be, the order of
    the moves and of the fights he gave, the thumbs he showed (and where he overruled the
    crowd); `by_gm` on a line the GM answered for him."""
    rows = (setup or {}).get("fighters", [])
    names = [str(row.get("name", "")) for row in rows]
    asks = {row["side"] for row in rows if (row.get("orders") or {}).get("caesar") == "ask"}
    by_gm = {
        line
        for line, decision in zip(_asked(log, asks), decisions, strict=False)
        if isinstance(decision, dict) and decision.get("by") == moritari.ANSWERED_BY_GM
    }
    lines = []
    for number, event in enumerate(log):
        kind = event.get("kind")
        if kind not in CAESAR_KINDS:
            continue
        if kind == "order" and len((event.get("data") or {}).get("fights", ())) < 2:
            continue  # a single fight: nothing was ordered
        lines.append(event | {"text": event_words(event, names), "by_gm": number in by_gm})
    return lines


@dataclass
class PendingView:
    """Caesar's pending choice as the page shows it."""

    kind: str
    caesar: str  # his side: the player's name
    entry: BoutEntry | None
    prompt: str
    turn: int
    options: list[tuple[str, str]] = field(default_factory=list)  # (value, words)
    items: list[tuple[int, str, str]] = field(default_factory=list)  # (number, value, words)
    any_order: bool = False  # any order may be typed by number (moritari/2 on)


def _order_words(option: str, items: dict[str, str]) -> str:
    """The order "1,2,0" in words: "First Bithys v Tigris, then Rufus v Tigris, …"."""
    words = moritari.engine.in_turn([items[i] for i in option.split(",")])
    return words[:1].upper() + words[1:]  # not capitalize(): it would lower the names


def _listing(items: list[tuple[int, str, str]]) -> str:
    return "; ".join(f"{number}. {words}" for number, _, words in items)


def pending_view(bout: Bout, names: list[str]) -> PendingView | None:
    """The choice the fight waits for, in words, numbered from 1: the fights (or the moves) in
    the orders offered, and under moritari/2 any order typed by number; or the thumb (which
    one follows the crowd, which overrules it)."""
    pending = moritari.bout_pending(bout)
    if pending is None:
        return None
    entry = moritari.pending_entry(bout, pending)
    caesar = entry.side if entry is not None else ""
    view = PendingView(pending.kind, caesar, entry, pending.prompt, pending.round)
    if pending.kind in ORDER_KINDS:
        if pending.kind == "fight_order":
            fights = moritari.pending_fights(bout)
            values = [str(i) for i in range(len(fights))]
            words = [f"{_name(names, a)} v {_name(names, b)}" for a, b in fights]
            view.prompt = "Order the turn's fights"
        else:
            values = pending.options[0].split(",")  # the men, in the default order
            words = [_name(names, int(i)) for i in values]
            view.prompt = "Order the turn's moves"
        pairs = zip(values, words, strict=True)
        view.items = [(n, value, text) for n, (value, text) in enumerate(pairs, 1)]
        view.prompt += f": {_listing(view.items)}."
        view.any_order = moritari.any_order(bout)
        by_value = {value: text for _, value, text in view.items}
        for option in pending.options:
            try:
                view.options.append((option, _order_words(option, by_value)))
            except KeyError:
                view.options.append((option, option))
    else:
        appeals = [e for e in bout.log or [] if e.get("kind") == "appeal"]
        crowd = (appeals[-1].get("data") or {}).get("crowd") if appeals else None
        if appeals:
            victim = _name(names, appeals[-1].get("entrant"))
            says = "spares" if crowd == moritari.MITTE else "wants the death of"
            view.prompt = f"The crowd {says} {victim}. Your thumb?"
        for option in pending.options:
            words = THUMB_LABELS.get(option, option)
            if crowd is not None:
                words += (
                    " (with the crowd)"
                    if option == crowd
                    else " (overruling the crowd: you cannot be Caesar next turn)"
                )
            view.options.append((option, words))
    return view


def typed_order(text: str, view: PendingView) -> str:
    """The engine's order ("2,0,1") from the numbers Caesar typed ("3, 1, 2"), each item of
    the pending choice once; a BoutError naming the field otherwise."""
    count = len(view.items)
    parts = [part.strip() for part in text.replace(" ", ",").split(",") if part.strip()]
    numbers = [int(part) for part in parts if part.isdigit()]
    if len(numbers) != len(parts) or sorted(numbers) != list(range(1, count + 1)):
        raise BoutError(
            f"Your order: give each number from 1 to {count} once, in the order you want "
            f"(for example {', '.join(str(n) for n in range(count, 0, -1))})."
        )
    by_number = {number: value for number, value, _ in view.items}
    return ",".join(by_number[number] for number in numbers)


def fight_fighters(bout: Bout, setup: dict, frame: Frame | None, owns) -> list[Fighter]:
    """The entries in fighter order, each with his piece now; his orders if `owns(entry)`."""
    colours = side_colours(setup)
    rows = setup.get("fighters", [])
    out = []
    for index, entry in enumerate(moritari.fight_entries(bout)):
        row = rows[index] if index < len(rows) else {}
        kind = row.get("kind") or moritari.entry_kind(entry)
        out.append(
            Fighter(
                index=index,
                entry=entry,
                name=str(entry),
                kind=_kind_name(kind),
                side=entry.side,
                colour=colours.get(entry.side, BEAST_COLOUR),
                beast=entry.gladiator_id is None,
                orders=(row.get("orders") or moritari.entry_orders(entry)) if owns(entry) else None,
                piece=frame.pieces[index] if frame and index < len(frame.pieces) else None,
            )
        )
    return out


def fight_setup(bout: Bout) -> dict:
    """The fight's inputs as JSON: as fought, or as they would be built now ({} if refused)."""
    if bout.setup:
        return bout.setup
    try:
        return moritari.setup_data(bout)
    except BoutError:
        return {"fighters": moritari.fighters_data(moritari.fight_entries(bout))}


def planned_frame(setup: dict) -> Frame | None:
    """The board before the first turn: where the engine will place them (its start), drawn
    from a replay of no turn at all."""
    try:
        start = moritari.engine.play(moritari.setup_from_data(setup), 0, stop_after=0)
    except (KeyError, TypeError, ValueError):
        return None
    log = [event.to_dict() for event in start.events]
    built = frames(setup, log)
    return built[0] if built else None
