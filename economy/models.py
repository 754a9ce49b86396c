"""The ledger: integer sesterces in double entry, never edited.

Every amount is in sesterces (1 purse = 800 sesterces = 200 denarii). A Transaction's Entries
sum to zero; Entries are never updated or deleted ("a new row is created instead"); a
correction is a reversing Transaction. Balances are sums of entries; each Account also keeps
its running balance (`Account.balance`), moved by economy.ledger in the same database
transaction as the entries, under the account's row lock, so that an overdraft check costs the
same on a ledger of 200,000 entries as on one of 2,000. It is derived from the entries and
checked against them (economy.ledger.balance_mismatches, `manage.py ledger_check`). What each
account moved each day (AccountDay) is kept by the database itself, from each new entry.
"""

from django.conf import settings
from django.db import models

from economy.odds_lines import Odds
from ludus.models import Campaign, Editor, Gladiator, Lanista
from ludus.references import event_field, event_reference

SESTERCES_PER_PURSE = 800
SESTERCES_PER_DENARIUS = 4


class ImmutableError(Exception):
    """Raised when code tries to change or remove a ledger row."""


class LedgerQuerySet(models.QuerySet):
    """Bulk update() and delete() would bypass the rows' own guards; refuse them as well."""

    def update(self, **kwargs):
        raise ImmutableError("Ledger rows are never edited; post a reversal instead.")

    def delete(self):
        raise ImmutableError("Ledger rows are never deleted; post a reversal instead.")


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
    # The sum of the account's entries, in sesterces, kept by economy.ledger.transaction_post
    # (the only writer) as it writes them; never set by hand.
    balance = models.BigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["kind", "name"]
        # The campaign's own accounts, one of each kind (economy.accounts opens them on first
        # use): two first postings at once must not open two markets.
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "kind"],
                condition=models.Q(
                    kind__in=["market", "state", "bookmaker"],
                    lanista=None,
                    gladiator=None,
                    editor=None,
                    bettor=None,
                ),
                name="one_house_account_per_kind",
            )
        ]
        # The balances by kind read each kind's first accounts by name from this index
        # (economy.selectors.balance_groups), not by sorting a large campaign's accounts.
        indexes = [
            models.Index(fields=["campaign", "kind", "name", "id"], name="account_kind_name"),
            # The money charts read each kind's richest few from this one
            # (economy.selectors.history.money_charts), not by sorting seven thousand peculia.
            models.Index(
                fields=["campaign", "kind", "-balance", "name", "id"], name="account_kind_richest"
            ),
        ]

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
        # The GM's funding is money from outside the campaign (no party of it paid it): every
        # page that shows the cause says so (issue 27).
        FUNDING = "funding", "Money from outside the campaign (the GM's funding)"
        OTHER = "other", "Other"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="transactions")
    cause = models.CharField(max_length=12, choices=Cause.choices)
    memo = models.CharField(max_length=200)
    day = models.PositiveIntegerField()
    idempotency_key = models.CharField(max_length=120)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    # What the money is for: the bout or race it was paid on, or the show (a hire).
    event_type, event_id = event_reference()
    event = event_field()
    gladiator = models.ForeignKey(
        Gladiator, null=True, blank=True, on_delete=models.PROTECT, related_name="transactions"
    )
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "idempotency_key"], name="one_transaction_per_key"
            )
        ]
        indexes = [
            models.Index(fields=["event_type", "event_id"], name="transaction_event"),
            # The ledger page filters a campaign's transactions by cause.
            models.Index(fields=["campaign", "cause"], name="transaction_campaign_cause"),
            # The charts' first day: MIN(day) of a campaign's transactions from the index.
            models.Index(fields=["campaign", "day"], name="transaction_campaign_day"),
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

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["pk"]
        verbose_name_plural = "entries"
        # An account's statement and the ledger filtered by account: its entries in
        # transaction order, from the index alone.
        indexes = [
            models.Index(fields=["account", "transaction"], name="entry_account_transaction")
        ]

    def __str__(self) -> str:
        return f"{self.account}: {self.amount:+,} HS"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ImmutableError("Ledger entries are never edited; post a reversal instead.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableError("Ledger entries are never deleted; post a reversal instead.")


class AccountDay(models.Model):
    """What an account's entries moved on one campaign day (the sum of its entries in the
    transactions of that day): the money charts' lines, read a row a day instead of summing
    an account's thousands of entries on each request.

    Derived, never written by the app: the database adds each new entry to its account's day
    (triggers of economy migration 0009, on SQLite and PostgreSQL), entries are never edited
    or deleted, and a transaction's day is never changed (refused by the same migration). It
    is checked against the entries (economy.ledger.day_mismatches, `manage.py ledger_check`).
    """

    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="days")
    day = models.PositiveIntegerField()
    moved = models.BigIntegerField(help_text="Sesterces; positive into the account.")

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["account", "day"]
        constraints = [
            models.UniqueConstraint(fields=["account", "day"], name="one_row_per_account_day")
        ]

    def __str__(self) -> str:
        return f"{self.account} on day {self.day}: {self.moved:+,} HS"

    def save(self, *args, **kwargs):
        raise ImmutableError("An account's days are kept by the database from its entries.")

    def delete(self, *args, **kwargs):
        raise ImmutableError("An account's days are kept by the database from its entries.")


class Hire(models.Model):
    """A contract: a lanista's man hired to a show (team or single combat), or bought outright."""

    class Kind(models.TextChoices):
        TEAM = "team", "Team fighter, one show"
        SINGLE = "single", "Single-combat fighter, one show"

    # The show he is hired to (arena's row, by reference).
    event_type, event_id = event_reference(required=True)
    event = event_field()
    gladiator = models.ForeignKey(Gladiator, on_delete=models.PROTECT, related_name="hires")
    lanista = models.ForeignKey(Lanista, on_delete=models.PROTECT, related_name="hires")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    price = models.PositiveIntegerField(help_text="Sesterces paid for the hire.")
    transaction = models.OneToOneField(Transaction, on_delete=models.PROTECT, related_name="hire")
    favor_called = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event_type", "event_id", "gladiator"], name="one_hire_per_show"
            )
        ]

    def __str__(self) -> str:
        return f"{self.gladiator.name} to {self.event}"


