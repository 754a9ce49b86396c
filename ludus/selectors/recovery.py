"""Reads of the recovery page: who is hurt, and the medicus's chance against each injury."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from ludus.models import Campaign, Gladiator, Injury, Lanista, TreatmentAttempt
from ludus.selectors.people import campaign_ruleset, hurt_gladiators, unhealed_injuries
from ludus.services.recovery import medicus, medicus_school
from rules.core.ruleset import TreatmentOdds


def treatment_chance(
    injury: Injury, *, at_ludus: bool = True, school: Lanista | None = None
) -> TreatmentOdds | None:
    """The medicus's check against this injury, its dice and its exact chance, from the
    campaign's ruleset (None with no school to send a medicus, or no ruleset engine).
    `school`: the medicus's school if the caller has it (`medicus_school`)."""
    lanista = school or medicus_school(injury.gladiator)
    ruleset = campaign_ruleset(injury.gladiator.campaign)
    if lanista is None or ruleset is None:
        return None
    return ruleset.treatment_odds(
        severity=injury.severity, healer=medicus(lanista), at_home=at_ludus
    )


def _carried() -> QuerySet[Injury]:
    """Unhealed injuries, in the order a man's figures take them (prefetched as `carried`)."""
    return Injury.objects.filter(healed_on__isnull=True).order_by("day_taken", "pk")


def hurt_with_injuries(campaign: Campaign) -> QuerySet[Gladiator]:
    """The hurt (ludus.selectors.hurt_gladiators) with their unhealed injuries as `.carried`."""
    carried = _carried()
    return (
        hurt_gladiators(campaign)
        .select_related("owner", "campaign")
        .prefetch_related(Prefetch("injuries", queryset=carried, to_attr="carried"))
    )


@dataclass(frozen=True)
class InjuryRow:
    injury: Injury
    chance: TreatmentOdds | None
    attempts: tuple[TreatmentAttempt, ...]
    treated_today: bool
    patron: Lanista | None = None  # a freedman's: his patron's medicus treats him


def medicus_injuries(campaign: Campaign) -> QuerySet[Injury]:
    """Every unhealed injury of a living man, his attempts prefetched (`medicus_rows`)."""
    return unhealed_injuries(campaign).prefetch_related(
        Prefetch("treatments", queryset=TreatmentAttempt.objects.order_by("day", "pk"))
    )


def medicus_rows(campaign: Campaign, injuries: Iterable[Injury] | None = None) -> list[InjuryRow]:
    """Every unhealed injury of a living man (or those of `injuries`, a page of
    `medicus_injuries`), with the medicus's chance and his attempts."""
    if injuries is None:
        injuries = medicus_injuries(campaign)
    rows = []
    for injury in injuries:
        attempts = tuple(injury.treatments.all())
        school = medicus_school(injury.gladiator)
        rows.append(
            InjuryRow(
                injury=injury,
                chance=treatment_chance(injury, school=school),
                patron=school if injury.gladiator.owner_id is None else None,
                attempts=attempts,
                # A roll taken back (ludus.services.undo) no longer counts as the day's.
                treated_today=any(a.day == campaign.day and a.undone_at is None for a in attempts),
            )
        )
    return rows


def wounded(campaign: Campaign) -> QuerySet[Gladiator]:
    """Living men carrying Wounds (a night's rest removes Wounds equal to Might)."""
    return (
        Gladiator.objects.filter(campaign=campaign, wounds__gt=0)
        .exclude(status=Gladiator.Status.DEAD)
        .select_related("owner", "campaign")
        .prefetch_related(Prefetch("injuries", queryset=_carried(), to_attr="carried"))
        .order_by("name")
    )


def treatment_attempt(campaign: Campaign, attempt_id) -> TreatmentAttempt | None:
    """One attempt of this campaign (to show its dice after the medicus's check), or None."""
    try:
        attempt_id = int(attempt_id)
    except (TypeError, ValueError):
        return None
    return (
        TreatmentAttempt.objects.filter(pk=attempt_id, injury__gladiator__campaign=campaign)
        .select_related("injury", "injury__gladiator")
        .first()
    )


def treatable_today(rows: list[InjuryRow]) -> list[Injury]:
    """The injuries the medicus may still treat today (a school's man, not tried today): those
    the GM may tick for the rolls of "Advance to day N"."""
    return [row.injury for row in rows if row.chance is not None and not row.treated_today]
