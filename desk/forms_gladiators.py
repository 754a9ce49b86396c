"""Forms of the campaign pages. They check the shape of the input; the services check rules."""

from django import forms

from desk.selectors import ORDER_CHOICES


class OrdersForm(forms.Form):
    orders = forms.ChoiceField(
        choices=ORDER_CHOICES,
        help_text=(
            "Cautious: after a first Critical Injury, yield at Crowd Favor 4 or more; past half "
            "Wound Points, yield when one more hit would drop him. Fight on: never yield after a "
            "Critical Injury, keep the wound yield. Never yield: fight to the end."
        ),
    )
