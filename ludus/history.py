"""The history of changes, read (django-simple-history keeps it; docs/architecture.md, "History").

Each app registers the models it tracks in its own models module (`track(Model, "campaign_id")`,
with the lookup from the model to its campaign), so the change log knows them without ludus
importing the layers above. Read here:

- `object_changes(obj)`: one object's rows, newest first, each with who, when, and every field
  that changed, before → after (a sheet's ratings one by one: "Melee: 2 → 3");
- `CampaignLog(campaign)`: every tracked row of a campaign, newest first, sliceable, for a
  paginator;
- `mark(obj)` and `check_fresh(obj, seen)`: an edit form carries the mark of the history it was
  drawn at; a post drawn before a change since (a repeat of the same edit, another GM's, a
  stale tab) is AlreadyDone and writes nothing.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from django.core.exceptions import FieldDoesNotExist
from django.db import models

from ludus.errors import AlreadyDone

STALE = (
    "Already changed: {what} has changed since this form was drawn; nothing was written. "
    "Here it is as it stands now."
)
KIND = {"+": "created", "~": "changed", "-": "removed"}


@dataclass(frozen=True)
class Tracked:
    model: type[models.Model]
    campaign_lookup: str  # from the model to its campaign's id: "campaign_id", "show__campaign_id"
    labels: dict[str, str] = field(default_factory=dict)  # field name -> how a GM reads it
    hidden: frozenset[str] = frozenset()  # fields not shown in a diff (bookkeeping)


TRACKED: dict[type[models.Model], Tracked] = {}


def track(model, campaign_lookup: str, *, labels=None, hidden=()) -> None:
    """Register a model that has `history = HistoricalRecords()` for the change log."""
    TRACKED[model] = Tracked(model, campaign_lookup, dict(labels or {}), frozenset(hidden))


@dataclass(frozen=True)
class Change:
    field: str
    before: str
    after: str


@dataclass(frozen=True)
class Row:
    when: object  # datetime
    who: str
    what: str  # the object, as it reads
    kind: str  # created, changed, removed
    changes: tuple[Change, ...]
    reason: str = ""


def mark(obj) -> int:
    """The id of the object's last history row (0 if none)."""
    latest = obj.history.order_by("-history_id").values_list("history_id", flat=True).first()
    return latest or 0


def marks(objects) -> dict[int, int]:
    """`mark` of many objects of one model in one query, keyed by the object's id."""
    objects = list(objects)
    if not objects:
        return {}
    found = dict(
        type(objects[0])
        .history.filter(id__in=[obj.pk for obj in objects])
        .values("id")
        .annotate(last=models.Max("history_id"))
        .values_list("id", "last")
    )
    return {obj.pk: found.get(obj.pk) or 0 for obj in objects}


def check_fresh(obj, seen: int | None, what: str | None = None) -> None:
    """Refuse (AlreadyDone) an edit drawn at another point of the object's history."""
    if seen is not None and mark(obj) != seen:
        raise AlreadyDone(STALE.format(what=what or str(obj)))


def _value(model, name: str, value) -> str:
    if value is None or value == "":
        return "–"
    try:
        model_field = model._meta.get_field(name)
    except FieldDoesNotExist:  # a field gone since: the raw value
        return str(value)
    if model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    if model_field.is_relation:
        related = model_field.related_model._default_manager.filter(pk=value).first()
        return str(related) if related is not None else f"#{value}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _label(tracked: Tracked, name: str) -> str:
    if name in tracked.labels:
        return tracked.labels[name]
    return str(tracked.model._meta.get_field(name).verbose_name)


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _changes(tracked: Tracked, record, previous=None) -> tuple[Change, ...]:
    if previous is None and record.history_type == "~":
        previous = record.prev_record
    if record.history_type != "~" or previous is None:
        return ()
    delta = record.diff_against(previous)
    out: list[Change] = []
    for change in delta.changes:
        if change.field in tracked.hidden:
            continue
        old, new = change.old, change.new
        if isinstance(old, dict) or isinstance(new, dict):  # a sheet: rating by rating
            old, new = old or {}, new or {}
            for key in sorted(set(old) | set(new)):
                if old.get(key) != new.get(key):
                    out.append(
                        Change(
                            key.replace("_", " ").capitalize(),
                            str(old[key]) if key in old else "–",
                            str(new[key]) if key in new else "–",
                        )
                    )
            continue
        out.append(
            Change(
                _upper_first(_label(tracked, change.field)),
                _value(tracked.model, change.field, old),
                _value(tracked.model, change.field, new),
            )
        )
    return tuple(out)


