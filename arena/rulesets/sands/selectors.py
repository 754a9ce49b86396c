"""Reads for a Sands bout's pages: the bout read move by move from its stored log (each event
keeps the board and both sheets after it), drawn as a hex board, two sheets (dice pool,
fatigue track, wound boxes by location, tokens) and the GM's controls.

Nothing here decides a rule: positions, dice, fatigue, wounds and tokens are the engine's, as
the log stored them; the fixed numbers a sheet is drawn with (wound boxes, the track's F and X,
the pool's six dice) come from the adapter. The board's geometry (hexes to pixels) is drawing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from arena.book.selectors import book_for_event
from arena.errors import BoutError
from arena.models import Bout
from arena.rulesets.sands import adapter
from arena.rulesets.sands.words import event_words, orders_words
from arena.selectors.calendar import show_day_note
from arena.selectors.pages import bout_aftermath, pending_choice
from ludus.access import Access
from ludus.history import objects_changes

HEX_SIZE = 26  # pixels from a hex's centre to a corner
SIDES = adapter.SIDES
START_HEXES = ((-2, 0), (2, 0))
FACE_LETTERS = {
    "manoeuvre": "M",
    "attack": "A",
    "defence": "D",
    "special": "S",
    "respite": "R",
    "laurel": "L",
}
TOKEN_LABELS = (
    ("defence", "Defence"),
    ("laurel", "Laurel"),
    ("favour", "Favour"),
    ("disfavour", "Disfavour"),
    ("fervour", "Fervour"),
    ("apathy", "Apathy"),
    ("bleed", "Bleed"),
)
MOVES = ("move",)
ATTACKS = ("attack",)
END_WORDS = {
    "killed": "killed",
    "disabled": "disabled by a wound",
    "tripped": "tripped",
    "exhausted": "exhausted",
    "no dice": "left with no dice",
    "apathy": "abandoned by a bored crowd",
    "raised the finger": "raised the finger",
    "stans missus": "both exhausted at once: stans missus",
    "turn limit": "the turn limit",
}


# --- the board -----------------------------------------------------------------------------


def _pixel(q: int, r: int) -> tuple[float, float]:
    return HEX_SIZE * math.sqrt(3) * (q + r / 2), HEX_SIZE * 1.5 * r


@dataclass(frozen=True)
class HexCell:
    q: int
    r: int
    x: float
    y: float
    points: str
    wall: bool  # on the outermost ring: the wall is behind it


@dataclass(frozen=True)
class Man:
    side: str
    name: str
    kind: str
    x: float
    y: float
    face_x: float  # the point he faces (his opponent)
    face_y: float
    out: bool = False


@dataclass(frozen=True)
class Board:
    cells: tuple[HexCell, ...]
    men: tuple[Man, ...]
    view_box: str
    move: tuple[float, float, float, float] | None = None  # from x, y to x, y
    strike: tuple[float, float, float, float] | None = None  # attacker to defender
    wall_hit: tuple[float, float] | None = None
    edge: str = ""  # the arena's wall, a polygon round the grid


def _corners(x: float, y: float, size: float, turn: int = -30) -> list[tuple[float, float]]:
    """A hexagon's corners: pointy-top (a hex of the grid) or, turned 0, flat-top (the arena
    round a grid of pointy-top hexes)."""
    return [
        (
            x + size * math.cos(math.radians(60 * i + turn)),
            y + size * math.sin(math.radians(60 * i + turn)),
        )
        for i in range(6)
    ]


def _points(corners: list[tuple[float, float]]) -> str:
    return " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in corners)


def board(
    state: dict,
    event: dict | None,
    names: dict[str, str],
    kinds: dict[str, str],
    out: set[str] | None = None,
) -> Board:
    """The hex grid, both men (facing each other) and what the event did: a move's arrow,
    an attack's line, a collision with the wall."""
    out = out or set()
    radius = adapter.BOARD_RADIUS
    cells = []
    for r in range(-radius, radius + 1):
        for q in range(-radius, radius + 1):
            if max(abs(q), abs(r), abs(q + r)) > radius:
                continue
            x, y = _pixel(q, r)
            ring = max(abs(q), abs(r), abs(q + r)) == radius
            cells.append(HexCell(q, r, x, y, _points(_corners(x, y, HEX_SIZE)), ring))
    spots = [_pixel(*hexes) for hexes in state["hexes"]]
    men = []
    for i, side in enumerate(SIDES):
        (x, y), (ox, oy) = spots[i], spots[1 - i]
        length = math.hypot(ox - x, oy - y) or 1.0
        fx = x + (ox - x) / length * HEX_SIZE * 0.8
        fy = y + (oy - y) / length * HEX_SIZE * 0.8
        men.append(Man(side, names[side], kinds[side], x, y, fx, fy, side in out))
    move = strike = wall_hit = None
    data = (event or {}).get("data", {})
    kind = (event or {}).get("kind")
    if kind == "move" and "frm" in data and "to" in data:
        fx, fy = _pixel(*data["frm"])
        tx, ty = _pixel(*data["to"])
        move = (fx, fy, tx, ty)
    elif kind == "attack" and event.get("entrant") in (0, 1):
        who = event["entrant"]
        strike = (*spots[who], *spots[1 - who])
    elif kind in ("wall", "collision") and event.get("entrant") in (0, 1):
        wall_hit = spots[event["entrant"]]
    width = HEX_SIZE * (1.5 * radius + 1.3) / math.cos(math.radians(30))
    height = HEX_SIZE * (1.5 * radius + 1.5)
    pad = 10
    wall = HEX_SIZE * (1.5 * radius + 1.3) / math.cos(math.radians(30))
    edge = _points(_corners(0, 0, wall, 0))
    view_box = (
        f"{-width - pad:.0f} {-height - pad:.0f} {2 * (width + pad):.0f} {2 * (height + pad):.0f}"
    )
    return Board(tuple(cells), tuple(men), view_box, move, strike, wall_hit, edge)


