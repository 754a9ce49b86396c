"""Upgrading a database made before the house was laid anew in layers.

Until then the apps' migrations ran upward (ludus's first one needed arena's) and referred to
arena's rows by foreign key. The history was laid anew (`<app>/migrations/*_house.py`, where a
lower app never depends on a higher one); the old history is kept, unchanged and extended by
the steps that carry every row over to the new references, in `<app>/legacy_migrations/`.

A database whose record says it ran the old history is first taken to the end of it (the same
schema the new history builds), then its record is rewritten to say it ran the new history
instead. `manage.py migrate` does this by itself (desk/management/commands/migrate.py), in one
transaction where the database allows it, so `make run` upgrades an old db.sqlite3 in place.
"""

from django.core.management import call_command
from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections, transaction
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.test.utils import override_settings

APPS = ("ludus", "economy", "arena")
OLD_FIRST = ("ludus", "0001_initial")  # the old history's first step; the new one has no such name
LEGACY_MODULES = {app: f"{app}.legacy_migrations" for app in APPS}
HOUSE = "_house"  # the new history's first steps, which build what the old history ends with


def needs_upgrade(database: str = "default") -> bool:
    recorder = MigrationRecorder(connections[database])
    return recorder.has_table() and OLD_FIRST in recorder.applied_migrations()


def upgrade(database: str = "default", *, stdout=None, verbosity: int = 1) -> None:
    """Run the old history to its end, then record the new history's first steps (the `_house`
    migrations, which build the same schema) as applied in its place; migrate then goes on
    with whatever came after them."""
    with override_settings(MIGRATION_MODULES=LEGACY_MODULES):
        call_command(
            DjangoMigrate(),
            database=database,
            interactive=False,
            verbosity=verbosity,
            stdout=stdout,
        )
    connection = connections[database]
    new_history = MigrationLoader(connection, ignore_no_migrations=True).disk_migrations
    recorder = MigrationRecorder(connection)
    with transaction.atomic(using=database):
        recorder.migration_qs.filter(app__in=APPS).delete()
        for app, name in sorted(new_history):
            if app in APPS and name.endswith(HOUSE):
                recorder.record_applied(app, name)
