"""Template filters for Ludus pages: chances. Money is formatted by economy's `money` library.

Dice faces are drawn by the arena's `{% dice roll %}` tag (arena/templatetags/arena_charts.py).

They only format what the selectors and services computed; no rule is decided here.
"""

from django import template

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
