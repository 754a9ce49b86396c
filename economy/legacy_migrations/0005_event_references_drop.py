"""Step 3 of 3: the old foreign keys to arena go; the references every row must have.

economy keeps arena's rows by reference (content type and id), not by foreign key.

Transaction.show/bout/race become one `event` (the bout or race it was paid on, else the show);
Hire.show and Book.bout/race become `event`; a Bet keeps the side it backs by the id its book's
line uses (and that side's name), and a Book the side that won. Every row is carried over. The
copy is one way: a database is not taken back past it.
"""

import django.db.models.deletion
from django.db import migrations, models










class Migration(migrations.Migration):
    dependencies = [
        ("economy", "0004_event_references_copy"),
    ]

    operations = [
        # 3. The old references go.
        migrations.RemoveConstraint(model_name="bet", name="bet_on_a_fighter_or_an_entry"),
        migrations.RemoveConstraint(model_name="book", name="book_on_a_bout_or_a_race"),
        migrations.RemoveConstraint(model_name="hire", name="one_hire_per_show"),
        migrations.RemoveField(model_name="bet", name="entry"),
        migrations.RemoveField(model_name="book", name="bout"),
        migrations.RemoveField(model_name="book", name="race"),
        migrations.RemoveField(model_name="hire", name="show"),
        migrations.RemoveField(model_name="transaction", name="bout"),
        migrations.RemoveField(model_name="transaction", name="race"),
        migrations.RemoveField(model_name="transaction", name="show"),
        # 4. What every hire, book and bet must have.
        *[
            migrations.AlterField(model_name=model, name=name, field=field)
            for model in ("hire", "book")
            for name, field in zip(
                ("event_type", "event_id"),
                [
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="contenttypes.contenttype",
                    ),
                    models.PositiveBigIntegerField(),
                ],
                strict=True,
            )
        ],
        migrations.AlterField(
            model_name="bet", name="side", field=models.PositiveBigIntegerField()
        ),
        migrations.AlterField(
            model_name="bet", name="side_name", field=models.CharField(max_length=120)
        ),
        migrations.AddIndex(
            model_name="transaction",
            index=models.Index(fields=["event_type", "event_id"], name="transaction_event"),
        ),
        migrations.AddConstraint(
            model_name="book",
            constraint=models.UniqueConstraint(
                fields=("event_type", "event_id"), name="one_book_per_event"
            ),
        ),
        migrations.AddConstraint(
            model_name="hire",
            constraint=models.UniqueConstraint(
                fields=("event_type", "event_id", "gladiator"), name="one_hire_per_show"
            ),
        ),
    ]
