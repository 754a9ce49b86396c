"""The calendar follows play (docs/rules.md, "The calendar follows play").

- A show is fought on its day. When its first bout or race begins (a bout's first round, a
  race's first leg, or holding the show), a show planned for a later day first moves the
  calendar to its day: every night between rests everyone, exactly as "Advance to day N" on the
  Recovery page (ludus.services.calendar), with no medicus roll the GM did not ask for. A show
  planned for an earlier day (missed) is fought today, and its day becomes today. Either way the
  ledger, the injuries and the bout list then tell the show's day. The pages say so on the
  button before the click ("Advance to day 30 and fight a round").
- A show's status follows its events: when its last bout and race are done (decided or
  finished, or void: taken off the card, or left by a man), and at least one of them was fought
  out, it is held. A card whose every event is void stays planned: nothing was given.
"""

from __future__ import annotations

from django.db import transaction

from arena.models import Bout, Race, Show
from ludus.models import Campaign
from ludus.services.calendar import MAX_ADVANCE, AdvanceReport, CalendarError, campaign_advance_to

TOO_FAR = (
    "{show} is on day {day}; it is day {today}: the calendar moves at most {most} days in one "
    "step. Advance on the Recovery page first, or move the show's day."
)

BOUT_DONE = (Bout.Status.DONE, Bout.Status.VOID)
RACE_DONE = (Race.Status.DONE, Race.Status.VOID)


def show_begun(show: Show) -> bool:
    """Whether a bout or race of the show has begun (fought, run, decided)."""
    bouts = show.bouts.exclude(status__in=(Bout.Status.PLANNED, Bout.Status.VOID))
    return bouts.exists() or show.races.filter(legs_run__gt=0).exists()


@transaction.atomic
def show_to_its_day(*, show: Show, user=None) -> AdvanceReport | None:
    """Bring the calendar and a show not yet begun to the same day, before its first event.

    A later show advances the calendar to its day (the nights' rest; refused past the
    advance's limit, naming it); a missed show not yet begun is moved to today. Returns what
    the nights did, or None when the calendar did not move.
    """
    campaign = Campaign.objects.select_for_update().get(pk=show.campaign_id)
    show = Show.objects.select_for_update().get(pk=show.pk)
    if show.status == Show.Status.HELD or show.day == campaign.day:
        return None
    if show.day - campaign.day > MAX_ADVANCE:
        raise CalendarError(
            TOO_FAR.format(show=show, day=show.day, today=campaign.day, most=MAX_ADVANCE)
        )
    if show.day > campaign.day:
        return campaign_advance_to(campaign=campaign, to_day=show.day, user=user)
    if not show_begun(show):
        show.day = campaign.day
        show.full_clean()
        show.save(update_fields=["day"])
    return None


@transaction.atomic
def show_follow(show: Show | int) -> bool:
    """Mark the show held if its last event is done and one was fought out. Returns whether
    the show is held now."""
    pk = show if isinstance(show, int) else show.pk
    show = Show.objects.select_for_update().get(pk=pk)
    if show.status == Show.Status.HELD:
        return True
    bouts = list(show.bouts.values_list("status", flat=True))
    races = list(show.races.values_list("status", flat=True))
    if any(s not in BOUT_DONE for s in bouts) or any(s not in RACE_DONE for s in races):
        return False
    if Bout.Status.DONE not in bouts and Race.Status.DONE not in races:
        return False  # nothing was fought: the card may still be filled
    show.status = Show.Status.HELD
    show.full_clean()
    show.save(update_fields=["status"])
    return True
