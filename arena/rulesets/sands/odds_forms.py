"""The Sands odds form: two men of the campaign (or, for a side left without one, a standard
murmillo or thraex), each side's orders field by field (the values the duel's orders take), a
turn limit, the bouts and the seed. The orders are the form's, never a man's own standing
orders, so any member may ask (as on the Era's odds form)."""

from __future__ import annotations

from django import forms

from arena.forms import SAME_FIGHTER, CampaignForm
from arena.rulesets.sands import odds_adapter as sands
from arena.rulesets.sands.odds import BACKGROUND_ABOVE, MAX_BOUTS, SandsOddsAsk
from ludus.forms import QuickSelect
from ludus.limits import MAX_SEED, bounded_integer
from ludus.models import Gladiator

SIDES = {"a": "murmillo", "b": "thraex"}  # each side's kind without a man: the quick-start's
SIDE_NAMES = {"a": "First side", "b": "Second side"}
KIND_CHOICES = [(key, kind.name) for key, kind in sands.KINDS.items()]
MIN_BOUTS = 100
# Each order: its label, its help, and how a value reads.
ORDER_LABELS: dict[str, tuple[str, str]] = {
    "press": ("Press the Attack", "Extra Attack dice added to an attack."),
    "keep_defence": ("Defence kept", "Defence dice kept for reactions when he acts first."),
    "crowd": ("Play to the crowd", "With his Respite dice: never, when not adjacent, always."),
    "finger": ("Raise the finger", "Unasked, at this many conditions."),
    "initiative": ("Initiative Token", "Keep it when he wins the initiative, or pass it."),
    "bid": ("Laurel bid", "Laurel dice he turns to Manoeuvre to win the initiative."),
    "specials": ("Special attacks", "Use his special attacks."),
    "quick_step": ("Quick Step", "Close the distance for 1 Fatigue."),
}
VALUE_LABELS = {("finger", "0"): "never", ("crowd", "safe"): "when not adjacent"}


def order_field_names(side: str) -> list[str]:
    return [f"{side}_{key}" for key in sands.ORDER_OPTIONS]


class SandsOddsForm(CampaignForm):
    fighter_a = forms.ModelChoiceField(
        queryset=Gladiator.objects.none(), required=False, label="First fighter", widget=QuickSelect
    )
    kind_a = forms.ChoiceField(choices=KIND_CHOICES, initial=SIDES["a"], label="Or a standard")
    fighter_b = forms.ModelChoiceField(
        queryset=Gladiator.objects.none(),
        required=False,
        label="Second fighter",
        widget=QuickSelect,
    )
    kind_b = forms.ChoiceField(choices=KIND_CHOICES, initial=SIDES["b"], label="Or a standard")
    turn_limit = bounded_integer(
        label="Turn limit",
        low=1,
        high=sands.MAX_TURNS,
        required=False,
        help_text=f"Blank: none; {sands.TEN_TURNS} is the seed's optional limit (a draw after).",
    )
    bouts = bounded_integer(
        label="Bouts",
        low=MIN_BOUTS,
        high=MAX_BOUTS,
        initial=BACKGROUND_ABOVE,
        help_text=f"{MIN_BOUTS} to {MAX_BOUTS:,}; more than {BACKGROUND_ABOVE:,} go on in the "
        "background with a progress bar.",
    )
    seed = bounded_integer(
        label="Seed", low=0, high=MAX_SEED, required=False, help_text="Blank: a fresh seed."
    )

    def __init__(self, *args, campaign, fighters=None, **kwargs):
        super().__init__(*args, campaign=campaign, **kwargs)
        self.fields["bouts"].error_messages["required"] = (
            f"Bouts: how many to fight, {MIN_BOUTS} to {MAX_BOUTS:,}."
        )
        if fighters is None:
            fighters = Gladiator.objects.filter(campaign=campaign)
        fighters = fighters.filter(armatura__in=list(sands.KINDS)).exclude(
            status=Gladiator.Status.DEAD
        )
        self._shared: dict = {}
        for side in "ab":
            field = self.fields[f"fighter_{side}"]
            field.queryset = fighters.select_related("owner").order_by("name")
            field.empty_label = "(none: the standard below)"
            field.label_from_instance = _fighter_label
            field.error_messages["invalid_choice"] = (
                f"{field.label}: not a murmillo or thraex of this campaign."
            )
            field.widget.shared = self._shared  # one read for both selects
            self.fields[f"kind_{side}"].error_messages |= {
                "invalid_choice": f"{SIDE_NAMES[side]}'s standard: murmillo or thraex.",
                "required": f"{SIDE_NAMES[side]}'s standard: murmillo or thraex.",
            }
            for key, values in sands.ORDER_OPTIONS.items():
                label, help_text = ORDER_LABELS[key]
                bad = f"{SIDE_NAMES[side]}, {label}: one of {', '.join(values)}."
                self.fields[f"{side}_{key}"] = forms.ChoiceField(
                    choices=[(v, VALUE_LABELS.get((key, v), v)) for v in values],
                    initial=values[0],
                    label=label,
                    help_text=help_text,
                    error_messages={"invalid_choice": bad, "required": bad},
                )

    def side_fields(self, side: str) -> list:
        return [self[name] for name in order_field_names(side)]

    @property
    def a_orders(self) -> list:
        return self.side_fields("a")

    @property
    def b_orders(self) -> list:
        return self.side_fields("b")

    def clean(self):
        data = super().clean()
        a, b = data.get("fighter_a"), data.get("fighter_b")
        if a is not None and a == b:
            raise forms.ValidationError(SAME_FIGHTER)
        return data

    def orders(self, side: str) -> dict[str, str]:
        """The side's orders as the engine reads them: only those that differ from the
        standing ones, so the run's parameters stay short."""
        data = self.cleaned_data
        return {
            key: data[f"{side}_{key}"]
            for key, values in sands.ORDER_OPTIONS.items()
            if data[f"{side}_{key}"] != values[0]
        }

    def ask(self, seed: int) -> SandsOddsAsk:
        data = self.cleaned_data
        return SandsOddsAsk(
            kind_a=data["fighter_a"].armatura if data["fighter_a"] else data["kind_a"],
            kind_b=data["fighter_b"].armatura if data["fighter_b"] else data["kind_b"],
            orders_a=self.orders("a"),
            orders_b=self.orders("b"),
            bouts=data["bouts"],
            seed=seed if data["seed"] is None else data["seed"],
            fighter_a=data["fighter_a"],
            fighter_b=data["fighter_b"],
            turn_limit=data["turn_limit"],
        )


def _fighter_label(gladiator: Gladiator) -> str:
    school = gladiator.owner.school if gladiator.owner_id else "free"
    return f"{gladiator.name}, {gladiator.get_armatura_display().lower()} ({school})"
