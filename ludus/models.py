"""The campaign and its people: who owns whom, who fights, who gives the games.

What can be derived is not stored: a gladiator's record comes from his bouts (plus what he
brought into the campaign), Dignitas from its history of changes, money from the ledger.

Every edit the GM can make (a sheet, a school, a role, the day) is kept by django-simple-history
(`history = History(...)`, ludus.history's indexed HistoricalRecords): who, when, and the row
before and after (ludus.history reads it). The ledger is not tracked: its entries are never changed.
"""

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone

from ludus.history import History, track
from ludus.references import event_field, event_reference
from rules.core.errors import SheetError
from rules.core.registry import get_ruleset, ruleset_keys


def rating(low: int, high: int, default: int):
    """A small integer rating field with its allowed range enforced by full_clean()."""
    return models.PositiveSmallIntegerField(
        default=default, validators=[MinValueValidator(low), MaxValueValidator(high)]
    )


def year_label(year: int) -> str:
    """A historical year as people write it: -50 is '50 BC', 14 is 'AD 14' (there is no 0)."""
    return f"{-year} BC" if year < 0 else f"AD {year}"


def ruleset_choices() -> list[tuple[str, str]]:
    """Every registered ruleset (rules.core.registry) as a choice: a new one needs no
    migration. The first registered is a new campaign's default."""
    return [(key, get_ruleset(key).title) for key in ruleset_keys()]


def default_ruleset() -> str:
    return ruleset_keys()[0]


class Campaign(models.Model):
    name = models.CharField(max_length=120)
    # Years are historical: -50 is 50 BC, 14 is AD 14 (there is no year 0).
    year = models.SmallIntegerField(default=-50)
    city = models.CharField(max_length=60, default="Rome")
    day = models.PositiveIntegerField(default=1, help_text="The campaign's calendar day.")
    ruleset = models.CharField(max_length=16, choices=ruleset_choices, default=default_ruleset)
    live_odds_for_players = models.BooleanField(
        default=False,
        help_text="Players see a bout's live odds (they reveal what the men's orders imply); "
        "the GM always does.",
    )
    books_open_with_bouts = models.BooleanField(
        default=True,
        help_text="A bout or fight the GM puts on a card has its book opened with it.",
    )
    created = models.DateTimeField(auto_now_add=True)

    history = History()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def year_label(self) -> str:
        return year_label(self.year)


class Membership(models.Model):
    class Role(models.TextChoices):
        GM = "gm", "Game master"
        PLAYER = "player", "Player"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.PLAYER)

    history = History(towards="campaign")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) in {self.campaign}"

    @property
    def is_gm(self) -> bool:
        return self.role == self.Role.GM


