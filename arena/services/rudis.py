"""The rudis: the editor frees a winner at Crowd Favor 6 with five wins (seed 001, THE LUDUS V)."""

from __future__ import annotations

from django.db import transaction

from arena.models import Bout
from arena.selectors.records import RUDIS_WINS, gladiator_record
from ludus.models import Gladiator
from ludus.services.ludus import LudusError

RUDIS_NOT_DECIDED = "The rudis is offered after the editor's decision, not before."


RUDIS_ALREADY = "The rudis was already given after this bout."


RUDIS_NO_WINNER = "This bout has no winner to give the rudis to."


RUDIS_FAVOR = "Only a winner at Crowd Favor 6 can be given the rudis; {name} ended at {favor}."


RUDIS_WINS_SHORT = "{name} has {wins} wins; the rudis needs at least {needed}."


RUDIS_NOT_ACTIVE = "{name} is {status}; the rudis goes to a fighting man."


class RudisError(LudusError):
    """The rudis refused: the bout, the winner's favor, his wins or his standing."""


def winner_favor(bout: Bout) -> int | None:
    entry = bout.winning_entry
    return None if entry is None else entry.standing


@transaction.atomic
def rudis_give(*, bout: Bout) -> Gladiator:
    """The editor gives the winner of a finished bout the rudis (his choice, never automatic).

    Seed 001, THE LUDUS V asks only a winner at Crowd Favor 6 with five wins: the bout must be
    done (the editor's decision made, or none to make because the loser died on the sand).
    """
    bout = Bout.objects.select_for_update().get(pk=bout.pk)
    if bout.status != Bout.Status.DONE:
        raise RudisError(RUDIS_NOT_DECIDED)
    if bout.rudis_given:
        raise RudisError(RUDIS_ALREADY)
    if bout.winner is None:
        raise RudisError(RUDIS_NO_WINNER)
    winner = Gladiator.objects.select_for_update().get(pk=bout.winner.pk)
    favor = winner_favor(bout)
    if favor != 6:
        raise RudisError(RUDIS_FAVOR.format(name=winner.name, favor=favor))
    wins = gladiator_record(winner).wins
    if wins < RUDIS_WINS:
        raise RudisError(RUDIS_WINS_SHORT.format(name=winner.name, wins=wins, needed=RUDIS_WINS))
    if winner.status != Gladiator.Status.ACTIVE:
        raise RudisError(
            RUDIS_NOT_ACTIVE.format(name=winner.name, status=winner.get_status_display().lower())
        )
    winner.status = Gladiator.Status.RUDIARIUS
    winner.full_clean()
    winner.save(update_fields=["status"])
    bout.rudis_given = True
    bout.full_clean()
    bout.save(update_fields=["rudis_given"])
    return winner
