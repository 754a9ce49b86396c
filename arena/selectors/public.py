"""What spectators may read: a show's card, results and verdicts, and the leaders of the
campaign. Nothing here carries money, orders, prices, odds or anything else only the GM (or a
man's owner) may see: the handout, the share links' pages and the leaders' chart read only
these rows.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet, prefetch_related_objects

from arena.models import VENUE_CITY, Bout, BoutEntry, Race, RaceEntry, Show, Venue
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
        school=man.owner.school if man and man.owner else "",
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
    bouts = (
        Bout.objects.select_related("verdict")
        .prefetch_related("entries__gladiator__owner", Prefetch("injuries", queryset=injuries))
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
        """Our reading (docs/rules.md, "Fame"): a point a win, one more for each palm, two for
        each city where he is Known."""
        return (
            FAME_PER_WIN * self.wins
            + FAME_PER_PALM * self.palms
            + FAME_PER_CITY_KNOWN * self.cities_known
        )


def standings(campaign: Campaign) -> list[Standing]:
    """Every fighter of the campaign (the drivers aside) with his wins, Crowd Favor and Fame.

    Three queries however many men (a long campaign has ten thousand): the men, their prior
    wins by city, and their bout entries; each man's wins by city are what `records_by_city`
    counts. The settled are kept here, not by `status IN (...)` in the WHERE
    (see arena.selectors.records.records_of)."""
    fighters = Gladiator.objects.filter(campaign=campaign, is_charioteer=False)
    men = list(fighters.order_by("name", "pk"))
    wins_in: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    priors = PriorRecord.objects.filter(gladiator__in=fighters)
    for man_id, city, wins in priors.values_list("gladiator_id", "city", "wins"):
        wins_in[man_id][city] += wins
    # Every bout entry of the campaign's fighters, driven by the men's index: asked by the
    # show's campaign as well, SQLite walked every bout and probed it for ten thousand men.
    entries = (
        BoutEntry.objects.filter(gladiator__in=fighters)
        .values_list("gladiator_id", "bout__status", "bout__show__venue", "standing", "result")
        .order_by()
    )
    favor: dict[int, int] = {}
    palms: dict[int, int] = {}
    bouts: dict[int, int] = {}
    for man_id, status, venue, standing, result in entries:
        if status not in SETTLED:
            continue
        favor[man_id] = favor.get(man_id, 0) + (standing or 0)
        bouts[man_id] = bouts.get(man_id, 0) + 1
        if result == BoutEntry.Result.WON:
            wins_in[man_id][VENUE_CITY[Venue(venue)]] += 1
            if (standing or 0) >= PALM_AT:
                palms[man_id] = palms.get(man_id, 0) + 1
    rows = []
    for man in men:
        by_city = wins_in.get(man.pk, {})
        rows.append(
            Standing(
                gladiator=man,
                wins=sum(by_city.values()),
                favor=favor.get(man.pk, 0),
                palms=palms.get(man.pk, 0),
                cities_known=sum(1 for wins in by_city.values() if wins >= KNOWN_WINS),
                bouts=bouts.get(man.pk, 0),
            )
        )
    return rows


def leaders(campaign: Campaign, *, top: int = 5) -> dict[str, list[tuple[Standing, int]]]:
    """The first `top` men by wins, by Crowd Favor won and by Fame (ties by name), each with
    the figure he leads by; a man with nothing to show (0) is not a leader."""
    rows = standings(campaign)
    boards = {}
    for title, figure in (
        ("Wins", lambda s: s.wins),
        ("Crowd Favor", lambda s: s.favor),
        ("Fame", lambda s: s.fame),
    ):
        ranked = sorted(
            (s for s in rows if figure(s) > 0), key=lambda s: (-figure(s), s.gladiator.name)
        )
        boards[title] = [(s, figure(s)) for s in ranked[:top]]
    return boards
