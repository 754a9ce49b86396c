"""The history of changes, read (django-simple-history keeps it; docs/architecture.md, "History").

Each app registers the models it tracks in its own models module (`track(Model, "campaign_id")`,
with the lookup from the model to its campaign), so the change log knows them without ludus
importing the layers above. Read here:

- `object_changes(obj)`: one object's rows, newest first, each with who, when, and every field
  that changed, before → after (a sheet's ratings one by one: "Melee: 2 → 3");
  `objects_changes(objects)`: several objects' rows merged (a show and its card);
- `CampaignLog(campaign)`: every tracked row of a campaign, newest first, sliceable, for a
  paginator, and `seek(key)` for the rows after or before one (the pager's links);
- `History(towards=...)`: the models' HistoricalRecords, with the indexes these reads walk;
- `mark(obj)` and `check_fresh(obj, seen)`: an edit form carries the mark of the history it was
  drawn at; a post drawn before a change since (a repeat of the same edit, another GM's, a
  stale tab) is AlreadyDone and writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.db.models import (
    F,
    IntegerField,
    OuterRef,
    Q,
    Subquery,
    Value,
    prefetch_related_objects,
)
from simple_history.models import HistoricalRecords

from ludus.errors import AlreadyDone
from ludus.inputs import whole_number

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
    what_reads: tuple[str, ...] = ()  # the relations its str() reads, fetched once for a page


TRACKED: dict[type[models.Model], Tracked] = {}


def track(model, campaign_lookup: str, *, labels=None, hidden=(), what_reads=()) -> None:
    """Register a model that has `history = History(...)` for the change log."""
    TRACKED[model] = Tracked(
        model, campaign_lookup, dict(labels or {}), frozenset(hidden), tuple(what_reads)
    )


class History(HistoricalRecords):
    """simple-history's HistoricalRecords, its table indexed for the reads of this module.

    Every history table gets (id, history_date, history_id): one object's rows newest first
    (its panel, the row before a change, `mark`). `towards` names the history row's field on
    the way to its campaign ("campaign", or the parent: "bout" for a pair's entry); the table
    then also gets the campaign's rows newest first, (campaign, history_date, history_id), or,
    where the campaign is a parent's, (history_date, history_id, parent): every row newest first
    with its parent at hand, so the change log reads a page without sorting a table (issue 14).
    """

    def __init__(self, *args, towards: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.towards = towards

    def get_meta_options(self, model):
        meta = super().get_meta_options(model)
        name = model._meta.model_name
        indexes = [
            models.Index(fields=["id", "history_date", "history_id"], name=f"hist_{name}_object")
        ]
        if self.towards:
            fields = (
                ["campaign", "history_date", "history_id"]
                if self.towards == "campaign"
                else ["history_date", "history_id", self.towards]
            )
            indexes.append(models.Index(fields=fields, name=f"hist_{name}_newest"))
        meta["indexes"] = indexes
        return meta


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
    # Where the change log's row stands ("ludus.gladiator-123": its table and history id), for
    # a link to the rows after or before it (CampaignLog.seek); not part of what it says.
    key: str = field(default="", compare=False)


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


def _deltas(tracked: Tracked, record, previous) -> list[tuple[str, object, object, bool]]:
    """What a change row changed, raw: (field, before, after, is_a_rating) in the order shown."""
    if record.history_type != "~" or previous is None:
        return []
    out: list[tuple[str, object, object, bool]] = []
    for change in record.diff_against(previous).changes:
        if change.field in tracked.hidden:
            continue
        old, new = change.old, change.new
        if isinstance(old, dict) or isinstance(new, dict):  # a sheet: rating by rating
            old, new = old or {}, new or {}
            for key in sorted(set(old) | set(new)):
                if old.get(key) != new.get(key):
                    out.append((key, old.get(key, _MISSING), new.get(key, _MISSING), True))
            continue
        out.append((change.field, old, new, False))
    return out


_MISSING = object()


def _related_names(items) -> dict[tuple[type[models.Model], object], str]:
    """How the people and things named by the changes read: one query per related model."""
    wanted: dict[type[models.Model], set] = {}
    for tracked, deltas in items:
        for name, old, new, rating in deltas:
            if rating:
                continue
            try:
                model_field = tracked.model._meta.get_field(name)
            except FieldDoesNotExist:
                continue
            if model_field.is_relation and not model_field.choices:
                for value in (old, new):
                    if value is not None and value != "":
                        wanted.setdefault(model_field.related_model, set()).add(value)
    names: dict[tuple[type[models.Model], object], str] = {}
    for model, pks in wanted.items():
        for obj in model._default_manager.filter(pk__in=pks):
            names[(model, obj.pk)] = str(obj)
    return names


def _value(model, name: str, value, names) -> str:
    if value is None or value == "":
        return "–"
    try:
        model_field = model._meta.get_field(name)
    except FieldDoesNotExist:  # a field gone since: the raw value
        return str(value)
    if model_field.choices:
        return str(dict(model_field.flatchoices).get(value, value))
    if model_field.is_relation:
        return names.get((model_field.related_model, value), f"#{value}")
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _label(tracked: Tracked, name: str) -> str:
    if name in tracked.labels:
        return tracked.labels[name]
    return str(tracked.model._meta.get_field(name).verbose_name)


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _changes(tracked: Tracked, deltas, names) -> tuple[Change, ...]:
    out: list[Change] = []
    for name, old, new, rating in deltas:
        if rating:
            out.append(
                Change(
                    name.replace("_", " ").capitalize(),
                    "–" if old is _MISSING else str(old),
                    "–" if new is _MISSING else str(new),
                )
            )
        else:
            out.append(
                Change(
                    _upper_first(_label(tracked, name)),
                    _value(tracked.model, name, old, names),
                    _value(tracked.model, name, new, names),
                )
            )
    return tuple(out)


def _instance(record):
    """The object as the record keeps it (simple-history's `record.instance` without its query
    for the fields the history leaves out: no name reads them)."""
    model = record.instance_type
    fields = record.tracked_fields
    return model(**{f.attname: getattr(record, f.attname) for f in fields})


def _whats(tracked: Tracked, records) -> dict[int, str]:
    """How each record's object reads (str of the object as the record keeps it), by history id:
    what the names read (`track(..., what_reads=...)`) fetched once for all the records."""
    instances = {record.history_id: _instance(record) for record in records}
    if tracked.what_reads and instances:
        prefetch_related_objects(list(instances.values()), *tracked.what_reads)
        for instance in instances.values():
            for name in tracked.what_reads:
                field = tracked.model._meta.get_field(name.split("__")[0])
                if (
                    field.many_to_one
                    and getattr(instance, field.attname) is not None
                    and field.get_cached_value(instance, default=None) is None
                ):
                    field.delete_cached_value(instance)  # gone: reading it raises, as before
    out = {}
    for history_id, instance in instances.items():
        try:
            out[history_id] = str(instance)
        except Exception:  # noqa: BLE001 - a row whose relations are gone still has its history
            out[history_id] = f"{tracked.model._meta.verbose_name} #{instance.pk}"
    return out


def _previous(tracked: Tracked, records) -> dict[int, object]:
    """The record before each change record of the same object (simple-history's
    `prev_record`: the latest of the object's rows dated before it), in one query."""
    changed = [record for record in records if record.history_type == "~"]
    if not changed:
        return {}
    history = tracked.model.history
    before = (
        history.filter(id=OuterRef("id"), history_date__lt=OuterRef("history_date"))
        .order_by("-history_date", "-history_id")
        .values("history_id")[:1]
    )
    wanted = history.filter(history_id__in=[record.history_id for record in changed]).annotate(
        before=Subquery(before)
    )
    found: dict[object, list] = {}
    for row in history.filter(history_id__in=wanted.values("before")):
        found.setdefault(row.id, []).append(row)
    out = {}
    for record in changed:
        earlier = [
            row for row in found.get(record.id, []) if row.history_date < record.history_date
        ]
        out[record.history_id] = max(
            earlier, key=lambda row: (row.history_date, row.history_id), default=None
        )
    return out


def _rows(items) -> list[Row]:
    """Rows from (tracked, record, previous record, what) in the order given."""
    deltas = [
        (tracked, _deltas(tracked, record, previous)) for tracked, record, previous, _ in items
    ]
    names = _related_names(deltas)
    rows = []
    for (tracked, record, _, what), (_, delta) in zip(items, deltas, strict=True):
        user = record.history_user
        rows.append(
            Row(
                when=record.history_date,
                who=user.get_username() if user is not None else "the table",
                what=what,
                kind=KIND.get(record.history_type, record.history_type),
                changes=_changes(tracked, delta, names),
                reason=record.history_change_reason or "",
            )
        )
    return rows


def _shown(row: Row) -> bool:
    """A save that changed nothing shown (a bookkeeping field) is left out of the panels."""
    return row.kind != "changed" or bool(row.changes)


def object_changes(obj, *, limit: int = 50) -> list[Row]:
    """One object's history, newest first (its creation last)."""
    tracked = TRACKED[type(obj)]
    records = list(
        obj.history.select_related("history_user").order_by("-history_date", "-history_id")[:limit]
    )
    previous, whats = _previous(tracked, records), _whats(tracked, records)
    rows = _rows(
        [
            (tracked, record, previous.get(record.history_id), whats[record.history_id])
            for record in records
        ]
    )
    return [row for row in rows if _shown(row)]


def objects_changes(objects, *, limit: int = 50) -> list[Row]:
    """Several objects' histories merged, newest first (a show and its card's pairs).

    One query per model, however many objects: each row is named by its object as it reads
    now (the caller's, with what it has fetched), and compared with the row before it in the
    same read, so a long card costs no more queries than a short one."""
    by_model: dict[type[models.Model], dict[int, models.Model]] = {}
    for obj in objects:
        by_model.setdefault(type(obj), {})[obj.pk] = obj
    items = []
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
            items.append((tracked, record, before, names[record.id]))
            previous = record
    rows = [row for row in _rows(items) if _shown(row)]
    rows.sort(key=lambda row: row.when, reverse=True)
    return rows[:limit]


class CampaignLog:
    """Every tracked change of a campaign, newest first: `len()` and slices, for a Paginator.

    A slice reads the keys of its rows (date, history id, table) from all the tracked tables at
    once, newest first (from the oldest end for a slice past the middle: the walk to it is
    then the shorter), each table along its index; then, per table on the page, its rows with
    the row before each change, and what names them. A page costs a fixed number of queries
    whatever the campaign's size and the page's number. `seek` reads the rows after (or
    before) a row's key without walking to it: the pager's links. Rows whose save changed
    nothing shown are kept (as "changed", with no fields) so counts and pages agree.
    """

    def __init__(self, campaign):
        self.campaign = campaign
        self._counts: list[int] | None = None  # each table's rows of the campaign, once read

    def _records(self, tracked: Tracked):
        return tracked.model.history.filter(**{tracked.campaign_lookup: self.campaign.pk})

    def _keys(self, position: int, tracked: Tracked, beyond=None, older: bool = True):
        """The table's rows of the campaign as (date, history id, table), along its index: a
        table with the campaign's id filters on it; one whose campaign is a parent's (an
        injury's man, a pair's bout's show) asks whether the parent is among the campaign's,
        the parent's id wrapped (`+ 0`) so that SQLite walks the date index in order rather
        than the parent's index and a sort of the whole table. `beyond` (a key): only the rows
        after it in the log's order (`older`), or before it; the bound on the date lets the
        database start its walk there."""
        parent, _, rest = tracked.campaign_lookup.partition("__")
        history = tracked.model.history
        if rest:
            link = history.model._meta.get_field(parent)
            parents = link.related_model._base_manager.filter(**{rest: self.campaign.pk})
            rows = history.alias(parent_id=F(link.attname) + 0).filter(
                parent_id__in=parents.values("pk")
            )
        else:
            rows = history.filter(**{tracked.campaign_lookup: self.campaign.pk})
        if beyond is not None:
            date, history_id, table = beyond
            if older:  # (date, id) below the key's; the key's own (date, id) in a later table
                same = "history_id__lt" if position <= table else "history_id__lte"
                rows = rows.filter(history_date__lte=date).filter(
                    Q(history_date__lt=date) | Q(**{same: history_id})
                )
            else:
                same = "history_id__gt" if position >= table else "history_id__gte"
                rows = rows.filter(history_date__gte=date).filter(
                    Q(history_date__gt=date) | Q(**{same: history_id})
                )
        return (
            rows.order_by()
            .annotate(table=Value(position, output_field=IntegerField()))
            .values_list("history_date", "history_id", "table")
        )

    def _union(self, beyond=None, older: bool = True):
        """The keys of every table that has rows of the campaign (all, before they are
        counted): a table with none would only lengthen the merge."""
        first, *others = [
            self._keys(n, tracked, beyond, older)
            for n, tracked in enumerate(TRACKED.values())
            if self._counts is None or self._counts[n]
        ] or [self._keys(0, next(iter(TRACKED.values())), beyond, older).none()]
        return first.union(*others, all=True) if others else first

    def count(self) -> int:
        if self._counts is None:
            self._counts = [self._records(tracked).count() for tracked in TRACKED.values()]
        return sum(self._counts)

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index):
        if not isinstance(index, slice):
            rows = self[index : index + 1]
            if not rows:
                raise IndexError(index)
            return rows[0]
        total = self.count()
        start, stop, _ = index.indices(total)
        if stop <= start:
            return []
        union = self._union()
        if start > total - stop:  # nearer the oldest end: read from there, turned back
            keys = list(
                union.order_by("history_date", "history_id", "-table")[total - stop : total - start]
            )
            keys.reverse()
        else:
            keys = list(union.order_by("-history_date", "-history_id", "table")[start:stop])
        return self._rows(keys)

    def seek(self, key: str, size: int, *, older: bool = True) -> list[Row] | None:
        """The `size` rows after the row `key` (older ones), or before it (newer), in the log's
        order; None if `key` names no row of this campaign's log."""
        tables = list(TRACKED.values())
        label, _, number = key.rpartition("-")
        position = next(
            (n for n, tracked in enumerate(tables) if tracked.model._meta.label_lower == label),
            None,
        )
        history_id = whole_number(number)
        if position is None or history_id is None:
            return None
        found = self._keys(position, tables[position]).filter(history_id=history_id).first()
        if found is None:
            return None
        union = self._union(found, older)
        if older:
            keys = list(union.order_by("-history_date", "-history_id", "table")[:size])
        else:
            keys = list(union.order_by("history_date", "history_id", "-table")[:size])
            keys.reverse()
        return self._rows(keys)

    def _rows(self, keys) -> list[Row]:
        """The rows of these keys, in their order: per table, its records, the record before
        each change and what names them, then the people and things the changes name."""
        tables = list(TRACKED.values())
        wanted: dict[int, list[int]] = {}
        for _, history_id, table in keys:
            wanted.setdefault(table, []).append(history_id)
        found: dict[tuple[int, int], tuple] = {}
        for table, ids in wanted.items():
            tracked = tables[table]
            records = list(
                tracked.model.history.filter(history_id__in=ids).select_related("history_user")
            )
            previous, whats = _previous(tracked, records), _whats(tracked, records)
            for record in records:
                found[(table, record.history_id)] = (
                    tracked,
                    record,
                    previous.get(record.history_id),
                    whats[record.history_id],
                )
        rows = _rows([found[(table, history_id)] for _, history_id, table in keys])
        return [
            replace(row, key=f"{tables[table].model._meta.label_lower}-{history_id}")
            for row, (_, history_id, table) in zip(rows, keys, strict=True)
        ]
