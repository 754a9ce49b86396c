"""Step 2 of 3: every row carried over (its own transaction: PostgreSQL will not alter a
table with pending deferred checks).

economy keeps arena's rows by reference (content type and id), not by foreign key.

Transaction.show/bout/race become one `event` (the bout or race it was paid on, else the show);
Hire.show and Book.bout/race become `event`; a Bet keeps the side it backs by the id its book's
line uses (and that side's name), and a Book the side that won. Every row is carried over. The
copy is one way: a database is not taken back past it.
"""

import django.db.models.deletion
from django.db import migrations, models


def _type(ContentType, model):
    return ContentType.objects.get_or_create(app_label="arena", model=model)[0]


def forward(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    show, bout, race = (_type(ContentType, name) for name in ("show", "bout", "race"))
    Transaction = apps.get_model("economy", "Transaction")
    for row in Transaction.objects.all().iterator():
        kind, ref = (
            (bout, row.bout_id) if row.bout_id else (race, row.race_id) if row.race_id
            else (show, row.show_id) if row.show_id else (None, None)
        )
        if kind is not None:
            # Ledger rows refuse save(); the historical model has no such guard, but use
            # update() on the queryset of one row all the same (it is what a data fix is).
            Transaction.objects.filter(pk=row.pk).update(event_type=kind, event_id=ref)
    Hire = apps.get_model("economy", "Hire")
    for hire in Hire.objects.all():
        Hire.objects.filter(pk=hire.pk).update(event_type=show, event_id=hire.show_id)
    Book = apps.get_model("economy", "Book")
    for book in Book.objects.all():
        if book.bout_id:
            fields = {"event_type": bout, "event_id": book.bout_id}
            winner = book.bout.winner_id
        else:
            fields = {"event_type": race, "event_id": book.race_id}
            won = book.race.entries.filter(won=True).first()
            winner = won.pk if won else None
        if book.status == "settled":
            fields["winning_side"] = winner
        Book.objects.filter(pk=book.pk).update(**fields)
    Bet = apps.get_model("economy", "Bet")
    for bet in Bet.objects.select_related("book"):
        side = bet.fighter_id if bet.fighter_id else bet.entry_id
        names = {row["side"]: row["name"] for row in bet.book.line}
        Bet.objects.filter(pk=bet.pk).update(side=side, side_name=names.get(side, "")[:120])




class Migration(migrations.Migration):
    dependencies = [
        ("economy", "0003_event_references"),
    ]

    operations = [
        # 2. Every row carried over.
        migrations.RunPython(forward),
    ]
