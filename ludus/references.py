"""References from the lower layers to the games' rows (arena's shows, bouts and races).

ludus and economy sit below arena and never import it, nor does a migration of theirs depend
on one of arena's. A row that was caused by a show, a bout or a race keeps that row by content
type and id (a generic foreign key); arena declares the reverse relations (GenericRelation,
with a `related_query_name`) on its own models, so arena can still ask `bout.injuries` or
filter `Transaction.objects.filter(bout=bout)`.
"""

from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q


def event_reference(*, required: bool = False) -> tuple[models.ForeignKey, models.Field]:
    """The two columns of a reference: the row's content type and its id."""
    return (
        models.ForeignKey(
            ContentType,
            null=not required,
            blank=not required,
            on_delete=models.PROTECT,
            related_name="+",
        ),
        models.PositiveBigIntegerField(null=not required, blank=not required),
    )


def event_field() -> GenericForeignKey:
    return GenericForeignKey("event_type", "event_id")


def events_q(events) -> Q:
    """A filter for rows whose event is any of `events` (model instances of any kind)."""
    by_type: dict[ContentType, list[int]] = {}
    for event in events:
        by_type.setdefault(ContentType.objects.get_for_model(event), []).append(event.pk)
    query = Q(pk__in=[])
    for kind, ids in by_type.items():
        query |= Q(event_type=kind, event_id__in=ids)
    return query


def event_is(event) -> dict:
    """Field values that point a new row (or a filter) at `event`."""
    return {"event_type": ContentType.objects.get_for_model(event), "event_id": event.pk}
