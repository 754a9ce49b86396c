"""A whole campaign as a file (format "ludus-campaign", version 3): export and import.

`campaign_export` writes everything a campaign holds: its people and sheets, shows, bouts with
their seeds, engine inputs, decisions and logs, verdicts, races, injuries and the medicus's
rolls, Favors, Dignitas history, books, bets, the whole ledger (every transaction with its
entries, cause, key and dates), the ends of day and the change history (desk.campaign_history).
`campaign_import` writes such a file (or one of version 2, which has no ends of day nor
history) into a NEW campaign.

Import is the one place that writes past the services, and this is why: the services make
history (they roll dice, pay purses, settle books); a file already holds it, and playing it
again would pay everything twice. So the import writes the rows as they are, in one
`transaction.atomic` block, after checking them:

- every row goes through `full_clean`, and a bad one is refused naming its section and item
  (`CampaignFileError`), nothing written;
- every transaction of the ledger must balance, and no account a person owns may be overdrawn
  at any point of the ledger, as `economy.ledger.transaction_post` demands;
- transactions are inserted in the file's order, each with all of its entries before the next
  (SQLite's trigger refuses a new transaction while the newest is unbalanced); nothing is ever
  updated or deleted, so the ledger's immutability triggers hold; a transaction keeps its
  `created` date (a raw save, as Django's loaddata does).

Ids in the file are the exporting database's; they only link the file's items to each other.
The import gives every row a new id and rewrites the ids held inside JSON (a bout's engine
inputs, a race's log, a book's line and winning side, a bet's side). Idempotency keys are kept
under an "imported:" prefix: they often name ids (`purse:bout:12`), which in the new database
may be another row's, and a new payment must never be mistaken for a retry of an imported one.
`docs/campaign-file.md` describes the format.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.db.models import Prefetch

from arena.models import Bout, BoutEntry, Race, RaceEntry, Show, Verdict
from desk.campaign_file import (
    FORMAT_NAME,
    MALFORMED,
    MISSING,
    NO_PASSWORD,
    SETUP_VERSION,
    CampaignFileError,
    campaign_file_load,
    campaign_file_version,
    campaign_row,
)
from desk.campaign_history import (
    day_ends_data,
    day_ends_write,
    history_data,
    history_write,
    plain,
)
from economy.models import Account, Bet, Bettor, Book, Entry, Hire, Transaction
from ludus.errors import Refusal
from ludus.models import (
    Campaign,
    DignitasChange,
    Editor,
    Election,
    Favor,
    Gladiator,
    Injury,
    Lanista,
    Membership,
    Patron,
    PriorRecord,
    TreatmentAttempt,
)

VERSION = 3
READ_VERSIONS = (2, 3)  # version 2: no ends of day, no change history
UNKNOWN_ID = "{section}, {item}: no {what} with id {id!r} in this file."
UNBALANCED = "ledger, transaction {id}: its entries sum to {total:+,} sesterces, not 0."
OVERDRAWN = "ledger, transaction {id}: it overdraws {account} ({balance:+,} sesterces)."
KEY_PREFIX = "imported:"
KEY_LENGTH = Transaction._meta.get_field("idempotency_key").max_length
EVENT_KINDS = ("show", "bout", "race")

LANISTA_FIELDS = (
    "name",
    "school",
    "city",
    "charisma",
    "charm",
    "medicus_name",
    "medicus_intellect",
    "medicus_medicine",
)
MAN_FIELDS = (
    "name",
    "armatura",
    "legal_status",
    "contract_bouts_left",
    "status",
    "is_charioteer",
    "faction",
    "sheet",
    "wounds",
    "price_purses",
    "orders",
)
INJURY_FIELDS = ("name", "table_roll", "severity", "effect", "day_taken", "healed_on")
TREATMENT_FIELDS = (
    "day",
    "medicus_intellect",
    "medicus_medicine",
    "at_ludus",
    "seed",
    "roll",
    "success",
)
BOUT_FIELDS = (
    "order",
    "kind",
    "first",
    "status",
    "seed",
    "engine_version",
    "setup",
    "decisions",
    "log",
    "rounds",
    "end_reason",
    "rudis_given",
    "void_reason",
)
ENTRY_FIELDS = (
    "side",
    "name",
    "sheet",
    "orders",
    "consented",
    "standing",
    "result",
    "fate",
    "school",
)
VERDICT_FIELDS = (
    "loser_favor",
    "crowd_call",
    "editor_act",
    "appeal",
    "appeal_success",
    "loser_died",
    "dignitas_change",
)
RACE_FIELDS = (
    "name",
    "status",
    "seed",
    "engine_version",
    "legs_run",
    "log",
    "prize_purses",
    "chariot",
    "void_reason",
)
RACE_ENTRY_FIELDS = (
    "faction",
    "chariot",
    "lane",
    "push_legs",
    "peril_legs",
    "distance",
    "wrecked_on_leg",
    "won",
)
BOOK_FIELDS = ("source", "basis", "status", "opened_day", "closed_day")
BET_FIELDS = (
    "side_name",
    "stake",
    "odds_numerator",
    "odds_denominator",
    "odds_on",
    "day",
)


def _values(instance, names) -> dict:
    return {name: getattr(instance, name) for name in names}


def _user(user) -> str | None:
    return None if user is None else user.get_username()


# --- export -------------------------------------------------------------------------------


def _event_ref(row) -> dict | None:
    """A reference to a show, bout or race, as {"bout": id}."""
    if row.event_type_id is None:
        return None
    return {row.event_type.model: row.event_id}


def _by_pk(name: str, model, *related: str) -> Prefetch:
    """A prefetch of the related rows `name` in the order of their ids (with `related`
    joined), so a section costs a query, not one a row."""
    return Prefetch(name, queryset=model.objects.select_related(*related).order_by("pk"))


LEDGER_CHUNK = 5_000  # transactions read at a time (the progress of a long export)

Progress = Callable[[int], None]


@dataclass
class ExportSnapshot:
    """Everything of a campaign's file but its ledger's rows (`export_snapshot`), and where its
    ledger ends: the ledger is append-only and its rows immutable, so the transactions up to
    `last_transaction` read later (`export_ledger`, in chunks) are the ledger of this moment."""

    campaign: Campaign
    sections: dict
    users: dict
    bet_users: list  # the bets' authors, met after the ledger's in the file's order of users
    last_transaction: int
    ledger_size: int


def _user_by_id() -> Callable:
    """A user by id, each read once."""
    found: dict = {}

    def read(pk):
        if pk is None:
            return None
        if pk not in found:
            found[pk] = get_user_model().objects.filter(pk=pk).first()
        return found[pk]

    return read


def _person(users: dict, user) -> str | None:
    """A user by name; a player who is not (or no longer) a member is kept by name, as is
    any user, in the file's users in the order met."""
    if user is not None and user.pk not in users:
        users[user.pk] = {"username": user.get_username(), "first_name": user.first_name}
    return _user(user)


