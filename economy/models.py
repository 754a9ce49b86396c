"""The ledger: integer sesterces in double entry, never edited.

Every amount is in sesterces (1 purse = 800 sesterces = 200 denarii). A Transaction's Entries
sum to zero; Entries are never updated or deleted ("a new row is created instead"); a
correction is a reversing Transaction. Balances are sums of entries, never stored.
"""

from django.conf import settings
from django.db import models

from ludus.models import Campaign, Editor, Gladiator, Lanista

SESTERCES_PER_PURSE = 800
SESTERCES_PER_DENARIUS = 4


class ImmutableError(Exception):
    """Raised when code tries to change or remove a ledger row."""


class Bettor(models.Model):
    """A spectator who bets (Eros the gambler); his money is his Account."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="bettors")
    name = models.CharField(max_length=80)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="bettors",
    )

    def __str__(self) -> str:
        return self.name


class Account(models.Model):
    class Kind(models.TextChoices):
        CHEST = "chest", "Lanista's chest"
        PECULIUM = "peculium", "Gladiator's peculium"
        PURSE = "purse", "Editor's purse"
        BETTOR = "bettor", "Bettor's purse"
        BOOKMAKER = "bookmaker", "The bookmaker"
        BOOK = "book", "A book of bets (stakes held)"
        STATE = "state", "The state grant"
        MARKET = "market", "The market outside the campaign"

    # Accounts that hold a person's own coin cannot be overdrawn; the others stand for the
    # world outside the campaign (or the house) and may run negative.
    NO_OVERDRAFT = {Kind.CHEST, Kind.PECULIUM, Kind.PURSE, Kind.BETTOR, Kind.BOOK}

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="accounts")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    name = models.CharField(max_length=120)
    lanista = models.OneToOneField(
        Lanista, null=True, blank=True, on_delete=models.PROTECT, related_name="chest"
    )
    gladiator = models.OneToOneField(
        Gladiator, null=True, blank=True, on_delete=models.PROTECT, related_name="peculium"
    )
    editor = models.OneToOneField(
        Editor, null=True, blank=True, on_delete=models.PROTECT, related_name="purse"
    )
    bettor = models.OneToOneField(
        Bettor, null=True, blank=True, on_delete=models.PROTECT, related_name="account"
    )

    class Meta:
        ordering = ["kind", "name"]

    def __str__(self) -> str:
        return self.name

    @property
    def may_overdraw(self) -> bool:
        return self.kind not in self.NO_OVERDRAFT


class Transaction(models.Model):
    class Cause(models.TextChoices):
        OPENING = "opening", "Opening balance"
        HIRE = "hire", "Hire"
        PURCHASE = "purchase", "Purchase"
        SALE = "sale", "Sale"
        SIGNING = "signing", "Signing sum"
        PURSE = "purse", "Winner's purse"
        SWORD = "sword", "The lanista's price for a man given the sword"
        MANUMISSION = "manumission", "Manumission"
        BET = "bet", "Bet"
        SETTLEMENT = "settlement", "Book settled"
        PRIZE = "prize", "Race prize"
        GRANT = "grant", "State grant"
        CORRECTION = "correction", "Correction"
        OTHER = "other", "Other"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="transactions")
    cause = models.CharField(max_length=12, choices=Cause.choices)
    memo = models.CharField(max_length=200)
    day = models.PositiveIntegerField()
    idempotency_key = models.CharField(max_length=120)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    show = models.ForeignKey(
        "arena.Show", null=True, blank=True, on_delete=models.PROTECT, related_name="transactions"
    )
    bout = models.ForeignKey(
        "arena.Bout", null=True, blank=True, on_delete=models.PROTECT, related_name="transactions"
    )
    race = models.ForeignKey(
        "arena.Race", null=True, blank=True, on_delete=models.PROTECT, related_name="transactions"
    )
    gladiator = models.ForeignKey(
        Gladiator, null=True, blank=True, on_delete=models.PROTECT, related_name="transactions"
    )
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "idempotency_key"], name="one_transaction_per_key"
            )
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_cause_display()}: {self.memo}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ImmutableError("Ledger transactions are never edited; post a reversal instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableError("Ledger transactions are never deleted; post a reversal instead.")


class Entry(models.Model):
    transaction = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="entries")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="entries")
    amount = models.BigIntegerField(help_text="Sesterces; positive into the account.")

    class Meta:
        ordering = ["pk"]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.account}: {self.amount:+,} HS"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ImmutableError("Ledger entries are never edited; post a reversal instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableError("Ledger entries are never deleted; post a reversal instead.")


class Hire(models.Model):
    """A contract: a lanista's man hired to a show (team or single combat), or bought outright."""

    class Kind(models.TextChoices):
        TEAM = "team", "Team fighter, one show"
        SINGLE = "single", "Single-combat fighter, one show"

    show = models.ForeignKey("arena.Show", on_delete=models.PROTECT, related_name="hires")
    gladiator = models.ForeignKey(Gladiator, on_delete=models.PROTECT, related_name="hires")
    lanista = models.ForeignKey(Lanista, on_delete=models.PROTECT, related_name="hires")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    price = models.PositiveIntegerField(help_text="Sesterces paid for the hire.")
    transaction = models.OneToOneField(Transaction, on_delete=models.PROTECT, related_name="hire")
    favor_called = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["show", "gladiator"], name="one_hire_per_show")
        ]

    def __str__(self) -> str:
        return f"{self.gladiator.name} to {self.show}"
