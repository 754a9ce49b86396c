from django.apps import AppConfig


class ArenaConfig(AppConfig):
    name = "arena"

    def ready(self) -> None:
        # Connects arena's receivers of ludus's signals (a man leaving his cards).
        from arena.services import cards  # noqa: F401
