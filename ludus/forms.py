"""Forms of the ludus pages. They check the shape of the input; the services check rules."""

import uuid

from django import forms
from django.core.validators import RegexValidator

from ludus.models import Gladiator
from ludus.picker import QuickSelect as QuickSelect  # the searchable select, re-exported

BAD_KEY = "The form's key (field key) is missing or damaged; reload the page and send it again."


class TreatForm(forms.Form):
    where = forms.ChoiceField(
        choices=[
            ("ludus", "At the ludus (supplies, time and a safe place)"),
            ("away", "Away from the ludus (one Trial die becomes Crisis)"),
        ],
        required=False,
        initial="ludus",
        label="Where",
    )

    @property
    def at_ludus(self) -> bool:
        """At the ludus unless the form says 'away' (a bare button press treats at home)."""
        return not (self.is_valid() and self.cleaned_data.get("where") == "away")


def new_once_key() -> str:
    """A fresh key for a creating form (32 hex digits)."""
    return uuid.uuid4().hex


class OnceKeyField(forms.CharField):
    """The hidden one-time key of a form that creates something (ludus.services.once).

    Each rendering draws a fresh key; a bound form sent back with its errors keeps the key it
    was sent with (nothing was written under it).
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", forms.HiddenInput)
        kwargs.setdefault("initial", new_once_key)
        kwargs.setdefault("min_length", 16)
        kwargs.setdefault("max_length", 64)
        kwargs.setdefault("validators", [RegexValidator(r"^[A-Za-z0-9]+$", message=BAD_KEY)])
        kwargs.setdefault(
            "error_messages", {"required": BAD_KEY, "min_length": BAD_KEY, "max_length": BAD_KEY}
        )
        super().__init__(**kwargs)


class StateField(forms.IntegerField):
    """The hidden state a clock or state form was drawn for (the day it ends, the leg it runs):
    the service refuses a post meant for a state that has passed ("already done")."""

    def __init__(self, *, name: str, **kwargs):
        kwargs.setdefault("widget", forms.HiddenInput)
        kwargs.setdefault("min_value", 0)
        kwargs.setdefault("max_value", 10**9)
        bad = f"The {name} this form is for (field {name}) must be a whole number from 0."
        kwargs.setdefault(
            "error_messages",
            {
                "required": f"The form does not say which {name} it is for (field {name}); reload.",
                "invalid": bad,
                "min_value": bad,
                "max_value": f"The {name} this form is for (field {name}) is out of range.",
            },
        )
        super().__init__(**kwargs)


class AdvanceDayForm(forms.Form):
    """End the day: the day the GM saw when he pressed the button."""

    day = StateField(name="day")


class HistoryMarkField(forms.IntegerField):
    """The hidden mark of the history an edit form was drawn at (ludus.history.mark): an edit
    sent again, or from a tab drawn before a change since, writes nothing."""

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", forms.HiddenInput)
        kwargs.setdefault("min_value", 0)
        kwargs.setdefault("max_value", 2**63 - 1)
        bad = "The form does not say which version it edits (field seen); reload the page."
        kwargs.setdefault(
            "error_messages",
            {"required": bad, "invalid": bad, "min_value": bad, "max_value": bad},
        )
        super().__init__(**kwargs)


class UndoMarkForm(forms.Form):
    """Take back the last roll or end of day: the button names which (the URL's id), so a
    repeat meets it already undone; `confirm` is the button's own field."""

    confirm = forms.CharField(
        widget=forms.HiddenInput,
        error_messages={"required": "The form does not say what to take back (field confirm)."},
    )


def quick_gladiator_options(form: forms.Form) -> None:
    """Give every select of men in `form` (a ModelChoiceField of gladiators, labelled as a man
    names himself: "Bithys the thraex") its options read as values, not as a model per man
    (issue 14). The field still checks an answer against its queryset; only the options drawn
    change how they are read (ludus.picker draws at most a hundred and one of them)."""
    for field in form.fields.values():
        if not isinstance(field, forms.ModelChoiceField) or not isinstance(
            field.widget, QuickSelect
        ):
            continue
        if field.queryset.model is not Gladiator or _custom_label(field):
            continue
        field.widget.rows = gladiator_rows


def gladiator_rows(queryset) -> list[tuple[int, str]]:
    """(pk, "Bithys the thraex") for each man of `queryset`, read as values."""
    kits = dict(Gladiator._meta.get_field("armatura").flatchoices)
    rows = queryset.values_list("pk", "name", "armatura", "is_charioteer")
    return [
        (pk, f"{name} the {'driver' if driver else str(kits.get(kit, kit)).lower()}")
        for pk, name, kit, driver in rows
    ]


def _custom_label(field: forms.ModelChoiceField) -> bool:
    """Whether the field labels its men otherwise than by their name (`Gladiator.__str__`)."""
    own = field.__dict__.get("label_from_instance")
    return own is not None or type(field).label_from_instance is not (
        forms.ModelChoiceField.label_from_instance
    )


def quick_named_options(field: forms.ModelChoiceField) -> None:
    """Give a select of rows labelled by their `name` (an account, a show: `__str__` returns
    the name) its options read as values, not as a model per row (issue 14)."""
    field.widget.rows = named_rows


def named_rows(queryset) -> list[tuple[int, str]]:
    return list(queryset.values_list("pk", "name"))
