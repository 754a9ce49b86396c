"""Forms of the campaign setup pages. Model forms, so the model's ranges are checked inline;
the services in ludus/services/setup.py check the rest and write."""

from django import forms
from django.contrib.auth import get_user_model

from arena.rulesets import is_served
from desk.armaturae import limit_armaturae
from economy.limits import MAX_POSTING
from economy.models import Bettor
from ludus.forms import OnceKeyField
from ludus.limits import (
    MAX_CONTRACT_BOUTS,
    MAX_DIGNITAS,
    MAX_YEAR,
    MIN_DIGNITAS,
    MIN_YEAR,
    bounded_integer,
)
from ludus.models import (
    Campaign,
    Editor,
    Election,
    Gladiator,
    Lanista,
    Membership,
)
from ludus.selectors.people import sheet_fields

YEAR_HELP = "Historical year as stored: -50 is 50 BC, 14 is AD 14."


def _year_field(**kwargs) -> forms.IntegerField:
    return bounded_integer(label="Year", low=MIN_YEAR, high=MAX_YEAR, help_text=YEAR_HELP, **kwargs)


def _opening_field(label: str, help_text: str):
    """An opening balance, in sesterces: 0 to MAX_POSTING, or left blank."""
    return bounded_integer(
        label=label, low=0, high=MAX_POSTING, required=False, initial=0, help_text=help_text
    )


class CampaignForm(forms.ModelForm):
    key = OnceKeyField()
    year = _year_field(initial=-50)

    class Meta:
        model = Campaign
        fields = ["name", "year", "city", "ruleset"]
        help_texts = {"year": YEAR_HELP}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Only the rulesets whose engine is built are offered; the service refuses any other.
        field = self.fields["ruleset"]
        field.choices = [(key, label) for key, label in field.choices if is_served(key)]


class InvitationForm(forms.Form):
    """What the invitee will be: a player, a game master, or the player of one of the
    campaign's lanistae, editors or bettors who has no player yet."""

    prefix = "invitation"
    key = OnceKeyField()
    part = forms.ChoiceField(label="Invite")

    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.parties: dict[str, object] = {}
        choices = [
            (Membership.Role.PLAYER.value, "A player (no part yet)"),
            (Membership.Role.GM.value, "A game master"),
        ]
        for kind, model in (("lanista", Lanista), ("editor", Editor), ("bettor", Bettor)):
            for party in model.objects.filter(campaign=campaign, player=None).order_by("name"):
                value = f"{kind}-{party.pk}"
                self.parties[value] = party
                choices.append((value, f"The player of {party.name} ({kind})"))
        self.fields["part"].choices = choices

    def clean(self):
        data = super().clean()
        part = data.pop("part", None)
        if part is not None:
            data["party"] = self.parties.get(part)
            data["role"] = Membership.Role.GM if part == "gm" else Membership.Role.PLAYER
        return data


def campaign_members(campaign: Campaign):
    """The users who are members of the campaign, by name: who may play its people."""
    return (
        get_user_model()
        .objects.filter(memberships__campaign=campaign)
        .order_by("username")
        .distinct()
    )


class _CampaignForm(forms.ModelForm):
    """A model form whose choices (players, schools, editors) are those of one campaign."""

    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        if "player" in self.fields:
            self.fields["player"].queryset = campaign_members(campaign)
            self.fields["player"].empty_label = "No one (the GM runs him)"


class LanistaForm(_CampaignForm):
    prefix = "lanista"
    key = OnceKeyField()
    chest = _opening_field("Chest", "Opening chest, in sesterces.")

    class Meta:
        model = Lanista
        fields = [
            "name",
            "school",
            "city",
            "player",
            "charisma",
            "charm",
            "medicus_name",
            "medicus_intellect",
            "medicus_medicine",
        ]
        labels = {"medicus_intellect": "Medicus Intellect", "medicus_medicine": "Medicus Medicine"}


class GladiatorForm(_CampaignForm):
    prefix = "gladiator"
    key = OnceKeyField()
    contract_bouts_left = bounded_integer(
        label="Contract bouts (auctoratus)", low=1, high=MAX_CONTRACT_BOUTS, required=False
    )

    class Meta:
        model = Gladiator
        fields = [
            "name",
            "owner",
            "armatura",
            "legal_status",
            "price_purses",
            "contract_bouts_left",
        ]
        labels = {
            "owner": "School",
            "price_purses": "Price (purses)",
            "contract_bouts_left": "Contract bouts (auctoratus)",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["owner"].queryset = Lanista.objects.filter(campaign=self.campaign)
        self.fields["owner"].empty_label = "No school (on the market)"
        limit_armaturae(self.fields["armatura"], self.campaign.ruleset, "Armatura")
        # The sheet's ratings, as the campaign's ruleset declares them.
        for field in sheet_fields(self.campaign):
            self.fields[field.name] = forms.IntegerField(
                label=field.label,
                min_value=field.min,
                max_value=field.max,
                initial=field.default,
                help_text=field.help,
            )
        self.order_fields(
            ["name", "owner", "armatura", "legal_status"]
            + [field.name for field in sheet_fields(self.campaign)]
        )


class EditorForm(_CampaignForm):
    prefix = "editor"
    key = OnceKeyField()
    base_dignitas = bounded_integer(
        label="Dignitas", low=MIN_DIGNITAS, high=MAX_DIGNITAS, initial=3
    )
    purse = _opening_field("Purse", "Opening purse, in sesterces.")

    class Meta:
        model = Editor
        fields = ["name", "office", "base_dignitas", "player"]
        labels = {"base_dignitas": "Dignitas"}


class ElectionForm(_CampaignForm):
    prefix = "election"
    key = OnceKeyField()
    year = _year_field()

    class Meta:
        model = Election
        fields = ["editor", "office", "year"]
        help_texts = {"year": YEAR_HELP}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["editor"].queryset = Editor.objects.filter(campaign=self.campaign)


class BettorForm(_CampaignForm):
    prefix = "bettor"
    key = OnceKeyField()
    purse = _opening_field("Purse", "Opening purse, in sesterces (written to the ledger).")

    class Meta:
        model = Bettor
        fields = ["name", "player"]