def campaign_export(campaign: Campaign, progress: Progress | None = None) -> dict:
    """The whole campaign as JSON-ready data, in the order the import writes it."""
    return export_ledger(export_snapshot(campaign), progress)


def export_snapshot(campaign: Campaign) -> ExportSnapshot:
    """Every section of the file but the ledger's rows (read them in one transaction for one
    consistent state: desk/services/exports.py)."""
    users = {}
    for membership in campaign.memberships.select_related("user").order_by("pk"):
        user = membership.user
        users[user.pk] = {
            "username": user.get_username(),
            "first_name": user.first_name,
            "role": membership.role,
            "membership": membership.pk,
        }

    def person(user) -> str | None:
        return _person(users, user)

    lanistae = [
        {"id": row.pk, "player": person(row.player), **_values(row, LANISTA_FIELDS)}
        for row in campaign.lanistae.select_related("player").order_by("pk")
    ]
    gladiators = []
    for man in campaign.gladiators.order_by("pk").prefetch_related(
        _by_pk("prior_records", PriorRecord)
    ):
        gladiators.append(
            {
                "id": man.pk,
                "school": man.owner_id,
                **_values(man, MAN_FIELDS),
                "prior_records": [
                    {"city": p.city, "wins": p.wins, "losses": p.losses, "draws": p.draws}
                    for p in man.prior_records.all()
                ],
            }
        )
    injuries = [
        {
            "id": injury.pk,
            "gladiator": injury.gladiator_id,
            "event": _event_ref(injury),
            **_values(injury, INJURY_FIELDS),
            "treatments": [
                {
                    "id": attempt.pk,
                    **_values(attempt, TREATMENT_FIELDS),
                    "created": plain(attempt.created),
                    "undone_at": plain(attempt.undone_at),
                    "undone_by": person(attempt.undone_by),
                }
                for attempt in injury.treatments.all()
            ],
        }
        for injury in Injury.objects.filter(gladiator__campaign=campaign)
        .select_related("event_type")
        .order_by("pk")
        .prefetch_related(_by_pk("treatments", TreatmentAttempt, "undone_by"))
    ]
    editors = [
        {
            "id": editor.pk,
            "name": editor.name,
            "office": editor.office,
            "base_dignitas": editor.base_dignitas,
            "player": person(editor.player),
            "elections": [{"office": e.office, "year": e.year} for e in editor.elections.all()],
            "dignitas": [
                {"change": c.change, "reason": c.reason, "day": c.day, "event": _event_ref(c)}
                for c in editor.dignitas_changes.all()
            ],
        }
        for editor in campaign.editors.select_related("player")
        .order_by("pk")
        .prefetch_related(
            _by_pk("elections", Election), _by_pk("dignitas_changes", DignitasChange, "event_type")
        )
    ]
    patrons = [
        {
            "id": patron.pk,
            "name": patron.name,
            "lanista": patron.lanista_id,
            "favors": [
                {
                    "owed_by": f.owed_by,
                    "gladiator": f.gladiator_id,
                    "reason": f.reason,
                    "called_on": f.called_on,
                    "called_for": f.called_for,
                }
                for f in patron.favors.all()
            ],
        }
        for patron in campaign.patrons.order_by("pk").prefetch_related(_by_pk("favors", Favor))
    ]
    bettors = [
        {"id": b.pk, "name": b.name, "player": person(b.player)}
        for b in campaign.bettors.select_related("player").order_by("pk")
    ]
    # A show's bouts, their entries and verdicts, its races and theirs: a query each, not a
    # query a bout (20,000 bouts on a campaign of years).
    shows = [
        _show_data(show)
        for show in campaign.shows.order_by("pk").prefetch_related(
            Prefetch(
                "bouts",
                queryset=Bout.objects.order_by("pk")
                .select_related("verdict__decided_by")
                .prefetch_related(Prefetch("entries", BoutEntry.objects.order_by("pk"))),
            ),
            Prefetch(
                "races",
                queryset=Race.objects.order_by("pk").prefetch_related(
                    Prefetch("entries", RaceEntry.objects.order_by("pk"))
                ),
            ),
        )
    ]
    accounts = [
        {
            "id": a.pk,
            "kind": a.kind,
            "name": a.name,
            "lanista": a.lanista_id,
            "gladiator": a.gladiator_id,
            "editor": a.editor_id,
            "bettor": a.bettor_id,
        }
        for a in campaign.accounts.order_by("pk")
    ]
    # The bets' authors join the file's users after the ledger's (export_ledger).
    bet_users: list = []

    def bet_author(user) -> str | None:
        bet_users.append(user)
        return _user(user)

    hires = [
        {
            "event": _event_ref(h),
            "gladiator": h.gladiator_id,
            "lanista": h.lanista_id,
            "kind": h.kind,
            "price": h.price,
            "transaction": h.transaction_id,
            "favor_called": h.favor_called,
        }
        for h in Hire.objects.filter(transaction__campaign=campaign)
        .select_related("event_type")
        .order_by("pk")
    ]
    books = [
        {
            "id": book.pk,
            "event": _event_ref(book),
            "account": book.account_id,
            **_values(book, BOOK_FIELDS),
            "line": book.line,
            "settlement": book.settlement_id,
            "winning_side": book.winning_side,
            "bets": [
                {
                    "bettor": bet.bettor_id,
                    "fighter": bet.fighter_id,
                    "side": bet.side,
                    **_values(bet, BET_FIELDS),
                    "transaction": bet.transaction_id,
                    "settlement": bet.settlement_id,
                    "created_by": bet_author(bet.created_by),
                }
                for bet in book.bets.all()
            ],
        }
        for book in campaign.books.select_related("event_type")
        .order_by("pk")
        .prefetch_related(_by_pk("bets", Bet, "created_by"))
    ]
    ledger = campaign.transactions.order_by("-pk").values_list("pk", flat=True)
    last = ledger.first() or 0
    day_ends = day_ends_data(campaign, person)
    history = history_data(campaign, person, _user_by_id())
    sections = {
        "format": FORMAT_NAME,
        "version": VERSION,
        "about": "A whole campaign as exported by Ludus (docs/campaign-file.md).",
        "campaign": {
            "id": campaign.pk,
            "name": campaign.name,
            "year": campaign.year,
            "city": campaign.city,
            "day": campaign.day,
            "ruleset": campaign.ruleset,
            "live_odds_for_players": campaign.live_odds_for_players,
        },
        "users": None,  # known once the ledger is read
        "lanistae": lanistae,
        "gladiators": gladiators,
        "editors": editors,
        "patrons": patrons,
        "bettors": bettors,
        "shows": shows,
        "injuries": injuries,
        "accounts": accounts,
        "ledger": None,
        "hires": hires,
        "books": books,
        "day_ends": day_ends,
        "history": history,
    }
    return ExportSnapshot(
        campaign=campaign,
        sections=sections,
        users=users,
        bet_users=bet_users,
        last_transaction=last,
        ledger_size=campaign.transactions.filter(pk__lte=last).count(),
    )


