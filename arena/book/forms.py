"""Forms of the betting pages. They check the input's shape and keep every choice inside the
campaign (and, for a player, to his own bettors); the betting service checks the rules and the
money."""

from __future__ import annotations

import uuid

from django import forms

from economy.limits import MAX_STAKE
from economy.models import Book
from ludus.forms import QuickSelect
from ludus.limits import bounded_integer


def new_key() -> str:
    return uuid.uuid4().hex


class BetForm(forms.Form):
    """A stake on one side. The hidden key makes a double click or a retry write once."""

    bettor = forms.ModelChoiceField(
        queryset=None, empty_label=None, label="Bettor", widget=QuickSelect
    )
    side = forms.TypedChoiceField(coerce=int, choices=(), label="On")
    stake = bounded_integer(label="Stake (sesterces)", low=1, high=MAX_STAKE)
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args, bettors, sides, **kwargs):
        kwargs.setdefault("initial", {}).setdefault("key", new_key())
        super().__init__(*args, **kwargs)
        self.fields["bettor"].queryset = bettors
        self.fields["side"].choices = [(s.id, f"{s.name} at {s.odds}") for s in sides]


class BookOpenForm(forms.Form):
    """The GM opens a book on a planned bout or race."""

    event = forms.ChoiceField(label="On")
    source = forms.ChoiceField(
        choices=Book.Source.choices, initial=Book.Source.TABLE, label="Line from"
    )

    def __init__(self, *args, bouts, races, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = [(f"bout:{b.pk}", f"{b.show}: {b}") for b in bouts] + [
            (f"race:{r.pk}", f"{r.show}: {r}") for r in races
        ]


LINE_BAD = "The line this form is for (field line) is damaged; reload the page."


class ShortenForm(forms.Form):
    side = forms.TypedChoiceField(coerce=int, choices=(), label="Shorten")
    steps = forms.IntegerField(min_value=1, max_value=5, initial=1, label="by rungs")
    # The line the page was drawn for (economy.services.betting.line_mark): a repeated click
    # shortens nothing more (optional, for a client that does not send it).
    line = forms.RegexField(
        regex=r"^[0-9a-f]{16}$",
        required=False,
        widget=forms.HiddenInput,
        error_messages={"invalid": LINE_BAD},
    )

    def __init__(self, *args, sides, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"].choices = [(s.id, f"{s.name} ({s.odds})") for s in sides]


class CloseForm(forms.Form):
    action = forms.ChoiceField(choices=[("settle", "Settle"), ("void", "Void")])
    reason = forms.CharField(required=False, max_length=100)
