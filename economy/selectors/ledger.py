"""Reading the ledger: balances, listings, the CSV download, and money written for people.

Every amount is in integer sesterces (1 purse = 800 sesterces = 200 denarii). Balances are
derived from the entries (each account's running balance is kept with them, economy.ledger).
Nothing here writes: in particular, looking up a party's account never opens one
(economy.accounts does that when money first moves).
"""

from collections.abc import Iterator
from dataclasses import dataclass

from django.contrib.contenttypes.models import ContentType
from django.contrib.contenttypes.prefetch import GenericPrefetch
from django.db.models import JSONField, Prefetch, Q, QuerySet, prefetch_related_objects

from economy.events import ShowRef
from economy.models import (
    Account,
    Bettor,
    Entry,
    Hire,
    Transaction,
)
from economy.money import format_price
from ludus.models import Campaign, Editor, Gladiator, Lanista
from ludus.references import event_is, events_q

# --- Balances -----------------------------------------------------------------------------------


def balances_by_party(*, campaign: Campaign) -> QuerySet[Account]:
    """Every account of the campaign with its `balance` (sesterces, the running balance kept
    with the entries) and its owner, in one query.

    Ordered by kind, then name. An account with no entries has balance 0.
    """
    return (
        Account.objects.filter(campaign=campaign)
        .select_related("lanista", "gladiator", "editor", "bettor")
        .order_by("kind", "name", "pk")
    )


def account_of(party) -> Account | None:
    """The account of a lanista, gladiator, editor or bettor, if money has ever been opened for
    him (None otherwise); an Account is returned as it is."""
    if isinstance(party, Account):
        return party
    field = _party_field(party)
    return Account.objects.filter(**{field: party}).first()


def _party_field(party) -> str:
    for model, field in (
        (Lanista, "lanista"),
        (Gladiator, "gladiator"),
        (Editor, "editor"),
        (Bettor, "bettor"),
    ):
        if isinstance(party, model):
            return field
    raise TypeError(f"Not a party with an account: {party!r}")


def account_history(*, account: Account) -> list[tuple[Entry, int]]:
    """An account's entries in order, each with the running balance after it (sesterces)."""
    running = 0
    rows = []
    entries = account.entries.select_related("transaction").order_by("transaction_id", "pk")
    for entry in entries:
        running += entry.amount
        rows.append((entry, running))
    return rows


# --- The ledger listing -------------------------------------------------------------------------


def _event_prefetch(transactions: QuerySet[Transaction]) -> GenericPrefetch:
    """Fetch each transaction's event (a show, bout or race) with its show, in one query per
    kind: economy knows the kinds by content type only (ludus.references)."""
    kinds = ContentType.objects.filter(
        pk__in=transactions.exclude(event_type=None).values("event_type")
    )
    return GenericPrefetch("event", [_event_rows(kind) for kind in kinds])


def fetch_events(transactions: list[Transaction]) -> None:
    """Fetch the events (with their shows) of these transactions, a page of them: one query
    per kind of event among them. The kinds are read from the rows themselves (content types
    are cached), so nothing scans the rest of the ledger (issue 14)."""
    kinds = {t.event_type_id for t in transactions if t.event_type_id is not None}
    querysets = [_event_rows(ContentType.objects.get_for_id(kind)) for kind in kinds]
    prefetch_related_objects(transactions, GenericPrefetch("event", querysets))


def _event_rows(kind: ContentType) -> QuerySet:
    """The rows of one kind of event, with their show, as the ledger names them: their JSON
    (a bout's log, its setup) left unread, since a page of bouts' logs is most of its cost."""
    model = kind.model_class()
    rows = model._default_manager.all()
    if any(field.name == "show" for field in model._meta.fields):
        rows = rows.select_related("show")
    heavy = [field.name for field in model._meta.fields if isinstance(field, JSONField)]
    return rows.defer(*heavy) if heavy else rows


def occasion(posted: Transaction) -> ShowRef | None:
    """The show a transaction was paid at: its event's show, or the event itself (a hire is
    paid for the show). A bout or a race has a `show` (economy.events)."""
    event = posted.event
    if event is None:
        return None
    return getattr(event, "show", event)


def occasion_name(posted: Transaction) -> str:
    show = occasion(posted)
    return show.name if show is not None else ""


