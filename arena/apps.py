from django.apps import AppConfig


class ArenaConfig(AppConfig):
    name = "arena"

    def ready(self) -> None:
        # Connects arena's receivers of ludus's signals (a man leaving his cards, a loser dying
        # before the verdict).
        from arena.services import bouts, cards  # noqa: F401
