"""Reads about the campaign's people: records, who is Known where, Dignitas, who is hurt.

Nothing here is stored twice. A gladiator's record is what he brought into the campaign
(PriorRecord, by city) plus the bouts he has fought in it (Bout rows with a result, counted in
the city of their show's venue). An editor's Dignitas is his base plus every DignitasChange.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache

from django.db.models import Exists, OuterRef, Q, QuerySet, Sum

from ludus.models import Campaign, DignitasChange, Editor, Gladiator, Injury
from rules.core.registry import get_ruleset, ruleset_keys
from rules.core.ruleset import Figures, Ruleset, SheetField


def editor_dignitas(editor: Editor) -> int:
    """Base Dignitas plus every recorded change."""
    changed = editor.dignitas_changes.aggregate(total=Sum("change"))["total"] or 0
    return editor.base_dignitas + changed


def editors_dignitas(editors: Iterable[Editor]) -> dict[int, int]:
    """`editor_dignitas` of many editors in one query, keyed by the editor's id."""
    editors = list(editors)
    changed = dict(
        DignitasChange.objects.filter(editor__in=editors)
        .values("editor_id")
        .annotate(total=Sum("change"))
        .values_list("editor_id", "total")
    )
    return {e.pk: e.base_dignitas + (changed.get(e.pk) or 0) for e in editors}


def carried_injuries(gladiator: Gladiator) -> QuerySet[Injury]:
    """Critical Injuries he carries: taken and not yet healed by the medicus."""
    return gladiator.injuries.filter(healed_on__isnull=True).order_by("day_taken", "pk")


def is_hurt(gladiator: Gladiator) -> bool:
    """Hurt: he carries Wounds or an unhealed Critical Injury."""
    return gladiator.wounds > 0 or carried_injuries(gladiator).exists()


def hurt_gladiators(campaign: Campaign) -> QuerySet[Gladiator]:
    """The living men of the campaign who carry Wounds or an unhealed Critical Injury."""
    # EXISTS rather than a join and DISTINCT: one row a man without sorting them all out again.
    carried = Injury.objects.filter(gladiator=OuterRef("pk"), healed_on__isnull=True)
    return (
        Gladiator.objects.filter(campaign=campaign)
        .exclude(status=Gladiator.Status.DEAD)
        .filter(Q(wounds__gt=0) | Exists(carried))
        .order_by("name")
    )


def unhealed_injuries(campaign: Campaign) -> QuerySet[Injury]:
    """Every unhealed injury of a living man of the campaign: the medicus's list."""
    return (
        Injury.objects.filter(gladiator__campaign=campaign, healed_on__isnull=True)
        .exclude(gladiator__status=Gladiator.Status.DEAD)
        .select_related("gladiator", "gladiator__owner", "gladiator__campaign")
        .order_by("gladiator__name", "day_taken", "pk")
    )


def roster(campaign: Campaign, *, lanista=None) -> QuerySet[Gladiator]:
    """Fighters (not charioteers) of the campaign, optionally of one school."""
    men = Gladiator.objects.filter(campaign=campaign, is_charioteer=False)
    if lanista is not None:
        men = men.filter(owner=lanista)
    return men.select_related("owner").order_by("name")


def campaign_ruleset(campaign: Campaign) -> Ruleset | None:
    """The campaign's ruleset, or None while its ruleset has no engine yet."""
    return get_ruleset(campaign.ruleset) if campaign.ruleset in ruleset_keys() else None


def sheet_fields(campaign: Campaign) -> tuple[SheetField, ...]:
    """The ratings of a sheet in this campaign's ruleset, as a form shows them."""
    ruleset = campaign_ruleset(campaign)
    return ruleset.sheet_type.form_fields() if ruleset else ()


def gladiator_figures(gladiator: Gladiator, injuries: list[str] | None = None) -> Figures | None:
    """His figures (Wound Points, Resistance, Might...) from the campaign's ruleset alone, as the
    injuries he carries leave them: every page shows these, never a sum of its own. `injuries`
    are the names of his unhealed ones when the caller has them already."""
    key = gladiator.campaign.ruleset
    if key not in ruleset_keys():
        return None
    names = injuries if injuries is not None else [i.name for i in carried_injuries(gladiator)]
    sheet = json.dumps(gladiator.sheet, sort_keys=True)
    return _figures(key, sheet, tuple(names), gladiator.armatura)


@lru_cache(maxsize=4096)
def _figures(ruleset_key: str, sheet: str, injuries: tuple[str, ...], equipment: str) -> Figures:
    """The ruleset's figures of a sheet (as JSON), carried injuries and kit: a pure function of
    them (the rules are code), so it is remembered; a page listing a thousand men asks it for
    each, and most share a sheet. Nothing stored in the campaign is kept here."""
    ruleset = get_ruleset(ruleset_key)
    parsed = ruleset.sheet_type.from_dict(json.loads(sheet))
    return ruleset.figures(parsed, injuries=injuries, equipment=equipment)


def order_choices(campaign: Campaign) -> list[tuple[str, str]]:
    """The standing orders a man of this campaign may be given, for a form ("fight-on" shows
    as "Fight on")."""
    ruleset = campaign_ruleset(campaign)
    presets = ruleset.order_presets if ruleset else ()
    return [(name, name.replace("-", " ").capitalize()) for name in presets]