class Book(models.Model):
    """A book of bets on one bout or one race: its line, and an Account holding the stakes.

    `line` maps each side to its price: {"<side id>": {"name", "numerator", "denominator",
    "on", "chance"}}, the side id being the Gladiator's (a bout) or the RaceEntry's (a race).
    A Bet keeps the price it was taken at, so changing the line never changes a placed bet.
    """

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        SETTLED = "settled", "Settled"
        VOID = "void", "Void (every stake returned)"

    class Source(models.TextChoices):
        TABLE = "table", "The seed's table"
        ENGINE = "engine", "The engine's odds for this matchup and these orders"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="books")
    # The bout or race the book is on (arena's row, by reference).
    event_type, event_id = event_reference(required=True)
    event = event_field()
    account = models.OneToOneField(Account, on_delete=models.PROTECT, related_name="book")
    source = models.CharField(max_length=8, choices=Source.choices)
    basis = models.CharField(max_length=300, help_text="How the line was made, for the record.")
    line = models.JSONField(default=dict)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    opened_day = models.PositiveIntegerField()
    closed_day = models.PositiveIntegerField(null=True, blank=True)
    settlement = models.OneToOneField(
        Transaction, null=True, blank=True, on_delete=models.PROTECT, related_name="book_closed"
    )
    # The side that won, as arena told it when the event ended (None while open, or void).
    winning_side = models.PositiveBigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-opened_day", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["event_type", "event_id"], name="one_book_per_event")
        ]
        # The books page lists a campaign's books newest first, a page at a time (issue 14).
        indexes = [
            models.Index(fields=["campaign", "opened_day", "id"], name="book_campaign_opened")
        ]

    def __str__(self) -> str:
        return f"Book on {self.event}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class Bet(models.Model):
    """A stake laid with the book on one side, at the price of the moment.

    The price is kept as the bookmaker cries it: numerator to denominator, on or against
    ("4 to 3 on": stake 4 to win 3). `transaction` moved the stake from the bettor into the
    book; `settlement` is the book's closing transaction (one for every bet of the book).
    """

    book = models.ForeignKey(Book, on_delete=models.PROTECT, related_name="bets")
    bettor = models.ForeignKey(Bettor, on_delete=models.PROTECT, related_name="bets")
    fighter = models.ForeignKey(
        Gladiator, null=True, blank=True, on_delete=models.PROTECT, related_name="bets_on"
    )
    # The side backed, as the book's line names it: the Gladiator's id on a bout, the race
    # entry's on a race; and its name as the line showed it when the bet was taken.
    side = models.PositiveBigIntegerField()
    side_name = models.CharField(max_length=120)
    stake = models.PositiveIntegerField(help_text="Sesterces staked.")
    odds_numerator = models.PositiveSmallIntegerField()
    odds_denominator = models.PositiveSmallIntegerField()
    odds_on = models.BooleanField(help_text="True: odds-on (stake the larger number).")
    day = models.PositiveIntegerField(help_text="The campaign day the bet was placed.")
    transaction = models.OneToOneField(Transaction, on_delete=models.PROTECT, related_name="bet")
    settlement = models.ForeignKey(
        Transaction, null=True, blank=True, on_delete=models.PROTECT, related_name="settled_bets"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(condition=models.Q(stake__gte=1), name="bet_stake_positive"),
        ]
        # The latest bets, newest first, read from this index and stopped after a page
        # (arena.book.selectors.visible_bets, issue 14).
        indexes = [models.Index(fields=["day", "id"], name="bet_day")]

    def __str__(self) -> str:
        return f"{self.bettor.name}: {self.stake:,} HS on {self.side_name} at {self.odds_label}"

    @property
    def side_id(self) -> int:
        return self.side

    @property
    def odds(self):
        return Odds(self.odds_numerator, self.odds_denominator, self.odds_on)

    @property
    def odds_label(self) -> str:
        return self.odds.label()

    @property
    def winnings(self) -> int:
        """Sesterces won if this side wins (the stake not included)."""
        return self.odds.winnings(self.stake)

    @property
    def outcome(self) -> str:
        """open, won, lost or void: derived from the book and its bout or race."""
        book = self.book
        if book.status == Book.Status.OPEN:
            return "open"
        if book.status == Book.Status.VOID:
            return "void"
        return "won" if book.winning_side == self.side else "lost"

    @property
    def returned(self) -> int:
        """Sesterces paid back to the bettor at settlement (0 while open, or lost)."""
        outcome = self.outcome
        if outcome == "won":
            return self.stake + self.winnings
        if outcome == "void":
            return self.stake
        return 0
