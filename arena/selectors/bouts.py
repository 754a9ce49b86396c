"""Reads about the games: the shows, a show's card and the events it holds.

A bout's state between steps is replayed by its ruleset's adapter (arena.rulesets), never
stored apart from its seed, inputs and decisions.
"""

from __future__ import annotations

from django.db.models import QuerySet

from arena.models import Bout, Show
from ludus.models import Campaign


def shows(campaign: Campaign) -> QuerySet[Show]:
    return Show.objects.filter(campaign=campaign).select_related("editor").order_by("day", "pk")


def show_card(show: Show) -> QuerySet[Bout]:
    """The show's bouts in card order, with the men and the verdict."""
    return (
        show.bouts.select_related("verdict")
        .prefetch_related("entries__gladiator")
        .order_by("order", "pk")
    )


def show_events(show: Show) -> list:
    """The show and every bout and race of it: what money, injuries or Dignitas may point at."""
    return [show, *show.bouts.all(), *show.races.all()]
