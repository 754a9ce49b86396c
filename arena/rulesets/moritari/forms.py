"""The form of a fight of several entrants (arena.rulesets.moritari.fights): up to MEN men and
BEASTS beasts, each in a slot of its own, so a refusal names the slot it is about."""

from __future__ import annotations

from django import forms

from arena.models import Show
from arena.rulesets.moritari.adapter import BEAST_KINDS, KINDS
from arena.rulesets.moritari.fights import Entrant
from ludus.forms import QuickSelect, gladiator_rows
from ludus.models import Gladiator
from ludus.picker import share_reads

MEN = 6
BEASTS = 3
BEAST_CHOICES = [("", "No beast")] + [(key, KINDS[key].name) for key in BEAST_KINDS]


def man_field(n: int) -> str:
    return f"man_{n}"


def beast_fields(n: int) -> tuple[str, str]:
    return f"beast_{n}", f"beast_{n}_name"


class FightAddForm(forms.Form):
    """Men of the card's fit list and beasts by kind and name; `caesar_asks` leaves Caesar's
    choices (the order of the fights, the thumb) to his player on the bout page."""

    caesar_asks = forms.BooleanField(
        required=False,
        initial=True,
        label="Caesar chooses in person (his player answers on the bout page)",
    )
    hire = forms.BooleanField(
        required=False, initial=True, label="Hire the men from their lanistae (team rate)"
    )

    def __init__(self, *args, fighters, **kwargs):
        super().__init__(*args, **kwargs)
        for n in range(1, MEN + 1):
            self.fields[man_field(n)] = forms.ModelChoiceField(
                queryset=fighters,
                required=False,
                label=f"Man {n}",
                empty_label="—",
                widget=QuickSelect(),
            )
            self.fields[man_field(n)].widget.rows = gladiator_rows  # read as values (issue 14)
            self.fields[f"consent_{n}"] = forms.BooleanField(
                required=False, label="He consents (a rudiarius)"
            )
        share_reads(self, *(man_field(n) for n in range(1, MEN + 1)))  # one read for all six
        for n in range(1, BEASTS + 1):
            kind, name = beast_fields(n)
            self.fields[kind] = forms.ChoiceField(
                choices=BEAST_CHOICES, required=False, label=f"Beast {n}"
            )
            self.fields[name] = forms.CharField(
                max_length=80, required=False, label=f"Beast {n}'s name"
            )

    def man_slots(self):
        return [(self[man_field(n)], self[f"consent_{n}"]) for n in range(1, MEN + 1)]

    def beast_slots(self):
        return [tuple(self[name] for name in beast_fields(n)) for n in range(1, BEASTS + 1)]

    def entrants(self) -> list[Entrant]:
        data = self.cleaned_data
        out = []
        for n in range(1, MEN + 1):
            man: Gladiator | None = data.get(man_field(n))
            if man is not None:
                consent = bool(data.get(f"consent_{n}"))
                out.append(Entrant(gladiator=man, consent=consent, field=man_field(n)))
        share_reads(self, *(man_field(n) for n in range(1, MEN + 1)))  # one read for all six
        for n in range(1, BEASTS + 1):
            kind, name = beast_fields(n)
            if data.get(kind) or (data.get(name) or "").strip():
                out.append(
                    Entrant(beast=data.get(kind) or "", name=data.get(name) or "", field=kind)
                )
        return out


def fight_form_for(show: Show, fighters, data=None) -> FightAddForm | None:
    """The fight form of a Moritari show's planner."""
    return FightAddForm(data, fighters=fighters)
