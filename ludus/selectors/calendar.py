"""What the nights between two days did, read back from their ends of day (for the pages that
moved the calendar: a show fought on its later day)."""

from __future__ import annotations

from ludus.models import Campaign, DayEnd, Gladiator
from ludus.services.calendar import AdvanceReport


def nights_between(campaign: Campaign, from_day: int, to_day: int) -> AdvanceReport:
    """The rest and the deaths of every standing end of day from `from_day` to `to_day`."""
    report = AdvanceReport(from_day=from_day, to_day=to_day)
    nights = DayEnd.objects.filter(
        campaign=campaign, day__gte=from_day, day__lt=to_day, undone_at__isnull=True
    ).order_by("day", "pk")
    names = dict(Gladiator.objects.filter(campaign=campaign).values_list("pk", "name"))
    for night in nights:
        for pk, (healed, _after) in night.rested.items():
            name = names.get(int(pk), f"#{pk}")
            report.rested[name] = report.rested.get(name, 0) + healed
        report.died += [(names.get(pk, f"#{pk}"), night.day) for pk in night.died]
    return report
