"""Step 1 of 3: the new columns, empty.

ludus keeps arena's rows by reference (content type and id), not by foreign key: an Injury's
bout and a DignitasChange's bout (else its show) become one `event`.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("ludus", "0002_lanista_charisma_charm"),
    ]

    operations = [
        migrations.AddField(
            model_name=model,
            name=name,
            field=field,
        )
        for model in ("injury", "dignitaschange")
        for name, field in (
            (
                "event_type",
                models.ForeignKey(
                    blank=True,
                    null=True,
                    on_delete=django.db.models.deletion.PROTECT,
                    related_name="+",
                    to="contenttypes.contenttype",
                ),
            ),
            ("event_id", models.PositiveBigIntegerField(blank=True, null=True)),
        )
    ]
