"""Forms of the campaign pages. They check the shape of the input; the services check rules."""

from django import forms

from ludus.selectors_web import ORDER_CHOICES


class OrdersForm(forms.Form):
    orders = forms.ChoiceField(
        choices=ORDER_CHOICES,
        help_text=(
            "Cautious: after a first Critical Injury, yield at Crowd Favor 4 or more; past half "
            "Wound Points, yield when one more hit would drop him. Fight on: never yield after a "
            "Critical Injury, keep the wound yield. Never yield: fight to the end."
        ),
    )


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
