from django.apps import AppConfig


class ArenaConfig(AppConfig):
    name = "arena"

    def ready(self) -> None:
        # Connects arena's receivers of ludus's signals (a man leaving his cards, a loser dying
        # before the verdict, an undo that a bout fought since depends on).
        from arena.services import bouts, cards, undo  # noqa: F401
