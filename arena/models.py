"""The games: shows, their bouts and races, and what the crowd and the editor decided.

A bout keeps its seed, its engine inputs and the GM's choices, so it can be replayed exactly;
its log is the engine's event list as JSON.

Shows, bouts, their entries and races keep a history of changes (django-simple-history): the
GM's edits of a show or a card, and each round fought or taken back. The bulky JSON (logs, the
frozen setup, the decisions) is left out of the history: a bout replays from its seed.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.contenttypes.fields import GenericRelation
from django.db import models

from economy.models import Book, Hire, Transaction
from ludus.history import History, track
from ludus.models import Campaign, DignitasChange, Editor, Gladiator, Injury


def caused(model, name: str) -> GenericRelation:
    """The rows of a lower layer (money, injuries, Dignitas) that point at this one."""
    return GenericRelation(
        model, content_type_field="event_type", object_id_field="event_id", related_query_name=name
    )


class Venue(models.TextChoices):
    """The seed's venues of 50 BC; the Campanian amphitheaters are split by town."""

    FORUM_ROMANUM = "forum_romanum", "Forum Romanum (timber stands)"
    CURIO_THEATERS = "curio_theaters", "Curio's theaters"
    POMPEII = "pompeii", "Amphitheater of Pompeii"
    CAPUA = "capua", "Amphitheater of Capua"
    POMPEY_THEATER = "pompey_theater", "Pompey's theater"
    CIRCUS_MAXIMUS = "circus_maximus", "Circus Maximus"


VENUE_CITY = {
    Venue.FORUM_ROMANUM: "Rome",
    Venue.CURIO_THEATERS: "Rome",
    Venue.POMPEII: "Pompeii",
    Venue.CAPUA: "Capua",
    Venue.POMPEY_THEATER: "Rome",
    Venue.CIRCUS_MAXIMUS: "Rome",
}


class Show(models.Model):
    class Kind(models.TextChoices):
        MUNUS = "munus", "Munus (funeral games)"
        LUDI = "ludi", "Ludi (state festival)"

    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        HELD = "held", "Held"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="shows")
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.MUNUS)
    editor = models.ForeignKey(Editor, on_delete=models.PROTECT, related_name="shows")
    venue = models.CharField(max_length=20, choices=Venue.choices, default=Venue.FORUM_ROMANUM)
    year = models.SmallIntegerField(help_text="Historical year: -50 is 50 BC.")
    day = models.PositiveIntegerField(help_text="The campaign day of the show.")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLANNED)

    transactions = caused(Transaction, "show")
    hires = caused(Hire, "show")
    dignitas_changes = caused(DignitasChange, "show")

    history = History(towards="campaign")

    class Meta:
        ordering = ["day", "pk"]
        # The calendar, the latest verdicts and the bouts fought read a campaign's shows by
        # day, newest or oldest first, and stop after a page (issue 14).
        indexes = [models.Index(fields=["campaign", "day", "id"], name="show_campaign_day")]

    def __str__(self) -> str:
        return self.name

    @property
    def city(self) -> str:
        return VENUE_CITY[Venue(self.venue)]


