"""A man's ratings move from thirteen Era columns into `Gladiator.sheet`, the sheet of the
campaign's ruleset (checked by it on every save). Every man's ratings are carried over exactly;
the reverse copies them back."""

from django.db import migrations, models

RATINGS = (
    "might",
    "agility",
    "intellect",
    "cunning",
    "willpower",
    "charisma",
    "melee",
    "charm",
    "medicine",
    "operate",
    "resilience",
    "vigilance",
    "athletics",
)


def ratings_to_sheet(apps, schema_editor):
    Gladiator = apps.get_model("ludus", "Gladiator")
    for man in Gladiator.objects.all():
        man.sheet = {name: getattr(man, name) for name in RATINGS}
        man.save(update_fields=["sheet"])


def sheet_to_ratings(apps, schema_editor):
    Gladiator = apps.get_model("ludus", "Gladiator")
    for man in Gladiator.objects.all():
        for name in RATINGS:
            if name in man.sheet:
                setattr(man, name, man.sheet[name])
        man.save(update_fields=list(RATINGS))


class Migration(migrations.Migration):
    dependencies = [("ludus", "0001_house")]

    operations = [
        migrations.AddField(
            model_name="gladiator",
            name="sheet",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(ratings_to_sheet, sheet_to_ratings),
        *[migrations.RemoveField(model_name="gladiator", name=name) for name in RATINGS],
    ]
