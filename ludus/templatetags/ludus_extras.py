"""Template filters for Ludus pages: chances. Money is formatted by economy's `money` library.

Dice faces are drawn by the arena's `{% dice roll %}` tag (arena/templatetags/arena_charts.py).

They only format what the selectors and services computed; no rule is decided here.
"""

from django import template

from ludus.selectors.people import gladiator_figures

register = template.Library()


@register.filter
def percent(chance) -> str:
    """A probability (Fraction or float) as '63.8%'."""
    if chance is None or chance == "":
        return ""
    return f"{float(chance) * 100:.1f}%"


@register.filter
def in_100(chance) -> str:
    """A probability as the seed says it: '64 in 100'."""
    if chance is None or chance == "":
        return ""
    return f"{round(float(chance) * 100)} in 100"


@register.filter
def wound_points(gladiator) -> int | str:
    """His Wound Points as the campaign's ruleset gives them (ludus.selectors.people), using the
    unhealed injuries a selector prefetched as `carried` when it did."""
    carried = getattr(gladiator, "carried", None)
    names = [injury.name for injury in carried] if carried is not None else None
    figures = gladiator_figures(gladiator, injuries=names)
    return figures["wound_points"] if figures else ""


@register.filter
def owns(access, gladiator) -> bool:
    """`{% if access|owns:man %}`: the GM, or the player whose school owns the man (his money and
    orders are private to them, ludus.access.Access.owns_gladiator)."""
    return access is not None and gladiator is not None and access.owns_gladiator(gladiator)
