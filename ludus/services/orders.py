"""A gladiator's standing orders in the arena (one of his campaign ruleset's presets).

The orders are private to the GM and the player whose lanista owns the man; the view checks
that. Here only the rules' own check: the name must be one of the presets.
"""

from __future__ import annotations

from django.db import transaction

from ludus.errors import Refusal
from ludus.models import Gladiator
from ludus.selectors.people import campaign_ruleset

UNKNOWN_ORDERS = "Orders must be one of {allowed}; got {name!r}."
DEAD_MAN_ORDERS = "{name} is dead; he takes no more orders."


class OrdersError(Refusal):
    """Orders the rules do not know, or for a man who cannot take them."""


@transaction.atomic
def gladiator_orders_set(*, gladiator: Gladiator, orders: str) -> Gladiator:
    """Set his standing orders (cautious, fight-on, never-yield)."""
    gladiator = Gladiator.objects.select_for_update().get(pk=gladiator.pk)
    ruleset = campaign_ruleset(gladiator.campaign)
    presets = ruleset.order_presets if ruleset else ()
    name = orders.strip().lower() if isinstance(orders, str) else orders
    if name not in presets:
        raise OrdersError(UNKNOWN_ORDERS.format(allowed=", ".join(presets), name=orders))
    if not gladiator.is_alive:
        raise OrdersError(DEAD_MAN_ORDERS.format(name=gladiator.name))
    gladiator.orders = name
    gladiator.full_clean()
    gladiator.save(update_fields=["orders"])
    return gladiator
