"""Reads about the games: a show's card, a bout's replayed state.

A bout's state between steps is never stored apart from its seed, inputs and decisions: it is
replayed from them (the engine is deterministic), so what a page shows is what the dice said.
"""

from __future__ import annotations

from django.db.models import QuerySet

from arena.adapters.era import bout_setup, replay
from arena.models import Bout, Show
from ludus.models import Campaign
from rules.era import bout as engine
from rules.era.orders import BoonSpend, Choice, DecisionKind


def shows(campaign: Campaign) -> QuerySet[Show]:
    return Show.objects.filter(campaign=campaign).select_related("editor").order_by("day", "pk")


def show_card(show: Show) -> QuerySet[Bout]:
    """The show's bouts in card order, with the men and the verdict."""
    return (
        show.bouts.select_related("verdict")
        .prefetch_related("entries__gladiator")
        .order_by("order", "pk")
    )


def bout_replay(bout: Bout) -> engine.BoutResult | None:
    """The engine's state where the bout stopped (None before the first round is fought)."""
    if bout.status == Bout.Status.PLANNED or bout.seed is None or not bout.setup:
        return None
    return replay(bout, max_rounds=bout.rounds or None)


def bout_pending(bout: Bout) -> engine.Pending | None:
    """The choice the engine is waiting for from the GM, if any."""
    if bout.status != Bout.Status.FIGHTING:
        return None
    result = bout_replay(bout)
    return None if result is None else result.pending


def bout_pending_default(bout: Bout) -> dict:
    """What the asking fighter's orders would choose at the pending choice (as a decision)."""
    result = bout_replay(bout)
    if result is None or result.pending is None:
        raise ValueError("This bout is not waiting for a choice.")
    pending = result.pending
    inputs = bout_setup(bout=bout)
    me, them = inputs.entrant(pending.side), inputs.entrant(pending.side.other)
    corner = result.side(pending.side)
    orders = me.orders
    if pending.kind is DecisionKind.FIGHT_ON:
        yields = orders.yields_after_first_injury(corner.favor)
        choice = Choice.YIELD if yields else Choice.FIGHT_ON
    elif pending.kind is DecisionKind.YIELD:
        minimum_hit = max(0, them.damage - me.resistance)
        yields = orders.yields_for_wounds(corner.wounds, corner.wound_points, minimum_hit)
        choice = Choice.YIELD if yields else Choice.FIGHT
    else:  # Boons: the Critical Injury when the Boons reach Crit and the orders say so
        crit = Choice.CRIT in pending.options and orders.boon_spend is BoonSpend.CRIT
        choice = Choice.CRIT if crit else Choice.FLOURISH
    return {"kind": str(pending.kind), "side": str(pending.side), "choice": str(choice)}


def show_events(show: Show) -> list:
    """The show and every bout and race of it: what money, injuries or Dignitas may point at."""
    return [show, *show.bouts.all(), *show.races.all()]
