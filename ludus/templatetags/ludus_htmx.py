"""`{% ludus_htmx_script %}`: htmx 2 from django-htmx's static files, without its debug script.

django-htmx's `{% htmx_script %}` adds, in DEBUG, a script that replaces the whole document
with the response of any htmx request answered 400, 403, 404 or 500. Our refusals are answered
400/409/422 (and 403/404, see ludus.middleware) with a fragment meant for the page, so that
script would wipe the layout for every refusal on the local table. Ours keeps the refusals in
the page at every DEBUG setting and, in DEBUG only, shows Django's error page for a 500, which
is a crash and not a refusal (static/js/debug-500.js).
"""

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def ludus_htmx_script() -> str:
    tag = format_html('<script src="{}" defer></script>', static("django_htmx/htmx-2.min.js"))
    if settings.DEBUG:
        tag += format_html('<script src="{}" defer></script>', static("js/debug-500.js"))
    return tag
