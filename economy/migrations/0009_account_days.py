# What each account's entries moved on each campaign day (issue 14: the money charts read a row
# a day instead of summing an account's thousands of entries on each request).
#
# The table is kept by the database, as the ledger's guards are (migration 0003): an AFTER
# INSERT trigger on economy_entry adds the entry's amount to its account's row for its
# transaction's day (made on the first entry of that day). Every path that writes entries is
# covered (economy.ledger, a campaign file's import, generate_campaign, the bench's padding),
# and nothing else moves the table: entries are never edited or deleted (0003), and a
# transaction's day is never changed (refused below). The rows of the entries already written
# are summed from them here. economy.ledger.day_mismatches sums them again and compares.
#
# The index on (campaign, day) of economy_transaction gives a campaign's first day of money
# from the index (MIN), not by reading its 145,000 transactions; the one on (campaign, kind,
# balance descending, name, id) of economy_account gives each kind's richest few from the
# index, not by sorting seven thousand peculia.

import django.db.models.deletion
from django.db import migrations, models

FILL = """
INSERT INTO economy_accountday (account_id, day, moved)
SELECT e.account_id, t.day, SUM(e.amount)
FROM economy_entry e INNER JOIN economy_transaction t ON t.id = e.transaction_id
GROUP BY e.account_id, t.day
"""

POSTGRES_UP = """
CREATE FUNCTION economy_entry_moves_its_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO economy_accountday (account_id, day, moved)
        SELECT NEW.account_id, t.day, NEW.amount FROM economy_transaction t
        WHERE t.id = NEW.transaction_id
        ON CONFLICT (account_id, day)
        DO UPDATE SET moved = economy_accountday.moved + EXCLUDED.moved;
    RETURN NULL;
END $$;
CREATE TRIGGER economy_entry_moves_its_day AFTER INSERT ON economy_entry
    FOR EACH ROW EXECUTE FUNCTION economy_entry_moves_its_day();

CREATE FUNCTION economy_transaction_day_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'A ledger transaction''s day is never changed; post a reversal instead.'
        USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER economy_transaction_day_kept BEFORE UPDATE OF day ON economy_transaction
    FOR EACH ROW WHEN (NEW.day IS DISTINCT FROM OLD.day)
    EXECUTE FUNCTION economy_transaction_day_kept();
"""

POSTGRES_DOWN = """
DROP TRIGGER IF EXISTS economy_transaction_day_kept ON economy_transaction;
DROP FUNCTION IF EXISTS economy_transaction_day_kept();
DROP TRIGGER IF EXISTS economy_entry_moves_its_day ON economy_entry;
DROP FUNCTION IF EXISTS economy_entry_moves_its_day();
"""

# SQLite reads "INSERT ... SELECT ... ON CONFLICT" as an upsert only when the SELECT has a
# WHERE clause (it has one).
SQLITE_UP = [
    """CREATE TRIGGER economy_entry_moves_its_day AFTER INSERT ON economy_entry
    BEGIN
        INSERT INTO economy_accountday (account_id, day, moved)
            SELECT NEW.account_id, t.day, NEW.amount FROM economy_transaction t
            WHERE t.id = NEW.transaction_id
            ON CONFLICT (account_id, day) DO UPDATE SET moved = moved + excluded.moved;
    END""",
    """CREATE TRIGGER economy_transaction_day_kept BEFORE UPDATE OF day ON economy_transaction
    WHEN NEW.day IS NOT OLD.day
    BEGIN
        SELECT RAISE(ABORT, 'A ledger transaction''s day is never changed; post a reversal.');
    END""",
]

SQLITE_DOWN = [
    "DROP TRIGGER IF EXISTS economy_transaction_day_kept",
    "DROP TRIGGER IF EXISTS economy_entry_moves_its_day",
]


def _run(statements: dict):
    def run(apps, schema_editor):
        vendor = schema_editor.connection.vendor
        sql = statements.get(vendor)
        if sql is None:
            return  # another database: the days are not kept (and the charts would say so)
        for statement in [sql] if isinstance(sql, str) else sql:
            schema_editor.execute(statement, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("economy", "0008_account_kind_name_index"),
    ]

    operations = [
        migrations.CreateModel(
            name="AccountDay",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("day", models.PositiveIntegerField()),
                (
                    "moved",
                    models.BigIntegerField(help_text="Sesterces; positive into the account."),
                ),
                (
                    "account",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="days",
                        to="economy.account",
                    ),
                ),
            ],
            options={
                "ordering": ["account", "day"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("account", "day"), name="one_row_per_account_day"
                    )
                ],
            },
        ),
        migrations.AddIndex(
            model_name="account",
            index=models.Index(
                fields=["campaign", "kind", "-balance", "name", "id"], name="account_kind_richest"
            ),
        ),
        migrations.AddIndex(
            model_name="transaction",
            index=models.Index(fields=["campaign", "day"], name="transaction_campaign_day"),
        ),
        migrations.RunPython(
            _run({"postgresql": POSTGRES_UP, "sqlite": SQLITE_UP}),
            _run({"postgresql": POSTGRES_DOWN, "sqlite": SQLITE_DOWN}),
        ),
        # Filled after the trigger is made: a migration runs in one transaction (both
        # databases), so no entry is written between the two.
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
    ]
