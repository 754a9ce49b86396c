"""A man's orders for one bout not yet fought, set by the GM or the player whose school owns
him (the orders are private to them; the view checks who). The preset must be one of the
campaign's ruleset's (its adapter's `PRESETS`), and only a ruleset whose adapter names choices
the table may take (`ASK_CHOICES`, Sands: each turn's orders) may have them asked.

Once the bout is fought its setup is frozen, so its orders are too. Setting the same orders
twice writes nothing new.
"""

from __future__ import annotations

from django.db import transaction

from arena.errors import BoutError
from arena.models import Bout, BoutEntry
from arena.rulesets import plugin_for

BEGUN = "The bout has begun ({status}); {name}'s orders for it are fixed."
UNKNOWN_PRESET = "Orders must be his standing orders or one of {allowed}; got {name!r}."
NO_ASK = "These rules leave no choice to the table; {asked!r} cannot be asked."


@transaction.atomic
def bout_orders_set(*, entry: BoutEntry, preset: str, ask: list[str] | None = None) -> BoutEntry:
    """His orders for this bout: a preset ("" keeps his standing orders) and the choices the
    table makes for him (Sands: ["turn"])."""
    bout = Bout.objects.select_for_update().select_related("show__campaign").get(pk=entry.bout_id)
    entry = BoutEntry.objects.select_related("gladiator").get(pk=entry.pk)
    name = entry.gladiator.name if entry.gladiator else entry.name
    if bout.status != Bout.Status.PLANNED:
        raise BoutError(BEGUN.format(status=bout.get_status_display().lower(), name=name))
    plugin = plugin_for(bout.show.campaign.ruleset)
    presets = plugin.presets
    if preset and preset not in presets:
        raise BoutError(UNKNOWN_PRESET.format(allowed=", ".join(presets), name=preset))
    allowed = {key for key, _ in plugin.ask_choices}
    asked = sorted(set(ask or ()))
    for kind in asked:
        if kind not in allowed:
            raise BoutError(NO_ASK.format(asked=kind))
    orders: dict = {"name": preset} if preset else {}
    if asked:
        orders["ask"] = asked
    if entry.orders != orders:
        entry.orders = orders
        entry.full_clean()
        entry.save(update_fields=["orders"])
    return entry