class Bout(models.Model):
    class Kind(models.TextChoices):
        TEAM = "team", "Team (pairs)"
        SINGLE = "single", "Single combat"

    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        FIGHTING = "fighting", "Being fought"
        AWAITING_VERDICT = "verdict", "Awaiting the editor"
        DONE = "done", "Done"
        VOID = "void", "Void"  # taken off the card, or a man left it before it was fought out

    class EndReason(models.TextChoices):
        YIELD = "yield", "Yielded"
        SECOND_INJURY = "second_injury", "Second Critical Injury"
        INCAPACITATED = "incapacitated", "Incapacitated"
        KILLED = "killed", "Killed on the sand"
        DRAW = "draw", "Stood apart (draw)"

    show = models.ForeignKey(Show, on_delete=models.CASCADE, related_name="bouts")
    order = models.PositiveSmallIntegerField(default=1)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SINGLE)
    first = models.CharField(max_length=6, default="random", help_text="a, b or random")

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLANNED)
    seed = models.BigIntegerField(null=True, blank=True)
    engine_version = models.CharField(max_length=20, blank=True)
    setup = models.JSONField(default=dict, blank=True, help_text="The engine inputs, as fought.")
    decisions = models.JSONField(default=list, blank=True, help_text="Choices made at the table.")
    log = models.JSONField(default=list, blank=True)
    rounds = models.PositiveSmallIntegerField(default=0)
    end_reason = models.CharField(max_length=16, choices=EndReason.choices, blank=True)
    # The editor gave the winner the rudis after this bout (with or without a verdict: a man
    # killed on the sand leaves the editor nothing to decide, but the winner may earn it).
    rudis_given = models.BooleanField(default=False)
    void_reason = models.CharField(max_length=200, blank=True)

    transactions = caused(Transaction, "bout")
    injuries = caused(Injury, "bout")
    dignitas_changes = caused(DignitasChange, "bout")
    books = caused(Book, "bout")

    history = History(towards="show", excluded_fields=["setup", "decisions", "log"])

    class Meta:
        ordering = ["show", "order", "pk"]
        # The bouts still to fight (a few) are found without reading the fought ones: the books
        # page's bouts without a book, the cards to come (issue 14).
        indexes = [models.Index(fields=["status"], name="bout_status")]

    def __str__(self) -> str:
        return " v ".join(str(entry) for entry in self.entrants)

    @property
    def book(self) -> Book | None:
        return self.books.first()

    # Prefetch "entries__gladiator" to read a list of bouts; without it each read is a query,
    # so a bout refreshed from the database never shows stale entries.

    @property
    def entrants(self) -> list[BoutEntry]:
        return list(self.entries.all())

    def entry(self, side: str) -> BoutEntry:
        for entry in self.entrants:
            if entry.side == side:
                return entry
        raise BoutEntry.DoesNotExist(f"bout {self.pk} has no side {side!r}")

    def entry_for(self, man: Gladiator) -> BoutEntry:
        return next(entry for entry in self.entrants if entry.gladiator_id == man.pk)

    @property
    def entry_a(self) -> BoutEntry:
        """Side a of a two-sided bout (the Era pair)."""
        return self.entry("a")

    @property
    def entry_b(self) -> BoutEntry:
        return self.entry("b")

    @property
    def fighters(self) -> list[Gladiator]:
        """The campaign's men on the bout (beasts and hired opponents are not among them)."""
        return [entry.gladiator for entry in self.entrants if entry.gladiator is not None]

    def _with_result(self, result: str) -> BoutEntry | None:
        return next((entry for entry in self.entrants if entry.result == result), None)

    @property
    def winning_entry(self) -> BoutEntry | None:
        return self._with_result(BoutEntry.Result.WON)

    @property
    def losing_entry(self) -> BoutEntry | None:
        return self._with_result(BoutEntry.Result.LOST)

    @property
    def winner(self) -> Gladiator | None:
        entry = self.winning_entry
        return None if entry is None else entry.gladiator

    @property
    def loser(self) -> Gladiator | None:
        entry = self.losing_entry
        return None if entry is None else entry.gladiator


class BoutEntry(models.Model):
    """One entrant of a bout: a campaign gladiator, or a beast or hired opponent the GM adds
    (a name and no gladiator: no owner, no purse). His orders are private to his owner and the
    GM; `standing` is what the ruleset tracks at the end (Era: Crowd Favor)."""

    class Result(models.TextChoices):
        WON = "won", "Won"
        LOST = "lost", "Lost"
        DREW = "drew", "Drew"

    class Fate(models.TextChoices):
        WALKED_OUT = "walked_out", "Walked out"
        SPARED = "spared", "Spared"
        DEAD = "dead", "Dead"
        # The loser died of his wounds overnight while the bout waited for the editor.
        DIED_WAITING = "died_waiting", "Died before the verdict"

    bout = models.ForeignKey(Bout, on_delete=models.CASCADE, related_name="entries")
    side = models.CharField(max_length=20, help_text='His side or team ("a" or "b" in a pair).')
    gladiator = models.ForeignKey(
        Gladiator, null=True, blank=True, on_delete=models.PROTECT, related_name="bout_entries"
    )
    name = models.CharField(
        max_length=80, blank=True, help_text="A beast or hired opponent (no gladiator)."
    )
    sheet = models.JSONField(
        default=dict, blank=True, help_text="A beast's or hired man's sheet (no gladiator)."
    )
    orders = models.JSONField(default=dict, blank=True)
    # A rudiarius fights only by choice (seed 001, THE LUDUS V): his owner or the GM ticked it.
    consented = models.BooleanField(default=False)
    standing = models.SmallIntegerField(null=True, blank=True)
    result = models.CharField(max_length=5, choices=Result.choices, blank=True)
    fate = models.CharField(max_length=12, choices=Fate.choices, blank=True)
    # The school he fought for, kept when the bout was settled (issue 27: a bout of record shows
    # him as he was); "" for a man of no school, None for a bout settled before it was kept.
    school = models.CharField(max_length=80, null=True, blank=True)  # noqa: DJ001

    history = History(towards="bout", excluded_fields=["sheet"])

    class Meta:
        ordering = ["bout", "side", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["bout", "gladiator"], name="one_entry_per_man_per_bout"
            ),
            models.CheckConstraint(
                condition=models.Q(gladiator__isnull=False) | ~models.Q(name=""),
                name="entry_is_a_man_or_named",
            ),
        ]

    def __str__(self) -> str:
        return self.gladiator.name if self.gladiator_id else self.name

    @property
    def is_hired_opponent(self) -> bool:
        return self.gladiator_id is None