class Lanista(models.Model):
    """A school's master. `player` is set when a player runs him."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="lanistae")
    name = models.CharField(max_length=80)
    school = models.CharField(max_length=80, help_text="The ludus, e.g. 'Nerva's ludus'.")
    city = models.CharField(max_length=60, default="Capua")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="lanistae",
    )
    # His own appeal to the editor for a beaten man (seed: "the loser or his lanista" makes
    # one Hard Charm check): Charisma 1-6 and Charm 0-5, like a gladiator's sheet.
    charisma = rating(1, 6, 2)
    charm = rating(0, 5, 1)
    # The school's medicus (seed: Nerva's has Intellect 3, Medicine 2).
    medicus_name = models.CharField(max_length=80, default="the medicus")
    medicus_intellect = rating(1, 6, 3)
    medicus_medicine = rating(0, 5, 2)

    history = History(towards="campaign")

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "lanistae"

    def __str__(self) -> str:
        return f"{self.name} of {self.city}"


class Armatura(models.TextChoices):
    THRAEX = "thraex", "Thraex"
    MURMILLO = "murmillo", "Murmillo"
    GAUL = "gaul", "Gaul"
    SAMNITE = "samnite", "Samnite"
    # Known only to the rules that fight them (Moritari): armatura_choices.
    SECUTOR = "secutor", "Secutor"
    RETIARIUS = "retiarius", "Retiarius"
    HOPLOMACHUS = "hoplomachus", "Hoplomachus"


# The armaturae every campaign has had, whatever its rules (a Sands campaign's Gaul is refused
# by the duel when he is put on the card, as before); the others only where the campaign's
# ruleset fights them (its `armaturae`).
CLASSIC_ARMATURAE = (Armatura.THRAEX, Armatura.MURMILLO, Armatura.GAUL, Armatura.SAMNITE)
UNKNOWN_ARMATURA = (
    "A {armatura} is not an armatura of {ruleset}: a man of this campaign is one of {known}."
)


def armatura_choices(ruleset: str) -> list[tuple[str, str]]:
    """The armaturae a man of a campaign of `ruleset` may have, as (value, label) choices."""
    known = set(CLASSIC_ARMATURAE)
    if ruleset in ruleset_keys():
        known |= set(getattr(get_ruleset(ruleset), "armaturae", ()))
    return [(value, label) for value, label in Armatura.choices if value in known]


def armatura_refusal(ruleset: str, armatura: str) -> str | None:
    """Why a man of a campaign of `ruleset` cannot have `armatura` (None: he may)."""
    choices = armatura_choices(ruleset)
    if armatura in {value for value, _ in choices} or armatura not in Armatura.values:
        return None  # an armatura of no campaign is the field's own choices' refusal
    rules = get_ruleset(ruleset).name if ruleset in ruleset_keys() else ruleset
    return UNKNOWN_ARMATURA.format(
        armatura=Armatura(armatura).label.lower(),
        ruleset=rules,
        known=", ".join(label.lower() for _, label in choices),
    )


class Gladiator(models.Model):
    """A fighter (or charioteer) of a school, with his Era sheet.

    `status` is his standing in life; whether he is hurt is derived from his Wounds and
    unhealed injuries (`is_injured`), so it can never disagree with them.
    """

    class LegalStatus(models.TextChoices):
        SLAVE = "slave", "Slave"
        CONDEMNED = "condemned", "Condemned man"
        AUCTORATUS = "auctoratus", "Free volunteer (auctoratus)"
        FREEDMAN = "freedman", "Freedman"

    class Status(models.TextChoices):
        ACTIVE = "active", "In the ludus"
        DEAD = "dead", "Dead"
        FREED = "freed", "Freed"
        RUDIARIUS = "rudiarius", "Rudiarius (holds the rudis)"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="gladiators")
    name = models.CharField(max_length=80)
    owner = models.ForeignKey(
        Lanista, null=True, blank=True, on_delete=models.SET_NULL, related_name="gladiators"
    )
    armatura = models.CharField(max_length=12, choices=Armatura.choices, default=Armatura.THRAEX)
    legal_status = models.CharField(
        max_length=12, choices=LegalStatus.choices, default=LegalStatus.SLAVE
    )
    contract_bouts_left = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="An auctoratus's bouts still owed under his contract."
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    is_charioteer = models.BooleanField(default=False)
    faction = models.CharField(max_length=30, blank=True, help_text="Circus faction, if a driver.")

    # The sheet of the campaign's ruleset (Era: six characteristics 1-6, seven skills 0-5),
    # checked by the ruleset's sheet type on every save (`clean`, `save`).
    sheet = models.JSONField(default=dict, blank=True)

    wounds = models.PositiveSmallIntegerField(default=0, help_text="Wounds carried now.")
    # The lanista's price, in purses of 800 sesterces (seed: 3 to 15, usually 10).
    price_purses = rating(1, 15, 10)
    orders = models.CharField(
        max_length=20, default="cautious", help_text="Standing orders in the arena."
    )

    history = History(towards="campaign")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        if self.is_charioteer:  # a driver's armatura is only the field's default
            return f"{self.name} the driver"
        return f"{self.name} the {self.get_armatura_display().lower()}"

    def save(self, *args, **kwargs) -> None:
        self.sheet = self._normal_sheet()
        super().save(*args, **kwargs)

    def clean(self) -> None:
        super().clean()
        if self.campaign_id is not None:
            refusal = armatura_refusal(self.campaign.ruleset, self.armatura)
            if refusal is not None:
                raise ValidationError({"armatura": refusal})
        try:
            self.sheet = self._normal_sheet()
        except SheetError as error:
            # Keyed by the rating it names, so a form shows it on that field.
            raise ValidationError({error.field or "sheet": str(error)}) from error

    @classmethod
    def with_sheet(cls, values: dict) -> dict:
        """Model fields and sheet values alike, as the model takes them: what is not a field of
        the model (`might=4`) is a rating of the ruleset's sheet, checked on save."""
        names = {f.name for f in cls._meta.get_fields()} | {
            f.attname for f in cls._meta.concrete_fields
        }
        fields = {key: value for key, value in values.items() if key in names}
        ratings = {key: value for key, value in values.items() if key not in names}
        return {**fields, "sheet": {**fields.get("sheet", {}), **ratings}}

    @classmethod
    def new(cls, **values) -> "Gladiator":
        """A man from model fields and sheet values alike (`Gladiator.with_sheet`)."""
        return cls(**cls.with_sheet(values))

    def _normal_sheet(self) -> dict:
        """The sheet as the ruleset writes it (defaults filled in); SheetError if it is bad. A
        campaign whose ruleset has no engine yet keeps the sheet it was given (as does a form's
        unsaved man, before the service gives him his campaign)."""
        if self.campaign_id is None or self.campaign.ruleset not in ruleset_keys():
            return dict(self.sheet)
        sheet_type = get_ruleset(self.campaign.ruleset).sheet_type
        return sheet_type.from_dict(self.sheet or {}).to_dict()

    @property
    def is_alive(self) -> bool:
        return self.status != self.Status.DEAD


