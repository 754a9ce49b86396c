"""Taking back the last medicus roll or the last end of day, when nothing depends on it yet
(docs/rules.md, "Undo").

An undo never deletes: the roll or the day's record is marked undone (who, when), and what it
did is given back (the injury unhealed, the Wounds rested off carried again, the day turned
back). The history tables keep both. What depends on it is asked of the layers above through
`ludus.signals.undo_asked` (arena refuses when a bout was fought or a race run since).

Neither a roll nor the night posts money (the medicus takes no fee in the seed), so neither
undo touches the ledger.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ludus.errors import AlreadyDone, Refusal
from ludus.models import Campaign, DayEnd, Gladiator, TreatmentAttempt
from ludus.signals import undo_asked

NO_ROLL = "There is no medicus roll to take back."
ROLL_NOT_LAST = (
    "Only the last medicus roll can be taken back; the last is roll #{pk}, on {name}'s injury "
    "({injury})."
)
ROLL_UNDONE = "Already done: that medicus roll has been taken back."
ROLL_UNTIMED = "That roll was kept before rolls could be taken back; it stands."
ROLL_DAY_OVER = (
    "That roll was made on day {day}, which has ended (the day is {today}): the night and what "
    "came after depend on it. It stands."
)
NO_DAY_END = "No day has ended yet; there is nothing to take back."
DAY_END_NOT_LAST = "Only the last end of day can be taken back: day {day}."
DAY_END_UNDONE = "Already done: the end of day {day} has been taken back."
ADVANCE_STANDS = (
    "The end of day {day} was one night of an advance to day {to}: an advance of several days "
    "cannot be undone; correct by hand."
)
DAY_MOVED = "The campaign is on day {today}, not day {day}; the end of day {ended} stands."
DIED_THAT_NIGHT = (
    "{names} died in the night of day {day}: a death takes him off every card and voids his "
    "books, which no undo gives back. The end of day stands."
)
ROLLED_SINCE = (
    "The medicus treated {name}'s injury ({injury}) on day {day}, after the day began: take that "
    "roll back first."
)
WOUNDS_MOVED = (
    "{name} carries {now} Wounds, not the {then} he had after the night: something since (a "
    "bout) depends on his rest. The end of day stands."
)

ROLL = "the medicus roll"
DAY_END = "the end of day"


class UndoError(Refusal):
    """Something cannot be taken back: it is not the last, or something depends on it."""


def last_roll(campaign: Campaign) -> TreatmentAttempt | None:
    """The campaign's last medicus roll still standing."""
    return (
        TreatmentAttempt.objects.filter(
            injury__gladiator__campaign=campaign, undone_at__isnull=True
        )
        .select_related("injury__gladiator")
        .order_by("-pk")
        .first()
    )


def last_day_end(campaign: Campaign) -> DayEnd | None:
    """The campaign's last end of day still standing."""
    return DayEnd.objects.filter(campaign=campaign, undone_at__isnull=True).order_by("-pk").first()


def roll_undo_refusal(attempt: TreatmentAttempt) -> str | None:
    """Why this roll cannot be taken back now (what depends on it), or None if it can. The
    layers above are asked too, so the page can say so before the click."""
    try:
        _check_roll(attempt)
    except Refusal as error:  # ours, or the layer above's (a bout fought since)
        return str(error)
    return None


def _check_roll(attempt: TreatmentAttempt) -> None:
    injury = attempt.injury
    man = injury.gladiator
    campaign = man.campaign
    if attempt.undone_at is not None:
        raise AlreadyDone(ROLL_UNDONE)
    last = last_roll(campaign)
    if last is None or last.pk != attempt.pk:
        raise UndoError(
            ROLL_NOT_LAST.format(
                injury=last.injury.name, name=last.injury.gladiator.name, pk=last.pk
            )
            if last
            else NO_ROLL
        )
    if attempt.created is None:
        raise UndoError(ROLL_UNTIMED)
    if attempt.day != campaign.day:
        raise UndoError(ROLL_DAY_OVER.format(day=attempt.day, today=campaign.day))
    if not attempt.success:
        return  # a failed roll changed nothing: what was fought since fought him as hurt
    undo_asked.send(
        sender=TreatmentAttempt,
        campaign=campaign,
        since=attempt.created,
        gladiators=[man],
        what=ROLL,
    )


