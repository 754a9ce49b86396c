"""Forms of the ludus pages. They check the shape of the input; the services check rules."""

from django import forms


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
