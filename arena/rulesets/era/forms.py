"""The Era's odds page forms: two men and their orders, exact or simulated, and one pool."""

from __future__ import annotations

from django import forms

from arena.forms import FAVOR_CHOICES, GladiatorPairForm
from arena.models import Venue
from arena.rulesets.era.adapter import MAX_DICE_PER_KIND
from ludus.limits import MAX_SEED, bounded_integer

# A run longer than arena.services.odds_runs.BACKGROUND_ABOVE is a background job with a
# progress bar; this bounds what one member can ask the worker for.
MAX_ODDS_BOUTS = 1_000_000
DEFAULT_ODDS_BOUTS = 2_000
ODDS_BOUTS_TOO_MANY = (
    f"At most {MAX_ODDS_BOUTS:,} bouts per run. Use the odds management command for larger runs."
)

ODDS_METHODS = [("exact", "Exact (the Markov chain)"), ("monte-carlo", "Simulated (Monte Carlo)")]


class OddsForm(GladiatorPairForm):
    favor_a = forms.TypedChoiceField(
        choices=FAVOR_CHOICES, coerce=int, empty_value=None, required=False, label="Crowd Favor"
    )
    favor_b = forms.TypedChoiceField(
        choices=FAVOR_CHOICES, coerce=int, empty_value=None, required=False, label="Crowd Favor"
    )
    venue = forms.ChoiceField(
        choices=Venue.choices,
        initial=Venue.FORUM_ROMANUM,
        help_text="Where they fight: a man Known in the city starts at Crowd Favor 3.",
    )
    method = forms.ChoiceField(
        choices=ODDS_METHODS,
        initial="exact",
        required=False,  # a tab from before the choice existed asks for exact
        help_text="Exact: the bout as a Markov chain, at once, to the last decimal. Simulated: "
        "the engine fights it the number of bouts below.",
    )
    bouts = forms.IntegerField(
        min_value=100,
        initial=DEFAULT_ODDS_BOUTS,
        help_text=f"Simulated bouts, 100 to {MAX_ODDS_BOUTS:,}; a long run goes on in the "
        "background with a progress bar.",
    )
    seed = bounded_integer(
        label="Seed", low=0, high=MAX_SEED, required=False, help_text="Blank: a fresh seed."
    )

    def clean_bouts(self):
        bouts = self.cleaned_data["bouts"]
        if bouts > MAX_ODDS_BOUTS:
            raise forms.ValidationError(ODDS_BOUTS_TOO_MANY)
        return bouts


def _dice_field(label: str, initial: int = 0) -> forms.IntegerField:
    return bounded_integer(
        label=label, low=0, high=MAX_DICE_PER_KIND, initial=initial, required=False
    )


class PoolForm(forms.Form):
    """One check pool, for its exact odds."""

    mastery = _dice_field("Mastery (d12)", 1)
    ability = _dice_field("Ability (d8)", 1)
    boon = _dice_field("Boon (d6)")
    crisis = _dice_field("Crisis (d12)")
    trial = _dice_field("Trial (d8)", 3)
    bane = _dice_field("Bane (d6)")

    # The figures come from one-figure marginals (rules.era.dice), milliseconds for any pool:
    # 20 dice in all keeps the page's chart of net Successes readable.
    MAX_TOTAL = 20
    TOO_MANY = f"At most {MAX_TOTAL} dice in one pool for exact odds."

    def clean(self):
        data = super().clean()
        for key in ("mastery", "ability", "boon", "crisis", "trial", "bane"):
            data[key] = data.get(key) or 0
        if sum(data[k] for k in ("mastery", "ability", "boon", "crisis", "trial", "bane")) > (
            self.MAX_TOTAL
        ):
            raise forms.ValidationError(self.TOO_MANY)
        return data
