"""The Era's pair read from its stored log, for its pages: each corner at each round (Crowd
Favor, Wounds, injuries, his school then), and the Crowd Favor chart's series."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from arena.models import Bout, BoutEntry
from arena.rulesets.era.adapter import START_FAVOR, incapacitated, setup_from_data
from arena.selectors.at_bout import school_then, with_school_then
from arena.selectors.pages import SIDES, bout_inputs, start_wounds
from ludus.models import Gladiator
from ludus.selectors.people import gladiator_figures
from rules.core.errors import RulesError


@dataclass
class Corner:
    """One fighter at one moment of the bout, as the log shows him."""

    side: str
    gladiator: Gladiator
    favor: int
    wounds: int = 0
    injuries: list[dict] = field(default_factory=list)
    yielded: bool = False
    dead: bool = False
    wound_points: int = 0  # as the engine set him up for this bout (his injuries carried in)
    carried_in: list[str] = field(default_factory=list)  # unhealed injuries he came in with
    carried_unnamed: int = 0  # carried in by a setup stored before injuries were named
    school: str = ""  # his school as it was at the bout ("" for a man of none)

    @property
    def wound_percent(self) -> int:
        """How full his Wounds bar is (capped at 100 for the drawing)."""
        return min(100, round(100 * self.wounds / self.wound_points)) if self.wound_points else 0

    @property
    def incapacitated(self) -> bool:
        """Too hurt to fight on (the page says so beside Wounds at or over his Wound Points)."""
        return bool(self.wound_points) and incapacitated(self.wounds, self.wound_points)


@dataclass
class Step:
    """The state after one round (round 0: before the first), with that round's events."""

    round: int
    a: Corner
    b: Corner
    events: list[dict]

    def corner(self, side: str) -> Corner:
        return self.a if side == "a" else self.b


def _start_favor(setup: dict, side: str) -> int:
    if side in setup and "favor" in setup[side]:
        return setup[side]["favor"]
    return START_FAVOR


def _carried_in(setup: dict, side: str) -> tuple[list[str], int]:
    """The unhealed injuries he carried into the bout, by name, as the engine's inputs hold
    them; a setup stored before injuries were named keeps only their count."""
    entrant = setup.get(side, {})
    names = [str(name) for name in entrant.get("injuries", ())]
    unnamed = max(0, int(entrant.get("carried_injuries", 0) or 0) - len(names))
    return names, unnamed


def _wound_points(setup: dict, side: str, man: Gladiator) -> int:
    """His Wound Points in this bout, from the engine's own inputs (as fought, or as the bout
    would be set up now); from the ruleset's figures when no setup can be built."""
    try:
        return setup_from_data(setup).entrant(side).wound_points
    except (RulesError, KeyError, TypeError):
        figures = gladiator_figures(man)
        return figures["wound_points"] if figures else 0


def _other(side: str) -> str:
    return "b" if side == "a" else "a"


def schools_at_bout(bout: Bout, entries: list[BoutEntry]) -> dict[str, str]:
    """Each side's school as it was when the bout was settled (issue 27: a man freed or sold
    since showed today's school, or none, on the bout of record)."""
    if all(entry.school is not None for entry in entries) or bout.status not in (
        Bout.Status.AWAITING_VERDICT,
        Bout.Status.DONE,
    ):  # kept on the entries, or not settled yet (today's): no history to read
        return {entry.side: school_then(entry) for entry in entries}
    # A bout settled before its entries kept the school: one query, from the history tables.
    entries = with_school_then(
        BoutEntry.objects.filter(bout=bout).select_related("gladiator__owner")
    )
    return {entry.side: school_then(entry) for entry in entries}


def bout_steps(bout: Bout) -> list[Step]:
    """The bout read from its log: one Step per round, round 0 first."""
    entries = {side: bout.entry(side) for side in SIDES}
    men = {side: entry.gladiator for side, entry in entries.items()}
    setup = bout_inputs(bout)
    schools = schools_at_bout(bout, list(entries.values()))
    corners = {
        s: Corner(
            s,
            men[s],
            _start_favor(setup, s),
            start_wounds(setup, s),
            wound_points=_wound_points(setup, s, men[s]),
            carried_in=_carried_in(setup, s)[0],
            carried_unnamed=_carried_in(setup, s)[1],
            school=schools.get(s, ""),
        )
        for s in SIDES
    }

    def snapshot(round_: int, events: list[dict]) -> Step:
        copy = {
            s: replace(c, injuries=list(c.injuries), carried_in=list(c.carried_in))
            for s, c in corners.items()
        }
        return Step(round_, copy["a"], copy["b"], events)

    by_round: dict[int, list[dict]] = {}
    for event in bout.log or []:
        by_round.setdefault(event.get("round", 0), []).append(event)
    steps = []
    last = max(by_round, default=0)
    for round_ in range(0, max(last, bout.rounds) + 1):
        events = by_round.get(round_, [])
        for event in events:
            kind, actor = event.get("kind"), event.get("actor")
            if kind == "attack" and event.get("hit") and actor in SIDES:
                corners[_other(actor)].wounds = event.get("total_wounds", 0)
            elif kind == "injury" and actor in SIDES:
                corners[actor].injuries.append(event.get("crit", {}))
            elif kind == "favor" and actor in SIDES and "favor" in event:
                corners[actor].favor = event["favor"]
            elif kind == "yield" and actor in SIDES:
                corners[actor].yielded = True
            elif kind == "end" and event.get("end_reason") == "killed" and actor in SIDES:
                corners[actor].dead = True
        steps.append(snapshot(round_, events))
    return steps


def favor_series(bout: Bout, steps: list[Step]) -> list[tuple[str, list[int], str]]:
    """Each fighter's Crowd Favor at the start and after each round, for the chart."""
    return [
        (str(bout.entry_a), [s.a.favor for s in steps], "a"),
        (str(bout.entry_b), [s.b.favor for s in steps], "b"),
    ]
