"""The GM's edit forms (desk.services.edits): the model's own fields and ranges, the sheet's
ratings as the campaign's ruleset declares them, and the hidden history mark (`seen`)."""

from django import forms
from django.forms.models import fields_for_model

from desk.armaturae import limit_armaturae
from desk.forms_setup import campaign_members
from desk.services.edits import EDITOR_FIELDS, LANISTA_FIELDS
from ludus.forms import HistoryMarkField
from ludus.history import mark
from ludus.limits import MAX_DIGNITAS, MIN_DIGNITAS, bounded_integer
from ludus.models import Editor, Gladiator, Lanista, Membership
from ludus.selectors.people import order_choices, sheet_fields


class _EditForm(forms.Form):
    """Drawn from the object as it is (`instance`), with its history mark.

    A page that draws a form for each of many objects passes what they share, read once: each
    one's history mark (`seen`, from `ludus.history.marks`) and the campaign's members
    (`members`, for the player select)."""

    seen = HistoryMarkField()
    model = None
    field_names: tuple[str, ...] = ()
    labels: dict[str, str] = {}

    def __init__(self, *args, instance, seen: int | None = None, members=None, **kwargs):
        initial = {name: _initial(instance, name) for name in self.field_names}
        initial["seen"] = mark(instance) if seen is None else seen
        kwargs.setdefault("initial", initial)
        kwargs.setdefault("prefix", f"edit{instance.pk}")
        super().__init__(*args, **kwargs)
        self.instance = instance
        self.campaign = instance.campaign
        for name, field in fields_for_model(
            self.model, fields=self.field_names, labels=self.labels
        ).items():
            self.fields[name] = field
        if "player" in self.fields:
            self.fields["player"].queryset = campaign_members(self.campaign)
            self.fields["player"].empty_label = "No one (the GM runs him)"
            if members is not None:
                _read_once(self.fields["player"], members)
        self.order_fields([*self.field_names, "seen"])

    def changes(self) -> dict:
        return {k: v for k, v in self.cleaned_data.items() if k != "seen"}


def _read_once(field: forms.ModelChoiceField, rows) -> None:
    """Draw the select from rows already read; an answer is still checked against the field's
    queryset."""
    empty = [("", field.empty_label)] if field.empty_label is not None else []
    field.choices = empty + [(row.pk, field.label_from_instance(row)) for row in rows]


def _initial(instance, name):
    value = getattr(instance, name)
    return value.pk if hasattr(value, "pk") else value


class GladiatorEditForm(_EditForm):
    model = Gladiator
    field_names = ("name", "owner", "armatura", "price_purses", "orders")
    labels = {"owner": "School", "armatura": "Kit", "price_purses": "Price (purses)"}

    def __init__(self, *args, instance, **kwargs):
        super().__init__(*args, instance=instance, **kwargs)
        self.fields["owner"].queryset = Lanista.objects.filter(campaign=self.campaign)
        self.fields["owner"].empty_label = "No school (on the market)"
        limit_armaturae(self.fields["armatura"], self.campaign.ruleset, "Kit")
        self.fields["orders"] = forms.ChoiceField(
            choices=order_choices(self.campaign), initial=instance.orders, label="Orders"
        )
        ratings = []
        for field in sheet_fields(self.campaign):
            ratings.append(field.name)
            self.fields[field.name] = forms.IntegerField(
                label=field.label,
                min_value=field.min,
                max_value=field.max,
                initial=instance.sheet.get(field.name, field.default),
                help_text=field.help,
            )
        self.order_fields([*ratings, *self.field_names, "seen"])
        self.ratings = ratings


class LanistaEditForm(_EditForm):
    model = Lanista
    field_names = LANISTA_FIELDS
    labels = {
        "player": "Played by",
        "medicus_intellect": "Medicus Intellect",
        "medicus_medicine": "Medicus Medicine",
    }


class EditorEditForm(_EditForm):
    model = Editor
    field_names = EDITOR_FIELDS
    labels = {"player": "Played by", "base_dignitas": "Dignitas (base)"}

    def __init__(self, *args, instance, **kwargs):
        super().__init__(*args, instance=instance, **kwargs)
        self.fields["base_dignitas"] = bounded_integer(
            label="Dignitas (base)",
            low=MIN_DIGNITAS,
            high=MAX_DIGNITAS,
            initial=instance.base_dignitas,
        )
        self.order_fields([*self.field_names, "seen"])


class MemberRoleForm(_EditForm):
    model = Membership
    field_names = ("role",)


class MemberRemoveForm(forms.Form):
    seen = HistoryMarkField()

    def __init__(self, *args, instance, seen: int | None = None, **kwargs):
        kwargs.setdefault("initial", {"seen": mark(instance) if seen is None else seen})
        kwargs.setdefault("prefix", f"remove{instance.pk}")
        super().__init__(*args, **kwargs)
        self.instance = instance

    def changes(self) -> dict:
        return {}  # a removal changes no field: the member goes
