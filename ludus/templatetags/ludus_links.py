"""Links to a show, a man or a bout, drawn in Python for the pages read most (issue 14).

The same markup as the partials templates/ludus/partials/{show,gladiator,bout}_link.html
(tests/ludus/templatetags/test_ludus_links.py renders both and compares them), without an
`{% include %}` per link: the dashboard and the ledger draw up to a hundred links a request,
and an include costs a template context of its own each time.

`campaign_url` remembers the paths it reversed: a path is a function of the URL name, its
arguments and the script prefix alone (the URLconf does not change while the process runs),
so nothing stored in a campaign is remembered and nothing can go stale.
"""

from functools import lru_cache

from django import template
from django.urls import NoReverseMatch, get_script_prefix, reverse
from django.utils.html import format_html

register = template.Library()


@lru_cache(maxsize=16_384)
def _reversed(prefix: str, name: str, args: tuple) -> str:
    return reverse(name, args=args)


def campaign_url(name: str, *args) -> str:
    """reverse(name, args=args), remembered per script prefix."""
    return _reversed(get_script_prefix(), name, args)


@register.simple_tag
def cached_url(name: str, *args) -> str:
    """`{% url name args %}` for the menus of every page, remembered (`campaign_url`)."""
    return campaign_url(name, *args)


@register.simple_tag(takes_context=True)
def show_link(context, show) -> str:
    campaign = context["campaign"].pk
    try:
        url = campaign_url("arena:show_detail", campaign, show.pk)
    except NoReverseMatch:  # as the partial's fallback
        url = f"/c/{campaign}/arena/shows/{show.pk}/"
    return format_html('<a href="{}">{}</a>\n', url, show.name)


@register.simple_tag(takes_context=True)
def gladiator_link(context, gladiator) -> str:
    url = campaign_url("gladiator_detail", context["campaign"].pk, gladiator.pk)
    return format_html('<a href="{}">{}</a>\n', url, gladiator.name)


@register.simple_tag(takes_context=True)
def bout_link(context, bout) -> str:
    campaign = context["campaign"].pk
    try:
        url = campaign_url("arena:bout_detail", campaign, bout.pk)
    except NoReverseMatch:  # as the partial's fallback
        url = f"/c/{campaign}/arena/bouts/{bout.pk}/"
    return format_html('<a href="{}">{}</a>\n', url, bout)
