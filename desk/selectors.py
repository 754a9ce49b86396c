"""Reads the campaign pages need that ludus/selectors.py does not give: the user's campaigns,
the next show, the latest verdicts, a gladiator's sheet as the arena sees it, his bouts.

Everything is derived (from the rules engine's kit and sheet, from bouts and verdicts); nothing
here writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet

from arena.models import Bout, BoutEntry, Show, Verdict
from arena.selectors.records import (
    KNOWN_WINS,
    Record,
    records_by_city,
    records_of,
)
from ludus.models import Campaign, Gladiator, Injury, Lanista, Membership


def memberships_for_user(user) -> QuerySet[Membership]:
    """The user's campaigns, with his role in each, by campaign name."""
    return (
        Membership.objects.filter(user=user).select_related("campaign").order_by("campaign__name")
    )


def upcoming_shows(campaign: Campaign) -> QuerySet[Show]:
    """Shows not yet held, soonest first: a missed one (planned for a day gone by, fought
    today when begun) and one half fought before the day ended come first. A show is held when
    its last event is done (arena.services.calendar), so the next show moves on by itself."""
    return (
        Show.objects.filter(campaign=campaign, status=Show.Status.PLANNED)
        .select_related("editor")
        .order_by("day", "pk")
    )


@dataclass(frozen=True)
class SentOutHurt:
    """A man on the card of a show still to come who would go out with Wounds or unhealed
    injuries (the engine fights him with them)."""

    gladiator: Gladiator
    bout: Bout
    carried: list[Injury]


def sent_out_hurt(campaign: Campaign) -> list[SentOutHurt]:
    """Every man on a bout not yet begun, on a show not yet held, who carries Wounds or an
    unhealed injury: soonest show first."""
    unhealed = Injury.objects.filter(healed_on__isnull=True).order_by("day_taken", "pk")
    entries = (
        BoutEntry.objects.filter(
            bout__show__campaign=campaign,
            bout__show__status=Show.Status.PLANNED,
            bout__status=Bout.Status.PLANNED,
            gladiator__isnull=False,
        )
        .filter(
            Q(gladiator__wounds__gt=0) | Exists(unhealed.filter(gladiator=OuterRef("gladiator")))
        )
        .select_related("gladiator", "bout__show")
        .prefetch_related(Prefetch("gladiator__injuries", queryset=unhealed, to_attr="carried"))
        .order_by("bout__show__day", "bout__show__pk", "bout__pk", "pk")
    )
    return [SentOutHurt(e.gladiator, e.bout, e.gladiator.carried) for e in entries]


def next_show(campaign: Campaign) -> Show | None:
    return upcoming_shows(campaign).first()


def planned_shows(campaign: Campaign) -> QuerySet[Show]:
    """Every show not yet held (a hire is to one of these)."""
    return (
        Show.objects.filter(campaign=campaign, status=Show.Status.PLANNED)
        .select_related("editor")
        .order_by("day", "pk")
    )


def _named_entrants(path: str) -> Prefetch:
    """A list of bouts' entries with their men, for their names and results: one query (the
    men joined, not fetched by a second), without the sheets and orders (JSON) nor read."""
    entries = BoutEntry.objects.select_related("gladiator").defer(
        "sheet", "orders", "gladiator__sheet"
    )
    return Prefetch(path, queryset=entries)


def latest_verdicts(campaign: Campaign, *, limit: int = 5) -> QuerySet[Verdict]:
    """The editor's most recent decisions, newest first."""
    return (
        Verdict.objects.filter(bout__show__campaign=campaign)
        .select_related("bout", "bout__show")
        .defer("bout__log", "bout__setup", "bout__decisions")  # not shown here
        .prefetch_related(_named_entrants("bout__entries"))
        .order_by("-bout__show__day", "-pk")[:limit]
    )


def bouts_awaiting_verdict(campaign: Campaign) -> QuerySet[Bout]:
    """Bouts fought to an end whose editor has not yet decided the loser's fate."""
    return (
        Bout.objects.filter(show__campaign=campaign, status=Bout.Status.AWAITING_VERDICT)
        .select_related("show", "show__editor")
        .defer("log", "setup", "decisions")  # not shown here
        .prefetch_related(_named_entrants("entries"))
        .order_by("show__day", "show__pk", "order", "pk")
    )


def lanistae(campaign: Campaign) -> QuerySet[Lanista]:
    return Lanista.objects.filter(campaign=campaign).select_related("player").order_by("name")


def gladiator_bouts(gladiator: Gladiator) -> QuerySet[Bout]:
    """Every bout he is or was on the card for, by the show's day."""
    return (
        Bout.objects.filter(entries__gladiator=gladiator)
        .select_related("show")
        .prefetch_related("entries__gladiator")
        .order_by("show__day", "show_id", "order", "pk")
    )


def injuries_with_treatments(gladiator: Gladiator) -> QuerySet[Injury]:
    return gladiator.injuries.prefetch_related("treatments").order_by("day_taken", "pk")


@dataclass(frozen=True)
class RosterRow:
    gladiator: Gladiator
    record: Record
    hurt: bool
    carried: int  # unhealed Critical Injuries


@dataclass(frozen=True)
class School:
    lanista: Lanista | None  # None: the men who belong to no school
    rows: tuple[RosterRow, ...]


def _rows(men, records: dict[int, Record]) -> tuple[RosterRow, ...]:
    rows = []
    for man in men:
        carried = len(man.carried)
        rows.append(
            RosterRow(
                gladiator=man,
                record=records[man.pk],
                hurt=man.wounds > 0 or carried > 0,
                carried=carried,
            )
        )
    return tuple(rows)


def schools(
    campaign: Campaign,
    *,
    lanista: Lanista | None = None,
    among: Sequence[Lanista] | None = None,
    schoolless: bool = True,
) -> list[School]:
    """Each school's men (living first, then by name), with records; the school-less last.
    `among`: only these schools (a page of `lanistae`), and the school-less only if
    `schoolless` (the last page)."""
    men = Gladiator.objects.filter(campaign=campaign)
    if lanista is not None:
        men = men.filter(owner=lanista)
    elif among is not None:
        mine = Q(owner__in=[school.pk for school in among])
        men = men.filter(mine | Q(owner__isnull=True) if schoolless else mine)
    carried = Injury.objects.filter(healed_on__isnull=True).order_by("day_taken", "pk")
    men = (
        men.select_related("owner", "campaign")
        .prefetch_related(Prefetch("injuries", queryset=carried, to_attr="carried"))
        .order_by("name")
    )
    dead_last = sorted(men, key=lambda g: (g.status == Gladiator.Status.DEAD, g.name))
    records = records_of(dead_last)
    by_owner: dict[int | None, list[Gladiator]] = {}
    for man in dead_last:
        by_owner.setdefault(man.owner_id, []).append(man)
    result = []
    chosen = [lanista] if lanista is not None else among if among is not None else None
    for school in chosen if chosen is not None else lanistae(campaign):
        result.append(School(school, _rows(by_owner.get(school.pk, []), records)))
    if lanista is None and by_owner.get(None):
        result.append(School(None, _rows(by_owner[None], records)))
    return result


@dataclass(frozen=True)
class CityRecord:
    city: str
    record: Record
    known: bool


def city_records(gladiator: Gladiator) -> list[CityRecord]:
    return [
        CityRecord(city, record, record.wins >= KNOWN_WINS)
        for city, record in records_by_city(gladiator).items()
    ]