class PriorRecord(models.Model):
    """Bouts a gladiator fought before the campaign began, by city (the rest come from Bouts)."""

    gladiator = models.ForeignKey(Gladiator, on_delete=models.CASCADE, related_name="prior_records")
    city = models.CharField(max_length=60)
    wins = models.PositiveSmallIntegerField(default=0)
    losses = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["gladiator", "city"], name="one_prior_record_per_city")
        ]

    def __str__(self) -> str:
        return f"{self.gladiator.name} in {self.city}: {self.wins}-{self.losses}-{self.draws}"


class Injury(models.Model):
    """A Critical Injury, from the table, carried until the medicus heals it."""

    class Severity(models.TextChoices):
        EASY = "easy", "Easy"
        AVERAGE = "average", "Average"
        HARD = "hard", "Hard"
        DAUNTING = "daunting", "Daunting"

    gladiator = models.ForeignKey(Gladiator, on_delete=models.CASCADE, related_name="injuries")
    name = models.CharField(max_length=60)
    table_roll = models.SmallIntegerField(help_text="The modified d100 result on the table.")
    severity = models.CharField(max_length=10, choices=Severity.choices)
    effect = models.CharField(max_length=200, blank=True)
    # The bout (or race) he took it in, by reference; None for one the GM records.
    event_type, event_id = event_reference()
    event = event_field()
    day_taken = models.PositiveIntegerField()
    healed_on = models.PositiveIntegerField(null=True, blank=True)

    history = History(towards="gladiator")

    class Meta:
        ordering = ["day_taken", "pk"]
        verbose_name_plural = "injuries"

    def __str__(self) -> str:
        return f"{self.name} ({self.get_severity_display()})"

    @property
    def is_healed(self) -> bool:
        return self.healed_on is not None


class TreatmentAttempt(models.Model):
    """One Medicine check by a medicus on an injury, kept with its dice."""

    injury = models.ForeignKey(Injury, on_delete=models.CASCADE, related_name="treatments")
    day = models.PositiveIntegerField()
    medicus_intellect = rating(1, 6, 3)
    medicus_medicine = rating(0, 5, 2)
    at_ludus = models.BooleanField(default=True, help_text="Supplies, time and a safe place.")
    seed = models.BigIntegerField()
    roll = models.JSONField()
    success = models.BooleanField()
    # When it was rolled (None for rolls kept before undo existed: those cannot be undone), and
    # whether the GM took it back (ludus.services.undo): an undone roll stays, marked, and no
    # longer counts as the day's attempt nor heals the injury.
    created = models.DateTimeField(null=True, blank=True, default=timezone.now)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    history = History(towards="injury", excluded_fields=["roll"])

    def __str__(self) -> str:
        return f"Medicine check on {self.injury}, day {self.day}"