@transaction.atomic
def medicus_undo(*, attempt: TreatmentAttempt, user=None) -> TreatmentAttempt:
    """Take back the campaign's last medicus roll, made today, if no bout or race of the man
    has been fought since: the roll is marked undone and, if it healed, the injury is carried
    again. The day's attempt is free again (a new roll draws new dice)."""
    attempt = (
        TreatmentAttempt.objects.select_for_update(of=("self",))
        .select_related("injury__gladiator__campaign")
        .get(pk=attempt.pk)
    )
    _check_roll(attempt)
    attempt.undone_at = timezone.now()
    attempt.undone_by = user if user is not None and user.is_authenticated else None
    attempt.save(update_fields=["undone_at", "undone_by"])
    injury = attempt.injury
    if attempt.success and injury.healed_on == attempt.day:
        injury.healed_on = None
        injury.save(update_fields=["healed_on"])
    return attempt


def day_end_undo_refusal(record: DayEnd) -> str | None:
    """Why this end of day cannot be taken back now, or None if it can."""
    try:
        _check_day_end(record, record.campaign)
    except Refusal as error:
        return str(error)
    return None


def _check_day_end(record: DayEnd, campaign: Campaign) -> None:
    if record.undone_at is not None:
        raise AlreadyDone(DAY_END_UNDONE.format(day=record.day))
    last = last_day_end(campaign)
    if last is None:
        raise UndoError(NO_DAY_END)
    if last.pk != record.pk:
        raise UndoError(DAY_END_NOT_LAST.format(day=last.day))
    if record.advance_to is not None:
        raise UndoError(ADVANCE_STANDS.format(day=record.day, to=record.advance_to))
    if campaign.day != record.day + 1:
        raise UndoError(DAY_MOVED.format(today=campaign.day, day=record.day + 1, ended=record.day))
    if record.died:
        names = ", ".join(
            Gladiator.objects.filter(pk__in=record.died)
            .order_by("name")
            .values_list("name", flat=True)
        )
        raise UndoError(DIED_THAT_NIGHT.format(names=names or "A man", day=record.day))
    rolled = (
        TreatmentAttempt.objects.filter(
            injury__gladiator__campaign=campaign, day=campaign.day, undone_at__isnull=True
        )
        .select_related("injury__gladiator")
        .first()
    )
    if rolled is not None:
        raise UndoError(
            ROLLED_SINCE.format(
                injury=rolled.injury.name, name=rolled.injury.gladiator.name, day=rolled.day
            )
        )
    men = (
        Gladiator.objects.filter(pk__in=[int(pk) for pk in record.rested])
        .order_by("pk")
        .values_list("pk", "name", "wounds")  # a night rests hundreds: no model a man
    )
    for pk, name, wounds in men:
        _, after = record.rested[str(pk)]
        if wounds != after:
            raise UndoError(WOUNDS_MOVED.format(name=name, now=wounds, then=after))
    undo_asked.send(
        sender=DayEnd,
        campaign=campaign,
        since=record.created,
        gladiators=None,  # the night rested every man: not ten thousand rows read to say so
        what=DAY_END,
    )


@transaction.atomic
def day_end_undo(*, record: DayEnd, user=None) -> DayEnd:
    """Take back the last end of day: the day turns back and every man carries again the Wounds
    the night rested off. Refused when someone died that night, or when anything was done on
    the new day that depends on it (a medicus roll, a bout fought, a race run, Wounds moved)."""
    campaign = Campaign.objects.select_for_update().get(pk=record.campaign_id)
    record = DayEnd.objects.select_for_update().get(pk=record.pk)
    _check_day_end(record, campaign)
    men = (
        Gladiator.objects.select_for_update()
        .filter(pk__in=[int(pk) for pk in record.rested])
        .order_by("pk")
    )
    for man in men:
        healed, _ = record.rested[str(man.pk)]
        man.wounds += healed
        man.full_clean()
        man.save(update_fields=["wounds"])
    campaign.day = record.day
    campaign.full_clean()
    campaign.save(update_fields=["day"])
    record.undone_at = timezone.now()
    record.undone_by = user if user is not None and user.is_authenticated else None
    record.save(update_fields=["undone_at", "undone_by"])
    return record