# --- the sheets ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Location:
    name: str
    boxes: tuple[bool, ...]  # marked or not


@dataclass(frozen=True)
class Sheet:
    side: str
    name: str
    kind: str
    dice: tuple[tuple[str, str], ...]  # (face, letter) of the dice in his pool now
    forfeited: int
    surrendered: int
    empty: int  # dice he owns but has spent (or not rolled yet)
    fatigue: tuple[tuple[int, bool, str], ...]  # (box, filled, mark: "F", "X" or "")
    fatigue_now: int
    locations: tuple[Location, ...]
    tokens: tuple[tuple[str, int], ...]
    wounds: int
    orders: dict | None = None  # his orders for this bout, to those who may see them


def sheet(side: str, index: int, state: dict, name: str, kind: str) -> Sheet:
    pool = [str(face) for face in state["pools"][index]]
    forfeited = int(state["forfeited"][index])
    surrendered = int(state["surrendered"][index])
    owned = max(0, adapter.POOL_SIZE - forfeited - surrendered)
    fatigue = int(state["fatigue"][index])
    marks = {adapter.FATIGUED_AT: "F", adapter.FATIGUE_BOXES: "X"}
    track = tuple(
        (box, box <= fatigue, marks.get(box, "")) for box in range(1, adapter.FATIGUE_BOXES + 1)
    )
    wounds = {str(k): int(v) for k, v in dict(state["wounds"][index]).items()}
    locations = tuple(
        Location(
            str(location),
            tuple(i < wounds.get(str(location), 0) for i in range(boxes)),
        )
        for location, boxes in adapter.WOUND_BOXES.items()
    )
    tokens = dict(state["tokens"][index])
    return Sheet(
        side=side,
        name=name,
        kind=kind,
        dice=tuple((face, FACE_LETTERS.get(face, "?")) for face in pool),
        forfeited=forfeited,
        surrendered=surrendered,
        empty=max(0, owned - len(pool)),
        fatigue=track,
        fatigue_now=fatigue,
        locations=locations,
        tokens=tuple((label, int(tokens.get(key, 0))) for key, label in TOKEN_LABELS),
        wounds=sum(wounds.values()),
    )


# --- frames: the bout move by move ---------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """The bout after one event of its log (frame 0: before the first roll)."""

    index: int
    turn: int
    event: dict | None
    state: dict


