"""The Moritari odds form: up to SLOTS fighters, each a man of the campaign (as he is now: his
armatura, his school, the Wounds he carries) or a beast of the skirmish's kinds, the fights and
the seed. No man's own orders are read (every Caesar follows the crowd), so any member may ask."""

from __future__ import annotations

from django import forms

from arena.errors import BoutError
from arena.forms import CampaignForm
from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari.odds import BACKGROUND_ABOVE, MAX_FIGHTS, MoritariOddsAsk, Pick
from ludus.forms import QuickSelect
from ludus.inputs import whole_number
from ludus.limits import MAX_SEED, bounded_integer
from ludus.models import Gladiator
from ludus.picker import share_reads
from rules.core.errors import RulesError

SLOTS = 6
MIN_FIGHTS = 100
MAN = "man:"
BEAST = "beast:"
TOO_FEW = "Fighters: choose two or more (men of the campaign or beasts); {count} chosen."
MAN_TWICE = "{label}: {name} is already chosen as {other}."
NOT_OFFERED = "{label}: not a man of this campaign or a beast of the skirmish."
REFUSED = "The fighters chosen: {error}"


def _man_rows(men) -> list[tuple[str, str]]:
    """The options of `men`: "man:<pk>", labelled "Bithys, thraex (Nerva, 2 Wounds)" (his
    armatura, his school, the Wounds he carries), read as values."""
    kits = dict(Gladiator._meta.get_field("armatura").flatchoices)
    rows = men.values_list("pk", "name", "armatura", "owner__name", "wounds")
    options = []
    for pk, name, kit, school, wounds in rows:
        carried = f", {wounds} Wound{'s' if wounds != 1 else ''}" if wounds else ""
        kind = str(kits.get(kit, kit)).lower()
        options.append((f"{MAN}{pk}", f"{name}, {kind} ({school or 'no school'}{carried})"))
    return options


def _man_pk(value: str) -> str | None:
    pk = value.removeprefix(MAN)
    return pk if value.startswith(MAN) and whole_number(pk) is not None else None


class FighterField(forms.ModelChoiceField):
    """A fighter of one slot: a man of the campaign ("man:<pk>", one of `queryset`) or a beast
    of the skirmish ("beast:<kind>"); its value is that string. Its select searches the men
    (ludus.picker), the beasts always listed after them."""

    def to_python(self, value):
        if value in self.empty_values:
            return ""
        value = str(value)
        if value.startswith(BEAST) and value.removeprefix(BEAST) in moritari.BEAST_KINDS:
            return value
        pk = _man_pk(value)
        if pk is not None and self.queryset.filter(pk=int(pk)).exists():
            return value
        raise forms.ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")

    def validate(self, value):
        forms.Field.validate(self, value)

    def prepare_value(self, value):
        return value

    def has_changed(self, initial, data):
        return str(initial or "") != str(data or "")


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
        self.men_offered = (
            Gladiator.objects.filter(campaign=campaign)
            .exclude(status=Gladiator.Status.DEAD)
            .select_related("owner")
            .order_by("name")
        )
        beasts = [
            (BEAST + key, f"A {moritari.KINDS[key].name.lower()}") for key in moritari.BEAST_KINDS
        ]
        for slot in range(1, SLOTS + 1):
            label = f"Fighter {slot}"
            field = FighterField(
                queryset=self.men_offered,
                required=False,
                label=label,
                empty_label="(none)",
                widget=QuickSelect(),
                error_messages={"invalid_choice": NOT_OFFERED.format(label=label)},
            )
            field.widget.rows = _man_rows
            field.widget.extra = beasts
            field.widget.pk_of = _man_pk
            self.fields[f"fighter_{slot}"] = field
        share_reads(self, *(f"fighter_{slot}" for slot in range(1, SLOTS + 1)))

    def slot_fields(self) -> list:
        return [self[f"fighter_{slot}"] for slot in range(1, SLOTS + 1)]

    def _pick(self, slot: int, value: str) -> Pick:
        if value.startswith(MAN):
            return Pick(man=self.men_offered.get(pk=int(value.removeprefix(MAN))))
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
