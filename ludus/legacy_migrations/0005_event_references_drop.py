"""Step 3 of 3: the old foreign keys to arena go."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("ludus", "0004_event_references_copy")]

    operations = [
        migrations.RemoveField(model_name="dignitaschange", name="bout"),
        migrations.RemoveField(model_name="dignitaschange", name="show"),
        migrations.RemoveField(model_name="injury", name="bout"),
    ]