LEDGER_COLUMNS = (
    "pk",
    "cause",
    "memo",
    "day",
    "idempotency_key",
    "reverses_id",
    "event_type_id",
    "event_id",
    "gladiator_id",
    "created",
    "created_by_id",
)


def export_ledger(snapshot: ExportSnapshot, progress: Progress | None = None) -> dict:
    """The whole file: the snapshot's sections with the ledger read up to its end, LEDGER_CHUNK
    transactions at a time (`progress(n)` after each chunk), as plain values."""
    campaign, users = snapshot.campaign, snapshot.users
    people: dict = {}  # the authors of transactions, by id

    def author(user_id):
        if user_id is None:
            return None
        if user_id not in people:
            people[user_id] = get_user_model().objects.get(pk=user_id)
        return _person(users, people[user_id])

    ledger, after = [], 0
    while True:
        rows = list(
            campaign.transactions.filter(pk__gt=after, pk__lte=snapshot.last_transaction)
            .order_by("pk")
            .values_list(*LEDGER_COLUMNS)[:LEDGER_CHUNK]
        )
        if not rows:
            break
        entries = defaultdict(list)
        for transaction_id, account, amount in (
            Entry.objects.filter(
                transaction__campaign=campaign,
                transaction_id__gte=rows[0][0],
                transaction_id__lte=rows[-1][0],
            )
            .order_by("pk")
            .values_list("transaction_id", "account_id", "amount")
        ):
            entries[transaction_id].append([account, amount])
        for pk, cause, memo, day, key, reverses, kind, event, man, created, by in rows:
            ledger.append(
                {
                    "id": pk,
                    "cause": cause,
                    "memo": memo,
                    "day": day,
                    "key": key,
                    "reverses": reverses,
                    "event": None
                    if kind is None
                    else {ContentType.objects.get_for_id(kind).model: event},
                    "gladiator": man,
                    "created": created.isoformat(),
                    "created_by": author(by),
                    "entries": entries[pk],
                }
            )
        after = rows[-1][0]
        if progress is not None:
            progress(len(rows))
    for user in snapshot.bet_users:
        _person(users, user)
    return snapshot.sections | {"users": list(users.values()), "ledger": ledger}


