"""Reads for a Moritari fight's pages: the board after each line of the log (the replay), the
fighters as they stand, Caesar's pending choice in words, and what Caesar chose.

The board is read from the log the engine wrote (its board snapshots at the start of every
turn, and each move, pivot, wound, thumb and rising after them), so a replay shows what was
stored even if the engine changes later. Nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from arena.errors import BoutError
from arena.models import Bout, BoutEntry
from arena.rulesets.moritari import adapter as moritari

# Side colours (men's schools in the order they enter the fight); the beasts are brown.
SIDE_COLOURS = ("#a33a2c", "#2b5d8c", "#4c7a34", "#8a4f9e", "#b8860b", "#2f7f7f")
BEAST_COLOUR = "#7a5230"
STATE_WORDS = {"standing": "on his feet", "lying": "lying spared", "dead": "dead", "out": "dead"}
CAESAR_KINDS = ("barred", "caesar", "order", "thumb")
THUMB_LABELS = {moritari.MITTE: "Mitte: he lives", moritari.IUGULA: "Iugula: he dies"}


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
                text=str(event.get("text", "")),
                kind=kind,
                pieces=[replace(p) for p in pieces],
                actor=who if isinstance(who, int) else None,
            )
        )
    return out


def caesar_lines(log: list[dict]) -> list[dict]:
    """What Caesar did, turn by turn: who was Caesar, who could not be, the order of the
    fights he gave, the thumbs he showed (and where he overruled the crowd)."""
    lines = []
    for event in log:
        kind = event.get("kind")
        if kind not in CAESAR_KINDS:
            continue
        if kind == "order" and len((event.get("data") or {}).get("fights", ())) < 2:
            continue  # a single fight: nothing was ordered
        lines.append(event)
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


def _order_words(option: str, fights: list[tuple[int, int]], names: list[str]) -> str:
    parts = []
    for n, i in enumerate(option.split(",")):
        a, b = fights[int(i)]
        parts.append(f"{'first' if n == 0 else 'then'} {names[a]} v {names[b]}")
    return ", ".join(parts).capitalize()


def pending_view(bout: Bout, names: list[str]) -> PendingView | None:
    """The choice the fight waits for, with each option in words: the fights in the order
    given, or the thumb (which one follows the crowd, which overrules it)."""
    pending = moritari.bout_pending(bout)
    if pending is None:
        return None
    entry = moritari.pending_entry(bout, pending)
    caesar = entry.side if entry is not None else ""
    view = PendingView(pending.kind, caesar, entry, pending.prompt, pending.round)
    if pending.kind == "fight_order":
        fights = moritari.pending_fights(bout)
        for option in pending.options:
            try:
                words = _order_words(option, fights, names)
            except (IndexError, ValueError):
                words = option
            view.options.append((option, words))
    else:
        appeals = [e for e in bout.log or [] if e.get("kind") == "appeal"]
        crowd = (appeals[-1].get("data") or {}).get("crowd") if appeals else None
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
