"""The searchable select (issue 14): a select of a campaign's men, accounts or shows that stays
small however large the campaign grows.

`QuickSelect` is the widget of every such select. Up to PICK_ABOVE options it draws the plain
select, every option written in Python (a thousand options render in a millisecond or two, not
through a template each). Above that it draws a labelled search box ("Find a man") and the real
select holding the empty choice, the chosen value and the first PICK_SHOWN options in the
field's order, with a line saying how many more there are. Typing in the box asks the page
itself (htmx, `?pick=<field>&q=<text>`) for the options whose name holds the text, and swaps
them into the select; without JavaScript the page works with the first PICK_SHOWN.

The answer is built from the field of the very form the page draws (`pick_answer`, one line in
the view), so a search offers only what the form accepts and what the member may see. A POST
is checked as before: the field checks the answer against its whole queryset.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django import forms
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Q, QuerySet
from django.forms.utils import flatatt
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from ludus.inputs import whole_number
from ludus.middleware import in_page

PICK_ABOVE = 100  # a select of more options than this becomes a search box and a short list
PICK_SHOWN = 50  # the options a long select shows at once (the first, or a search's matches)
MAX_QUERY = 80  # the longest text searched for (a name is at most 80 characters)
PICK = "pick"  # the query parameter naming the select searched
QUERY = "q"  # the text searched for
OPTIONS_TEMPLATE = "ludus/partials/pick_options.html"
PICKER_TEMPLATE = "ludus/partials/picker.html"

# What the search box says it finds, by model (`app_label.model_name`); "Find a <model>" else.
FINDS = {
    "ludus.gladiator": "Find a man",
    "ludus.lanista": "Find a school",
    "ludus.editor": "Find an editor",
    "economy.account": "Find an account",
    "economy.bettor": "Find a bettor",
    "arena.show": "Find a show",
}
# The fields a search looks in, by model; `name` else.
SEARCHED = {"ludus.lanista": ("name", "school")}

UNKNOWN_PICK = "No select named “{pick}” to search on this page (field pick)."
LONG_QUERY = f"The text to find is too long (field q): at most {MAX_QUERY} characters."

Rows = Callable[[QuerySet], list[tuple[Any, str]]]


class QuickSelect(forms.Select):
    """A select of a ModelChoiceField's rows, searchable when they are many (module doc).

    `rows`, when set (by `quick_gladiator_options`, `quick_named_options` or a form), reads the
    options of a queryset as (value, label) pairs without a model per row; otherwise each row is
    labelled by the field's `label_from_instance`. `pick_url` and `pick_key` are set by
    `pick_answer`: the page that answers the search and the name it knows the select by."""

    rows: Rows | None = None
    # Selects of one queryset (a pair's two men, a fight's six) share what they read: set the
    # same dict on each (`share_reads`), and the rows and the count are read once for all.
    shared: dict | None = None
    # Options drawn after the rows whatever the rows shown (the skirmish's beasts), and how a
    # chosen value names its row's pk (a field whose values are not bare pks: "man:12").
    extra: list[tuple[Any, str]] = []
    pick_url = ""  # "" : htmx asks the page's own address
    pick_key = ""  # "" : the field's html name

    def pk_of(self, value: str) -> str | None:
        return value if whole_number(value) is not None else None

    def render(self, name, value, attrs=None, renderer=None):
        final = self.build_attrs(self.attrs, attrs)
        field = _field(self)
        if field is None:
            return _select(name, final, _flat(self.choices), self.format_value(value))
        chosen = [str(v) for v in self.format_value(value) if v not in ("", None)]
        empty = _empty(field)
        queryset = field.queryset
        head = self._once("head", lambda: self.read(field, queryset[: PICK_ABOVE + 1]))
        if len(head) <= PICK_ABOVE or _searched(queryset.model) is None:
            if len(head) > PICK_ABOVE:  # not searchable by name: every option, as before
                head = self.read(field, queryset)
            return _select(name, final, empty + head + list(self.extra), chosen)
        shown = head[:PICK_SHOWN]
        total = self._once("count", queryset.count)
        options = _with_chosen(self, field, empty, shown, chosen, list(self.extra))
        context = {
            "find": _find(queryset.model),
            "url": self.pick_url,
            "vals": json.dumps({PICK: self.pick_key or name}),
            "name": name,
            "attrs": flatatt(final),
            "options": options,
            "more": total - len(shown),
            "shown": len(shown),
        }
        return mark_safe(render_to_string(PICKER_TEMPLATE, context))  # noqa: S308 - a template

    def _once(self, key: str, read: Callable[[], Any]) -> Any:
        if self.shared is None:
            return read()
        if key not in self.shared:
            self.shared[key] = read()
        return self.shared[key]

    def read(self, field: forms.ModelChoiceField, queryset: QuerySet) -> list[tuple[Any, str]]:
        """The (value, label) pairs of `queryset`'s rows, as the field draws them."""
        if self.rows is not None:
            return self.rows(queryset)
        return [(field.prepare_value(row), field.label_from_instance(row)) for row in queryset]


def share_reads(form: forms.BaseForm, *names: str) -> None:
    """Let the selects `names` of `form`, of one and the same queryset, read it once for all."""
    shared: dict = {}
    for name in names:
        form.fields[name].widget.shared = shared


def _field(widget: forms.Widget) -> forms.ModelChoiceField | None:
    """The ModelChoiceField whose options the widget draws (its choices know it), if any."""
    field = getattr(widget.choices, "field", None)
    return field if isinstance(field, forms.ModelChoiceField) else None


