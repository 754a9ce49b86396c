"""The campaign file's history (version 3): the day-end records ("undo the day" reads them) and
every row of the change history (django-simple-history's Historical* tables), out and back in.

Export: `day_ends_data` and `history_data`. Each history row keeps its type (+ ~ -), date,
change reason and author by name, and the object as it was; ids are the exporting database's,
like every id of the file. Import: `day_ends_write` and `history_write`, after every other
section, when the file's ids are known. The import's own saves write no history (the file has
the campaign's), so the copy's change log is the original's, row for row. A row of an object
since removed (an unpaired bout's entry) keeps a negative id of its own, unique in its table,
so it is never taken for a row of another object.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import models

from desk.campaign_file import CampaignFileError
from ludus.history import TRACKED
from ludus.models import Campaign, DayEnd

HISTORY_CHUNK = 2_000  # history rows written at a time
SKIPPED = {"history_id"}  # the history table's own id: the rows' order keeps it


def file_key(model) -> str:
    """The name the import keeps a model's new rows under (`Imported.ids`)."""
    return {"raceentry": "race_entry", "boutentry": "bout_entry"}.get(
        model._meta.model_name, model._meta.model_name
    )


def plain(value):
    """A column's value as JSON keeps it (dates as ISO 8601)."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


# --- export -------------------------------------------------------------------------------


def day_ends_data(campaign: Campaign, person: Callable) -> list[dict]:
    """Every end of day, undone ones too, in the order they were done."""
    return [
        {
            "id": row.pk,
            "day": row.day,
            "rested": row.rested,
            "died": row.died,
            "advance_to": row.advance_to,
            "created": plain(row.created),
            "created_by": person(row.created_by),
            "undone_at": plain(row.undone_at),
            "undone_by": person(row.undone_by),
        }
        for row in DayEnd.objects.filter(campaign=campaign)
        .select_related("created_by", "undone_by")
        .order_by("pk")
    ]


def _history_rows(campaign: Campaign, tracked):
    return (
        tracked.model.history.filter(**{tracked.campaign_lookup: campaign.pk})
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )


def history_data(campaign: Campaign, person: Callable, user_by_id: Callable) -> dict:
    """{model label: its history rows of the campaign, oldest first}: every column of the
    history table but its own id, the users by name, a content type by its model's name."""
    out = {}
    for tracked in TRACKED.values():
        history = tracked.model.history.model
        fields = [f for f in history._meta.concrete_fields if f.attname not in SKIPPED]
        rows = []
        for record in _history_rows(campaign, tracked).iterator(chunk_size=HISTORY_CHUNK):
            row = {}
            for field in fields:
                value = getattr(record, field.attname)
                if field.name == "history_user":
                    value = person(record.history_user)
                elif field.is_relation and field.related_model is ContentType:
                    value = None if value is None else ContentType.objects.get_for_id(value).model
                elif field.is_relation and field.related_model is get_user_model():
                    value = person(user_by_id(value))
                row[field.name if field.is_relation else field.attname] = plain(value)
            rows.append(row)
        if rows:
            out[tracked.model._meta.label] = rows
    return out


# --- import -------------------------------------------------------------------------------


def day_ends_write(done, rows: list, saved: Callable) -> None:
    """The file's ends of day, their men's ids made the new ones'."""
    for row in rows:
        item = f"day {row.get('day', '?')}"
        rested = row.get("rested") or {}
        record = DayEnd(
            campaign=done.campaign,
            day=row["day"],
            rested={str(_man(done, pk, item)): healed for pk, healed in rested.items()},
            died=[_man(done, pk, item) for pk in row.get("died") or []],
            advance_to=row.get("advance_to"),
            created=datetime.fromisoformat(row["created"]),
            created_by=done.user(row.get("created_by")),
            undone_at=_when(row.get("undone_at")),
            undone_by=done.user(row.get("undone_by")),
        )
        done.ids["dayend"][row["id"]] = saved(record, "day_ends", item)


def _man(done, file_id, item: str) -> int:
    return done.row("gladiator", int(file_id), "day_ends", item).pk


def _when(value):
    return None if value is None else datetime.fromisoformat(value)


class _Ids:
    """A history row's ids made the new ones': an object of the file by its new row, one no
    longer in the file (removed before the export) by a negative id of its own."""

    def __init__(self, done):
        self.done = done
        self.gone: dict = {}  # model -> {file id: negative id}
        self.next: dict = {}  # model -> the next negative id to give

    def __call__(self, model, file_id):
        if file_id is None:
            return None
        if model is Campaign:
            return self.done.campaign.pk
        found = self.done.ids.get(file_key(model), {}).get(file_id)
        if found is not None:
            return found.pk
        gone = self.gone.setdefault(model, {})
        if file_id not in gone:
            if model not in self.next:  # below any id the table has (earlier imports' removed)
                lowest = model.history.aggregate(low=models.Min("id"))["low"] or 0
                self.next[model] = min(lowest, 0) - 1
            gone[file_id] = self.next[model]
            self.next[model] -= 1
        return gone[file_id]


def history_write(done, data: dict, *, members: bool = True) -> None:
    """The file's history rows, each table's in the file's order (so their new history ids
    keep it). `members`: whether the file's memberships came in (not on an upload, whose only
    member is the uploader: their history is left out with them)."""
    if not isinstance(data, dict):
        raise CampaignFileError("history: a history is a table of rows by model.")
    by_label = {model._meta.label: model for model in TRACKED}
    ids = _Ids(done)
    for label, rows in data.items():
        model = by_label.get(label)
        if model is None:
            raise CampaignFileError(f"history, {label}: not a table with a history.")
        if label == "ludus.Membership" and not members:
            continue
        history = model.history.model
        batch = [_history_row(done, ids, model, history, row, label) for row in rows]
        history.objects.bulk_create(batch, batch_size=HISTORY_CHUNK)


HISTORY_TYPES = ("+", "~", "-")


def _content_type(name, label: str) -> int:
    """A content type by its model's name (the file's events: a show, a bout, a race)."""
    found = list(ContentType.objects.filter(model=name)[:2])
    if len(found) != 1:
        raise CampaignFileError(f"history, {label}: no single table named {name!r}.")
    return found[0].pk


def _history_row(done, ids: _Ids, model, history, row: dict, label: str):
    if row.get("history_type") not in HISTORY_TYPES or not row.get("history_date"):
        raise CampaignFileError(
            f"history, {label}: a row has a history_type (+, ~ or -) and a history_date."
        )
    values = {}
    for field in history._meta.concrete_fields:
        if field.attname in SKIPPED:
            continue
        key = field.name if field.is_relation else field.attname
        value = row.get(key)
        if field.attname == "id":
            value = ids(model, value)
        elif field.is_relation and field.related_model is get_user_model():
            user = done.user(value)
            value = None if user is None else user.pk
        elif field.is_relation and field.related_model is ContentType:
            value = None if value is None else _content_type(value, label)
        elif field.is_relation:
            value = ids(field.related_model, value)
        elif field.attname == "event_id" and value is not None:
            kind = ContentType.objects.get_for_id(_content_type(row["event_type"], label))
            kind = kind.model_class()
            value = ids(kind, value)
        else:
            value = field.to_python(value) if value is not None else None
        values[field.attname] = value
    return history(**values)
