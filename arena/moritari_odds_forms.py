"""The Moritari odds form: up to SLOTS fighters, each a man of the campaign (as he is now: his
armatura, his school, the Wounds he carries) or a beast of the skirmish's kinds, the fights and
the seed. No man's own orders are read (every Caesar follows the crowd), so any member may ask."""

from __future__ import annotations

from django import forms

from arena.adapters import moritari
from arena.errors import BoutError
from arena.forms import CampaignForm
from arena.services.moritari_odds import BACKGROUND_ABOVE, MAX_FIGHTS, MoritariOddsAsk, Pick
from ludus.limits import MAX_SEED, bounded_integer
from ludus.models import Gladiator
from rules.core.errors import RulesError

SLOTS = 6
MIN_FIGHTS = 100
MAN = "man:"
BEAST = "beast:"
TOO_FEW = "Fighters: choose two or more (men of the campaign or beasts); {count} chosen."
MAN_TWICE = "{label}: {name} is already chosen as {other}."
NOT_OFFERED = "{label}: not a man of this campaign or a beast of the skirmish."
REFUSED = "The fighters chosen: {error}"


def _man_label(man: Gladiator) -> str:
    school = man.owner.name if man.owner_id else "no school"
    wounds = f", {man.wounds} Wound{'s' if man.wounds != 1 else ''}" if man.wounds else ""
    return f"{man.name}, {man.get_armatura_display().lower()} ({school}{wounds})"


class MoritariOddsForm(CampaignForm):
    fights = bounded_integer(
        label="Fights",
        low=MIN_FIGHTS,
        high=MAX_FIGHTS,
        initial=1_000,
        help_text=f"{MIN_FIGHTS} to {MAX_FIGHTS:,}; more than {BACKGROUND_ABOVE:,} go on in the "
        "background with a progress bar.",
    )
    seed = bounded_integer(
        label="Seed", low=0, high=MAX_SEED, required=False, help_text="Blank: a fresh seed."
    )

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, campaign=campaign, **kwargs)
        self.fields["fights"].error_messages["required"] = (
            f"Fights: how many to fight, {MIN_FIGHTS} to {MAX_FIGHTS:,}."
        )
        men = (
            Gladiator.objects.filter(campaign=campaign)
            .exclude(status=Gladiator.Status.DEAD)
            .select_related("owner")
            .order_by("name")
        )
        self.men = {man.pk: man for man in men}
        beasts = [
            (BEAST + key, f"A {moritari.KINDS[key].name.lower()}") for key in moritari.BEAST_KINDS
        ]
        choices = [
            ("", "(none)"),
            ("Men of the campaign", [(f"{MAN}{pk}", _man_label(m)) for pk, m in self.men.items()]),
            ("Beasts", beasts),
        ]
        for slot in range(1, SLOTS + 1):
            label = f"Fighter {slot}"
            self.fields[f"fighter_{slot}"] = forms.ChoiceField(
                choices=choices,
                required=False,
                label=label,
                error_messages={"invalid_choice": NOT_OFFERED.format(label=label)},
            )

    def slot_fields(self) -> list:
        return [self[f"fighter_{slot}"] for slot in range(1, SLOTS + 1)]

    def _pick(self, slot: int, value: str) -> Pick:
        if value.startswith(MAN):
            return Pick(man=self.men[int(value.removeprefix(MAN))])
        return Pick(beast=value.removeprefix(BEAST))

    def clean(self):
        data = super().clean()
        picks: list[Pick] = []
        chosen: dict[int, str] = {}
        for slot in range(1, SLOTS + 1):
            value = data.get(f"fighter_{slot}")
            if not value:
                continue
            pick = self._pick(slot, value)
            if pick.man is not None:
                if pick.man.pk in chosen:
                    self.add_error(
                        f"fighter_{slot}",
                        MAN_TWICE.format(
                            label=f"Fighter {slot}",
                            name=pick.man.name,
                            other=chosen[pick.man.pk],
                        ),
                    )
                    return data
                chosen[pick.man.pk] = f"fighter {slot}"
            picks.append(pick)
        if any(f"fighter_{slot}" in self.errors for slot in range(1, SLOTS + 1)):
            return data
        if len(picks) < 2:
            raise forms.ValidationError(TOO_FEW.format(count=len(picks)))
        ask = MoritariOddsAsk(picks=tuple(picks), fights=MIN_FIGHTS, seed=0)
        try:
            ask.setup()
        except (BoutError, RulesError) as error:
            raise forms.ValidationError(REFUSED.format(error=error)) from error
        self.picks = tuple(picks)
        return data

    def ask(self, seed: int) -> MoritariOddsAsk:
        data = self.cleaned_data
        return MoritariOddsAsk(
            picks=self.picks,
            fights=data["fights"],
            seed=seed if data["seed"] is None else data["seed"],
        )
