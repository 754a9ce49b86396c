"""Step 2 of 3: every row carried over (its own transaction: PostgreSQL will not alter a table
with pending deferred checks). The copy is one way: a database is not taken back past it.
"""

from django.db import migrations
from django.db.models import F


def forward(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    show = ContentType.objects.get_or_create(app_label="arena", model="show")[0]
    bout = ContentType.objects.get_or_create(app_label="arena", model="bout")[0]
    Injury = apps.get_model("ludus", "Injury")
    Injury.objects.exclude(bout_id=None).update(
        event_type=bout, event_id=F("bout_id")
    )
    DignitasChange = apps.get_model("ludus", "DignitasChange")
    DignitasChange.objects.exclude(bout_id=None).update(
        event_type=bout, event_id=F("bout_id")
    )
    DignitasChange.objects.filter(bout_id=None).exclude(show_id=None).update(
        event_type=show, event_id=F("show_id")
    )


class Migration(migrations.Migration):
    dependencies = [("ludus", "0003_event_references")]

    operations = [migrations.RunPython(forward)]