def start_state(setup: dict) -> dict:
    """The board and sheets before the first roll, from the bout's inputs (carried wounds)."""
    carried = []
    for side in SIDES:
        marks = adapter.carried_marks((setup.get(side) or {}).get("injuries", ()))
        carried.append(list(marks.items()))
    return {
        "hexes": [list(h) for h in START_HEXES],
        "pools": [[], []],
        "forfeited": [0, 0],
        "surrendered": [0, 0],
        "fatigue": [0, 0],
        "wounds": carried,
        "tokens": [[], []],
    }


def frames(bout: Bout) -> list[Frame]:
    setup = bout.setup or {}
    out = [Frame(0, 0, None, start_state(setup))]
    for i, event in enumerate(bout.log or [], start=1):
        state = (event.get("data") or {}).get("state")
        if not isinstance(state, dict):
            continue
        out.append(Frame(i, int(event.get("round", 0)), event, state))
    return out


@dataclass
class Step:
    """One frame drawn: the board, both sheets, the event and the links round it."""

    frame: Frame
    board: Board
    sheets: tuple[Sheet, Sheet]
    last: int
    previous: int | None
    next: int | None
    turn_starts: list[tuple[int, int]] = field(default_factory=list)  # (turn, frame index)
    out: set[str] = field(default_factory=set)
    words: str = ""  # the event in plain English


def end_line(bout: Bout) -> str:
    """How the bout ended, in words with the men's names (its log's end line)."""
    end = next((e for e in reversed(bout.log or []) if e.get("kind") == "end"), None)
    if end is None:
        return ""
    names, _ = _names(bout)
    return event_words(end, (names["a"], names["b"]))


def _names(bout: Bout) -> tuple[dict[str, str], dict[str, str]]:
    setup = bout.setup or {}
    names, kinds = {}, {}
    for side in SIDES:
        entry = bout.entry(side)
        data = setup.get(side) or {}
        man = entry.gladiator
        names[side] = data.get("name") or (man.name if man else entry.name)
        kinds[side] = data.get("kind") or (man.armatura if man else "")
    return names, kinds


def _out(frame: Frame, bout: Bout) -> set[str]:
    event = frame.event or {}
    if event.get("kind") in ("killed", "concede") and event.get("entrant") in (0, 1):
        return {SIDES[event["entrant"]]}
    return set()


def step_at(bout: Bout, number: int | None) -> Step:
    """The bout drawn after event `number` (None: the last), clamped to the log."""
    all_frames = frames(bout)
    last = len(all_frames) - 1
    index = last if number is None else min(max(number, 0), last)
    frame = all_frames[index]
    names, kinds = _names(bout)
    out = set()
    for f in all_frames[1 : index + 1]:
        out |= _out(f, bout)
    sheets = tuple(
        sheet(side, i, frame.state, names[side], kinds[side]) for i, side in enumerate(SIDES)
    )
    starts: dict[int, int] = {}
    for f in all_frames[1:]:
        starts.setdefault(f.turn, f.index)
    return Step(
        frame=frame,
        board=board(frame.state, frame.event, names, kinds, out),
        sheets=(sheets[0], sheets[1]),
        last=last,
        previous=index - 1 if index > 0 else None,
        next=index + 1 if index < last else None,
        turn_starts=sorted(starts.items()),
        out=out,
        words=event_words(frame.event, (names["a"], names["b"])) if frame.event else "",
    )


def parse_step(text: str | None) -> int | None:
    """?step=N as a page sends it; anything else is the last step."""
    try:
        return int(text) if text is not None else None
    except (TypeError, ValueError):
        return None


def turns(bout: Bout) -> list[tuple[int, list[dict]]]:
    """The log by turn, for the page's record of the fight (latest first on the page), each
    event with its `words` (plain English, the men by name)."""
    names, _ = _names(bout)
    pair = (names["a"], names["b"])
    by_turn: dict[int, list[dict]] = {}
    for event in bout.log or []:
        said = event | {"words": event_words(event, pair)}
        by_turn.setdefault(int(event.get("round", 0)), []).append(said)
    return sorted(by_turn.items())