def _show_data(show: Show) -> dict:
    bouts = []
    for bout in show.bouts.all():
        try:
            verdict = bout.verdict
        except Verdict.DoesNotExist:
            verdict = None
        bouts.append(
            {
                "id": bout.pk,
                **_values(bout, BOUT_FIELDS),
                "entries": [
                    {"id": e.pk, "gladiator": e.gladiator_id, **_values(e, ENTRY_FIELDS)}
                    for e in bout.entries.all()
                ],
                "verdict": None
                if verdict is None
                else {
                    **_values(verdict, VERDICT_FIELDS),
                    "decided_by": _user(verdict.decided_by),
                },
            }
        )
    races = [
        {
            "id": race.pk,
            **_values(race, RACE_FIELDS),
            "entries": [
                {"id": e.pk, "driver": e.driver_id, **_values(e, RACE_ENTRY_FIELDS)}
                for e in race.entries.all()
            ],
        }
        for race in show.races.all()
    ]
    return {
        "id": show.pk,
        "name": show.name,
        "kind": show.kind,
        "editor": show.editor_id,
        "venue": show.venue,
        "year": show.year,
        "day": show.day,
        "status": show.status,
        "bouts": bouts,
        "races": races,
    }


# --- import -------------------------------------------------------------------------------


@dataclass
class Imported:
    """The new campaign and the new row of each file id, by section."""

    campaign: Campaign
    users: dict[str, object] = field(default_factory=dict)
    ids: dict[str, dict] = field(default_factory=lambda: defaultdict(dict))
    link_users: bool = True

    def row(self, what: str, file_id, section: str, item: str, *, optional: bool = False):
        if file_id is None and optional:
            return None
        try:
            return self.ids[what][file_id]
        except (KeyError, TypeError):
            raise CampaignFileError(
                UNKNOWN_ID.format(section=section, item=item, what=what, id=file_id)
            ) from None

    def user(self, name: str | None):
        if name is None or not self.link_users:
            return None
        return self.users.get(name)


