"""Forms of the Circus pages. They check the input's shape; arena.rulesets.era.circus.services
checks the rules (no orders for a leg already run, no seed change once the race has begun)."""

from __future__ import annotations

from django import forms

from ludus.forms import OnceKeyField, QuickSelect, StateField
from ludus.limits import bounded_integer

LEGS = (1, 2, 3)


class RaceRunForm(forms.Form):
    to = forms.ChoiceField(choices=[("next", "Run the next leg"), ("end", "Run to the end")])
    # The next leg when the form was drawn: a repeated click runs nothing (ludus.forms).
    leg = StateField(name="leg", min_value=1, max_value=3)
    seed = bounded_integer(
        label="Seed",
        low=0,
        high=2**62,
        required=False,
        help_text="Optional, before the first leg: the race replays exactly from its seed.",
    )


class RaceOrdersForm(forms.Form):
    """Push for the inside on each leg; the GM's Peril Points when `with_peril`."""

    def __init__(self, *args, with_peril: bool, legs_run: int, **kwargs):
        super().__init__(*args, **kwargs)
        for leg in LEGS:
            self.fields[f"push_{leg}"] = forms.BooleanField(
                required=False, label=f"Push on leg {leg}", disabled=leg <= legs_run
            )
            if with_peril:
                self.fields[f"peril_{leg}"] = forms.BooleanField(
                    required=False, label=f"Peril Point on leg {leg}", disabled=leg <= legs_run
                )
        self.with_peril = with_peril

    def push_legs(self) -> list[bool]:
        return [bool(self.cleaned_data.get(f"push_{leg}")) for leg in LEGS]

    def peril_legs(self) -> list[int] | None:
        if not self.with_peril:
            return None
        return [leg for leg in LEGS if self.cleaned_data.get(f"peril_{leg}")]


class RacePlanForm(forms.Form):
    """The GM plans a race on one of the campaign's shows still to come."""

    show = forms.ModelChoiceField(queryset=None, empty_label=None)
    name = forms.CharField(max_length=120, initial="The quadrigae")
    chariot = forms.ChoiceField(choices=[("quadriga", "Quadrigae"), ("biga", "Bigae")])
    key = OnceKeyField()
    prize_purses = bounded_integer(label="Prize (purses of 800 HS)", low=0, high=100, initial=1)

    def __init__(self, *args, shows, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["show"].queryset = shows
        self.fields["show"].label_from_instance = lambda show: f"{show.name}, day {show.day}"


OTHER_FACTION = ""


class RaceEntryForm(forms.Form):
    """A man for the field: one of the campaign's men in the ludus, and his faction (one
    already known, or a new name typed in)."""

    gladiator = forms.ModelChoiceField(queryset=None, label="Driver", widget=QuickSelect)
    faction = forms.ChoiceField(required=False)
    new_faction = forms.CharField(required=False, max_length=30, label="or a new faction")

    def __init__(self, *args, men, factions, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["gladiator"].queryset = men
        self.fields["gladiator"].label_from_instance = _driver_label
        self.fields["faction"].choices = [(f, f) for f in factions] + [
            (OTHER_FACTION, "another (type it)")
        ]
        self.fields["faction"].initial = factions[0] if factions else OTHER_FACTION

    def faction_name(self) -> str:
        return (self.cleaned_data.get("new_faction") or "").strip() or self.cleaned_data.get(
            "faction", ""
        )


def _driver_label(man) -> str:
    known = f", {man.faction}" if man.is_charioteer and man.faction else ""
    kind = f"driver{known}" if man.is_charioteer else "gladiator"
    sheet = man.sheet
    return f"{man.name} ({kind}): Agility {sheet.get('agility')}, Operate {sheet.get('operate')}"
