"""Reads about the campaign's people: records, who is Known where, Dignitas, who is hurt.

Nothing here is stored twice. A gladiator's record is what he brought into the campaign
(PriorRecord, by city) plus the bouts he has fought in it (Bout rows with a result, counted in
the city of their show's venue). An editor's Dignitas is his base plus every DignitasChange.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet, Sum

from ludus.models import Campaign, Editor, Gladiator, Injury


def editor_dignitas(editor: Editor) -> int:
    """Base Dignitas plus every recorded change."""
    changed = editor.dignitas_changes.aggregate(total=Sum("change"))["total"] or 0
    return editor.base_dignitas + changed


def carried_injuries(gladiator: Gladiator) -> QuerySet[Injury]:
    """Critical Injuries he carries: taken and not yet healed by the medicus."""
    return gladiator.injuries.filter(healed_on__isnull=True).order_by("day_taken", "pk")


def is_hurt(gladiator: Gladiator) -> bool:
    """Hurt: he carries Wounds or an unhealed Critical Injury."""
    return gladiator.wounds > 0 or carried_injuries(gladiator).exists()


def hurt_gladiators(campaign: Campaign) -> QuerySet[Gladiator]:
    """The living men of the campaign who carry Wounds or an unhealed Critical Injury."""
    return (
        Gladiator.objects.filter(campaign=campaign)
        .exclude(status=Gladiator.Status.DEAD)
        .filter(Q(wounds__gt=0) | Q(injuries__healed_on__isnull=True, injuries__isnull=False))
        .distinct()
        .order_by("name")
    )


def unhealed_injuries(campaign: Campaign) -> QuerySet[Injury]:
    """Every unhealed injury of a living man of the campaign: the medicus's list."""
    return (
        Injury.objects.filter(gladiator__campaign=campaign, healed_on__isnull=True)
        .exclude(gladiator__status=Gladiator.Status.DEAD)
        .select_related("gladiator", "gladiator__owner")
        .order_by("gladiator__name", "day_taken", "pk")
    )


def roster(campaign: Campaign, *, lanista=None) -> QuerySet[Gladiator]:
    """Fighters (not charioteers) of the campaign, optionally of one school."""
    men = Gladiator.objects.filter(campaign=campaign, is_charioteer=False)
    if lanista is not None:
        men = men.filter(owner=lanista)
    return men.select_related("owner").order_by("name")
