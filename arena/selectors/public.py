"""What spectators may read: a show's card, results and verdicts, and the leaders of the
campaign. Nothing here carries money, orders, prices, odds or anything else only the GM (or a
man's owner) may see: the handout, the share links' pages and the leaders' chart read only
these rows.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from django.db import connection
from django.db.models import Count, Prefetch, Q, QuerySet, Sum, prefetch_related_objects
from django.db.models.functions import Coalesce

from arena.models import VENUE_CITY, Bout, BoutEntry, Race, RaceEntry, Show
from arena.selectors.at_bout import school_then, with_school_then
from arena.selectors.records import KNOWN_WINS, SETTLED
from ludus.models import Campaign, Gladiator, Injury, PriorRecord

# The palm goes with the purse to a winner at Crowd Favor 5 or 6 (seed 001, THE LUDUS).
PALM_AT = 5
FAME_PER_WIN, FAME_PER_PALM, FAME_PER_CITY_KNOWN = 1, 1, 2


@dataclass(frozen=True)
class PublicCorner:
    name: str
    kit: str
    school: str
    favor: int | None
    result: str
    fate: str


@dataclass(frozen=True)
class PublicBout:
    order: int
    status: str
    corners: tuple[PublicCorner, ...]
    winner: str | None
    loser: str | None
    end: str
    rounds: int
    crowd: str  # the crowd's call, "" without a verdict
    editor_act: str
    loser_died: bool
    void_reason: str
    injuries: tuple[str, ...]


@dataclass(frozen=True)
class PublicDriver:
    name: str
    faction: str
    distance: int | None
    wrecked_on_leg: int | None
    won: bool


@dataclass(frozen=True)
class PublicRace:
    name: str
    status: str
    chariot: str
    drivers: tuple[PublicDriver, ...]


@dataclass(frozen=True)
class Handout:
    show: Show
    bouts: tuple[PublicBout, ...]
    races: tuple[PublicRace, ...]


def _corner(entry: BoutEntry) -> PublicCorner:
    man = entry.gladiator
    return PublicCorner(
        name=str(entry),
        kit=man.get_armatura_display() if man else "",
        school=school_then(entry),
        favor=entry.standing,
        result=entry.get_result_display() if entry.result else "",
        fate=entry.get_fate_display() if entry.fate else "",
    )


def _bout(bout: Bout) -> PublicBout:
    verdict = getattr(bout, "verdict", None)
    injuries = tuple(
        f"{injury.gladiator.name}: {injury.name} ({injury.get_severity_display()})"
        for injury in bout.injuries.all()  # prefetched in order (_CARD)
    )
    return PublicBout(
        order=bout.order,
        status=bout.get_status_display(),
        corners=tuple(_corner(entry) for entry in bout.entrants),
        winner=str(bout.winning_entry) if bout.winning_entry else None,
        loser=str(bout.losing_entry) if bout.losing_entry else None,
        end=bout.get_end_reason_display() if bout.end_reason else "",
        rounds=bout.rounds,
        crowd=verdict.get_crowd_call_display() if verdict else "",
        editor_act=verdict.get_editor_act_display() if verdict else "",
        loser_died=bool(verdict and verdict.loser_died),
        void_reason=bout.void_reason,
        injuries=injuries,
    )


def _race(race: Race) -> PublicRace:
    return PublicRace(
        name=race.name,
        status=race.get_status_display(),
        chariot=race.get_chariot_display(),
        drivers=tuple(
            PublicDriver(
                name=entry.driver.name,
                faction=entry.faction,
                distance=entry.distance,
                wrecked_on_leg=entry.wrecked_on_leg,
                won=entry.won,
            )
            for entry in race.entries.all()  # prefetched in order (_RACES)
        ),
    )


def _card() -> Prefetch:
    """A show's bouts in card order with their men, schools, verdict and injuries."""
    injuries = Injury.objects.select_related("gladiator").order_by("pk")
    # A spectator reads no log, setup, sheet or orders: those are the heavy columns, left unread.
    entries = with_school_then(  # the school each man fought for, as it was (issue 27)
        BoutEntry.objects.select_related("gladiator__owner").defer(
            "sheet", "orders", "gladiator__sheet"
        )
    )
    bouts = (
        Bout.objects.select_related("verdict")
        .defer("setup", "decisions", "log", "verdict__appeal")
        .prefetch_related(
            Prefetch("entries", queryset=entries), Prefetch("injuries", queryset=injuries)
        )
        .order_by("order", "pk")
    )
    return Prefetch("bouts", queryset=bouts, to_attr="handout_bouts")