def ledger_transactions(
    *,
    campaign: Campaign,
    account: Account | None = None,
    party=None,
    events=None,
    cause: str | None = None,
    gladiator: Gladiator | None = None,
    newest_first: bool = False,
    with_events: bool = False,
    entries: QuerySet[Entry] | None = None,
) -> QuerySet[Transaction]:
    """The campaign's transactions, filtered, each with its entries (and their accounts)
    prefetched: two queries however many rows.

    `account` or `party` (a lanista, gladiator, editor or bettor) keeps the transactions that
    touch that account; `gladiator` keeps those about the man (a hire, a sale, his purse)
    as well as those that move his own peculium; `events` keeps those paid for any of these
    shows, bouts or races. `with_events` also fetches each one's event and its show (a query
    for the kinds, and one per kind), for a page or a file that names the show. `entries`
    narrows the legs fetched with each transaction (a reader who may see only some of them,
    economy.selectors.visibility).
    """
    transactions = Transaction.objects.filter(campaign=campaign)
    if party is not None:
        transactions = transactions.filter(**{f"entries__account__{_party_field(party)}": party})
    if account is not None:
        transactions = transactions.filter(entries__account=account)
    if events is not None:
        transactions = transactions.filter(events_q(events))
    if cause:
        transactions = transactions.filter(cause=cause)
    if gladiator is not None:
        transactions = transactions.filter(
            Q(gladiator=gladiator) | Q(entries__account__gladiator=gladiator)
        )
    entries = (Entry.objects.all() if entries is None else entries).select_related("account")
    entries = entries.order_by("pk")
    if party is not None or account is not None or gladiator is not None:
        # Filters through the entries join a row per leg: one per transaction again. (Without
        # them there is no join, and DISTINCT would only make the count and the pages slower.)
        transactions = transactions.distinct()
    if with_events:
        transactions = transactions.prefetch_related(_event_prefetch(transactions))
    return (
        transactions.select_related("gladiator", "reverses", "created_by")
        .prefetch_related(Prefetch("entries", queryset=entries))
        .order_by("-pk" if newest_first else "pk")
    )


CSV_CHUNK = 500  # transactions read (with their entries) at a time by the CSV download

CSV_HEADER = [
    "transaction",
    "day",
    "cause",
    "memo",
    "show",
    "gladiator",
    "reverses",
    "account",
    "account kind",
    "sesterces",
    "idempotency key",
]

# A spreadsheet runs a cell that starts with one of these as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(text: str) -> str:
    """A text cell for the CSV download, guarded against spreadsheet formulas: a cell that
    starts with =, +, -, @, a tab or a carriage return gets a leading apostrophe."""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def ledger_csv_rows(
    *, campaign: Campaign, transactions: QuerySet[Transaction] | None = None, **filters
) -> Iterator[list]:
    """The ledger as CSV rows (the header first, then one row per entry), with the same filters
    as `ledger_transactions`. Text cells are guarded against spreadsheet formulas (`csv_cell`);
    amounts stay numbers.

    `transactions` writes those transactions instead, in their own order (a listing already cut
    to what a reader may see, e.g. economy.selectors_web.ledger_listing); it takes no filters.
    Its entries should be prefetched, as `ledger_transactions` does. The rows are read
    `CSV_CHUNK` transactions at a time (`QuerySet.iterator`), so memory stays flat however
    long the ledger.
    """
    if transactions is None:
        transactions = ledger_transactions(campaign=campaign, with_events=True, **filters)
    elif filters:
        raise TypeError("ledger_csv_rows: pass filters or transactions, not both")
    yield list(CSV_HEADER)
    # A chunk at a time, each with its entries and events prefetched: the download streams
    # without holding the whole ledger in memory.
    for posted in transactions.iterator(chunk_size=CSV_CHUNK):
        for entry in posted.entries.all():
            yield [
                posted.pk,
                posted.day,
                posted.get_cause_display(),
                csv_cell(posted.memo),
                csv_cell(occasion_name(posted)),
                csv_cell(posted.gladiator.name) if posted.gladiator else "",
                posted.reverses_id or "",
                csv_cell(entry.account.name),
                entry.account.get_kind_display(),
                entry.amount,
                csv_cell(posted.idempotency_key),
            ]


# --- Hires --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HireBill:
    """What an editor owes for a show's hires, in sesterces."""

    hires: list[Hire]
    total: int

    @property
    def total_label(self) -> str:
        return format_price(self.total)


def show_hire_bill(*, show) -> HireBill:
    """The show's hires and their total price (the contract prices, sesterces)."""
    hires = list(
        Hire.objects.filter(**event_is(show))
        .select_related("gladiator", "lanista", "transaction")
        .order_by("kind", "gladiator__name")
    )
    return HireBill(hires=hires, total=sum(hire.price for hire in hires))


def hire_of(*, show, gladiator: Gladiator) -> Hire | None:
    """The man's hire to this show, if he was hired (the bout service looks it up for the sword)."""
    return (
        Hire.objects.filter(**event_is(show), gladiator=gladiator).select_related("lanista").first()
    )
