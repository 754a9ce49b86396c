"""Forms of the arena pages. They check the shape of what is posted; the services check rules."""

from __future__ import annotations

from django import forms

from arena.models import Bout, Show, Venue
from arena.rulesets import plugin_for
from ludus.forms import HistoryMarkField, OnceKeyField, QuickSelect, StateField, gladiator_rows
from ludus.history import mark
from ludus.limits import MAX_DAY, MAX_YEAR, MIN_DAY, MIN_YEAR, bounded_integer
from ludus.models import Editor, Gladiator
from ludus.picker import share_reads

SAME_FIGHTER = "A gladiator cannot fight himself: choose two different men."

FIRST_CHOICES = [("random", "Decided at even odds"), ("a", "First fighter"), ("b", "Second")]
FAVOR_CHOICES = [("", "By his record here")] + [(str(n), str(n)) for n in range(7)]


def orders_choices(presets) -> list[tuple[str, str]]:
    """A ruleset's order presets as a select's choices ("cautious" -> "Cautious")."""
    return [(name, name.replace("-", " ").capitalize()) for name in presets]


class CampaignForm(forms.Form):
    """A form whose choices are limited to one campaign's people."""

    def __init__(self, *args, campaign, **kwargs):
        self.campaign = campaign
        super().__init__(*args, **kwargs)


class ShowPlanForm(CampaignForm):
    name = forms.CharField(max_length=120)
    kind = forms.ChoiceField(choices=Show.Kind.choices, initial=Show.Kind.MUNUS)
    editor = forms.ModelChoiceField(queryset=Editor.objects.none())
    venue = forms.ChoiceField(choices=Venue.choices, initial=Venue.FORUM_ROMANUM)
    key = OnceKeyField()
    year = bounded_integer(
        label="Year", low=MIN_YEAR, high=MAX_YEAR, help_text="Historical year: -50 is 50 BC."
    )
    day = bounded_integer(
        label="Day", low=MIN_DAY, high=MAX_DAY, help_text="The campaign day of the show."
    )

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, campaign=campaign, **kwargs)
        self.fields["editor"].queryset = Editor.objects.filter(campaign=campaign)
        self.fields["year"].initial = campaign.year
        self.fields["day"].initial = campaign.day


class ShowEditForm(CampaignForm):
    """Correct a planned show (arena.services.shows.show_edit): drawn from the show as it is,
    with its history mark (a repeat or a stale tab writes nothing)."""

    prefix = "show"
    name = forms.CharField(max_length=120)
    day = bounded_integer(
        label="Day", low=MIN_DAY, high=MAX_DAY, help_text="The campaign day of the show."
    )
    venue = forms.ChoiceField(choices=Venue.choices)
    editor = forms.ModelChoiceField(queryset=Editor.objects.none())
    seen = HistoryMarkField()

    def __init__(self, *args, campaign, show, **kwargs):
        kwargs.setdefault(
            "initial",
            {
                "name": show.name,
                "day": show.day,
                "venue": show.venue,
                "editor": show.editor_id,
                "seen": mark(show),
            },
        )
        super().__init__(*args, campaign=campaign, **kwargs)
        self.fields["editor"].queryset = Editor.objects.filter(campaign=campaign)


class GladiatorPairForm(CampaignForm):
    """Two different gladiators of the campaign; `fighters` narrows the choice."""

    fighter_a = forms.ModelChoiceField(
        queryset=Gladiator.objects.none(), label="First fighter", widget=QuickSelect
    )
    fighter_b = forms.ModelChoiceField(
        queryset=Gladiator.objects.none(), label="Second fighter", widget=QuickSelect
    )
    # The campaign's ruleset's orders (its plug-in's presets), the first the default.
    orders_a = forms.ChoiceField(choices=(), label="His orders")
    orders_b = forms.ChoiceField(choices=(), label="His orders")

    def __init__(self, *args, campaign, fighters=None, **kwargs):
        super().__init__(*args, campaign=campaign, **kwargs)
        if fighters is None:
            fighters = Gladiator.objects.filter(campaign=campaign).exclude(
                status=Gladiator.Status.DEAD
            )
        fighters = fighters.select_related("owner")
        for name in ("fighter_a", "fighter_b"):
            field = self.fields[name]
            field.queryset = fighters
            field.label_from_instance = _fighter_label
            field.widget.rows = _fighter_options  # read as values (issue 14)
        share_reads(self, "fighter_a", "fighter_b")  # one read for both selects
        presets = plugin_for(campaign.ruleset).presets
        for name in ("orders_a", "orders_b"):
            self.fields[name].choices = orders_choices(presets)
            self.fields[name].initial = presets[0] if presets else None

    def clean(self):
        data = super().clean()
        a, b = data.get("fighter_a"), data.get("fighter_b")
        if a is not None and a == b:
            raise forms.ValidationError(SAME_FIGHTER)
        return data


