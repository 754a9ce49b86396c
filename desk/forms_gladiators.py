"""Forms of the campaign pages. They check the shape of the input; the services check rules."""

from django import forms

from ludus.models import Campaign
from ludus.selectors.people import order_choices


class OrdersForm(forms.Form):
    orders = forms.ChoiceField(
        help_text=(
            "Cautious: after a first Critical Injury, yield at Crowd Favor 4 or more; past half "
            "Wound Points, yield when one more hit would drop him. Fight on: never yield after a "
            "Critical Injury, keep the wound yield. Never yield: fight to the end."
        ),
    )

    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["orders"].choices = order_choices(campaign)
