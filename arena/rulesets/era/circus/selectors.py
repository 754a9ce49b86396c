"""Reads for the Circus pages: races, their fields, their legs as run, and the chart's figures.

Who sees what: the race, its field, every leg run and its dice are public. A driver's push
orders for legs not yet run are private to the GM and to the player whose school owns the
driver; the GM's Peril Points for legs not yet run are the GM's alone (docs/rules.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from arena.models import Race, RaceEntry
from arena.rulesets.era.adapter import driver_resistance
from arena.rulesets.era.circus.chart import DriverLine, LegMark
from ludus.access import Access
from ludus.models import Campaign

LEG_TITLES = ("Start and first turn", "Middle laps", "Last lap")
REASONS = {
    "calamity": "a Calamity on the pushed leg's Crisis die",
    "peril": "a Peril Point",
    "banes": "3 or more net Banes",
}


def races_for_campaign(campaign: Campaign) -> QuerySet[Race]:
    return (
        Race.objects.filter(show__campaign=campaign)
        .select_related("show")
        .prefetch_related("entries__driver")
        .order_by("show__day", "pk")
    )


def race_for_campaign(campaign: Campaign, race_id: int) -> Race:
    return Race.objects.select_related("show__editor", "show__campaign").get(
        pk=race_id, show__campaign=campaign
    )


def race_entries(race: Race) -> list[RaceEntry]:
    return list(race.entries.select_related("driver__owner").order_by("lane", "pk"))


@dataclass(frozen=True)
class EntryRow:
    entry: RaceEntry
    resistance: int
    orders_visible: bool  # this user may see (and set) his orders for legs not yet run
    peril_visible: bool
    pushes: list[bool | None]  # per leg: run legs from the log; later legs if visible, else None
    perils: list[bool | None]


def entry_rows(race: Race, access: Access) -> list[EntryRow]:

    log = race.log if isinstance(race.log, dict) else {}
    logged = log.get("drivers", [])
    logged_peril = {tuple(p) for p in log.get("peril", [])}
    rows = []
    for index, entry in enumerate(race_entries(race)):
        visible = access.owns_gladiator(entry.driver)
        pushes: list[bool | None] = []
        perils: list[bool | None] = []
        for leg in range(3):
            if leg < race.legs_run and index < len(logged):
                pushes.append(bool(logged[index]["push"][leg]))
                perils.append((index, leg) in logged_peril)
            else:
                planned = list(entry.push_legs or []) + [False] * 3
                pushes.append(bool(planned[leg]) if visible else None)
                perils.append((leg + 1) in (entry.peril_legs or []) if access.is_gm else None)
        rows.append(
            EntryRow(
                entry=entry,
                resistance=driver_resistance(entry.driver),
                orders_visible=visible,
                peril_visible=access.is_gm,
                pushes=pushes,
                perils=perils,
            )
        )
    return rows


@dataclass(frozen=True)
class LegEventRow:
    name: str
    faction: str
    pushed: bool
    roll: dict
    reasons: list[str]
    save: dict | None
    wrecked: bool
    gained: int
    total: int
    wounds: int


@dataclass(frozen=True)
class LegRow:
    number: int
    title: str
    events: list[LegEventRow]


def _names(race: Race, log: dict) -> list[tuple[str, str]]:
    entries = {e.pk: e for e in race.entries.select_related("driver")}
    out = []
    for index, data in enumerate(log.get("drivers", [])):
        ids = log.get("entries", [])
        entry = entries.get(ids[index]) if index < len(ids) else None
        out.append((data["name"], entry.faction if entry else ""))
    return out


def race_legs(race: Race) -> list[LegRow]:
    """Every leg run, each driver's roll, any save, and what it came to, from the stored log."""
    log = race.log if isinstance(race.log, dict) else {}
    names = _names(race, log)
    legs = []
    for leg in log.get("legs", []):
        events = []
        for event in leg["events"]:
            name, faction = names[event["driver"]]
            events.append(
                LegEventRow(
                    name=name,
                    faction=faction,
                    pushed=event["pushed"],
                    roll=event["roll"],
                    reasons=[REASONS.get(r, r) for r in event["wreck_check"]],
                    save=event["save"],
                    wrecked=event["wrecked"],
                    gained=event["distance_added"],
                    total=leg["distances"][event["driver"]],
                    wounds=event["wounds"],
                )
            )
        legs.append(LegRow(leg["leg"] + 1, LEG_TITLES[leg["leg"]], events))
    return legs


def race_roll_off(race: Race) -> list[list[tuple[str, int]]]:
    log = race.log if isinstance(race.log, dict) else {}
    names = _names(race, log)
    return [[(names[r["driver"]][0], r["d6"]) for r in rnd] for rnd in log.get("roll_off", [])]


def race_chart_lines(race: Race) -> list[DriverLine]:
    """The chart's figures: for each driver, each leg he ran (a wrecked man stops there)."""
    log = race.log if isinstance(race.log, dict) else {}
    names = _names(race, log)
    if not names:
        return [
            DriverLine(name=e.driver.name, faction=e.faction)
            for e in race.entries.select_related("driver").order_by("lane", "pk")
        ]
    marks: list[list[LegMark]] = [[] for _ in names]
    for leg in log.get("legs", []):
        for event in leg["events"]:
            i = event["driver"]
            marks[i].append(
                LegMark(
                    leg=leg["leg"] + 1,
                    gained=event["distance_added"],
                    total=leg["distances"][i],
                    pushed=event["pushed"],
                    save_called=bool(event["wreck_check"]),
                    wrecked=event["wrecked"],
                )
            )
    winner = log.get("winner")
    return [
        DriverLine(name=name, faction=faction, marks=tuple(marks[i]), won=winner == i)
        for i, (name, faction) in enumerate(names)
    ]
