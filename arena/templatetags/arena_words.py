"""How the bout pages say what the rules name by code (the ruleset's own words)."""

from django import template

from arena.errors import BoutError
from arena.rulesets import plugin_for, plugins
from ludus.templatetags.ludus_extras import wound_points

register = template.Library()


@register.filter
def asks_the_table(kinds) -> str:
    """["fight_on", "yield"] -> "whether to fight on after his first Critical Injury and
    whether to yield"."""
    known = {kind: words for plugin in plugins() for kind, words in plugin.ask_words.items()}
    # A kind no longer known (an old bout's data) reads as its name with spaces.
    words = [known.get(str(kind), str(kind).replace("_", " ")) for kind in sorted(kinds or ())]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


@register.filter
def incapacitated(gladiator) -> bool:
    """Whether the Wounds he carries leave him too hurt to be sent out, by his campaign's
    ruleset (so a page never shows Wounds at or over his Wound Points without saying so)."""
    if not gladiator.wounds:
        return False
    points = wound_points(gladiator)  # the carried injuries a selector prefetched, if it did
    try:
        plugin = plugin_for(gladiator.campaign.ruleset)
    except BoutError:  # a ruleset with no plug-in: nothing to say
        return False
    return isinstance(points, int) and plugin.incapacitated(gladiator.wounds, points)
