"""Forms of the betting pages. They check the input's shape and keep every choice inside the
campaign (and, for a player, to his own bettors); the betting service checks the rules and the
money."""

from __future__ import annotations

import uuid

from django import forms

from economy.limits import MAX_STAKE
from economy.models import Book
from economy.odds_lines import Odds, OddsError
from ludus.forms import QuickSelect
from ludus.inputs import whole_number
from ludus.limits import bounded_integer


def new_key() -> str:
    return uuid.uuid4().hex


PRICES_BAD = "The prices this form was drawn with (field prices) are damaged; reload the page."


def prices_mark(sides) -> str:
    """Each side's price as the page shows it, for the form to send back: "12:3:1:1,14:2:1:0"
    (side id, numerator, denominator, odds-on)."""
    return ",".join(
        f"{s.id}:{s.odds.numerator}:{s.odds.denominator}:{int(s.odds.on)}" for s in sides
    )


def prices_read(text: str) -> dict[int, Odds]:
    """The prices `prices_mark` wrote, by side id; ValueError if they are not its shape."""
    prices = {}
    for part in text.split(","):
        numbers = [whole_number(word) for word in part.split(":")]
        if len(numbers) != 4 or None in numbers or numbers[3] not in (0, 1):
            raise ValueError(part)
        side, numerator, denominator, on = numbers
        try:
            prices[side] = Odds(numerator, denominator, bool(on))
        except OddsError as error:
            raise ValueError(part) from error
    return prices


class BetForm(forms.Form):
    """A stake on one side. The hidden key makes a double click or a retry write once; the
    hidden prices are the line the bettor saw, so a bet is taken only at the price he was shown
    (`seen` in cleaned_data; economy.services.betting.bet_take refuses it if the line moved)."""

    bettor = forms.ModelChoiceField(
        queryset=None, empty_label=None, label="Bettor", widget=QuickSelect
    )
    side = forms.TypedChoiceField(coerce=int, choices=(), label="On")
    stake = bounded_integer(label="Stake (sesterces)", low=1, high=MAX_STAKE)
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    # Optional, for a client that does not send it: then the bet takes the price of the moment.
    prices = forms.CharField(widget=forms.HiddenInput, required=False, max_length=2000)

    def __init__(self, *args, bettors, sides, **kwargs):
        kwargs.setdefault("initial", {}).setdefault("key", new_key())
        kwargs["initial"].setdefault("prices", prices_mark(sides))
        super().__init__(*args, **kwargs)
        self.fields["bettor"].queryset = bettors
        self.fields["side"].choices = [(s.id, f"{s.name} at {s.odds}") for s in sides]
        self.current_prices = prices_mark(sides)

    def clean_prices(self) -> dict[int, Odds]:
        text = self.cleaned_data["prices"]
        if not text:
            return {}
        try:
            return prices_read(text)
        except ValueError:
            self.add_error(None, PRICES_BAD)  # a hidden field's error shows with the form's
            return {}

    def clean(self):
        data = super().clean()
        data["seen"] = data.get("prices", {}).get(data.get("side"))
        return data

    def show_current_prices(self) -> None:
        """After a refusal for a moved line: the form drawn again sends the line as it is now."""
        self.data = self.data.copy()
        self.data[self.add_prefix("prices")] = self.current_prices


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
