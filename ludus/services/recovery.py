"""Recovery (seed, AFTER THE BOUT): a night's rest, the medicus, and the turning of the day.

- Rest: each night a living gladiator recovers Wounds equal to his Might (the seed's Cracked
  Rib example: "he recovers Wounds equal to his Might, 3"; our reading of Core Rules).
- The medicus: a Medicine check (the school's medicus's Intellect + Medicine) at the injury's
  severity (Easy 1, Average 2, Hard 3, Daunting 4 Trial dice). Away from the ludus, without
  proper supplies, time and a safe place, the difficulty is upgraded once (a Trial die becomes
  a Crisis die). One attempt per injury per campaign day. Success heals the injury that day.
- The day: every living man rests; an untreated Bleeding Out kills at the end of the day it was
  taken, an untreated Mortal Wound within the week (the Critical Injury table's own effects).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Prefetch

from ludus.errors import AlreadyDone, Refusal
from ludus.models import Campaign, DayEnd, Gladiator, Injury, Lanista, TreatmentAttempt
from ludus.selectors.people import campaign_ruleset
from ludus.signals import DIED, gladiator_left
from ludus.validation import full_clean_held
from rules.core.seeds import new_seed

DEAD_MAN = "{name} is dead; the dead do not recover."
NO_MEDICUS = "{name} belongs to no school and has no patron, so no medicus can treat him."
ALREADY_HEALED = "{name}'s injury ({injury}) is already healed."
ALREADY_TREATED_TODAY = "The medicus has already tried to treat {name}'s injury ({injury}) today."
NO_RULESET = "The {ruleset} rules have no treatment yet."
DAY_ALREADY_ENDED = "Already done: day {asked} has ended; the day is already {day}."
DAY_NOT_YET = "Day {asked} has not come: the day is {day}."

# Untreated injuries that kill, by table name: the number of days after the day taken on whose
# end the man dies (Bleeding Out: that same day; Mortal Wound: within the week).
LETHAL_UNTREATED = {"Bleeding Out": 0, "Mortal Wound": 6}


class RecoveryError(Refusal):
    """A rest or a treatment the rules refuse."""


def medicus(lanista: Lanista) -> dict[str, int]:
    """The school's medicus as the ruleset's healer: his Intellect and Medicine."""
    return {"intellect": lanista.medicus_intellect, "medicine": lanista.medicus_medicine}


def medicus_school(gladiator: Gladiator) -> Lanista | None:
    """The school whose medicus treats him: his lanista's; for a freedman, his patron's.

    The seed's lanista is his slave's "owner and patron" and "provides ... care"; a slave he
    frees stays his freedman, and the patron's house still cares for him (docs/rules.md,
    "Recovery"). The patron is the lanista who owned him last: manumission, which frees him,
    is the step that leaves him without one.
    """
    if gladiator.owner_id is not None:
        return gladiator.owner
    if gladiator.legal_status != Gladiator.LegalStatus.FREEDMAN:
        return None
    last_owner = (
        gladiator.history.filter(owner__isnull=False)
        .order_by("-history_date", "-history_id")
        .values_list("owner_id", flat=True)
        .first()
    )
    return Lanista.objects.filter(pk=last_owner).first() if last_owner is not None else None


def _require_alive(gladiator: Gladiator) -> None:
    if not gladiator.is_alive:
        raise RecoveryError(DEAD_MAN.format(name=gladiator.name))


def _rest(gladiator: Gladiator, ruleset=None) -> int:
    if gladiator.wounds <= 0:
        return 0  # a rest heals never more than he has (the ruleset's `rest`)
    ruleset = ruleset or campaign_ruleset(gladiator.campaign)
    if ruleset is None:
        return 0
    healed = ruleset.rest(ruleset.sheet_type.from_dict(gladiator.sheet), gladiator.wounds)
    if healed:
        gladiator.wounds -= healed
        full_clean_held(gladiator)
        gladiator.save(update_fields=["wounds"])
    return healed


@transaction.atomic
def night_rest(*, gladiator: Gladiator) -> int:
    """A full night's rest: remove Wounds equal to his Might. Returns the Wounds removed."""
    gladiator = Gladiator.objects.select_for_update().get(pk=gladiator.pk)
    _require_alive(gladiator)
    return _rest(gladiator)


