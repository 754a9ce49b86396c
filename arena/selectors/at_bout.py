"""A man as he was at a bout (issue 27): the school he fought for, kept on his entry when the
bout was settled (`BoutEntry.school`), or, for a bout settled before that was kept, read from
the history tables at the moment the bout was settled, so a bout of record shows it as it was,
not as it is today (a man freed, sold or whose school was renamed since).

`with_school_then(entries)` annotates BoutEntry rows in the same query (correlated subqueries on
the history tables' (id, history_date) indexes), and `school_then(entry)` reads them. A bout not
yet settled, or whose history was not kept (imported settled), shows today's school.
"""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery

from arena.models import Bout, BoutEntry
from ludus.models import Gladiator, Lanista

SETTLED = (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE)


def _latest(history: QuerySet, field: str) -> Subquery:
    return Subquery(history.order_by("-history_date", "-history_id").values(field)[:1])


def with_school_then(entries: QuerySet[BoutEntry]) -> QuerySet[BoutEntry]:
    """The entries with the man's school when their bout was settled."""
    # The change that settled it: a bout created settled (a campaign imported from its file,
    # whose history was not kept) has none, and shows today's school.
    settled = (
        Bout.history.filter(id=OuterRef("bout_id"), status__in=SETTLED, history_type="~")
        .order_by("history_date", "history_id")
        .values("history_date")[:1]
    )
    man_then = Gladiator.history.filter(
        id=OuterRef("gladiator_id"), history_date__lte=OuterRef("settled_at")
    )
    lanista_then = Lanista.history.filter(
        id=OuterRef("owner_then"), history_date__lte=OuterRef("settled_at")
    )
    return (
        entries.annotate(settled_at=Subquery(settled))
        .annotate(man_row=_latest(man_then, "history_id"), owner_then=_latest(man_then, "owner_id"))
        .annotate(
            school_then=_latest(lanista_then, "school"),
            owner_school_now=Subquery(
                Lanista.objects.filter(pk=OuterRef("owner_then")).values("school")[:1]
            ),
        )
    )


def school_then(entry: BoutEntry) -> str:
    """The school the entry's man fought for ("" for none), from `with_school_then`."""
    if entry.school is not None:  # kept when the bout was settled
        return entry.school
    man = entry.gladiator
    if getattr(entry, "man_row", None) is None:  # not settled, or no history: today's
        return man.owner.school if man is not None and man.owner_id else ""
    if entry.owner_then is None:
        return ""
    return entry.school_then or entry.owner_school_now or ""
