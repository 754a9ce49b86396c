"""Forms of the Circus pages. They check the input's shape; arena.services.races checks the
rules (no orders for a leg already run, no seed change once the race has begun)."""

from __future__ import annotations

from django import forms

LEGS = (1, 2, 3)


class RaceRunForm(forms.Form):
    to = forms.ChoiceField(choices=[("next", "Run the next leg"), ("end", "Run to the end")])
    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=2**62,
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