def _empty(field: forms.ModelChoiceField) -> list[tuple[Any, str]]:
    return [("", str(field.empty_label))] if field.empty_label is not None else []


def _flat(choices) -> list[tuple[Any, str]]:
    return [(getattr(value, "value", value), label) for value, label in choices]


def _select(name: str, attrs: dict, options: Iterable[tuple[Any, str]], chosen) -> str:
    """The plain select's HTML, every value and label escaped (forms.Select's, no optgroups)."""
    picked = {str(v) for v in chosen}
    drawn = []
    for option_value, label in options:
        raw = getattr(option_value, "value", option_value)  # ModelChoiceIteratorValue
        text = "" if raw is None else str(raw)
        shown = text if isinstance(raw, int) else html.escape(text)  # a number needs none
        selected = " selected" if text in picked else ""
        drawn.append(f'<option value="{shown}"{selected}>{html.escape(str(label))}</option>')
    return mark_safe(  # noqa: S308 - every value and label is escaped above
        f'<select name="{html.escape(name)}"{flatatt(attrs)}>{"".join(drawn)}</select>'
    )


def _searched(model) -> tuple[str, ...] | None:
    """The fields a search of `model`'s rows looks in (None: the model has no name to search)."""
    fields = SEARCHED.get(model._meta.label_lower, ("name",))
    try:
        for name in fields:
            model._meta.get_field(name)
    except FieldDoesNotExist:
        return None
    return fields


def _find(model) -> str:
    label = model._meta.label_lower
    return FINDS.get(label, f"Find a {model._meta.verbose_name}")


def _with_chosen(widget, field, empty, shown, chosen, after=()) -> list[dict]:
    """The options to draw: the empty one, the chosen ones not among `shown` (read from the
    field's queryset, so a value it refuses is not drawn), `shown`, then `after`; each marked
    chosen or not."""
    have = {str(value) for value, _ in [*shown, *after]}
    missing = [pk for v in chosen if v not in have and (pk := widget.pk_of(v)) is not None]
    extra = widget.read(field, field.queryset.filter(pk__in=missing)) if missing else []
    picked = set(chosen)
    return [
        {
            "value": "" if value is None else str(value),
            "label": label,
            "selected": str(value) in picked,
        }
        for value, label in [*empty, *extra, *shown, *after]
    ]


def _pickers(form: forms.BaseForm, key_prefix: str) -> dict[str, tuple[forms.BaseForm, str]]:
    """The searchable selects of `form`: {the name a search knows it by: (form, field name)}."""
    found = {}
    for name, field in form.fields.items():
        if isinstance(field, forms.ModelChoiceField) and isinstance(field.widget, QuickSelect):
            found[key_prefix + form.add_prefix(name)] = (form, name)
    return found


def pick_answer(
    request: HttpRequest,
    *forms_drawn: forms.BaseForm | Mapping[str, forms.BaseForm] | None,
    url: str | None = None,
) -> HttpResponse | None:
    """Ready the searchable selects of the forms a page draws, and answer a search of one.

    Call it in the view once its forms are built: `if (answer := pick_answer(request, form))
    is not None: return answer`. Each searchable select learns the page that answers its
    searches (`url`, else this request's path: a view drawing its page after a POST names its
    GET page). A GET from htmx naming one of them (`pick`) with the text `q` is answered with
    that select's options (OPTIONS_TEMPLATE); anything else gets None and the page goes on.
    Forms given in a mapping (several forms of one page whose fields share names) are known
    as "<key>.<field>". A pick that names no select here is a 404, a bad text a 400, each
    said in the page's messages (ludus.middleware.in_page), the select left as it was."""
    pickers: dict[str, tuple[forms.BaseForm, str]] = {}
    for drawn in forms_drawn:
        named = drawn.items() if isinstance(drawn, Mapping) else [("", drawn)]
        for key, form in named:
            if form is None:
                continue
            for pick_key, (owner, name) in _pickers(form, f"{key}." if key else "").items():
                widget = owner.fields[name].widget
                widget.pick_url = url if url is not None else request.path
                widget.pick_key = pick_key
                pickers.setdefault(pick_key, (owner, name))
    if request.method != "GET" or PICK not in request.GET or not request.headers.get("HX-Request"):
        return None
    pick = request.GET[PICK]
    if pick not in pickers:
        return in_page(request, UNKNOWN_PICK.format(pick=pick[:MAX_QUERY]), 404)
    text = request.GET.get(QUERY, "").strip()
    if len(text) > MAX_QUERY:
        return in_page(request, LONG_QUERY, 400)
    form, name = pickers[pick]
    field = form.fields[name]
    widget = field.widget
    queryset = field.queryset
    searched = _searched(queryset.model)
    if text and searched is not None:
        match = Q()
        for looked in searched:
            match |= Q(**{f"{looked}__icontains": text})
        queryset = queryset.filter(match)
    found = widget.read(field, queryset[: PICK_SHOWN + 1])
    chosen = [v for v in request.GET.getlist(form.add_prefix(name)) if v]
    after = [  # the options always listed: those matching, and the one chosen
        (value, label)
        for value, label in widget.extra
        if text.lower() in label.lower() or str(value) in chosen
    ]
    context = {
        "options": _with_chosen(widget, field, _empty(field), found[:PICK_SHOWN], chosen, after),
        "more": len(found) > PICK_SHOWN,
        "found": bool(found or after),
        "text": text,
    }
    return HttpResponse(render_to_string(OPTIONS_TEMPLATE, context, request=request))
