"""The migration history a new database runs keeps the layers: no migration of a lower app
depends on one of a higher app (the old history, kept for upgrades, is not loaded)."""

from django.db.migrations.autodetector import MigrationAutodetector
from django.db.migrations.loader import MigrationLoader
from django.test.utils import override_settings

from desk.legacy import HOUSE, LEGACY_MODULES

LAYER = {"ludus": 1, "economy": 2, "arena": 3}


def test_no_migration_depends_on_a_higher_app():
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    upward = [
        (child, parent)
        for child in graph.nodes
        if child[0] in LAYER
        for parent in graph.node_map[child].parents
        if LAYER.get(parent.key[0], 0) > LAYER[child[0]]
    ]
    assert upward == []
    assert ("ludus", "0001_house") in graph.nodes  # the check saw the new history


def test_the_old_history_is_not_what_a_new_database_runs():
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    assert ("ludus", "0001_initial") not in graph.nodes


def test_the_old_history_ends_where_the_new_one_begins():
    """desk/legacy.py takes an old database to the end of the old history and records the new
    history's first steps as applied: the two must build the very same schema."""
    new = MigrationLoader(None, ignore_no_migrations=True)
    house = [key for key in new.graph.nodes if key[0] in LAYER and key[1].endswith(HOUSE)]
    with override_settings(MIGRATION_MODULES=LEGACY_MODULES):
        old = MigrationLoader(None, ignore_no_migrations=True)
        old_state = old.project_state()
    new_state = new.project_state(nodes=house, at_end=True)
    changes = MigrationAutodetector(old_state, new_state).changes(graph=new.graph)
    ours = {
        app: [str(m.operations) for m in found] for app, found in changes.items() if app in LAYER
    }
    assert ours == {}