@transaction.atomic
def medicus_treat(*, injury: Injury, seed: int | None = None, at_ludus: bool = True):
    """The school's medicus (a freedman's patron's, `medicus_school`) treats one Critical
    Injury; the roll is kept with the attempt."""
    # Lock the injury so that two clicks cannot make two attempts on the same day.
    injury = (
        Injury.objects.select_for_update(of=("self",))
        .select_related("gladiator__owner")
        .get(pk=injury.pk)
    )
    gladiator = injury.gladiator
    _require_alive(gladiator)
    if injury.is_healed:
        raise RecoveryError(ALREADY_HEALED.format(injury=injury.name, name=gladiator.name))
    lanista = medicus_school(gladiator)
    if lanista is None:
        raise RecoveryError(NO_MEDICUS.format(name=gladiator.name))
    day = gladiator.campaign.day
    if injury.treatments.filter(day=day, undone_at__isnull=True).exists():
        raise RecoveryError(ALREADY_TREATED_TODAY.format(injury=injury.name, name=gladiator.name))
    seed = new_seed() if seed is None else seed
    ruleset = campaign_ruleset(gladiator.campaign)
    if ruleset is None:
        raise RecoveryError(NO_RULESET.format(ruleset=gladiator.campaign.get_ruleset_display()))
    treated = ruleset.treat(
        severity=injury.severity, healer=medicus(lanista), at_home=at_ludus, seed=seed
    )
    attempt = TreatmentAttempt(
        injury=injury,
        day=day,
        medicus_intellect=lanista.medicus_intellect,
        medicus_medicine=lanista.medicus_medicine,
        at_ludus=at_ludus,
        seed=seed,
        roll=treated.record | {"medicus": lanista.medicus_name},
        success=treated.success,
    )
    full_clean_held(attempt)
    attempt.save()
    if attempt.success:
        injury.healed_on = day
        full_clean_held(injury)
        injury.save(update_fields=["healed_on"])
    return attempt


@dataclass
class DayReport:
    day: int
    rested: dict[str, int] = field(default_factory=dict)  # name -> Wounds removed
    died: list[str] = field(default_factory=list)


def _dies_tonight(injury: Injury, ending_day: int) -> bool:
    grace = LETHAL_UNTREATED.get(injury.name)
    return grace is not None and ending_day >= injury.day_taken + grace


@transaction.atomic
def campaign_advance_day(*, campaign: Campaign, day: int | None = None, user=None) -> DayReport:
    """End the day: the untreated dying die, every living man rests, and the day turns.

    `day` is the day the GM meant to end (the form's hidden field): a repeated click or a stale
    tab, meant for a day that has already ended, is refused (AlreadyDone) and writes nothing.
    """
    # Lock the campaign row: two GMs pressing "next day" at once wait for each other, and the
    # second then sees the day the first made.
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if day is not None and day != campaign.day:
        if day < campaign.day:
            raise AlreadyDone(DAY_ALREADY_ENDED.format(asked=day, day=campaign.day))
        raise RecoveryError(DAY_NOT_YET.format(asked=day, day=campaign.day))
    ending = campaign.day
    report = DayReport(day=ending + 1)
    record = DayEnd(campaign=campaign, day=ending, created_by=user)
    living = (
        # The owner read with each man (his row only is locked, as before): `full_clean` then
        # holds it and does not ask the database whether it exists, once per man.
        Gladiator.objects.select_for_update(of=("self",))
        .select_related("owner")
        .filter(campaign=campaign)
        .exclude(status=Gladiator.Status.DEAD)
        .order_by("pk")
        .prefetch_related(
            Prefetch(
                "injuries",
                queryset=Injury.objects.filter(healed_on__isnull=True),
                to_attr="unhealed",
            )
        )
    )
    ruleset = campaign_ruleset(campaign)  # once a night, not once a man ("Advance to day N")
    for gladiator in living:
        # The campaign is locked above: every man's `clean` and `save` read its ruleset from
        # this one instance instead of fetching the row again, once per man.
        gladiator.campaign = campaign
        if any(_dies_tonight(injury, ending) for injury in gladiator.unhealed):
            gladiator.status = Gladiator.Status.DEAD
            full_clean_held(gladiator)
            gladiator.save(update_fields=["status"])
            gladiator_left.send(sender=Gladiator, gladiator=gladiator, reason=DIED)
            report.died.append(gladiator.name)
            record.died.append(gladiator.pk)
            continue
        healed = _rest(gladiator, ruleset)
        if healed:
            report.rested[gladiator.name] = healed
            record.rested[str(gladiator.pk)] = [healed, gladiator.wounds]
    campaign.day = ending + 1
    full_clean_held(campaign)
    campaign.save(update_fields=["day"])
    full_clean_held(record)
    record.save()  # what the night did, so the GM can take it back (ludus.services.undo)
    return report
