"""The Recovery page's "Advance to day N" form (ludus.services.calendar)."""

from django import forms

from ludus.forms import StateField
from ludus.limits import MAX_DAY, MIN_DAY, bounded_integer

BAD_TREAT = (
    "The injury to treat (field treat) is not one the medicus can treat today; reload the page."
)
NO_DAY = "Advance to day (field to_day): give the day to advance to."
BAD_WHERE = "Where the medicus treats (field where) is at the ludus or away."


class AdvanceToForm(forms.Form):
    """Advance to day N: the day it was drawn for, the day to reach, and the injuries the
    medicus treats (today, before the first night)."""

    day = StateField(name="day")
    to_day = bounded_integer(label="Advance to day (field to_day)", low=MIN_DAY, high=MAX_DAY)
    treat = forms.TypedMultipleChoiceField(
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="The medicus treats, today, before the first night",
        error_messages={"invalid_choice": BAD_TREAT, "invalid_pk_value": BAD_TREAT},
    )
    where = forms.ChoiceField(
        choices=[("ludus", "At the ludus"), ("away", "Away from the ludus")],
        required=False,
        initial="ludus",
        label="Where",
        error_messages={"invalid_choice": BAD_WHERE},
    )

    def __init__(self, *args, injuries=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.injuries = {injury.pk: injury for injury in injuries}
        self.fields["treat"].choices = [
            (injury.pk, f"{injury.gladiator.name}: {injury.name}") for injury in injuries
        ]
        self.fields["to_day"].widget.attrs.update({"id": "advance-to-day", "inputmode": "numeric"})
        self.fields["to_day"].error_messages["required"] = NO_DAY

    def treated(self) -> list:
        """The injuries ticked, as Injury objects (after is_valid)."""
        return [self.injuries[pk] for pk in self.cleaned_data.get("treat") or []]

    @property
    def at_ludus(self) -> bool:
        return self.cleaned_data.get("where") != "away"
