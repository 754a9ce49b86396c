"""`flush`, which empties every table, with the ledger's guard opened for it on SQLite.

SQLite empties a table with DELETE, and the ledger's trigger (economy migration 0003) refuses
to delete an entry unless economy_ledger_guard.open is 1. This command opens the guard for the
flush only and closes it after (the guard table is no model, so flush leaves its row).
PostgreSQL empties tables with TRUNCATE, which fires no row trigger: nothing to open.
"""

from django.core.management.commands.flush import Command as DjangoFlush
from django.db import DEFAULT_DB_ALIAS, connections

GUARD = "economy_ledger_guard"


class Command(DjangoFlush):
    def handle(self, **options):
        connection = connections[options.get("database") or DEFAULT_DB_ALIAS]
        guarded = connection.vendor == "sqlite" and GUARD in connection.introspection.table_names()
        if not guarded:
            return super().handle(**options)
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {GUARD} SET open = 1")
        try:
            return super().handle(**options)
        finally:
            with connection.cursor() as cursor:
                cursor.execute(f"UPDATE {GUARD} SET open = 0")