class DayEnd(models.Model):
    """One end of day as it was done (ludus.services.recovery.campaign_advance_day): the day
    ended, the Wounds each man rested off and what he carried after, who died. Undoing it
    (ludus.services.undo.day_end_undo) marks it undone and gives back what it took."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="day_ends")
    day = models.PositiveIntegerField(help_text="The day that ended.")
    # {gladiator id: [Wounds healed, Wounds carried after]}
    rested = models.JSONField(default=dict, blank=True)
    died = models.JSONField(default=list, blank=True)  # gladiator ids
    # The day an "Advance to day N" of several nights went to (ludus.services.calendar), on each
    # of its nights; empty for a single end of day. Such a night is not taken back alone.
    advance_to = models.PositiveIntegerField(null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"End of day {self.day}" + (" (undone)" if self.undone_at else "")


class Editor(models.Model):
    """The man who gives the games. His Dignitas is his base plus every recorded change."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="editors")
    name = models.CharField(max_length=80)
    office = models.CharField(max_length=60, blank=True, help_text="Aedile, praetor, heir…")
    base_dignitas = models.SmallIntegerField(default=3)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="editors",
    )

    history = History(towards="campaign")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class DignitasChange(models.Model):
    editor = models.ForeignKey(Editor, on_delete=models.CASCADE, related_name="dignitas_changes")
    change = models.SmallIntegerField()
    reason = models.CharField(max_length=200)
    day = models.PositiveIntegerField()
    # What earned or cost it: the bout, else the show (by reference).
    event_type, event_id = event_reference()
    event = event_field()

    class Meta:
        ordering = ["day", "pk"]

    def __str__(self) -> str:
        return f"{self.editor.name} {self.change:+d}: {self.reason}"


class Election(models.Model):
    """An election an editor means to stand in (the lex Tullia looks two years back from it)."""

    editor = models.ForeignKey(Editor, on_delete=models.CASCADE, related_name="elections")
    office = models.CharField(max_length=60)
    year = models.SmallIntegerField(help_text="Historical year: -47 is 47 BC.")

    class Meta:
        ordering = ["year"]

    def __str__(self) -> str:
        return f"{self.editor.name} for {self.office}, {self.year}"


class Patron(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="patrons")
    name = models.CharField(max_length=80)
    lanista = models.ForeignKey(
        Lanista, null=True, blank=True, on_delete=models.CASCADE, related_name="as_patron"
    )

    def __str__(self) -> str:
        return self.name


class Favor(models.Model):
    """A Favor owed to a patron; a lanista calls one for a bout, a hire or a day's training."""

    patron = models.ForeignKey(Patron, on_delete=models.CASCADE, related_name="favors")
    owed_by = models.CharField(max_length=80)
    gladiator = models.ForeignKey(
        Gladiator, null=True, blank=True, on_delete=models.SET_NULL, related_name="favors_owed"
    )
    reason = models.CharField(max_length=200, blank=True)
    called_on = models.PositiveIntegerField(null=True, blank=True)
    called_for = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"{self.owed_by} owes {self.patron}"

    @property
    def is_called(self) -> bool:
        return self.called_on is not None


class OnceKey(models.Model):
    """A form post that creates something, claimed once (ludus.services.once).

    Every creating form carries a fresh random key in a hidden field (ludus.forms.OnceKeyField);
    the service claims the key in the same transaction as its write, and the unique key makes a
    repeat of the same post (a double click, a retry, a stale tab) write nothing. `result_id` is
    what the first post created, so a repeat can be answered with it.
    """

    key = models.CharField(max_length=64, unique=True)
    action = models.CharField(max_length=40)  # the service, e.g. "lanista_create"
    result_id = models.PositiveBigIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.action} {self.key}"


