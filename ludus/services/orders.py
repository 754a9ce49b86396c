"""A gladiator's standing orders in the arena (a preset of rules.era.orders).

The orders are private to the GM and the player whose lanista owns the man; the view checks
that. Here only the rules' own check: the name must be one of the presets.
"""

from __future__ import annotations

from django.db import transaction

from ludus.models import Gladiator
from rules.core.errors import RulesError
from rules.era.orders import PRESETS, orders_by_name

UNKNOWN_ORDERS = "Orders must be one of {allowed}; got {name!r}."
DEAD_MAN_ORDERS = "{name} is dead; he takes no more orders."


class OrdersError(ValueError):
    """Orders the rules do not know, or for a man who cannot take them."""


@transaction.atomic
def gladiator_orders_set(*, gladiator: Gladiator, orders: str) -> Gladiator:
    """Set his standing orders (cautious, fight-on, never-yield)."""
    gladiator = Gladiator.objects.select_for_update().get(pk=gladiator.pk)
    try:
        preset = orders_by_name(orders)
    except RulesError:
        raise OrdersError(UNKNOWN_ORDERS.format(allowed=", ".join(PRESETS), name=orders)) from None
    if not gladiator.is_alive:
        raise OrdersError(DEAD_MAN_ORDERS.format(name=gladiator.name))
    gladiator.orders = preset.name
    gladiator.full_clean()
    gladiator.save(update_fields=["orders"])
    return gladiator
