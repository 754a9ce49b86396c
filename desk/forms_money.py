"""Forms of the money pages: the ledger's filters and the market's contracts.

Forms check the shape of the input and limit every choice to the campaign (and, for a player,
to what is his); the contract services check the rules and the money.
"""

import uuid

from django import forms

from arena.models import Show
from economy.limits import MAX_POSTING
from economy.models import Account, Hire, Transaction
from economy.services.prices import PURCHASE_LINES, RESALE
from ludus.forms import QuickSelect
from ludus.limits import bounded_integer
from ludus.models import Armatura, Gladiator, Lanista


class LedgerFilterForm(forms.Form):
    account = forms.ModelChoiceField(
        queryset=Account.objects.none(),
        required=False,
        empty_label="Every party",
        label="Party",
        widget=QuickSelect,
    )
    show = forms.ModelChoiceField(
        queryset=Show.objects.none(),
        required=False,
        empty_label="Every show",
        label="Show",
        widget=QuickSelect,
    )
    gladiator = forms.ModelChoiceField(
        queryset=Gladiator.objects.none(), required=False, widget=forms.HiddenInput
    )

    def __init__(self, *args, accounts, shows, gladiators, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["account"].queryset = accounts
        self.fields["show"].queryset = shows
        self.fields["gladiator"].queryset = gladiators


def new_key() -> str:
    return uuid.uuid4().hex


# The highest price any line of the table allows (15 purses): a form refuses more before the
# service checks the line.
MAX_PRICE = max(line.high for line in (*PURCHASE_LINES.values(), RESALE))


class ContractForm(forms.Form):
    """Every market form carries a one-time key, so a double click or a retry writes once."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("key", new_key())
        super().__init__(*args, **kwargs)


class HireForm(ContractForm):
    show = forms.ModelChoiceField(queryset=Show.objects.none(), label="To the show")
    gladiator = forms.ModelChoiceField(queryset=Gladiator.objects.none(), label="The man")
    kind = forms.ChoiceField(
        choices=[(Hire.Kind.TEAM, "Team fighter"), (Hire.Kind.SINGLE, "Single combat")],
        initial=Hire.Kind.TEAM,
    )
    price_purses = bounded_integer(
        label="Price in purses (GM)",
        low=1,
        high=15,
        required=False,
        help_text="Leave empty for the usual rate: 2 purses a team fighter, 4 a single fighter.",
    )
    consent = forms.BooleanField(
        required=False,
        label="He consents (a rudiarius fights only by choice)",
    )

    def __init__(self, *args, shows, men, allow_price: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["show"].queryset = shows
        self.fields["gladiator"].queryset = men
        if not allow_price:
            del self.fields["price_purses"]


class BuyForm(ContractForm):
    KIND_CHOICES = [
        ("seasoned", "Seasoned gladiator"),
        ("recruit", "Raw recruit"),
        ("condemned", "Condemned man"),
    ]
    buyer = forms.ModelChoiceField(queryset=Lanista.objects.none(), label="Buyer")
    kind = forms.ChoiceField(choices=KIND_CHOICES, initial="seasoned")
    gladiator = forms.ModelChoiceField(
        queryset=Gladiator.objects.none(),
        required=False,
        label="An existing man",
        help_text="A seasoned man must be named; a recruit or a condemned man may be new.",
    )
    name = forms.CharField(required=False, max_length=80, label="Or a new man's name")
    armatura = forms.ChoiceField(
        choices=Armatura.choices, initial=Armatura.THRAEX, required=False, label="Type"
    )
    price = bounded_integer(
        label="Price in sesterces (GM)",
        low=1,
        high=MAX_PRICE,
        required=False,
        help_text="Leave empty for the usual price.",
    )

    def __init__(self, *args, buyers, men, allow_price: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["buyer"].queryset = buyers
        self.fields["gladiator"].queryset = men
        if not allow_price:
            del self.fields["price"]

    def clean(self):
        data = super().clean()
        if data.get("gladiator") and data.get("name"):
            raise forms.ValidationError("Name an existing man or a new one, not both.")
        if not data.get("gladiator") and not data.get("name"):
            raise forms.ValidationError("Name the man to buy: an existing man or a new one.")
        return data


class SellForm(ContractForm):
    gladiator = forms.ModelChoiceField(queryset=Gladiator.objects.none(), label="The man")
    buyer = forms.ModelChoiceField(
        queryset=Lanista.objects.none(),
        required=False,
        empty_label="The market",
        label="Sold to",
    )
    price = bounded_integer(
        label="Price in sesterces (GM)",
        low=1,
        high=MAX_PRICE,
        required=False,
        help_text="Leave empty for the lanista's price.",
    )

    def __init__(self, *args, men, buyers, allow_price: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["gladiator"].queryset = men
        self.fields["buyer"].queryset = buyers
        if not allow_price:
            del self.fields["price"]


class SignForm(ContractForm):
    lanista = forms.ModelChoiceField(queryset=Lanista.objects.none(), label="The school")
    gladiator = forms.ModelChoiceField(
        queryset=Gladiator.objects.none(), required=False, label="A free man already known"
    )
    name = forms.CharField(required=False, max_length=80, label="Or a new volunteer's name")
    armatura = forms.ChoiceField(
        choices=Armatura.choices, initial=Armatura.THRAEX, required=False, label="Type"
    )
    bouts = bounded_integer(label="Bouts owed", low=1, high=100, initial=3)

    def __init__(self, *args, lanistae, men, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["lanista"].queryset = lanistae
        self.fields["gladiator"].queryset = men

    def clean(self):
        data = super().clean()
        if data.get("gladiator") and data.get("name"):
            raise forms.ValidationError("Name a known free man or a new volunteer, not both.")
        if not data.get("gladiator") and not data.get("name"):
            raise forms.ValidationError("Name the volunteer: a known free man or a new one.")
        return data


class ManumitForm(ContractForm):
    gladiator = forms.ModelChoiceField(queryset=Gladiator.objects.none(), label="The man")

    def __init__(self, *args, men, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["gladiator"].queryset = men


class FundForm(ContractForm):
    """The GM funds a party's account from the market, with a reason for the record."""

    prefix = "fund"  # the ledger page's filter form has its own `account`

    account = forms.ModelChoiceField(
        queryset=Account.objects.none(), label="Account", widget=QuickSelect
    )
    amount = bounded_integer(label="Amount in sesterces", low=1, high=MAX_POSTING)
    reason = forms.CharField(max_length=120, label="Reason")

    def __init__(self, *args, accounts, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["account"].queryset = accounts.exclude(kind=Account.Kind.MARKET)


class CorrectionForm(forms.Form):
    """The GM corrects a transaction of the campaign by reversing it, with his reason (a
    second reversal of the same transaction is refused by the ledger, so a repeat writes once)."""

    transaction = forms.ModelChoiceField(
        queryset=Transaction.objects.none(), widget=forms.HiddenInput, label="Transaction"
    )
    reason = forms.CharField(max_length=120, label="Reason")

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["transaction"].queryset = Transaction.objects.filter(campaign=campaign)