def end_words(bout: Bout) -> str:
    end = next((e for e in reversed(bout.log or []) if e.get("kind") == "end"), None)
    reason = (end or {}).get("data", {}).get("reason", "")
    return END_WORDS.get(reason, reason)


def appeal_event(bout: Bout) -> dict | None:
    """The loser's appeal to the crowd, with its `words`."""
    appeal = next((e for e in bout.log or [] if e.get("kind") == "appeal"), None)
    if appeal is None:
        return None
    names, _ = _names(bout)
    return appeal | {"words": event_words(appeal, (names["a"], names["b"]))}


# --- the pages' contexts -------------------------------------------------------------------


def _orders(access: Access, bout: Bout, side: str) -> dict | None:
    entry = bout.entry(side)
    if entry.gladiator is None or not access.owns_gladiator(entry.gladiator):
        return None
    setup = bout.setup or {}
    if side in setup:
        return dict(setup[side].get("orders") or {})
    try:
        return adapter.setup_data(bout)[side]["orders"]
    except BoutError:  # orders the engine would refuse: the fight will say why
        return {}


def _orders_said(orders: dict | None) -> str | None:
    """His orders in words (None: not his owner's nor the GM's to see)."""
    return None if orders is None else orders_words(orders)


@dataclass(frozen=True)
class OrdersForm:
    """A man's orders for a planned bout, as its form draws them (his owner and the GM)."""

    side: str
    name: str
    preset: str
    ask: bool
    presets: tuple[str, ...]


def _order_forms(access: Access, bout: Bout) -> list[OrdersForm]:
    if bout.status != Bout.Status.PLANNED:
        return []
    forms = []
    for side in SIDES:
        entry = bout.entry(side)
        if entry.gladiator is None or not access.owns_gladiator(entry.gladiator):
            continue
        orders = entry.orders or {}
        ask = orders.get("ask") or []
        forms.append(
            OrdersForm(
                side=side,
                name=entry.gladiator.name,
                preset=str(orders.get("name", "")),
                ask=adapter.TURN in ask,
                presets=tuple(adapter.PRESETS),
            )
        )
    return forms


def bout_context(access: Access, bout: Bout, number: int | None = None) -> dict:
    step = step_at(bout, number)
    pending = pending_choice(bout)
    may_choose = pending is not None and access.owns_gladiator(bout.entry(pending.side).gladiator)
    extra: dict = {}
    if access.is_gm:
        extra["can_undo"] = bout.status == Bout.Status.FIGHTING and bout.rounds > 0
        extra["history"] = objects_changes([bout, *bout.entries.all()])
        if bout.status == Bout.Status.PLANNED:  # the calendar moves before the first turn
            extra["day_note"] = show_day_note(bout.show, access.campaign.day)
    orders = {side: _orders(access, bout, side) for side in SIDES}
    return extra | {
        "order_forms": _order_forms(access, bout),
        "bout": bout,
        "show": bout.show,
        "step": step,
        "pending": pending,
        "pending_man": bout.entry(pending.side).gladiator if pending else None,
        "may_choose": may_choose,
        "choice_options": [
            (option, adapter.TURN_LABELS.get(option, option))
            for option in (pending.options if pending else ())
        ],
        "can_fight": access.is_gm
        and bout.status in (Bout.Status.PLANNED, Bout.Status.FIGHTING)
        and pending is None,
        "orders_a": _orders_said(orders["a"]),
        "orders_b": _orders_said(orders["b"]),
        "turns": turns(bout),
        "end_words": end_words(bout),
        "appeal": appeal_event(bout),
        "aftermath": bout_aftermath(bout, []),
        "book": book_for_event(bout),
        "is_editor": access.is_editor(bout.show.editor),
    }


def replay_context(bout: Bout, number: int | None) -> dict:
    step = step_at(bout, number)
    return {
        "bout": bout,
        "show": bout.show,
        "step": step,
        "turns": turns(bout),
        "end_words": end_words(bout),
        "appeal": appeal_event(bout),
        "finished": step.next is None
        and bout.status in (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE),
    }
