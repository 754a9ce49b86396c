"""Step 1 of 3: the new columns, empty.

economy keeps arena's rows by reference (content type and id), not by foreign key.

Transaction.show/bout/race become one `event` (the bout or race it was paid on, else the show);
Hire.show and Book.bout/race become `event`; a Bet keeps the side it backs by the id its book's
line uses (and that side's name), and a Book the side that won. Every row is carried over. The
copy is one way: a database is not taken back past it.
"""

import django.db.models.deletion
from django.db import migrations, models








def reference(null=True):
    return [
        models.ForeignKey(
            blank=null,
            null=True,
            on_delete=django.db.models.deletion.PROTECT,
            related_name="+",
            to="contenttypes.contenttype",
        ),
        models.PositiveBigIntegerField(blank=null, null=True),
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("economy", "0002_book_bet"),
    ]

    operations = [
        # 1. The new columns, empty.
        *[
            migrations.AddField(model_name=model, name=name, field=field)
            for model in ("transaction", "hire", "book")
            for name, field in zip(("event_type", "event_id"), reference(), strict=True)
        ],
        migrations.AddField(
            model_name="book",
            name="winning_side",
            field=models.PositiveBigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="bet", name="side", field=models.PositiveBigIntegerField(null=True)
        ),
        migrations.AddField(
            model_name="bet", name="side_name", field=models.CharField(max_length=120, default="")
        ),
    ]