# Whether the import's saves write no history of their own: the file brings the campaign's.
_FILE_HAS_HISTORY: ContextVar[bool] = ContextVar("file_has_history", default=False)


def _saved(instance, section: str, item: str, *, raw: bool = False):
    if _FILE_HAS_HISTORY.get():
        instance.skip_history_when_saving = True
    try:
        instance.full_clean(validate_constraints=False)
    except ValidationError as error:
        message = " ".join(str(error).split())
        raise CampaignFileError(f"{section}, {item}: {message}") from error
    if raw:
        instance.save_base(raw=True)
    else:
        instance.save()
    return instance


def _item(row: dict, fallback: str) -> str:
    for key in ("name", "username", "id"):
        if isinstance(row, dict) and row.get(key) not in (None, ""):
            return f"{row[key]}"
    return fallback


@transaction.atomic
def campaign_import(
    data: dict, *, password: str | None = None, gm=None, progress: Progress | None = None
) -> Campaign:
    """Write a version 2 campaign file into a new campaign and return it.

    With `gm` (an upload from the browser) that user is the new campaign's only member, its
    GM, and the file's users are not looked up or made: its lanistae, editors and bettors come
    in without players. Without `gm` (the command line) the file's users are the members,
    existing users of the same name reused as they are and new ones given `password`.
    """
    try:
        return _import(data, password=password, gm=gm, progress=progress or (lambda rows: None))
    except KeyError as missing:
        raise CampaignFileError(MISSING.format(key=missing.args[0])) from missing
    except Refusal:
        raise
    except (TypeError, AttributeError, ValueError, ArithmeticError, ValidationError) as error:
        raise CampaignFileError(MALFORMED.format(error=" ".join(str(error).split()))) from error
    except DatabaseError as error:
        raise CampaignFileError(MALFORMED.format(error=" ".join(str(error).split()))) from error


def _import(data: dict, *, password: str | None, gm, progress: Progress) -> Campaign:
    version = campaign_file_version(data)
    if version not in READ_VERSIONS:
        raise CampaignFileError(f"This is not a version {VERSION} campaign file (an export).")
    quiet = _FILE_HAS_HISTORY.set(version >= 3 and "history" in data)
    try:
        return _import_rows(data, password=password, gm=gm, progress=progress)
    finally:
        _FILE_HAS_HISTORY.reset(quiet)


def _import_rows(data: dict, *, password: str | None, gm, progress: Progress) -> Campaign:
    fields = {k: v for k, v in data["campaign"].items() if k != "id"}  # the file's id: a link
    campaign = _saved(campaign_row(fields), "campaign", "the campaign")
    done = Imported(campaign=campaign, link_users=gm is None)
    if gm is None:
        _users(done, data.get("users", []), password)
    else:
        Membership.objects.create(campaign=campaign, user=gm, role=Membership.Role.GM)
    _people(done, data)
    # The rows imported, told after each show and each later section (a progress bar's).
    rows = sum(len(v) for k, v in data.items() if isinstance(v, list) and k not in _AFTER_PEOPLE)
    progress(rows)
    for row in data.get("shows", []):
        _show(done, row)
        rows += 1
        progress(rows)
    for section, write in (
        ("injuries", _injuries),
        ("editors", _dignitas),
        ("patrons", _favors),
        ("accounts", _accounts),
        ("ledger", _ledger),
        ("hires", _hires),
        ("books", _books),
        ("day_ends", lambda done, rows: day_ends_write(done, rows, _saved)),
    ):
        write(done, data.get(section, []))
        if section not in ("editors", "patrons"):  # counted with the people
            rows += len(data.get(section, []))
            progress(rows)
    if "history" in data:
        history_write(done, data["history"], members=gm is None)
    return campaign


# The sections written after the people: the rows of the others are done once they are.
_AFTER_PEOPLE = frozenset({"shows", "injuries", "accounts", "ledger", "hires", "books", "day_ends"})


def _users(done: Imported, rows: list, password: str | None) -> None:
    users = get_user_model()
    for row in rows:
        name = row["username"]
        user = users.objects.filter(username=name).first()
        if user is None:
            if not password:
                raise CampaignFileError(NO_PASSWORD.format(name=name))
            user = users(username=name, first_name=row.get("first_name", ""))
            user.set_password(password)
            _saved(user, "users", name)
        done.users[name] = user
        if row.get("role"):
            membership = Membership(campaign=done.campaign, user=user, role=row["role"])
            done.ids["membership"][row.get("membership")] = _saved(membership, "users", name)


