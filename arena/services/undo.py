"""Taking back the last step of a bout still being fought (docs/rules.md, "Undo").

A bout is its seed, its frozen setup and the GM's answers: the log is replayed from them on
every round. So a step taken back is only data dropped, never a roll re-drawn:

- when the last thing done was an answer to a choice the engine stopped for (the round it was
  asked in is still the bout's last), that answer is dropped and the choice is asked again;
- otherwise the last round is dropped, with any answers given in it: the bout stands after the
  round before, as it stood before "Fight a round". Taking back the first round leaves the bout
  planned again, keeping its seed (fought again, the dice fall as before).

Only a bout being fought: once the pair separate the result is recorded (injuries, Wounds, the
book settled), and money is then corrected on the ledger by a reversing transaction.

Also arena's answer to ludus's `undo_asked`: a medicus roll or an end of day cannot be taken
back once a bout of the men it touched was fought, or a race of theirs run, since.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.dispatch import receiver

from arena.errors import BoutError
from arena.models import Bout, BoutEntry, Race, RaceEntry
from arena.rulesets import plugin_for
from ludus.errors import AlreadyDone
from ludus.signals import undo_asked

NOT_FIGHTING = "Only a bout being fought can be taken back; this one is {status}. {after}"
AFTER_END = (
    "Its result is recorded: money is corrected on the ledger page, by a reversing transaction "
    "with a reason."
)
NOTHING_FOUGHT = "No round of this bout has been fought; there is nothing to take back."
STALE = (
    "Already done: this page was drawn after round {at} with {answers} answers, and the bout "
    "stands after round {rounds} with {held}. Nothing was taken back."
)
ANSWER_TAKEN_BACK = "The answer in round {round} is taken back: the choice is asked again."
ROUND_TAKEN_BACK = "Round {round} is taken back: the bout stands after round {before}."
FIRST_TAKEN_BACK = "Round 1 is taken back: the bout is planned again (its seed is kept)."
FOUGHT_SINCE = (
    "{what} cannot be taken back: {event} was fought since, with {name} in it. Take that back "
    "first, or correct it by hand."
)
RUN_SINCE = "{what} cannot be taken back: {race} was run since, with {name} driving."

BEGUN = (Bout.Status.FIGHTING, Bout.Status.AWAITING_VERDICT, Bout.Status.DONE)
RUNNING = (Race.Status.RUNNING, Race.Status.DONE)


@transaction.atomic
def bout_undo(
    *, bout: Bout, at_round: int | None = None, answered: int | None = None
) -> tuple[Bout, str]:
    """Take back the last answer or the last round of a bout being fought (see the module).

    `at_round` and `answered` are the state the page was drawn at: a repeated click or a stale
    tab takes back nothing more (AlreadyDone). Returns the bout and what was taken back.
    """
    bout = (
        Bout.objects.select_for_update(of=("self",))
        .select_related("show__campaign")
        .prefetch_related("entries__gladiator")
        .get(pk=bout.pk)
    )
    stale = (at_round is not None and at_round != bout.rounds) or (
        answered is not None and answered != len(bout.decisions)
    )
    if stale:
        raise AlreadyDone(
            STALE.format(
                at=at_round,
                answers=answered,
                rounds=bout.rounds,
                held=len(bout.decisions),
            )
        )
    if bout.status != Bout.Status.FIGHTING:
        after = AFTER_END if bout.status in (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE) else ""
        raise BoutError(
            NOT_FIGHTING.format(status=bout.get_status_display().lower(), after=after).strip()
        )
    if bout.rounds < 1:
        raise BoutError(NOTHING_FOUGHT)
    adapter = plugin_for(bout.show.campaign.ruleset)
    step = adapter.step_back(bout)
    if step.rounds == 0:
        said = FIRST_TAKEN_BACK
        bout.status = Bout.Status.PLANNED
        bout.rounds = 0
        bout.decisions = []
        bout.log = []
        # Rebuilt from the campaign at the next fight; the seed stays, so the dice do too.
        bout.setup = {}
        bout.engine_version = ""
        for entry in bout.entrants:
            entry.standing = None
            entry.save(update_fields=["standing"])
    else:
        if step.rounds == bout.rounds:
            said = ANSWER_TAKEN_BACK.format(round=bout.rounds)
        else:
            said = ROUND_TAKEN_BACK.format(round=bout.rounds, before=step.rounds)
        bout.decisions = step.decisions
        bout.log = step.events
        bout.rounds = step.rounds
        for side, standing in step.standings.items():
            entry = bout.entry(side)
            entry.standing = standing
            entry.save(update_fields=["standing"])
        by_pk = {entry.pk: entry for entry in bout.entrants}
        for pk, standing in step.entry_standings.items():
            entry = by_pk[pk]
            entry.standing = standing
            entry.save(update_fields=["standing"])
    bout.full_clean()
    bout.save()
    return bout, said


def undo_refusal(bout: Bout) -> str | None:
    """Why the page offers no "Take back" for this bout, or None when it may."""
    if bout.status != Bout.Status.FIGHTING:
        return None
    if bout.rounds < 1:
        return NOTHING_FOUGHT
    return None


@receiver(undo_asked, dispatch_uid="arena.undo.fought_since")
def refuse_undo_fought_since(sender, *, campaign, since, gladiators, what: str, **kwargs) -> None:
    """Refuse to take back a roll or a night that a bout or race since has read. `gladiators`
    None: every man of the campaign (an end of day)."""
    if gladiators is None:
        fighter, driver = Q(gladiator__campaign=campaign), Q(driver__campaign=campaign)
    else:
        men = [man.pk for man in gladiators]
        fighter, driver = Q(gladiator_id__in=men), Q(driver_id__in=men)
    fought = (
        Bout.history.filter(history_date__gt=since, show__campaign=campaign, status__in=BEGUN)
        .order_by("history_date")
        .values_list("id", flat=True)
    )
    for bout_id in fought:
        entry = (
            BoutEntry.objects.filter(fighter, bout_id=bout_id)
            .select_related("bout", "gladiator")
            .first()
        )
        if entry is not None:
            raise BoutError(
                FOUGHT_SINCE.format(
                    what=what.capitalize(),
                    event=f"the bout {entry.bout}",
                    name=entry.gladiator.name,
                )
            )
    run = Race.history.filter(
        history_date__gt=since, show__campaign=campaign, status__in=RUNNING
    ).values_list("id", flat=True)
    for race_id in run:
        driving = RaceEntry.objects.filter(driver, race_id=race_id).select_related("race", "driver")
        entry = driving.first()
        if entry is not None:
            raise BoutError(
                RUN_SINCE.format(what=what.capitalize(), race=entry.race, name=entry.driver.name)
            )
