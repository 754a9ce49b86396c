# The ledger below the app (issue 10): the database itself refuses to edit or remove an entry,
# an entry of 0 or of more than MAX_ENTRY (10^15) sesterces, and an unbalanced transaction,
# so loaddata, the admin's SQL or a bug cannot do what economy.ledger never does.
#
# PostgreSQL: a BEFORE UPDATE OR DELETE trigger refuses any change to an entry; a CHECK-like
# BEFORE INSERT trigger refuses an amount out of range; and a DEFERRABLE INITIALLY DEFERRED
# constraint trigger checks, at commit, that the entries of every transaction touched sum to
# zero. (flush uses TRUNCATE, which fires no row trigger.)
#
# SQLite has no deferred trigger and no statement trigger, so a sum cannot be checked when a
# transaction's last entry is written. It refuses UPDATE of an entry; DELETE of an entry unless
# the guard row economy_ledger_guard.open is 1 (only economy's `flush` command opens it, to
# empty the whole database); an amount out of range; and writing a new transaction while the
# newest one's entries do not sum to zero (so an unbalanced transaction cannot be followed by
# another). docs/architecture.md, "Money", says what each database enforces.
#
# The figure 10^15 is written here as a literal: a migration must not change when the code does.

from django.db import migrations

MAX_ENTRY = 10**15

POSTGRES_UP = f"""
CREATE FUNCTION economy_entry_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'Ledger entries are never edited or deleted; post a reversal instead.'
        USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER economy_entry_immutable BEFORE UPDATE OR DELETE ON economy_entry
    FOR EACH ROW EXECUTE FUNCTION economy_entry_immutable();

CREATE FUNCTION economy_entry_amount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.amount = 0 OR NEW.amount > {MAX_ENTRY} OR NEW.amount < -{MAX_ENTRY} THEN
        RAISE EXCEPTION 'A ledger entry moves 1 to {MAX_ENTRY} sesterces; got %.', NEW.amount
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER economy_entry_amount BEFORE INSERT ON economy_entry
    FOR EACH ROW EXECUTE FUNCTION economy_entry_amount();

CREATE FUNCTION economy_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total numeric;
BEGIN
    SELECT COALESCE(SUM(amount), 0) INTO total FROM economy_entry
        WHERE transaction_id = NEW.transaction_id;
    IF total <> 0 THEN
        RAISE EXCEPTION 'Transaction #% is unbalanced: its entries sum to %.',
            NEW.transaction_id, total USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER economy_entry_balanced AFTER INSERT ON economy_entry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION economy_entry_balanced();
"""

POSTGRES_DOWN = """
DROP TRIGGER IF EXISTS economy_entry_balanced ON economy_entry;
DROP TRIGGER IF EXISTS economy_entry_amount ON economy_entry;
DROP TRIGGER IF EXISTS economy_entry_immutable ON economy_entry;
DROP FUNCTION IF EXISTS economy_entry_balanced();
DROP FUNCTION IF EXISTS economy_entry_amount();
DROP FUNCTION IF EXISTS economy_entry_immutable();
"""

SQLITE_UP = [
    "CREATE TABLE economy_ledger_guard (open integer NOT NULL)",
    "INSERT INTO economy_ledger_guard (open) VALUES (0)",
    """CREATE TRIGGER economy_entry_no_update BEFORE UPDATE ON economy_entry
    BEGIN
        SELECT RAISE(ABORT, 'Ledger entries are never edited; post a reversal instead.');
    END""",
    """CREATE TRIGGER economy_entry_no_delete BEFORE DELETE ON economy_entry
    WHEN COALESCE((SELECT open FROM economy_ledger_guard), 0) = 0
    BEGIN
        SELECT RAISE(ABORT, 'Ledger entries are never deleted; post a reversal instead.');
    END""",
    f"""CREATE TRIGGER economy_entry_amount BEFORE INSERT ON economy_entry
    WHEN NEW.amount = 0 OR NEW.amount > {MAX_ENTRY} OR NEW.amount < -{MAX_ENTRY}
    BEGIN
        SELECT RAISE(ABORT, 'A ledger entry moves 1 to {MAX_ENTRY} sesterces.');
    END""",
    """CREATE TRIGGER economy_transaction_after_balanced BEFORE INSERT ON economy_transaction
    WHEN COALESCE((SELECT SUM(amount) FROM economy_entry WHERE transaction_id =
        (SELECT MAX(id) FROM economy_transaction)), 0) <> 0
    BEGIN
        SELECT RAISE(ABORT, 'The newest ledger transaction is unbalanced.');
    END""",
]

SQLITE_DOWN = [
    "DROP TRIGGER IF EXISTS economy_transaction_after_balanced",
    "DROP TRIGGER IF EXISTS economy_entry_amount",
    "DROP TRIGGER IF EXISTS economy_entry_no_delete",
    "DROP TRIGGER IF EXISTS economy_entry_no_update",
    "DROP TABLE IF EXISTS economy_ledger_guard",
]


def _run(statements: dict):
    def run(apps, schema_editor):
        vendor = schema_editor.connection.vendor
        sql = statements.get(vendor)
        if sql is None:
            return  # another database: the app's own checks stand alone
        for statement in [sql] if isinstance(sql, str) else sql:
            schema_editor.execute(statement, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [("economy", "0002_house")]

    operations = [
        migrations.RunPython(
            _run({"postgresql": POSTGRES_UP, "sqlite": SQLITE_UP}),
            _run({"postgresql": POSTGRES_DOWN, "sqlite": SQLITE_DOWN}),
        )
    ]
