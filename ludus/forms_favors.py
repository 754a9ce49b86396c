"""Forms of the Favors page: the GM records a Favor owed; the patron's side calls one.

The choices are the campaign's own (patrons, lanistae, men); the service in
ludus/services/ludus.py checks the rest and writes.
"""

from django import forms

from ludus.forms import OnceKeyField, QuickSelect, gladiator_rows
from ludus.models import Campaign, Gladiator, Lanista, Patron

CALLED_FOR_HELP = "A bout, a hire in another town, a day training recruits…"


class FavorRecordForm(forms.Form):
    prefix = "record"
    to = forms.ChoiceField(label="Owed to", required=False)
    new_patron = forms.CharField(
        label="or a new patron", max_length=80, required=False, help_text="A name, if not listed."
    )
    gladiator = forms.ModelChoiceField(
        label="Owed by (a man)",
        queryset=Gladiator.objects.none(),
        required=False,
        widget=QuickSelect,
    )
    owed_by = forms.CharField(
        label="Owed by (a name)",
        max_length=80,
        required=False,
        help_text="An editor, a lanista or anyone else; defaults to the man's name.",
    )
    reason = forms.CharField(label="What for", max_length=200, required=False)
    key = OnceKeyField()

    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        patrons = list(Patron.objects.filter(campaign=campaign).order_by("name", "pk"))
        with_patron = {p.lanista_id for p in patrons if p.lanista_id}
        lanistae = [
            lanista
            for lanista in Lanista.objects.filter(campaign=campaign).order_by("name")
            if lanista.pk not in with_patron
        ]
        self.fields["to"].choices = [
            ("", "—"),
            *((f"p{p.pk}", p.name) for p in patrons),
            *((f"l{lanista.pk}", f"{lanista.name} (lanista)") for lanista in lanistae),
        ]
        self._patrons = {f"p{p.pk}": p for p in patrons}
        self._lanistae = {f"l{lanista.pk}": lanista for lanista in lanistae}
        self.fields["gladiator"].queryset = Gladiator.objects.filter(campaign=campaign).order_by(
            "name"
        )
        self.fields["gladiator"].empty_label = "No one of the campaign's men"
        self.fields["gladiator"].widget.rows = gladiator_rows

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        return {
            "campaign": self.campaign,
            "patron": self._patrons.get(data["to"]),
            "lanista": self._lanistae.get(data["to"]),
            "patron_name": data["new_patron"],
            "owed_by": data["owed_by"],
            "gladiator": data["gladiator"],
            "reason": data["reason"],
            "once_key": data["key"],
        }


class FavorCallForm(forms.Form):
    called_for = forms.CharField(
        label="Call it for", max_length=200, help_text=CALLED_FOR_HELP, strip=True
    )