class Job(models.Model):
    """Work a member asked for that takes longer than a page should wait (odds over many bouts,
    later a big export): queued as a background task (ludus.services.jobs), with its progress
    and its result kept so the page can poll it and the member come back to it."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    # None while an import has no campaign yet, and after a half-built campaign was removed.
    campaign = models.ForeignKey(
        Campaign, null=True, blank=True, on_delete=models.CASCADE, related_name="jobs"
    )
    kind = models.CharField(max_length=40)  # what it does, e.g. "bout_odds"
    title = models.CharField(max_length=200)  # what the member asked, in words
    params = models.JSONField(default=dict)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField()
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    # The worker's last sign of life on a running job: a job whose beat is older than its
    # lease (ludus.services.jobs.LEASE) has lost its worker, and is failed and cleaned up.
    heartbeat = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(done__lte=models.F("total")), name="job_done_le_total"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.get_status_display().lower()})"

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total if self.total else 0

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class JobFile(models.Model):
    """A file a job wrote (a campaign's export, issue 14), kept in the database so that every
    web worker and every host serves it, on SQLite and PostgreSQL alike: its bytes gzipped
    (a JSON campaign file shrinks about tenfold), its name, size and SHA-256 as served."""

    job = models.OneToOneField(Job, on_delete=models.CASCADE, related_name="file")
    name = models.CharField(max_length=200)
    content = models.BinaryField()  # gzip of the file
    size = models.PositiveBigIntegerField()  # bytes of the file, not of its gzip
    sha256 = models.CharField(max_length=64)

    def __str__(self) -> str:
        return self.name


# The change log's tables (ludus.history): each with the way to its campaign.
track(Campaign, "id", hidden={"created"})
track(Membership, "campaign_id", what_reads=("user", "campaign"))
track(
    Lanista,
    "campaign_id",
    labels={
        "player": "played by",
        "medicus_intellect": "medicus Intellect",
        "medicus_medicine": "medicus Medicine",
    },
)
track(
    Gladiator,
    "campaign_id",
    labels={"owner": "school", "armatura": "kit", "price_purses": "price (purses)"},
)
track(Editor, "campaign_id", labels={"player": "played by", "base_dignitas": "Dignitas"})
track(Injury, "gladiator__campaign_id", hidden={"event_type", "event_id"})
track(
    TreatmentAttempt,
    "injury__gladiator__campaign_id",
    hidden={"seed", "created"},
    what_reads=("injury",),
)


INVITATION_DAYS = 7  # how long an invitation link stays open (docs/rules.md, "Invitations")


class Invitation(models.Model):
    """A link the GM gives a new player: whoever opens it signs up or logs in, then accepts,
    and only then joins the campaign as `role`, and, if the link names one, as the player of a
    lanista, an editor or a bettor (`party`: by content type and id, since a bettor is
    economy's, above this layer).

    Only a hash of the token is kept (SHA-256: the token is 32 random bytes, so a fast hash is
    enough); the GM sees the link once, when he makes it. A link is used once, expires after
    INVITATION_DAYS days, and the GM can revoke it (desk.services.invitations).
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="invitations")
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    role = models.CharField(
        max_length=8, choices=Membership.Role.choices, default=Membership.Role.PLAYER
    )
    party_type = models.ForeignKey(
        "contenttypes.ContentType",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    party_id = models.PositiveBigIntegerField(null=True, blank=True)
    party = GenericForeignKey("party_type", "party_id")
    party_name = models.CharField(max_length=120, blank=True)  # as the link reads, when made
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    expires = models.DateTimeField()
    revoked = models.DateTimeField(null=True, blank=True)
    used = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"Invitation to {self.campaign}: {self.describe}"

    @property
    def describe(self) -> str:
        """What the invitee becomes, in words: "the player of Nerva (lanista)"."""
        if self.party_name:
            return f"the player of {self.party_name}"
        return "a game master" if self.role == Membership.Role.GM else "a player"

    def state(self, now=None) -> str:
        """ "used", "revoked", "expired" or "open"."""
        if self.used is not None:
            return "used"
        if self.revoked is not None:
            return "revoked"
        if (now or timezone.now()) >= self.expires:
            return "expired"
        return "open"