def _fighter_options(fighters) -> list[tuple[int, str]]:
    """The options of a fighter select, each labelled as `_fighter_label` labels a man, read
    as values (no model per man): a hundred men render in a millisecond."""
    kits = dict(Gladiator._meta.get_field("armatura").flatchoices)
    rows = fighters.values_list("pk", "name", "armatura", "sheet", "owner__school")
    return [
        (
            pk,
            f"{name}, {str(kits.get(armatura, armatura)).lower()} "
            f"(Might {sheet.get('might')}, Melee {sheet.get('melee')}; "
            f"{'free' if school is None else school})",
        )
        for pk, name, armatura, sheet, school in rows
    ]


def _fighter_label(gladiator: Gladiator) -> str:
    school = gladiator.owner.school if gladiator.owner_id else "free"
    sheet = gladiator.sheet or {}
    ratings = (
        f"Might {sheet.get('might')}, Melee {sheet.get('melee')}; " if "might" in sheet else ""
    )
    return f"{gladiator.name}, {gladiator.get_armatura_display().lower()} ({ratings}{school})"


class BoutAddForm(GladiatorPairForm):
    """A pair for the card. Orders default to each man's standing orders; `ask_*` leaves those
    choices to the table (the GM or the man's player) instead of the orders; `cut_*` has him
    declare cuts, which meet the Samnite's Mail Shirt (Deflecting 1, Cutting: a Bane die)."""

    kind = forms.ChoiceField(choices=Bout.Kind.choices, initial=Bout.Kind.SINGLE)
    ask_a = forms.MultipleChoiceField(
        choices=(), required=False, widget=forms.CheckboxSelectMultiple, label="Ask at"
    )
    ask_b = forms.MultipleChoiceField(
        choices=(), required=False, widget=forms.CheckboxSelectMultiple, label="Ask at"
    )
    cut_a = forms.BooleanField(required=False, label="Cuts (against mail)")
    cut_b = forms.BooleanField(required=False, label="Cuts (against mail)")
    first = forms.ChoiceField(choices=FIRST_CHOICES, initial="random", label="Who acts first")
    consent_a = forms.BooleanField(required=False, label="He consents (a rudiarius)")
    consent_b = forms.BooleanField(required=False, label="He consents (a rudiarius)")
    hire = forms.BooleanField(
        required=False,
        initial=True,
        label="Hire from their lanistae (team or single rate, by the bout's kind)",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The orders, the choices the table may take and whether a man may declare cuts are
        # the campaign ruleset's (Sands names its own: each turn's orders).
        plugin = plugin_for(self.campaign.ruleset)
        orders = orders_choices(plugin.presets)
        for name in ("orders_a", "orders_b"):
            self.fields[name].choices = [("", "His standing orders")] + orders
            self.fields[name].initial = ""
            self.fields[name].required = False
        for name in ("ask_a", "ask_b"):
            self.fields[name].choices = plugin.ask_choices
        self.cuts = plugin.declares_cuts
        if not self.cuts:
            del self.fields["cut_a"], self.fields["cut_b"]

    def clean(self):
        data = super().clean()
        data.setdefault("cut_a", False)
        data.setdefault("cut_b", False)
        return data


class DecisionForm(forms.Form):
    """The answer to the engine's pending choice; the choices come from the pending decision.
    `answers` is how many answers the bout held when the page was drawn, so a repeated click
    or a stale tab answers nothing more (optional, for a client that does not send it)."""

    choice = forms.ChoiceField(choices=())
    answers = StateField(name="answers", required=False)

    def __init__(self, *args, options=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["choice"].choices = [(o, o) for o in options]


class EditorChoiceForm(forms.Form):
    choice = forms.ChoiceField(choices=[("missio", "Grant missio"), ("sword", "Give the sword")])


class UndoForm(forms.Form):
    """Take back the last answer or round: the round and the answers the page was drawn at."""

    at_round = StateField(name="at_round")
    answers = StateField(name="answers")


class FightForm(forms.Form):
    """Fight a round or to the end: the round the page was drawn at, so a repeated click or a
    stale tab fights nothing more (optional, for a client that does not send it)."""

    at_round = StateField(name="round", required=False)


class BoutReplaceForm(forms.Form):
    """Put another man in one corner of a pair not yet fought (GM)."""

    side = forms.ChoiceField(choices=[("a", "First corner"), ("b", "Second corner")])
    gladiator = forms.ModelChoiceField(
        queryset=Gladiator.objects.none(), label="New man", widget=QuickSelect
    )
    consent = forms.BooleanField(required=False, label="He consents (a rudiarius)")

    def __init__(self, *args, fighters, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["gladiator"].queryset = fighters
        self.fields["gladiator"].widget.rows = gladiator_rows  # read as values (issue 14)


class BoutOrdersForm(forms.Form):
    """A man's orders for one bout (the GM or his owner's player): a preset of the campaign's
    ruleset ("" is his standing orders) and whether the table chooses each turn's orders."""

    side = forms.ChoiceField(choices=[("a", "First corner"), ("b", "Second corner")])
    preset = forms.ChoiceField(choices=(), required=False, label="His orders for this bout")
    ask_turn = forms.BooleanField(required=False, label="The table chooses each turn's orders")

    def __init__(self, *args, presets=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = [("", "His standing orders")] + [
            (name, name.replace("-", " ").capitalize()) for name in presets
        ]
