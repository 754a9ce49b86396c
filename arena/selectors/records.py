"""A man's record, whether he is Known in a city, and whether he may be given the rudis.

Nothing here is stored twice. A gladiator's record is what he brought into the campaign
(PriorRecord, by city) plus the bouts he has fought in it (Bout rows with a result, counted in
the city of their show's venue).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, QuerySet

from arena.models import VENUE_CITY, Bout, BoutEntry, Venue
from ludus.models import Gladiator, PriorRecord

KNOWN_WINS = 5  # seed, THE BOUT I: "Known here with at least five wins in this city"


RUDIS_WINS = 5  # seed, THE LUDUS V: "a winner at Crowd Favor 6 with at least five wins"


# A bout counts toward a record once the engine has settled it: the editor's verdict may still
# be pending (it decides the loser's life, not who won).
SETTLED = (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE)


@dataclass(frozen=True)
class Record:
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def bouts(self) -> int:
        return self.wins + self.losses + self.draws

    def __add__(self, other: Record) -> Record:
        return Record(self.wins + other.wins, self.losses + other.losses, self.draws + other.draws)

    def __str__(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"


def settled_entries(gladiator: Gladiator) -> QuerySet[BoutEntry]:
    """His entry in every bout of the campaign that has a result, oldest first."""
    return (
        BoutEntry.objects.filter(gladiator=gladiator, bout__status__in=SETTLED)
        .select_related("bout__show")
        .order_by("bout__show__day", "bout__show_id", "bout__order", "bout_id")
    )


def records_by_city(gladiator: Gladiator) -> dict[str, Record]:
    """His record in each city: PriorRecord plus settled bouts at that city's venues."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for prior in gladiator.prior_records.all():
        row = counts[prior.city]
        row[0] += prior.wins
        row[1] += prior.losses
        row[2] += prior.draws
    for entry in settled_entries(gladiator):
        row = counts[VENUE_CITY[Venue(entry.bout.show.venue)]]
        if entry.result == BoutEntry.Result.WON:
            row[0] += 1
        elif entry.result == BoutEntry.Result.LOST:
            row[1] += 1
        else:
            row[2] += 1
    return {city: Record(*row) for city, row in sorted(counts.items())}


def gladiator_record(gladiator: Gladiator) -> Record:
    """His whole record, every city together."""
    total = Record()
    for record in records_by_city(gladiator).values():
        total = total + record
    return total


def records_of(men) -> dict[int, Record]:
    """The whole records of many men in two queries (a roster), keyed by the man's id."""
    ids = [man.pk for man in men]
    counts: dict[int, list[int]] = {pk: [0, 0, 0] for pk in ids}
    priors = PriorRecord.objects.filter(gladiator_id__in=ids)
    for pk, wins, losses, draws in priors.values_list("gladiator_id", "wins", "losses", "draws"):
        row = counts[pk]
        row[0] += wins
        row[1] += losses
        row[2] += draws
    # Grouped by the bout's status too, and the settled kept here rather than in the WHERE:
    # with `status IN (...)` there, SQLite (no statistics) walks every bout of the campaign
    # by its status index and probes each for the page's men (1.2 s at 20,000 bouts and a
    # page of 500 men); without it, it reads the men's entries by their index.
    results = (
        BoutEntry.objects.filter(gladiator_id__in=ids)
        .values("gladiator_id", "result", "bout__status")
        .annotate(n=Count("pk"))
        .values_list("gladiator_id", "result", "bout__status", "n")
        .order_by()
    )
    for pk, result, status, n in results:
        if status not in SETTLED:
            continue
        index = 0 if result == BoutEntry.Result.WON else 1 if result == BoutEntry.Result.LOST else 2
        counts[pk][index] += n
    return {pk: Record(*row) for pk, row in counts.items()}


def wins_in_city(gladiator: Gladiator, city: str) -> int:
    return records_by_city(gladiator).get(city, Record()).wins


def is_known(gladiator: Gladiator, city: str) -> bool:
    """Known here: at least five wins in this city (he starts a bout there at Crowd Favor 3)."""
    return wins_in_city(gladiator, city) >= KNOWN_WINS


def rudis_eligible(gladiator: Gladiator, *, favor: int | None) -> bool:
    """A winner at Crowd Favor 6 with at least five wins in all (the bout just won included)."""
    return favor == 6 and gladiator_record(gladiator).wins >= RUDIS_WINS