def _races() -> Prefetch:
    """A show's races with their drivers by lane."""
    entries = RaceEntry.objects.select_related("driver").order_by("lane", "pk")
    races = Race.objects.prefetch_related(Prefetch("entries", queryset=entries)).order_by("pk")
    return Prefetch("races", queryset=races, to_attr="handout_races")


def handouts(shows: list[Show]) -> list[Handout]:
    """The shows as a spectator reads them: the card, each bout's result and verdict, the
    races. A fixed few queries however many shows and bouts."""
    prefetch_related_objects(shows, _card(), _races())
    return [
        Handout(
            show=show,
            bouts=tuple(_bout(bout) for bout in show.handout_bouts),
            races=tuple(_race(race) for race in show.handout_races),
        )
        for show in shows
    ]


def show_handout(show: Show) -> Handout:
    """One show as a spectator reads it (`handouts`)."""
    return handouts([show])[0]


def campaign_calendar(campaign: Campaign) -> QuerySet[Show]:
    """Every show of the campaign in calendar order, for the public record's pages."""
    return Show.objects.filter(campaign=campaign).select_related("editor").order_by("day", "pk")


# --- the leaders --------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """A man's standing among the campaign's fighters."""

    gladiator: Gladiator
    wins: int  # his record's wins, what he brought in included
    favor: int  # Crowd Favor won: the sum of his Crowd Favor at the end of each settled bout
    palms: int  # campaign bouts won at Crowd Favor 5 or 6
    cities_known: int  # cities where he has five wins or more
    bouts: int  # settled campaign bouts

    @property
    def fame(self) -> int:
        return _fame(self.wins, self.palms, self.cities_known)


def _fame(wins: int, palms: int, cities_known: int) -> int:
    """Our reading (docs/rules.md, "Fame"): a point a win, one more for each palm, two for
    each city where he is Known."""
    return FAME_PER_WIN * wins + FAME_PER_PALM * palms + FAME_PER_CITY_KNOWN * cities_known


class _Figures(NamedTuple):
    """A man's standing without the man: what `_figures` works out for every fighter (a
    tuple: ten thousand of them are made for each page that shows the leaders)."""

    wins: int = 0
    favor: int = 0
    palms: int = 0
    cities_known: int = 0
    bouts: int = 0

    @property
    def fame(self) -> int:
        return _fame(self.wins, self.palms, self.cities_known)


# The cities of the venues, each with its venues: a man's campaign wins are counted by city in
# the database (a count per city), not by reading each of his bouts.
_CITIES: dict[str, list[str]] = {}
for _venue, _city in VENUE_CITY.items():
    _CITIES.setdefault(_city, []).append(_venue.value)


# Every status but the settled. Such bouts (planned, being fought or void, of every campaign)
# are few beside the settled, and their ids come from the status index alone.
UNSETTLED = [status for status in Bout.Status if status not in SETTLED]


def _settled_sums(campaign: Campaign) -> dict[int, list[int]]:
    """Each fighter's settled bouts summed in the database: [Crowd Favor, bouts, palms, then
    his wins in each city of `_CITIES`], keyed by the man's id (hired opponents and drivers
    aside).

    The entries are read by the show's campaign, through the bouts' show index alone: the
    bouts not settled are left out by id (`UNSETTLED`, from the status index), so no bout row
    is read. Asking for the settled by `status IN (...)` instead made SQLite walk every bout of
    the database by its status index (see records_of), and reading each bout's status cost a
    third of the query. The rows are read through a plain cursor: the ORM's int() on each of
    the six sums of ten thousand rows cost as much as the rest of the Python of the leaders."""
    won = Q(result=BoutEntry.Result.WON)
    by_city = {
        f"won_in_{index}": Count("pk", filter=won & Q(bout__show__venue__in=venues))
        for index, venues in enumerate(_CITIES.values())
    }
    grouped = (
        BoutEntry.objects.filter(bout__show__campaign=campaign, gladiator__isnull=False)
        .exclude(bout__in=Bout.objects.filter(status__in=UNSETTLED).values("pk"))
        .exclude(gladiator__in=_drivers(campaign))
        .values("gladiator_id")
        .annotate(
            favor=Coalesce(Sum("standing"), 0),
            bouts=Count("pk"),
            palms=Count("pk", filter=won & Q(standing__gte=PALM_AT)),
            **by_city,
        )
        .values_list("gladiator_id", "favor", "bouts", "palms", *by_city)
        .order_by()
    )
    sql, params = grouped.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return {man_id: figures for man_id, *figures in cursor.fetchall()}


