"""The form of a generated practice campaign (desk/views/generation.py)."""

from __future__ import annotations

from django import forms

from desk.services.generation import DEFAULTS, WEB_BOUNDS
from ludus.forms import OnceKeyField
from ludus.limits import MAX_SEED

LOWEST = {"gladiators": 4, "shows": 1, "bouts": 1}
HELP = {
    "gladiators": "Men at the start, shared among the schools; more are recruited as men fall.",
    "shows": "Shows held, one after another, a few a day.",
    "bouts": "Bouts fought in all, shared out evenly over the shows (at most 20 a show).",
    "seed": "The same seed and figures build the same campaign, here or by the command.",
}


def _number(name: str, high: int) -> forms.IntegerField:
    """A whole number whose errors name the field; its bounds are the plan's check
    (desk.generate.Plan.check), which names the field as the command does."""
    return forms.IntegerField(
        label=name.capitalize(),
        initial=DEFAULTS[name],
        help_text=HELP[name] + f" From {LOWEST[name]:,} to {high:,}.",
        error_messages={
            "required": f"{name}: a whole number, please.",
            "invalid": f"{name}: a whole number, please.",
        },
        widget=forms.NumberInput(attrs={"min": LOWEST[name], "max": high}),
    )


class GenerateForm(forms.Form):
    key = OnceKeyField()
    gladiators = _number("gladiators", WEB_BOUNDS.gladiators)
    shows = _number("shows", WEB_BOUNDS.shows)
    bouts = _number("bouts", WEB_BOUNDS.bouts)
    seed = forms.IntegerField(
        label="Seed",
        initial=DEFAULTS["seed"],
        min_value=0,
        max_value=MAX_SEED,
        help_text=HELP["seed"],
        error_messages={
            "required": "seed: a whole number, please.",
            "invalid": "seed: a whole number, please.",
            "min_value": "seed: at least 0.",
            "max_value": f"seed: at most {MAX_SEED:,}.",
        },
    )
