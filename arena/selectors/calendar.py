"""What the calendar will do when a show's first event begins (arena.services.calendar), for
the pages to say before the click."""

from __future__ import annotations

from dataclasses import dataclass

from arena.models import Show
from arena.services.calendar import show_begun
from ludus.services.calendar import MAX_ADVANCE


@dataclass(frozen=True)
class DayNote:
    """The show's day against today: `later` (the calendar moves to it) or missed (the show
    is moved to today); `too_far` when the move is beyond one advance."""

    show_day: int
    today: int

    @property
    def later(self) -> bool:
        return self.show_day > self.today

    @property
    def nights(self) -> int:
        return self.show_day - self.today

    @property
    def too_far(self) -> bool:
        return self.nights > MAX_ADVANCE

    @property
    def prefix(self) -> str:
        """The start of the button's label: "Advance to day 30 and " (or nothing)."""
        return f"Advance to day {self.show_day} and " if self.later else ""


def show_day_note(show: Show, today: int) -> DayNote | None:
    """None when beginning the show's next event moves nothing (its day is today, it is held,
    or a missed show has begun and keeps its day)."""
    if show.status == Show.Status.HELD or show.day == today:
        return None
    if show.day < today and show_begun(show):
        return None
    return DayNote(show_day=show.day, today=today)