class Verdict(models.Model):
    class Call(models.TextChoices):
        RELEASE = "release", "Shouts for his release"
        DIVIDED = "divided", "Divided"
        SWORD = "sword", "Calls for the sword"

    class Act(models.TextChoices):
        MISSIO = "missio", "Grants missio"
        SWORD = "sword", "Gives the sword"

    bout = models.OneToOneField(Bout, on_delete=models.CASCADE, related_name="verdict")
    loser_favor = models.PositiveSmallIntegerField()
    crowd_call = models.CharField(max_length=8, choices=Call.choices)
    editor_act = models.CharField(max_length=8, choices=Act.choices)
    appeal = models.JSONField(null=True, blank=True, help_text="The Hard Charm roll, if any.")
    appeal_success = models.BooleanField(null=True, blank=True)
    loser_died = models.BooleanField(default=False)
    dignitas_change = models.SmallIntegerField(default=0)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    def __str__(self) -> str:
        return f"{self.get_crowd_call_display()}; {self.get_editor_act_display()}"

    @property
    def by_rules(self) -> bool:
        """Taken by the rules, nobody choosing: the crowd's call, or the editor's default
        (missio) when it is divided. A person's decision always names him (`decided_by`)."""
        return self.decided_by_id is None

    @property
    def taken_by(self) -> str:
        """Who took the verdict, to follow it on the page: a person, or the rules."""
        if not self.by_rules:
            return f"decided by {self.decided_by.get_username()}"
        if self.crowd_call == self.Call.DIVIDED:
            return "taken by the rules: the editor's default, missio, nobody asked"
        return "taken by the rules: the crowd's call, nobody asked"

    @property
    def loser_outcome(self) -> str:
        """What became of the loser, to follow his name: "walked out under missio"."""
        if self.editor_act == self.Act.MISSIO:
            return "walked out under missio"
        return "was given the sword and died" if self.loser_died else "was given the sword"


class Chariot(models.TextChoices):
    BIGA = "biga", "Biga (two horses)"
    QUADRIGA = "quadriga", "Quadriga (four horses)"


class Race(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        VOID = "void", "Void"  # a driver left the field while it was being run

    show = models.ForeignKey(Show, on_delete=models.CASCADE, related_name="races")
    name = models.CharField(max_length=120, default="Chariot race")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLANNED)
    seed = models.BigIntegerField(null=True, blank=True)
    engine_version = models.CharField(max_length=20, blank=True)
    legs_run = models.PositiveSmallIntegerField(default=0)
    log = models.JSONField(default=list, blank=True)
    prize_purses = models.PositiveSmallIntegerField(default=1)
    # What the field drives: a driver added to the race takes it (Handling +1 either way).
    chariot = models.CharField(max_length=10, choices=Chariot.choices, default=Chariot.QUADRIGA)
    void_reason = models.CharField(max_length=200, blank=True)

    transactions = caused(Transaction, "race")
    injuries = caused(Injury, "race")
    books = caused(Book, "race")

    history = History(towards="show", excluded_fields=["log"])

    def __str__(self) -> str:
        return self.name

    @property
    def book(self) -> Book | None:
        return self.books.first()


class RaceEntry(models.Model):
    Chariot = Chariot

    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="entries")
    driver = models.ForeignKey(Gladiator, on_delete=models.PROTECT, related_name="race_entries")
    faction = models.CharField(max_length=30)
    chariot = models.CharField(max_length=10, choices=Chariot.choices, default=Chariot.QUADRIGA)
    lane = models.PositiveSmallIntegerField(default=1)
    push_legs = models.JSONField(default=list, blank=True, help_text="[bool, bool, bool]")
    peril_legs = models.JSONField(default=list, blank=True, help_text="Legs the GM spends Peril.")
    distance = models.PositiveSmallIntegerField(null=True, blank=True)
    wrecked_on_leg = models.PositiveSmallIntegerField(null=True, blank=True)
    won = models.BooleanField(default=False)

    class Meta:
        ordering = ["race", "lane"]
        constraints = [
            models.UniqueConstraint(fields=["race", "driver"], name="one_entry_per_driver")
        ]

    def __str__(self) -> str:
        return f"{self.driver.name} ({self.faction})"


# The change log's tables (ludus.history): each with the way to its campaign.
track(Show, "campaign_id")
track(
    Bout,
    "show__campaign_id",
    labels={"order": "pair"},
    hidden={"seed", "engine_version"},
    what_reads=("entries__gladiator",),
)
track(
    BoutEntry,
    "bout__show__campaign_id",
    labels={"gladiator": "man"},
    hidden={"orders"},
    what_reads=("gladiator",),
)
track(Race, "show__campaign_id", hidden={"seed", "engine_version"})


def share_token() -> str:
    """A share link's token: 32 random bytes, URL-safe (43 characters), not guessable."""
    return secrets.token_urlsafe(32)


class ShareLink(models.Model):
    """A link the GM gives out for spectators: the public record of one show (`show`), or of
    the whole campaign (no show), read-only and without logging in. Revoked, it answers 404."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="share_links")
    show = models.ForeignKey(
        Show, null=True, blank=True, on_delete=models.CASCADE, related_name="share_links"
    )
    token = models.CharField(max_length=64, unique=True, default=share_token, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"Share link to {self.show or self.campaign}"

    @property
    def target(self) -> str:
        return self.show.name if self.show_id else f"{self.campaign.name}: the public record"

    @property
    def is_live(self) -> bool:
        return self.revoked is None