def _people(done: Imported, data: dict) -> None:
    campaign = done.campaign
    for row in data.get("lanistae", []):
        lanista = Lanista(
            campaign=campaign,
            player=done.user(row.get("player")),
            **{k: row[k] for k in LANISTA_FIELDS if k in row},
        )
        done.ids["lanista"][row["id"]] = _saved(lanista, "lanistae", _item(row, "?"))
    for row in data.get("gladiators", []):
        item = _item(row, "?")
        man = Gladiator(
            campaign=campaign,
            owner=done.row("lanista", row.get("school"), "gladiators", item, optional=True),
            **{k: row[k] for k in MAN_FIELDS if k in row},
        )
        done.ids["gladiator"][row["id"]] = _saved(man, "gladiators", item)
        for prior in row.get("prior_records", []):
            _saved(PriorRecord(gladiator=man, **prior), "prior_records", item)
    for row in data.get("editors", []):
        item = _item(row, "?")
        editor = Editor(
            campaign=campaign,
            name=row["name"],
            office=row.get("office", ""),
            base_dignitas=row.get("base_dignitas", 3),
            player=done.user(row.get("player")),
        )
        done.ids["editor"][row["id"]] = _saved(editor, "editors", item)
        for election in row.get("elections", []):
            _saved(Election(editor=editor, **election), "elections", item)
    for row in data.get("patrons", []):
        item = _item(row, "?")
        patron = Patron(
            campaign=campaign,
            name=row["name"],
            lanista=done.row("lanista", row.get("lanista"), "patrons", item, optional=True),
        )
        done.ids["patron"][row["id"]] = _saved(patron, "patrons", item)
    for row in data.get("bettors", []):
        bettor = Bettor(campaign=campaign, name=row["name"], player=done.user(row.get("player")))
        done.ids["bettor"][row["id"]] = _saved(bettor, "bettors", _item(row, "?"))


def _when(value):
    return None if value is None else datetime.fromisoformat(value)


def _event(done: Imported, ref, section: str, item: str) -> dict:
    """The reference columns of a row whose event is the file's {"bout": id}."""
    if ref is None:
        return {"event_type": None, "event_id": None}
    if not isinstance(ref, dict) or len(ref) != 1 or next(iter(ref)) not in EVENT_KINDS:
        raise CampaignFileError(f"{section}, {item}: an event is one of show, bout or race.")
    kind, file_id = next(iter(ref.items()))
    row = done.row(kind, file_id, section, item)
    return {"event_type": ContentType.objects.get_for_model(row), "event_id": row.pk}


def _show(done: Imported, row: dict) -> None:
    item = _item(row, "?")
    show = Show(
        campaign=done.campaign,
        name=row["name"],
        kind=row["kind"],
        editor=done.row("editor", row["editor"], "shows", item),
        venue=row["venue"],
        year=row["year"],
        day=row["day"],
        status=row["status"],
    )
    done.ids["show"][row["id"]] = _saved(show, "shows", item)
    for spec in row.get("bouts", []):
        _bout(done, show, spec)
    for spec in row.get("races", []):
        _race(done, show, spec)


def _man_id(done: Imported, file_id, section: str, item: str):
    return None if file_id is None else done.row("gladiator", file_id, section, item).pk


def _bout(done: Imported, show: Show, spec: dict) -> None:
    item = f"{show.name}, bout {spec.get('order', '?')}"
    values = {k: spec[k] for k in BOUT_FIELDS if k in spec}
    setup = values.get("setup") or {}
    if isinstance(setup, dict):
        setup = {
            side: (
                {**corner, "gladiator": _man_id(done, corner.get("gladiator"), "bouts", item)}
                if isinstance(corner, dict) and "gladiator" in corner
                else corner
            )
            for side, corner in setup.items()
        }
        values["setup"] = setup
    bout = _saved(Bout(show=show, **values), "bouts", item)
    done.ids["bout"][spec["id"]] = bout
    for entry in spec.get("entries", []):
        man = done.row("gladiator", entry.get("gladiator"), "bouts", item, optional=True)
        fields = {k: entry[k] for k in ENTRY_FIELDS if k in entry}
        kept = _saved(BoutEntry(bout=bout, gladiator=man, **fields), "bouts", item)
        done.ids["bout_entry"][entry.get("id")] = kept
    verdict = spec.get("verdict")
    if verdict:
        fields = {k: verdict[k] for k in VERDICT_FIELDS if k in verdict}
        decided = done.user(verdict.get("decided_by"))
        _saved(Verdict(bout=bout, decided_by=decided, **fields), "verdicts", item)