def _figures(campaign: Campaign) -> dict[int, _Figures]:
    """Every fighter's figures (the drivers aside, and men with nothing to count), keyed by
    the man's id: two queries however many men and bouts. A man is Known in a city by his
    wins there, brought in (PriorRecord) and won in the campaign."""
    priors: dict[int, dict[str, int]] = {}
    rows = PriorRecord.objects.filter(gladiator__in=_fighters(campaign))
    for man_id, city, wins in rows.values_list("gladiator_id", "city", "wins").order_by():
        by_city = priors.setdefault(man_id, {})
        by_city[city] = by_city.get(city, 0) + wins
    sums = _settled_sums(campaign)
    found = {}
    for man_id, (favor, bouts, palms, *won) in sums.items():
        if man_id in priors:
            by_city = dict(priors[man_id])
            for city, wins in zip(_CITIES, won, strict=True):
                by_city[city] = by_city.get(city, 0) + wins
            won = list(by_city.values())
        wins = sum(won)
        # Known somewhere takes five wins in one city: none below five in all.
        known = len([n for n in won if n >= KNOWN_WINS]) if wins >= KNOWN_WINS else 0
        found[man_id] = _Figures(wins, favor, palms, known, bouts)
    for man_id in priors.keys() - sums.keys():  # men with a record and no settled bout here
        won = list(priors[man_id].values())
        found[man_id] = _Figures(sum(won), 0, 0, len([n for n in won if n >= KNOWN_WINS]), 0)
    return found


def _fighters(campaign: Campaign) -> QuerySet[Gladiator]:
    return Gladiator.objects.filter(campaign=campaign, is_charioteer=False)


def _drivers(campaign: Campaign) -> QuerySet[Gladiator]:
    return Gladiator.objects.filter(campaign=campaign, is_charioteer=True).values("pk")


def standings(campaign: Campaign) -> list[Standing]:
    """Every fighter of the campaign (the drivers aside) with his wins, Crowd Favor and Fame,
    by name: three queries however many men and bouts."""
    figures = _figures(campaign)
    return [
        Standing(man, **figures.get(man.pk, _Figures())._asdict())
        for man in _fighters(campaign).order_by("name", "pk")
    ]


BOARDS: dict[str, Callable[[_Figures], int]] = {
    "Wins": attrgetter("wins"),
    "Crowd Favor": attrgetter("favor"),
    "Fame": attrgetter("fame"),
}
# The men in the running for a board (those at or above its `top`-th figure, ties included)
# are named by id up to this many; past it (ties by the thousand), every fighter's name is
# read by the campaign instead of sending thousands of ids.
NAMED_BY_ID = 500


def leaders(campaign: Campaign, *, top: int = 5) -> dict[str, list[tuple[Standing, int]]]:
    """The first `top` men by wins, by Crowd Favor won and by Fame (ties by name), each with
    the figure he leads by; a man with nothing to show (0) is not a leader.

    Four queries however many men: the figures (`_figures`), the names of the men in the
    running (at or above each board's `top`-th figure: a few, unless many tie), and the
    leaders themselves. Each board is cut at its `top`-th figure over plain integers, and
    only the men in the running are sorted by figure and name."""
    figures = _figures(campaign)
    running: dict[str, tuple[dict[int, int], list[int]]] = {}
    for title, figure in BOARDS.items():
        values = {pk: figure(man) for pk, man in figures.items()}
        best = heapq.nlargest(top, values.values())
        least = max(1, best[-1]) if best else 1
        running[title] = (values, [pk for pk, value in values.items() if value >= least])
    named = {pk for _, pks in running.values() for pk in pks}
    fighters = _fighters(campaign).order_by()
    if len(named) <= NAMED_BY_ID:
        fighters = fighters.filter(pk__in=named)
    names = dict(fighters.values_list("pk", "name")) if named else {}
    ranked = {
        title: sorted(
            (pk for pk in pks if pk in names), key=lambda pk: (-values[pk], names[pk], pk)
        )[:top]
        for title, (values, pks) in running.items()
    }
    chosen = {pk for board in ranked.values() for pk in board}
    men = Gladiator.objects.in_bulk(chosen) if chosen else {}
    return {  # (a man removed since his name was read is left off)
        title: [
            (Standing(men[pk], **figures[pk]._asdict()), running[title][0][pk])
            for pk in board
            if pk in men
        ]
        for title, board in ranked.items()
    }