def _what(record) -> str:
    try:
        return str(record.instance)
    except Exception:  # noqa: BLE001 - a row whose relations are gone still has its history
        return f"{record.instance_type._meta.verbose_name} #{record.id}"


def _row(tracked: Tracked, record, *, previous=None, what: str | None = None) -> Row:
    user = record.history_user
    return Row(
        when=record.history_date,
        who=user.get_username() if user is not None else "the table",
        what=what if what is not None else _what(record),
        kind=KIND.get(record.history_type, record.history_type),
        changes=_changes(tracked, record, previous),
        reason=record.history_change_reason or "",
    )


def _shown(row: Row) -> bool:
    """A save that changed nothing shown (a bookkeeping field) is left out of the panels."""
    return row.kind != "changed" or bool(row.changes)


def object_changes(obj, *, limit: int = 50) -> list[Row]:
    """One object's history, newest first (its creation last)."""
    tracked = TRACKED[type(obj)]
    records = obj.history.select_related("history_user").order_by("-history_date", "-history_id")
    rows = [_row(tracked, record) for record in records[:limit]]
    return [row for row in rows if _shown(row)]


def objects_changes(objects, *, limit: int = 50) -> list[Row]:
    """Several objects' histories merged, newest first (a show and its card's pairs).

    One query per model, however many objects: each row is named by its object as it reads
    now (the caller's, with what it has fetched), and compared with the row before it in the
    same read, so a long card costs no more queries than a short one."""
    by_model: dict[type[models.Model], dict[int, models.Model]] = {}
    for obj in objects:
        by_model.setdefault(type(obj), {})[obj.pk] = obj
    rows: list[Row] = []
    for model, live in by_model.items():
        tracked = TRACKED[model]
        records = (
            model.history.filter(id__in=list(live))
            .select_related("history_user")
            .order_by("id", "history_date", "history_id")
        )
        names = {pk: str(obj) for pk, obj in live.items()}
        previous = None
        for record in records:
            before = previous if previous is not None and previous.id == record.id else None
            rows.append(_row(tracked, record, previous=before, what=names[record.id]))
            previous = record
    rows = [row for row in rows if _shown(row)]
    rows.sort(key=lambda row: row.when, reverse=True)
    return rows[:limit]


class CampaignLog:
    """Every tracked change of a campaign, newest first: `len()` and slices, for a Paginator.

    A slice [a:b] reads the b newest rows of each tracked table and merges them; rows whose save
    changed nothing shown are kept (as "changed", with no fields) so counts and pages agree.
    """

    def __init__(self, campaign):
        self.campaign = campaign

    def _records(self, tracked: Tracked):
        return tracked.model.history.filter(**{tracked.campaign_lookup: self.campaign.pk}).order_by(
            "-history_date", "-history_id"
        )

    def _stream(self, tracked: Tracked, stop: int):
        for record in self._records(tracked).select_related("history_user")[:stop]:
            yield record.history_date, record.history_id, tracked, record

    def count(self) -> int:
        return sum(self._records(tracked).count() for tracked in TRACKED.values())

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index):
        if not isinstance(index, slice):
            return self[index : index + 1][0]
        start, stop = index.start or 0, index.stop
        streams = [self._stream(tracked, stop) for tracked in TRACKED.values()]
        merged = heapq.merge(*streams, key=lambda item: (item[0], item[1]), reverse=True)
        out = []
        for position, (_, _, tracked, record) in enumerate(merged):
            if position >= stop:
                break
            if position >= start:
                out.append(_row(tracked, record))
        return out