def _race(done: Imported, show: Show, spec: dict) -> None:
    item = f"{show.name}, {spec.get('name', 'a race')}"
    values = {k: spec[k] for k in RACE_FIELDS if k in spec}
    race = _saved(Race(show=show, **{**values, "log": []}), "races", item)
    done.ids["race"][spec["id"]] = race
    for row in spec.get("entries", []):
        driver = done.row("gladiator", row["driver"], "races", item)
        fields = {k: row[k] for k in RACE_ENTRY_FIELDS if k in row}
        entry = _saved(RaceEntry(race=race, driver=driver, **fields), "races", item)
        done.ids["race_entry"][row["id"]] = entry
    log = values.get("log") or []
    if isinstance(log, dict) and "entries" in log:
        log = {
            **log,
            "entries": [done.row("race_entry", i, "races", item).pk for i in log["entries"]],
        }
    if log:
        Race.objects.filter(pk=race.pk).update(log=log)


def _injuries(done: Imported, rows: list) -> None:
    for row in rows:
        item = f"{row.get('name', '?')} ({row.get('id', '?')})"
        injury = Injury(
            gladiator=done.row("gladiator", row["gladiator"], "injuries", item),
            **_event(done, row.get("event"), "injuries", item),
            **{k: row[k] for k in INJURY_FIELDS if k in row},
        )
        done.ids["injury"][row.get("id")] = _saved(injury, "injuries", item)
        for attempt in row.get("treatments", []):
            kept = TreatmentAttempt(
                injury=injury,
                **{k: attempt[k] for k in TREATMENT_FIELDS if k in attempt},
                undone_at=_when(attempt.get("undone_at")),
                undone_by=done.user(attempt.get("undone_by")),
            )
            if attempt.get("created") is not None:  # a version 2 file: the import's date
                kept.created = datetime.fromisoformat(attempt["created"])
            done.ids["treatmentattempt"][attempt.get("id")] = _saved(kept, "treatments", item)


def _dignitas(done: Imported, rows: list) -> None:
    for row in rows:
        editor = done.row("editor", row["id"], "dignitas", _item(row, "?"))
        for change in row.get("dignitas", []):
            item = f"{editor.name}, {change.get('reason', '?')}"
            _saved(
                DignitasChange(
                    editor=editor,
                    change=change["change"],
                    reason=change["reason"],
                    day=change["day"],
                    **_event(done, change.get("event"), "dignitas", item),
                ),
                "dignitas",
                item,
            )


def _favors(done: Imported, rows: list) -> None:
    for row in rows:
        patron = done.row("patron", row["id"], "patrons", _item(row, "?"))
        for favor in row.get("favors", []):
            item = f"{patron.name}, {favor.get('owed_by', '?')}"
            _saved(
                Favor(
                    patron=patron,
                    owed_by=favor["owed_by"],
                    gladiator=done.row(
                        "gladiator", favor.get("gladiator"), "favors", item, optional=True
                    ),
                    reason=favor.get("reason", ""),
                    called_on=favor.get("called_on"),
                    called_for=favor.get("called_for", ""),
                ),
                "favors",
                item,
            )


PARTIES = ("lanista", "gladiator", "editor", "bettor")


def _accounts(done: Imported, rows: list) -> None:
    for row in rows:
        item = _item(row, "?")
        parties = {
            party: done.row(party, row.get(party), "accounts", item, optional=True)
            for party in PARTIES
        }
        account = Account(campaign=done.campaign, kind=row["kind"], name=row["name"], **parties)
        done.ids["account"][row["id"]] = _saved(account, "accounts", item)


def imported_key(key: str) -> str:
    """The idempotency key an imported transaction keeps (see the module's docstring)."""
    kept = f"{KEY_PREFIX}{key}"
    if len(kept) <= KEY_LENGTH:
        return kept
    return f"{KEY_PREFIX}{hashlib.sha256(key.encode()).hexdigest()}"


