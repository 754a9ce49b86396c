"""The calendar in one step: "Advance to day N" (docs/rules.md, "The calendar follows play").

Every night from today to day N is the end of day of ludus.services.recovery, night by night:
the untreated dying die on the night their injury allows, every living man rests (Wounds
healed per night as the ruleset's `rest` says), and the day turns. The medicus rolls the GM
asked for are rolled first, on today (the day he stands on, before the first night), as if he
had called the medicus and then ended the day: a Bleeding Out he treats today does not kill in
the first night. One roll each: a failed roll is not tried again on the later days.

The whole advance is one transaction. The form carries the day it was drawn for, as the end of
day does: a repeat or a stale tab (the day has moved since) writes nothing and is told so.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction

from ludus.errors import AlreadyDone
from ludus.models import Campaign, DayEnd, Injury, TreatmentAttempt
from ludus.services.recovery import (
    DAY_NOT_YET,
    RecoveryError,
    campaign_advance_day,
    medicus_treat,
)

MAX_ADVANCE = 365  # nights in one step: a campaign year; more is a typing mistake

ADVANCE_DONE = (
    "Already done: this form was drawn on day {asked}, and the day is already {day}. "
    "Nothing more was rested or rolled."
)
NOT_A_DAY = "Advance to day (field to_day) must be a whole number; got {value!r}."
NOT_AFTER_TODAY = "Advance to day (field to_day) must be after today, day {today}; got {value}."
TOO_FAR = (
    "Advance to day (field to_day) may be at most {most} days after today (day {today}), "
    "so day {last} at the latest; got {value}."
)
FOREIGN_INJURY = "The injury to treat (field treat) #{pk} is not one of this campaign's."


class CalendarError(RecoveryError):
    """An advance the calendar refuses: the message names the field."""


@dataclass
class AdvanceReport:
    """What the nights did: the days, the Wounds rested off (per man, all nights), the deaths
    (with the night they died in), the medicus's rolls."""

    from_day: int
    to_day: int
    rested: dict[str, int] = field(default_factory=dict)
    died: list[tuple[str, int]] = field(default_factory=list)
    attempts: list[TreatmentAttempt] = field(default_factory=list)

    @property
    def nights(self) -> int:
        return self.to_day - self.from_day


def check_advance(campaign: Campaign, to_day) -> int:
    """`to_day` if the calendar may move there in one step; else CalendarError naming the field."""
    if isinstance(to_day, bool) or not isinstance(to_day, int):
        raise CalendarError(NOT_A_DAY.format(value=to_day))
    if to_day <= campaign.day:
        raise CalendarError(NOT_AFTER_TODAY.format(today=campaign.day, value=to_day))
    if to_day - campaign.day > MAX_ADVANCE:
        raise CalendarError(
            TOO_FAR.format(
                most=MAX_ADVANCE,
                today=campaign.day,
                last=campaign.day + MAX_ADVANCE,
                value=to_day,
            )
        )
    return to_day


@transaction.atomic
def campaign_advance_to(
    *,
    campaign: Campaign,
    to_day: int,
    day: int | None = None,
    treat: Iterable[Injury] = (),
    at_ludus: bool = True,
    user=None,
) -> AdvanceReport:
    """Advance the calendar to `to_day`: the medicus rolls asked for (today), then every night.

    `day` is the day the form was drawn for: a form drawn for a day that has passed is
    AlreadyDone (nothing written). The nights of an advance of several days are marked with it
    (`DayEnd.advance_to`), so none of them is taken back alone (ludus.services.undo).
    """
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if day is not None and day != campaign.day:
        if day < campaign.day:
            raise AlreadyDone(ADVANCE_DONE.format(asked=day, day=campaign.day))
        raise CalendarError(DAY_NOT_YET.format(asked=day, day=campaign.day))
    check_advance(campaign, to_day)
    report = AdvanceReport(from_day=campaign.day, to_day=to_day)
    for injury in treat:
        if injury.gladiator.campaign_id != campaign.pk:
            raise CalendarError(FOREIGN_INJURY.format(pk=injury.pk))
        report.attempts.append(medicus_treat(injury=injury, at_ludus=at_ludus))
    several = report.nights > 1
    while campaign.day < to_day:
        night = campaign_advance_day(campaign=campaign, user=user)
        for name, healed in night.rested.items():
            report.rested[name] = report.rested.get(name, 0) + healed
        report.died += [(name, night.day - 1) for name in night.died]
        campaign.day = night.day
    if several:
        DayEnd.objects.filter(
            campaign=campaign,
            day__gte=report.from_day,
            day__lt=to_day,
            undone_at__isnull=True,
            advance_to__isnull=True,
        ).update(advance_to=to_day)
    return report
