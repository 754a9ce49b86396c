"""Who is on which card: a man is in at most one unfinished bout or race, and a man who dies,
is freed or changes hands leaves every card and field he had not fought out.

"Unfinished" is a bout planned, being fought or awaiting the editor, and a race planned or
being run. A bout or race a man leaves is void (docs/rules.md, "Leaving a card"): its book is
voided (every stake returned), nothing of it is paid, and the hires stand (the GM may correct
one on the ledger). A planned race only loses the man's entry; its book is voided, since the
line was priced on the old field.
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from arena.models import Bout, Race, RaceEntry
from arena.services.calendar import show_follow
from economy.services.betting import book_void
from ludus.errors import Refusal
from ludus.models import Gladiator
from ludus.signals import gladiator_left

UNFINISHED_BOUT = (Bout.Status.PLANNED, Bout.Status.FIGHTING, Bout.Status.AWAITING_VERDICT)
UNFINISHED_RACE = (Race.Status.PLANNED, Race.Status.RUNNING)
OPEN_BOUT = (Bout.Status.PLANNED, Bout.Status.FIGHTING)  # what a man's leaving can still void

BUSY_IN_BOUT = (
    "{name} is already on the card of {show} ({bout}, {status}): a man is in one unfinished "
    "bout or race at a time."
)
BUSY_IN_RACE = (
    "{name} is already in {race} at {show} ({status}): a man is in one unfinished bout or race "
    "at a time."
)
NOT_OPEN = "Only a bout not yet fought out can be made void; this one is {status}."


class CardError(Refusal):
    """A card or field the rules refuse: a man already busy, a bout too far gone to void."""


def unfinished_bout(man: Gladiator, *, excluding: Bout | None = None) -> Bout | None:
    bouts = Bout.objects.filter(entries__gladiator=man, status__in=UNFINISHED_BOUT)
    if excluding is not None:
        bouts = bouts.exclude(pk=excluding.pk)
    return bouts.select_related("show").first()


def unfinished_race(man: Gladiator, *, excluding: Race | None = None) -> Race | None:
    races = Race.objects.filter(entries__driver=man, status__in=UNFINISHED_RACE)
    if excluding is not None:
        races = races.exclude(pk=excluding.pk)
    return races.select_related("show").first()


def check_free_for_event(man: Gladiator, *, bout: Bout | None = None, race: Race | None = None):
    """Refuse a man already in another unfinished bout or race (the one being built aside)."""
    busy = unfinished_bout(man, excluding=bout)
    if busy is not None:
        raise CardError(
            BUSY_IN_BOUT.format(
                name=man.name, show=busy.show, bout=busy, status=busy.get_status_display().lower()
            )
        )
    busy_race = unfinished_race(man, excluding=race)
    if busy_race is not None:
        raise CardError(
            BUSY_IN_RACE.format(
                name=man.name,
                race=busy_race,
                show=busy_race.show,
                status=busy_race.get_status_display().lower(),
            )
        )


def _void_book(event: Bout | Race, reason: str, user) -> None:
    book = event.books.first()
    if book is not None and book.is_open:
        book_void(book=book, reason=reason, user=user)


@transaction.atomic
def bout_void(*, bout: Bout, reason: str, user=None) -> Bout:
    """Make a bout not yet fought out void: off the card, its book voided, nothing paid."""
    bout = Bout.objects.select_for_update().get(pk=bout.pk)
    if bout.status not in OPEN_BOUT:
        raise CardError(NOT_OPEN.format(status=bout.get_status_display().lower()))
    bout.status = Bout.Status.VOID
    bout.void_reason = reason[:200]
    bout.full_clean()
    bout.save(update_fields=["status", "void_reason"])
    _void_book(bout, reason, user)
    show_follow(bout.show_id)  # the card's last open event gone: the show may be held
    return bout


@transaction.atomic
def race_leave(*, entry: RaceEntry, reason: str, user=None) -> Race:
    """A driver leaves the field: off a planned race (its book voided); a race being run is
    void (its book voided, no prize)."""
    race = Race.objects.select_for_update().get(pk=entry.race_id)
    if race.status == Race.Status.PLANNED:
        entry.delete()
    elif race.status == Race.Status.RUNNING:
        race.status = Race.Status.VOID
        race.void_reason = reason[:200]
        race.full_clean()
        race.save(update_fields=["status", "void_reason"])
    else:
        return race
    _void_book(race, reason, user)
    show_follow(race.show_id)
    return race


@receiver(gladiator_left, dispatch_uid="arena.cards.gladiator_left")
def gladiator_leaves_cards(sender, *, gladiator: Gladiator, reason: str, **kwargs) -> None:
    """He died, was freed or changed hands: he leaves every card and field not fought out."""
    why = f"{gladiator.name} {reason}"
    for bout in Bout.objects.filter(entries__gladiator=gladiator, status__in=OPEN_BOUT):
        bout_void(bout=bout, reason=why)
    entries = RaceEntry.objects.filter(driver=gladiator, race__status__in=UNFINISHED_RACE)
    for entry in entries.select_related("race"):
        race_leave(entry=entry, reason=why)