def _ledger(done: Imported, rows: list) -> None:
    balances: dict[int, int] = defaultdict(int)
    for row in rows:
        item = f"transaction {row.get('id', '?')}"
        legs = []
        for account_id, amount in row["entries"]:
            legs.append((done.row("account", account_id, "ledger", item), int(amount)))
        total = sum(amount for _, amount in legs)
        if total != 0 or not legs:
            raise CampaignFileError(UNBALANCED.format(id=row.get("id"), total=total))
        for account, amount in legs:
            balances[account.pk] += amount
            if balances[account.pk] < 0 and not account.may_overdraw:
                raise CampaignFileError(
                    OVERDRAWN.format(
                        id=row.get("id"), account=account, balance=balances[account.pk]
                    )
                )
        posted = Transaction(
            campaign=done.campaign,
            cause=row["cause"],
            memo=row["memo"],
            day=row["day"],
            idempotency_key=imported_key(row["key"]),
            reverses=done.row("transaction", row.get("reverses"), "ledger", item, optional=True),
            gladiator=done.row("gladiator", row.get("gladiator"), "ledger", item, optional=True),
            created=datetime.fromisoformat(row["created"]),
            created_by=done.user(row.get("created_by")),
            **_event(done, row.get("event"), "ledger", item),
        )
        _saved(posted, "ledger", item, raw=True)
        Entry.objects.bulk_create(
            Entry(transaction=posted, account=account, amount=amount) for account, amount in legs
        )
        done.ids["transaction"][row["id"]] = posted
    # The entries were written past transaction_post, so the running balances are set here,
    # from the same sums the overdraft check just made.
    for pk, total in balances.items():
        Account.objects.filter(pk=pk).update(balance=total)


def _hires(done: Imported, rows: list) -> None:
    for row in rows:
        man = done.row("gladiator", row["gladiator"], "hires", "a hire")
        item = man.name
        hire = Hire(
            gladiator=man,
            lanista=done.row("lanista", row["lanista"], "hires", item),
            kind=row["kind"],
            price=row["price"],
            transaction=done.row("transaction", row["transaction"], "hires", item),
            favor_called=row.get("favor_called", False),
            **_event(done, row["event"], "hires", item),
        )
        _saved(hire, "hires", item)


def _side(done: Imported, book_event: dict, side, item: str):
    """A side of a book: a man's id on a bout, a race entry's on a race."""
    if side is None or (side == 0 and "bout" in book_event):
        return side  # 0: the beasts' side of a Moritari fight, which names no man
    kind = "race_entry" if "race" in book_event else "gladiator"
    return done.row(kind, int(side), "books", item).pk


def _books(done: Imported, rows: list) -> None:
    for row in rows:
        item = f"book {row.get('id', '?')}"
        event = row["event"]
        line = row["line"]
        if not isinstance(line, list):
            raise CampaignFileError(f"books, {item}: a line is a list of sides.")
        line = [{**side, "side": _side(done, event, side["side"], item)} for side in line]
        book = Book(
            campaign=done.campaign,
            account=done.row("account", row["account"], "books", item),
            line=line,
            settlement=done.row("transaction", row.get("settlement"), "books", item, optional=True),
            winning_side=_side(done, event, row.get("winning_side"), item),
            **{k: row[k] for k in BOOK_FIELDS if k in row},
            **_event(done, event, "books", item),
        )
        _saved(book, "books", item)
        for bet in row.get("bets", []):
            bettor = done.row("bettor", bet["bettor"], "bets", item)
            _saved(
                Bet(
                    book=book,
                    bettor=bettor,
                    fighter=done.row("gladiator", bet.get("fighter"), "bets", item, optional=True),
                    side=_side(done, event, bet["side"], item),
                    transaction=done.row("transaction", bet["transaction"], "bets", item),
                    settlement=done.row(
                        "transaction", bet.get("settlement"), "bets", item, optional=True
                    ),
                    created_by=done.user(bet.get("created_by")),
                    **{k: bet[k] for k in BET_FIELDS if k in bet},
                ),
                "bets",
                f"{item}, {bettor.name}",
            )


def campaign_file_import(
    data, *, password: str | None = None, gm=None, progress: Progress | None = None
) -> Campaign:
    """Write a campaign file of any version this Ludus reads into a new campaign: a version 1
    file (a setup, like fixtures/demo.json) through the services, a version 2 file (an
    export) by `campaign_import`."""
    if campaign_file_version(data) == SETUP_VERSION:
        return campaign_file_load(data, password=password, gm=gm).campaign
    return campaign_import(data, password=password, gm=gm, progress=progress)


IMPORTED_MARK = re.compile(r" \(imported \d{1,2} [A-Z][a-z]{2} \d{4}\)$")


def imported_name(name: str, day: date) -> str:
    """ "Rome, 50 BC (imported 6 Dec 2026)": the file's name marked with the day it came in;
    a copy of a copy is marked once, with the latest day."""
    limit = Campaign._meta.get_field("name").max_length
    mark = f" (imported {day.day} {day:%b %Y})"
    return IMPORTED_MARK.sub("", name)[: limit - len(mark)] + mark
